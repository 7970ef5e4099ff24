"""The lobby's bell: after a seat or a hand changes, tell the room lists (home
page and room pages, ``/ws/lobby/``) to refresh their live counts.

Throttled through the shared cache to one ring every ``RING_EVERY`` seconds site-wide: every
lobby socket re-reads the counts on a ring, and a busy site changes seats many times a second.
A change inside the quiet period is shown by the next ring (or the next page load).
"""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache

from game.doorbell import _calling_loop, _report

LOBBY_GROUP = "lobby"
RING_EVERY = 2  # seconds
LOBBY_BELL = "lobby-bell"  # the cache key that throttles the rings


def ring_lobby() -> None:
    if not cache.add(LOBBY_BELL, 1, RING_EVERY):
        return
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always define a layer
        return
    message = {"type": "lobby.changed"}
    loop = _calling_loop()
    if loop is None:  # a plain view or a script: no server loop to hand it to
        async_to_sync(layer.group_send)(LOBBY_GROUP, message)
        return
    future = asyncio.run_coroutine_threadsafe(layer.group_send(LOBBY_GROUP, message), loop)
    future.add_done_callback(_report)
