"""The one bounded in-process cache, and its use for facts fixed for a hand's life.

``BoundedCache``: thread-safe (daphne's event loop and its sync thread both read it), the
oldest entries dropped first once ``size`` is passed. ``HandCache`` keys it by ``hand_key``:
the id alone is not enough where a (test) database is flushed and ids are reused, so the
seed and start time come along.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from game.models import Hand

HandKey = tuple[object, ...]


def hand_key(hand: Hand, *extra: object) -> HandKey:
    return (hand.pk, hand.seed, hand.started_at, *extra)


class BoundedCache[K, V]:
    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        """Store ``value``; a key stored again counts as the newest."""
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


class HandCache[V](BoundedCache[HandKey, V]):
    """A ``BoundedCache`` of facts about hands, keyed by ``hand_key``."""
