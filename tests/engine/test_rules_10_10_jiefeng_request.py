"""RULES §10.10 jiefeng on request (申请接风): the player after one who went out asks to lead."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import IllegalAction, Mode, Rules, view_for
from game.engine.actions import PASS, REQUEST

from .play_helpers import act, play_state

RULES = Rules(jiefeng_request=True)


def _out_position():
    # Seat 0 (emperor) leads his last card, a 9, and goes out; seats 1..4 still hold cards.
    state = play_state(
        ["9S", "7S 7H 8S", "6S 6H TS", "6C 6D JS", "7C 7D QS"],
        rules=RULES,
        emperor=0,
        guard=1,
        mode=Mode.DARK_GUARD,
    )
    return act(state, 0, "play 9S")


def test_the_next_player_may_ask_and_leads_when_everyone_passes() -> None:
    state = _out_position()
    assert state.turn == 1 and "request" in view_for(state, 1).choices
    state = act(state, 1, "request")
    assert state.jiefeng_claim == 1
    assert all(view_for(state, v).jiefeng_claim == 1 for v in (None, 0, 2, 3, 4))
    for seat in (2, 3, 4):
        state = act(state, seat, "pass")
    assert state.turn == 1 and state.last_set is None  # he leads any set


def test_if_somebody_beats_the_set_the_request_fails() -> None:
    state = act(_out_position(), 1, "request")
    state = act(state, 2, "play TS")
    assert state.jiefeng_claim is None and state.last_player == 2


def test_without_a_request_the_lead_lapses_to_the_next_holder() -> None:
    state = _out_position()
    for seat in (1, 2, 3, 4):
        state = act(state, seat, "pass")
    assert state.turn == 2 and state.last_set is None


def test_only_the_first_player_after_the_one_who_went_out_may_ask() -> None:
    state = act(_out_position(), 1, "pass")
    assert "request" not in view_for(state, 2).choices
    with pytest.raises(IllegalAction):
        act(state, 2, "request")
    # Nor in a room without the switch, nor on an ordinary trick.
    plain = replace(_out_position(), rules=Rules())
    with pytest.raises(IllegalAction):
        act(plain, 1, "request")
    assert (
        PASS.kind in view_for(plain, 1).choices and REQUEST.kind not in view_for(plain, 1).choices
    )
