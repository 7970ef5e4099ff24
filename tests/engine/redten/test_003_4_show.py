"""File 003 §4 明打和暗打: before play a red-ten holder may show (亮牌); one shown is
enough for 明打; a holder of both shows both; nobody showing is 暗打. The answers are
private until all five are in (docs/RULES-DECISIONS.md, Red Ten)."""

from __future__ import annotations

import pytest

from game.engine.errors import WrongPhase
from game.engine.redten import NO_SHOW, SHOW, Phase, Team, view_for
from game.engine.redten.events import events_of
from game.engine.redten.hand import show_choices, to_act

from .helpers import act, answer_all, deal

HANDS = ["4H 5S", "TH 5C", "6S 6C", "TD 7S", "8S 9S"]  # red: seats 1 and 3


def test_every_seat_is_asked_but_only_a_red_ten_holder_may_show():
    state = deal(HANDS)
    assert state.phase is Phase.SHOW and to_act(state) == (0, 1, 2, 3, 4)
    assert show_choices(state, 1) == show_choices(state, 3) == (SHOW, NO_SHOW)
    assert show_choices(state, 0) == show_choices(state, 2) == (NO_SHOW,)
    with pytest.raises(WrongPhase, match="red ten"):
        act(state, 0, "show")


def test_nobody_showing_is_a_dark_game():
    state = answer_all(deal(HANDS))
    assert state.phase is Phase.PLAY and not state.open
    assert view_for(state, 0).open is False


def test_one_shown_and_the_other_not_is_still_an_open_game():
    # §4 有一个玩家亮牌，另一个玩家不亮牌，则也算作明打
    state = answer_all(deal(HANDS), shows=(1,))
    assert state.open
    black = view_for(state, 0)
    assert black.open is True
    assert black.seats[1].team is Team.RED and black.seats[1].showed
    assert black.seats[3].team is None  # the ♦10 holder did not show: still hidden
    assert [str(c) for c in black.public_red_tens] == ["TH"]


def test_a_holder_of_both_red_tens_shows_both():
    # §4 如果当玩家同时有两张红十，则亮牌的话同时亮出两张红十
    state = answer_all(deal(["4H 5S", "TH TD", "6S 6C", "7C 7S", "8S 9S"]), shows=(1,))
    assert state.open and state.all_shown
    view = view_for(state, 4)
    assert [str(c) for c in view.public_red_tens] == ["TH", "TD"]
    assert [sv.team for sv in view.seats] == [Team.BLACK, Team.RED, *[Team.BLACK] * 3]


def test_answers_stay_secret_until_all_five_are_in_then_are_announced_at_once():
    state = deal(HANDS)
    state = act(state, 1, "show")
    for viewer in (None, 0, 2, 3, 4):
        view = view_for(state, viewer)
        assert view.open is None
        assert not any(sv.showed for sv in view.seats)
        assert all(sv.team is None for s, sv in enumerate(view.seats) if s not in (viewer, 3, 1))
        assert view.public_red_tens == ()
    before = state
    for seat in (0, 2, 3):
        after = act(before, seat, "no_show")
        assert events_of(before, seat, NO_SHOW, after) == ()  # a private answer: no event
        before = after
    after = act(before, 4, "no_show")
    kinds = [e.kind for e in events_of(before, 4, NO_SHOW, after)]
    assert kinds == ["show", "shown", "lead"]
    assert after.phase is Phase.PLAY


def test_an_answer_is_given_once_and_not_after_the_step():
    state = act(deal(HANDS), 1, "no_show")
    with pytest.raises(WrongPhase, match="already"):
        act(state, 1, "show")
    state = answer_all(deal(HANDS))
    with pytest.raises(WrongPhase):
        act(state, 1, "show")
    with pytest.raises(WrongPhase, match="not being played"):
        act(deal(HANDS), 0, "play 4H")
