"""Golden hands: whole hands played through the engine from a written deal, each ending in
a result of file 003 §9 worked by hand (the seat, team and payout of every player).

Deals are short (a few cards each) so that each hand shows one result; the engine does not
need ten cards each to apply the rules. Seat 0 holds ♥4 and leads unless said otherwise.
"""

from __future__ import annotations

from fractions import Fraction

from game.engine.redten import Phase, Result, Rules, settle, view_for
from game.engine.redten.actions import parse_action
from game.engine.redten.events import events_of
from game.engine.redten.hand import apply

from .helpers import POINTS, answer_all, deal, run

PASS_ROUND = [(2, "pass"), (3, "pass"), (4, "pass"), (0, "pass")]


def finished(hands, script, *, shows=(), rules=POINTS):
    state = run(answer_all(deal(hands, rules=rules), shows=shows), script)
    assert state.phase is Phase.FINISHED
    return state, settle(state)


def test_red_side_wins_with_three_caught():
    # Red: 0 (♥10), 1 (♦10). Red goes out first and second: 2, 3, 4 caught. +9 / −6.
    hands = ["4H TH", "TD", "5S 6S", "5C 6C", "5D 6D"]
    script = [(0, "play 4H"), (1, "play TD"), *PASS_ROUND]
    script += [(2, "play 5S"), (3, "pass"), (4, "pass"), (0, "play TH")]
    state, s = finished(hands, script)
    assert state.out_order == (1, 0)
    assert (s.outcome.result, s.outcome.caught) == (Result.RED, 3)
    assert s.points == (9, 9, -6, -6, -6)


def test_red_side_wins_with_two_caught():
    hands = ["4H TH", "TD", "5S", "5C 6C", "5D 6D"]
    script = [(0, "play 4H"), (1, "play TD"), *PASS_ROUND]
    script += [(2, "play 5S"), (3, "pass"), (4, "pass"), (0, "pass")]  # 2 out, jiefeng → 3
    script += [(3, "play 5C"), (4, "pass"), (0, "play TH")]
    state, s = finished(hands, script)
    assert state.out_order == (1, 2, 0)
    assert (s.outcome.result, s.outcome.caught) == (Result.RED, 2)
    assert s.points == (6, 6, -4, -4, -4)


def test_red_side_wins_with_one_caught():
    hands = ["4H TH", "TD", "5S", "5C", "5D 6D"]
    script = [(0, "play 4H"), (1, "play TD"), *PASS_ROUND]
    script += [(2, "play 5S"), (3, "pass"), (4, "pass"), (0, "pass")]
    script += [(3, "play 5C"), (4, "pass"), (0, "pass")]  # 3 out, jiefeng → 4
    script += [(4, "play 5D"), (0, "play TH")]
    state, s = finished(hands, script)
    assert state.out_order == (1, 2, 3, 0)
    assert (s.outcome.result, s.outcome.caught) == (Result.RED, 1)
    assert s.points == (3, 3, -2, -2, -2)


def test_red_side_loses_with_two_caught():
    hands = ["4H TH 6H", "TD 6D", "BJ", "SJ", "2S"]
    script = [(0, "play 4H"), (1, "pass"), (2, "play BJ"), (3, "pass"), (4, "pass")]
    script += [(0, "pass"), (1, "pass"), (3, "play SJ"), (4, "pass"), (0, "pass"), (1, "pass")]
    script += [(4, "play 2S")]
    _, s = finished(hands, script)
    assert (s.outcome.result, s.outcome.caught) == (Result.BLACK, 2)
    assert s.points == (-6, -6, 4, 4, 4)


def test_red_side_loses_with_one_caught():
    hands = ["TH 6H", "TD", "4H", "SJ", "BJ"]  # seat 2 leads
    script = [(2, "play 4H"), (3, "pass"), (4, "pass"), (0, "pass"), (1, "play TD")]
    script += [(3, "play SJ"), (4, "play BJ")]
    state, s = finished(hands, script)
    assert state.out_order == (2, 1, 3, 4)
    assert (s.outcome.result, s.outcome.caught) == (Result.BLACK, 1)
    assert s.points == (-3, -3, 2, 2, 2)


def test_draw_when_the_team_out_first_did_not_have_first_place():
    hands = ["TH", "TD", "4H", "5C 6C", "5D 6D"]  # seat 2 leads and goes out first
    script = [(2, "play 4H"), (3, "pass"), (4, "pass"), (0, "play TH"), (1, "pass")]
    script += [(3, "pass"), (4, "pass"), (1, "play TD")]  # 0 out, nobody beat: 1 leads
    state, s = finished(hands, script)
    assert state.out_order == (2, 0, 1)
    assert (s.outcome.result, s.outcome.caught) == (Result.DRAW, 0)
    assert s.points == (0, 0, 0, 0, 0)


def test_double_red_ten_solo_wins_dark_and_open():
    hands = ["4H TH TD", "5S", "5C", "5D", "6S"]
    script = [(0, "play 4H"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass")]
    script += [(0, "play TH TD")]
    _, dark = finished(hands, script)
    assert (dark.outcome.result, dark.outcome.caught, dark.outcome.solo) == (Result.RED, 4, True)
    assert dark.points == (24, -6, -6, -6, -6)
    # Open doubling: the solo showed both red tens (明打).
    _, shown = finished(hands, script, shows=(0,))
    assert shown.open and shown.multiple == 2
    assert shown.points == (48, -12, -12, -12, -12)


def test_double_red_ten_solo_loses():
    hands = ["4H TH TD 6H", "5S", "7C", "7D", "6S"]
    script = [(0, "play 4H"), (1, "play 5S"), (2, "pass"), (3, "pass"), (4, "play 6S")]
    script += [(0, "pass"), (2, "pass"), (3, "pass")]  # 4 out, nobody beat: 0 leads
    script += [(0, "play 6H"), (2, "play 7C"), (3, "pass"), (0, "pass"), (3, "play 7D")]
    state, s = finished(hands, script)
    assert state.out_order == (1, 4, 2, 3)
    assert (s.outcome.result, s.outcome.caught) == (Result.BLACK, 1)
    assert s.points == (-8, 2, 2, 2, 2)


def test_open_game_doubles_a_pair_win():
    hands = ["4H TH", "TD", "5S 6S", "5C 6C", "5D 6D"]
    script = [(0, "play 4H"), (1, "play TD"), *PASS_ROUND]
    script += [(2, "play 5S"), (3, "pass"), (4, "pass"), (0, "play TH")]
    _, s = finished(hands, script, shows=(1,))  # one shown, the other not: still 明打
    assert s.open and s.points == (18, 18, -12, -12, -12)


def test_four_tens_win_at_the_deal():
    hands = ["4H TH TD TS TC", "5S", "5C", "5D", "6S"]
    state = deal(hands)
    assert state.phase is Phase.FINISHED and state.four_tens == 0
    s = settle(state)
    assert not s.open and (s.outcome.result, s.outcome.caught) == (Result.RED, 4)
    assert s.points == (24, -6, -6, -6, -6)
    view = view_for(state, 3)
    assert view.four_tens == 0 and view.result is Result.RED and view.choices == ()


def test_coin_room_pays_losers_x_m_n_and_winners_nine_tenths():
    hands = ["4H TH", "TD", "5S", "5C 6C", "5D 6D"]
    script = [(0, "play 4H"), (1, "play TD"), *PASS_ROUND]
    script += [(2, "play 5S"), (3, "pass"), (4, "pass"), (0, "pass")]
    script += [(3, "play 5C"), (4, "pass"), (0, "play TH")]
    _, s = finished(hands, script, shows=(1,), rules=Rules(coin=1000))
    # Red wins, two caught, 明打: winners 6×2×1000×0.9, losers 4×2×1000.
    assert s.coins == (10800, 10800, -8000, -8000, -8000)
    assert s.payouts == s.coins and s.points == (12, 12, -8, -8, -8)
    assert sum(s.coins) == -Fraction(1, 10) * 24000  # the room keeps a tenth


def test_every_public_event_of_a_golden_hand():
    state = answer_all(deal(["4H TH", "TD", "5S 6S", "5C 6C", "5D 6D"]))
    kinds = []
    for seat, text in [(0, "play 4H"), (1, "play TD"), *PASS_ROUND]:
        action = parse_action(text)
        after = apply(state, seat, action)
        kinds += [e.kind for e in events_of(state, seat, action, after)]
        state = after
    assert kinds == ["play", "play", "out", "pass", "pass", "pass", "pass", "lead"]
