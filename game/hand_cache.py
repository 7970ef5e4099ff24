"""In-process caches of facts fixed for a hand's life (who plays it, which seats are bots).

Keyed by ``hand_key``: the id alone is not enough where a (test) database is flushed and
ids are reused, so the seed and start time come along. Bounded, thread-safe (daphne's
event loop and its sync thread both read them), oldest entries dropped first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from game.models import Hand

HandKey = tuple[object, ...]


def hand_key(hand: Hand, *extra: object) -> HandKey:
    return (hand.pk, hand.seed, hand.started_at, *extra)


class HandCache[V]:
    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._entries: OrderedDict[HandKey, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: HandKey) -> V | None:
        with self._lock:
            return self._entries.get(key)

    def put(self, key: HandKey, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
