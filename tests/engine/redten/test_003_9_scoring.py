"""File 003 §9 积分计算 and 游戏币场计算规则: result, caught count, the points table, 明打
doubling, four tens, and the coin formula (losers pay X·倍数·N, winners get X·倍数·N·0.9)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.redten import Result, coins, outcome, points
from game.engine.redten.settlement import four_tens_outcome

RED = [0, 3]  # seats 1, 2, 4 are black


@pytest.mark.parametrize(
    ("out", "result", "caught", "red_gets", "black_gets"),
    [
        # 红十方赢: 抓到一家 +3/−2, 两家 +6/−4, 三家 +9/−6
        ([0, 3], Result.RED, 3, 9, -6),
        ([0, 1, 3], Result.RED, 2, 6, -4),
        ([3, 1, 2, 0], Result.RED, 1, 3, -2),
        # 红十方输: 被抓到一家 −3/+2, 两家 −6/+4
        ([1, 2, 4], Result.BLACK, 2, -6, 4),
        ([2, 0, 1, 4], Result.BLACK, 1, -3, 2),
        # 和局: the team out first did not have first place
        ([1, 0, 3], Result.DRAW, 0, 0, 0),
        ([0, 1, 2, 4], Result.DRAW, 0, 0, 0),
    ],
)
def test_two_red_players_table(out, result, caught, red_gets, black_gets):
    o = outcome(RED, out)
    assert (o.result, o.caught) == (result, caught)
    expected = [red_gets if s in RED else black_gets for s in range(5)]
    assert list(points(o, open_game=False)) == expected
    # 打明牌时，双方的得分在以上分数的基础上再翻倍
    assert list(points(o, open_game=True)) == [2 * x for x in expected]


def test_double_red_ten_solo_wins_24_and_loses_8():
    # 抓到四家（一人抓双红十）得24分，输方每人扣6分
    win = outcome([2], [2])
    assert (win.result, win.caught, win.solo) == (Result.RED, 4, True)
    assert points(win, open_game=False) == (-6, -6, 24, -6, -6)
    assert points(win, open_game=True) == (-12, -12, 48, -12, -12)
    # 被抓到一家（双红十）扣8分，赢方每人得2分
    loss = outcome([2], [4, 0, 1, 3])
    assert (loss.result, loss.caught) == (Result.BLACK, 1)
    assert points(loss, open_game=False) == (2, 2, -8, 2, 2)
    assert points(loss, open_game=True) == (4, 4, -16, 4, 4)


def test_four_tens_are_scored_as_a_dark_double_red_ten_first_place():
    # 如果某玩家抓了四个十，则直接胜出，积分按照抓到双红十打暗牌第一名来计算
    o = four_tens_outcome(1)
    assert points(o, open_game=False) == (-6, 24, -6, -6, -6)


def test_every_points_row_is_zero_sum():
    cases = [([0, 3], [0, 3]), ([0, 3], [0, 1, 3]), ([0, 3], [3, 1, 2, 0]), ([0, 3], [1, 2, 4])]
    cases += [([0, 3], [2, 0, 1, 4]), ([2], [2]), ([2], [4, 0, 1, 3])]
    for red, out in cases:
        for open_game in (False, True):
            assert sum(points(outcome(red, out), open_game=open_game)) == 0


def test_coin_room_example_of_file_003():
    # N = 1000, red side open win, one caught: a winner receives 3×1000×2×0.9 = 5400.
    o = outcome(RED, [3, 1, 2, 0])
    paid = coins(o, open_game=True, coefficient=1000)
    assert paid[0] == paid[3] == 5400
    # A loser pays X×倍数×N = 2×2×1000 = 4000 by the formula. (The file's worked line says
    # "2×1000 = 2000", leaving out the 倍数 it applies to the winner: we follow the formula;
    # docs/RULES-DECISIONS.md, Red Ten.)
    assert paid[1] == paid[2] == paid[4] == -4000


def test_coin_room_winners_receive_nine_tenths_of_what_losers_pay():
    for red, out in [([0, 3], [0, 3]), ([0, 3], [1, 2, 4]), ([2], [2]), ([2], [4, 0, 1, 3])]:
        for open_game in (False, True):
            for n in (1, 7, 1000):
                paid = coins(outcome(red, out), open_game=open_game, coefficient=n)
                lost = -sum(p for p in paid if p < 0)
                won = sum(p for p in paid if p > 0)
                assert won == Fraction(9, 10) * lost > 0


def test_coin_amounts_are_exact_tenths():
    paid = coins(outcome(RED, [3, 1, 2, 0]), open_game=False, coefficient=1)
    assert list(paid) == [Fraction(27, 10), -2, -2, Fraction(27, 10), -2]


def test_a_draw_moves_no_coins():
    assert set(coins(outcome(RED, [1, 0, 3]), open_game=True, coefficient=500)) == {0}
