"""The lobby's bell: after a seat or a hand changes, tell the room lists (home
page and room pages, ``/ws/lobby/``) to refresh their live counts.

Throttled through the shared cache to one ring every ``RING_EVERY`` seconds site-wide: every
lobby socket re-reads the counts on a ring, and a busy site changes seats many times a second.
A change inside the quiet period is shown by the next ring (or the next page load).
"""

from __future__ import annotations

from django.core.cache import cache

from game.doorbell import send_to_group

LOBBY_GROUP = "lobby"
RING_EVERY = 2  # seconds
LOBBY_BELL = "lobby-bell"  # the cache key that throttles the rings


def ring_lobby() -> None:
    if not cache.add(LOBBY_BELL, 1, RING_EVERY):
        return
    send_to_group(LOBBY_GROUP, {"type": "lobby.changed"})
