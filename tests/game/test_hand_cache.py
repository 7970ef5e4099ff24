"""The per-hand caches behind the push path (who plays a hand, its bot seats)."""

from __future__ import annotations

from datetime import UTC, datetime

from game.hand_cache import HandCache, hand_key
from game.models import Hand


def hand(pk: int, seed: int, second: int) -> Hand:
    return Hand(pk=pk, seed=seed, started_at=datetime(2026, 11, 29, 12, 0, second, tzinfo=UTC))


def test_a_reused_hand_id_does_not_find_the_old_hands_facts() -> None:
    # A flushed (test) database hands out id 7 again: the new hand must not get the old
    # hand's seating or bots.
    cache: HandCache[str] = HandCache()
    cache.put(hand_key(hand(7, seed=1, second=0)), "old hand")
    assert cache.get(hand_key(hand(7, seed=2, second=5))) is None
    assert cache.get(hand_key(hand(7, seed=1, second=0))) == "old hand"


def test_extra_key_parts_tell_a_hands_states_apart() -> None:
    cache: HandCache[str] = HandCache()
    h = hand(3, seed=9, second=1)
    cache.put(hand_key(h, "running"), "titles before settlement")
    assert cache.get(hand_key(h, "finished")) is None


def test_it_forgets_the_oldest_hands_beyond_its_size() -> None:
    cache: HandCache[int] = HandCache(size=2)
    for pk in (1, 2, 3):
        cache.put(hand_key(hand(pk, seed=pk, second=pk)), pk)
    assert cache.get(hand_key(hand(1, seed=1, second=1))) is None
    assert cache.get(hand_key(hand(3, seed=3, second=3))) == 3
