"""The Baohuang table's socket: its concerns composed, and every message it accepts.

``TableConsumer`` is the connection (connection.py), the page it draws and pushes (render.py,
push.py), the spectators' stream (spectators.py), the hand's actions (actions.py) and the
waiting room (waiting_room.py). A message from the wire is checked here (rate, size, JSON)
and goes to the one handler ``HANDLERS`` names for its action; what a handler refuses goes
back to this socket only, and changes nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from django.utils.html import escape

from game.hands import ActionRefused
from lobby import tables
from lobby.consumers.actions import TableActions
from lobby.consumers.connection import CLOSE_FLOOD
from lobby.consumers.liveness import Heartbeat
from lobby.consumers.messages import BadMessage, text_field
from lobby.consumers.spectators import Spectating
from lobby.consumers.waiting_room import WaitingRoom

MAX_FRAME = 2048  # bytes; a legal message is far smaller
# More than FLOOD_LIMIT messages within FLOOD_WINDOW seconds closes the socket: ten a second
# is far beyond a person's pace, yet leaves room for a program playing through the protocol.
FLOOD_LIMIT = 50
FLOOD_WINDOW = 5.0


def floods(recent: list[float]) -> bool:
    """Note one message in ``recent`` (the socket's message times, kept in place); True when
    the socket has sent more than FLOOD_LIMIT within FLOOD_WINDOW seconds."""
    now = time.monotonic()
    recent[:] = [t for t in recent if now - t < FLOOD_WINDOW]
    recent.append(now)
    return len(recent) > FLOOD_LIMIT


class TableConsumer(Spectating, TableActions, WaitingRoom, Heartbeat):
    """One connection to one table, for one viewer (player, guest or spectator)."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if floods(self.recent):
            await self.close(code=CLOSE_FLOOD)
            return
        if text_data is None or len(text_data.encode()) > MAX_FRAME:
            await self._error("Message too large or not text.")
            return
        try:
            data = json.loads(text_data)
            if not isinstance(data, dict):
                raise BadMessage("a message must be a JSON object")
            await self._dispatch(data)
        except json.JSONDecodeError:
            await self._error("Malformed message: not JSON.")
        except BadMessage as error:
            await self._error(f"Malformed message: {error}.")
        except ActionRefused as error:
            await self._error(error.message)
        except tables.SeatRefused as error:
            await self._error(error.message)

    async def _dispatch(self, data: dict[str, Any]) -> None:
        action = text_field(data, "action")
        handler = HANDLERS.get(action)
        if handler is None:
            raise BadMessage(f"unknown action {escape(action)[:40]!r}")
        await handler(self, data)


Handler = Callable[[TableConsumer, dict[str, Any]], Awaitable[None]]

# Every action a table socket accepts (docs/PROTOCOL.md), by the name the client sends: an
# explicit table, so a reader can follow a message to its handler and nothing else is
# reachable from the wire.
HANDLERS: dict[str, Handler] = {
    "play": TableConsumer._do_play,
    "pass": TableConsumer._do_pass,
    "decide": TableConsumer._do_decide,
    "call": TableConsumer._do_call,  # RULES §10.1
    "grab": TableConsumer._do_grab,  # RULES §10.7
    "request": TableConsumer._do_request,  # RULES §10.10
    "auto": TableConsumer._do_auto,
    "mark": TableConsumer._do_mark,
    "hint": TableConsumer._do_hint,
    "peek": TableConsumer._do_peek,
    "psych": TableConsumer._do_psych,
    "sit": TableConsumer._do_sit,
    "stand": TableConsumer._do_stand,
    "leave": TableConsumer._do_leave,
    "ready": TableConsumer._do_ready,
    "next": TableConsumer._do_ready,  # "next hand" is confirming readiness again
    "bot": TableConsumer._do_bot,
    "chat": TableConsumer._do_chat,
    "fill_bots": TableConsumer._do_fill_bots,
    "remove": TableConsumer._do_remove,
    "close_table": TableConsumer._do_close_table,
    "bot_vote": TableConsumer._do_bot_vote,
    "ping": TableConsumer._do_ping,  # the page's heartbeat (liveness.py)
}
