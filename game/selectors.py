"""Reads of the record of hands: the live state rebuilt from the event log.

States are cached per process, keyed by hand id and checked against the hand's ``version``
on every read: the log in the database is the truth, the cache only saves re-folding it.
A cache entry is only stored after the transaction that produced it commits.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from game import engine
from game.models import Hand, HandEvent

_CACHE_SIZE = 4096
_cache: OrderedDict[int, engine.State] = OrderedDict()
_lock = threading.Lock()


def rules_of(hand: Hand) -> engine.Rules:
    return engine.Rules.from_dict(dict(hand.rules))


def remember_state(hand_id: int, state: engine.State) -> None:
    with _lock:
        _cache[hand_id] = state
        _cache.move_to_end(hand_id)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def forget_states() -> None:
    """Drop every cached state (tests use it to prove the log alone rebuilds a hand)."""
    with _lock:
        _cache.clear()


def state_of(hand: Hand) -> engine.State:
    """The state of ``hand`` at its stored version, folding only the events not yet cached."""
    with _lock:
        cached = _cache.get(hand.pk)
    if cached is not None and cached.version == hand.version:
        return cached
    if cached is not None and cached.version < hand.version:
        state = cached
    else:
        state = engine.new_hand(hand.seed, rules_of(hand))
    events = HandEvent.objects.filter(hand=hand, seq__gt=state.version, seq__lte=hand.version)
    for seat, notation in events.order_by("seq").values_list("seat", "action"):
        state = engine.apply(state, seat, engine.Action.from_notation(notation))
    if state.version != hand.version:
        raise RuntimeError(
            f"hand {hand.pk}: the event log folds to version {state.version}, "
            f"the hand row says {hand.version}"
        )
    return state


def replay_from_log(hand: Hand) -> engine.State:
    """Fold the whole log from the seed, ignoring any cache (for checks and replays)."""
    state = engine.new_hand(hand.seed, rules_of(hand))
    for seat, notation in hand.events.order_by("seq").values_list("seat", "action"):
        state = engine.apply(state, seat, engine.Action.from_notation(notation))
    return state
