"""RULES §10.7 grab solo (抢独): the others may grab open solo; the nearest on the emperor's
上家 side wins; the emperor's own solo comes first."""

from __future__ import annotations

import pytest

from game.engine import IllegalAction, Mode, Phase, Rules, apply, new_hand, view_for
from game.engine.actions import GRAB_SOLO, NO_GRAB, OPEN_SOLO, Call
from game.engine.hand import throne_choices, to_act
from game.engine.state import State

CLASSIC = Rules.preset("lianzhong_classic")


def _called(seed_from: int = 1) -> State:
    for seed in range(seed_from, 400):
        state = new_hand(seed, CLASSIC)
        calls = [a for a in throne_choices(state, state.throne_holder) if isinstance(a, Call)]
        if calls:
            return apply(state, state.throne_holder, calls[0])
    raise AssertionError("no deal with a call")


def test_after_the_call_the_others_are_asked_nearest_upper_seat_first() -> None:
    state = _called()
    emperor = state.emperor
    assert emperor is not None and state.phase is Phase.GRAB
    asked = []
    while state.phase is Phase.GRAB:
        (seat,) = to_act(state)
        asked.append(seat)
        assert view_for(state, (seat + 1) % 5).turn == seat  # who is asked is public
        state = apply(state, seat, NO_GRAB)
    assert asked == [(emperor - k) % 5 for k in range(1, 5)]
    assert state.emperor == emperor and state.phase in (Phase.DECLARE, Phase.PLAY)


def test_the_first_grab_makes_the_grabber_an_open_solo_emperor() -> None:
    state = _called()
    emperor = state.emperor
    assert emperor is not None
    first = (emperor - 1) % 5
    state = apply(state, first, NO_GRAB)
    second = (emperor - 2) % 5
    with pytest.raises(IllegalAction):
        apply(state, (emperor - 3) % 5, GRAB_SOLO)  # not his turn yet
    grabbed = apply(state, second, GRAB_SOLO)
    assert grabbed.emperor == second and grabbed.guard == second
    assert grabbed.mode is Mode.OPEN_SOLO and grabbed.called is None
    assert grabbed.phase is Phase.PLAY and grabbed.turn == second  # §4.1 the emperor leads
    for viewer in (None, 0, 1, 2, 3, 4):
        assert view_for(grabbed, viewer).mode is Mode.OPEN_SOLO


def test_the_emperors_own_open_solo_leaves_nothing_to_grab() -> None:
    state = new_hand(1, CLASSIC)
    solo = apply(state, state.throne_holder, OPEN_SOLO)
    assert solo.phase is Phase.PLAY and solo.mode is Mode.OPEN_SOLO


def test_rooms_without_grab_solo_ask_nobody() -> None:
    rules = Rules(called_guard=True)
    for seed in range(1, 50):
        state = new_hand(seed, rules)
        calls = [a for a in throne_choices(state, state.throne_holder) if isinstance(a, Call)]
        if calls:
            after = apply(state, state.throne_holder, calls[0])
            assert after.phase is not Phase.GRAB
            return
    raise AssertionError("no deal with a call")
