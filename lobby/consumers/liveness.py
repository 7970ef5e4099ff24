"""Sockets that stay live when the channel layer fails: the heartbeat and the Redis watch.

A socket hears its table only through the channel layer: its groups are members of Redis
sets, joined once on connect. Two faults leave a socket open and deaf (docs/DEPLOYMENT.md,
"Faults"):

- Redis forgets its groups (it restarted without persistence, or restarted from an older
  snapshot, or was flushed) while the socket's consumer lives on: a consumer whose receive
  was not waiting on Redis at that moment reconnects to the new server and waits, a member of
  no group. Measured: tables frozen 25–46 s with nothing on the page. The *watch* sees it
  (``watch_layer``): a key of this process's own that vanished, or a new server id, closes
  every socket of the process with 4503, after which the page connects again, joins its
  groups again and gets the whole table.
- Anything else that stops frames (a message lost, a paused process): the *heartbeat*. The
  page pings every few seconds (static/js/heartbeat.js); the answer goes out through the
  channel layer to this socket's own channel and back, the path every push takes. A page
  that hears nothing shows that the server is not answering, and after a longer silence
  connects again.

The ping's answer is one frame, ``PONG``, the same for every seat and spectator, sent only to
the socket that asked (RULES §8: it says nothing about any hand).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
import weakref
from typing import TYPE_CHECKING, Any

import redis.asyncio as aioredis
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

log = logging.getLogger(__name__)

# Seconds between two looks at Redis; a forgotten group is noticed within this.
WATCH_SECONDS = 2.0
# Close code after which the page connects again (static/js/heartbeat.js). Not 1012
# (service restart), which the socket extension retries by itself: daphne's websocket
# library lets an application close only with 1000 or 3000-4999.
CLOSE_RECONNECT = 4503

# The answer to a ping: an html comment, which the page's socket extension swaps nowhere. Not
# an empty frame, which daphne drops without sending (it sends only a text that is truthy).
PONG = "<!--pong-->"
# Every open socket of this process (their consumers), for the watch to close.
OPEN: weakref.WeakSet[AsyncWebsocketConsumer] = weakref.WeakSet()
_watch: asyncio.Task[None] | None = None


class Heartbeat:
    """The ``ping`` action of a site socket, answered through the channel layer."""

    if TYPE_CHECKING:  # the consumer's
        channel_layer: Any
        channel_name: str

        async def send(self, text_data: str | None = None) -> None: ...

    async def _do_ping(self, data: dict[str, Any] | None = None) -> None:
        await self.channel_layer.send(self.channel_name, {"type": "heartbeat.pong"})

    async def heartbeat_pong(self, event: dict[str, Any]) -> None:
        await self.send(text_data=PONG)


def watching() -> bool:
    """Is there a Redis layer to watch, and may this process run background tasks? (The
    in-process tests start none: tests/conftest.py.)"""
    return bool(settings.REDIS_URL) and bool(settings.BAOHUANG_KEEPER_AUTOSTART)


def ensure_watch() -> None:
    """Start this process's watch on the running loop, once."""
    global _watch
    if not watching() or (_watch is not None and not _watch.done()):
        return
    _watch = asyncio.get_running_loop().create_task(watch_layer())


async def watch_layer(seconds: float = WATCH_SECONDS) -> None:
    """Close every socket of this process when Redis has forgotten what it held."""
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    prefix = layer.get("CONFIG", {}).get("prefix", "asgi")
    mark = f"{prefix}:process:{uuid.uuid4().hex}"
    client = aioredis.Redis.from_url(settings.REDIS_URL)
    known: str | None = None  # the server's run id when the mark was last seen or set
    while True:
        if known is not None:
            await asyncio.sleep(seconds)
        try:
            server = await client.info("server")
            async with client.pipeline(transaction=True) as pipe:
                pipe.exists(mark)
                pipe.set(mark, "1", ex=600)  # refreshed every pass; gone with a dead process
                found, _ = await pipe.execute()
        except (OSError, aioredis.RedisError):
            await asyncio.sleep(seconds)  # Redis is down: decide when it answers again
            continue
        run_id = str(server.get("run_id", ""))
        if known is not None and (run_id != known or not found):
            log.warning("Redis forgot this process's groups: closing its %d sockets", len(OPEN))
            await close_all()
        known = run_id


async def close_all() -> None:
    """Close every open socket of this process; each page connects again."""
    for consumer in list(OPEN):
        with contextlib.suppress(Exception):
            await consumer.close(code=CLOSE_RECONNECT)
