"""The Red Ten engine's contract with the web layer and the bots (the Baohuang engine's
shape): ``apply`` refuses with a specific error and changes nothing, ``legal_actions``
iterates and answers ``in``, ``hint`` cycles, auto-play, notation round trips."""

from __future__ import annotations

import pytest

from game.engine.actions import PASS as BAOHUANG_PASS
from game.engine.errors import MalformedAction, NotInHand, NotYourTurn, WrongPhase
from game.engine.redten import (
    PASS,
    Play,
    hint,
    legal_actions,
    parse_action,
    view_for,
)
from game.engine.redten.actions import AUTO_ON
from game.engine.redten.hand import autoplay_action

from .helpers import act, answer_all, deal

HANDS = ["4H 4S 9S 9C", "TH 5S 8H", "6S 6C JD", "TD 7S 8S", "8D 9H SJ BJ"]


def test_pass_and_auto_play_are_the_baohuang_actions():
    assert PASS is BAOHUANG_PASS
    assert parse_action("pass") is BAOHUANG_PASS
    assert parse_action("auto on") is AUTO_ON


@pytest.mark.parametrize("text", ["show", "no_show", "pass", "auto on", "auto off", "play TH TD",
                                  "play 4H", "play 8 8", "play SJ BJ"])  # fmt: skip
def test_notation_round_trips(text):
    assert parse_action(text).to_notation() == text


@pytest.mark.parametrize("text", ["", "play", "play 3S", "play T", "jump", "show now", "auto x"])
def test_malformed_notation_is_refused(text):
    with pytest.raises(MalformedAction):
        parse_action(text)


def test_refusals_are_specific_and_change_nothing():
    state = answer_all(deal(HANDS))
    for seat, text, error in [
        (1, "play 5S", NotYourTurn),
        (0, "pass", WrongPhase),  # the leader may not pass
        (0, "play 4D", NotInHand),
        (0, "play 4H 4H", MalformedAction),
    ]:
        before = state
        with pytest.raises(error):
            act(state, seat, text)
        assert state == before
    with pytest.raises(MalformedAction):
        act(state, 7, "pass")


def test_strength_only_plays_take_the_players_cards_of_that_strength():
    state = answer_all(deal(HANDS))
    state = act(state, 0, "play 4 4")
    assert state.last_set is not None and len(state.last_set) == 2
    assert [str(c) for c in view_for(state, 1).last_set or ()] == ["4S", "4H"]


def test_legal_actions_iterate_in_hint_order_and_answer_in():
    state = answer_all(deal(HANDS))
    actions = [a.to_notation() for a in legal_actions(state, 0)]
    assert actions == ["play 4S 4H", "play 4H", "play 9S 9C", "play 9C"]
    assert Play.of("4S") in legal_actions(state, 0)
    assert Play.of("9S 4H") not in legal_actions(state, 0)
    state = act(state, 0, "play 9S 9C")
    assert [a.to_notation() for a in legal_actions(state, 1)] == ["pass"]
    assert hint(state, 1) == PASS
    assert list(legal_actions(state, 4)) == []  # not seat 4's turn yet
    state = act(act(act(state, 1, "pass"), 2, "pass"), 3, "pass")
    assert [a.to_notation() for a in legal_actions(state, 4)] == ["play SJ BJ", "pass"]
    assert [hint(state, 4, n).to_notation() for n in range(2)] == ["play SJ BJ"] * 2


def test_auto_play_does_not_show_leads_the_weakest_single_and_passes_when_following():
    state = deal(HANDS)
    assert autoplay_action(state, 1).to_notation() == "no_show"
    state = answer_all(state)
    assert autoplay_action(state, 0).to_notation() == "play 4S"
    state = act(state, 0, "play 4H")
    assert autoplay_action(state, 1) == PASS
    state = act(state, 1, "auto on")
    assert view_for(state, 2).seats[1].auto_play
    with pytest.raises(WrongPhase):
        act(state, 1, "auto on")
    assert not act(state, 1, "auto off").auto[1]
