"""File 003 §8 游戏结束条件: the hand ends as soon as every player of one team is out; the
players still holding cards are caught (§9)."""

from __future__ import annotations

import pytest

from game.engine.errors import MalformedAction, WrongPhase
from game.engine.redten import Phase, Result, outcome

from .helpers import act, answer_all, deal, run


def test_the_hand_ends_when_the_red_team_is_out():
    state = answer_all(deal(["4H TH", "TD", "5S 6S", "5C 6C", "5D 6D"]))
    state = run(state, [(0, "play 4H"), (1, "play TD")])
    state = run(state, [(2, "pass"), (3, "pass"), (4, "pass"), (0, "pass")])
    assert state.phase is Phase.PLAY  # one red player out: not over
    state = run(state, [(2, "play 5S"), (3, "pass"), (4, "pass"), (0, "play TH")])
    assert state.phase is Phase.FINISHED and state.out_order == (1, 0)
    assert state.places == (2, 1, None, None, None)  # the caught keep no place
    with pytest.raises(WrongPhase, match="over"):
        act(state, 2, "pass")


def test_the_hand_ends_when_the_black_team_is_out_even_with_red_cards_left():
    state = answer_all(deal(["4H TH 6H", "TD 6D", "BJ", "SJ", "2S"]))
    state = run(state, [(0, "play 4H"), (1, "pass"), (2, "play BJ")])
    state = run(state, [(3, "pass"), (4, "pass"), (0, "pass"), (1, "pass")])
    state = run(state, [(3, "play SJ"), (4, "pass"), (0, "pass"), (1, "pass")])
    assert state.phase is Phase.PLAY
    state = act(state, 4, "play 2S")
    assert state.phase is Phase.FINISHED and state.outcome().result is Result.BLACK


def test_a_solo_hand_ends_when_the_solo_is_out_or_all_four_others_are():
    assert outcome([2], [2]).result is Result.RED
    assert outcome([2], [0, 1, 3, 4]).result is Result.BLACK
    with pytest.raises(MalformedAction, match="not over"):
        outcome([2], [0, 1, 3])


@pytest.mark.parametrize(
    ("red", "out", "reason"),
    [
        ([0, 3], [0, 3, 1], "was over"),
        ([0, 3], [1, 2, 4, 0], "was over"),
        ([0, 3], [0], "not over"),
        ([0, 3], [0, 0, 3], "twice"),
        ([0, 3], [0, 7], "not in 0..4"),
        ([0, 3, 4], [0, 3], "not 3"),
        ([], [0], "not 0"),
    ],
)
def test_an_impossible_going_out_order_is_refused(red, out, reason):
    with pytest.raises(MalformedAction, match=reason):
        outcome(red, out)
