"""The floor of ``python -m bench load``: the site's stack with nothing of the game in it.

Served by daphne like the site (``daphne bench.floor_asgi:application``), with the site's
settings, so the channel layer is the one the site would use in the same environment
(the throttled in-memory layer, or channels-redis when ``REDIS_URL`` is set). A table
connection here does the least a live table must: on a small JSON message
``{"action": "floor", "version": n}`` it rings the table's group through the channel layer,
and each of the table's sockets then sends one frame of ``BAOHUANG_FLOOR_FRAME_BYTES``
bytes carrying version n + 1 where the bench's clients look for it. No database, no
session, no rendering: the real table's CPU per action divided by this one's is what the
game costs on top of moving the same frames through the same stack.

With ``BAOHUANG_FLOOR_WRITES=1`` (``python -m bench load --floor-writes``) each message is
first committed as one row, on the database thread as the site hands its writes over
(``database_sync_to_async``), before the ring: the least a game that commits every action
before its frames go out must do. It is a second reference beside the floor, not the floor
(each process makes its table, if it is not there yet, as it starts).
"""

from __future__ import annotations

import json
import os
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang_site.settings")
django.setup()  # the channel layer is configured by the site's settings

from channels.consumer import get_handler_name  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.urls import path  # noqa: E402
from django.utils import timezone  # noqa: E402

FRAME_BYTES = int(os.environ.get("BAOHUANG_FLOOR_FRAME_BYTES", "8000"))
HEAD = '<input hidden id="ver" name="version" value="{version}" hx-swap-oob="true">'
WRITES = os.environ.get("BAOHUANG_FLOOR_WRITES", "") == "1"
EVENTS = "bench_floor_event"


def create_table() -> None:
    """The table the writing floor appends to: an event log's row, without the game."""
    key = "BIGSERIAL" if connection.vendor == "postgresql" else "INTEGER"
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {EVENTS} (id {key} PRIMARY KEY, table_id INTEGER"
            " NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL, created_at TEXT NOT NULL)"
        )


def write(table_id: int, seq: int, action: str) -> None:
    """Commit one row, in a transaction as the site's actions are."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {EVENTS} (table_id, seq, action, created_at) VALUES (%s, %s, %s, %s)",
            [table_id, seq, action, timezone.now().isoformat()],
        )


# Built once, as the site builds its action's hop (lobby.consumers).
write_async = database_sync_to_async(write)


def frame(version: int) -> str:
    """A frame of FRAME_BYTES bytes (ASCII) that carries ``version`` as the site's do."""
    head = HEAD.format(version=version)
    return head + "x" * max(FRAME_BYTES - len(head), 0)


class FloorConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.group = f"floor-{self.table_id}"
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send(text_data=frame(0))

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def dispatch(self, message: dict[str, Any]) -> None:
        # As the site's consumers do (lobby.consumers.DirectDispatch): no hop to the
        # database thread before each message, since nothing here touches the database.
        await getattr(self, get_handler_name(message))(message)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        data = json.loads(text_data or "{}")
        version = int(data.get("version", 0)) + 1
        if WRITES:
            await write_async(self.table_id, version, str(data.get("action", ""))[:16])
        await self.channel_layer.group_send(self.group, {"type": "floor.ring", "version": version})

    async def floor_ring(self, event: dict[str, Any]) -> None:
        await self.send(text_data=frame(int(event["version"])))


if WRITES:
    # Made here, before the process serves anything (the bench starts its processes one
    # after another): a script of its own to make it would cost the run a Django start.
    create_table()
    connection.close()  # the writes have the database thread's connection

application = ProtocolTypeRouter(
    {"websocket": URLRouter([path("ws/table/<int:table_id>/", FloorConsumer.as_asgi())])}
)
