"""Duplicate scoring for people's tournaments: the same seat of the same deal compared
across its plays, and the rotations that give one seat's cards to different players."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import duplicate
from game.engine.state import N_SEATS


def play(deal: int, key: str, *payouts: int) -> duplicate.Play:
    return duplicate.Play(deal, key, tuple(Fraction(p) for p in payouts))


def test_a_seat_scores_its_payout_against_the_same_seat_elsewhere() -> None:
    scores = duplicate.scores(
        [play(0, "a", 4, -1, -1, -1, -1), play(0, "b", -4, 1, 1, 1, 1), play(0, "c", 0, 0, 0, 0, 0)]
    )
    # Seat 0 at table a won 4 where the others averaged (-4 + 0) / 2 = -2.
    assert scores["a"][0] == 6
    assert scores["b"][0] == -4 - Fraction(4 + 0, 2)
    assert scores["c"][1] == 0 - Fraction(-1 + 1, 2)


def test_scores_of_one_deal_sum_to_zero_per_seat() -> None:
    plays = [play(3, k, p, -p, 0, 0, 0) for k, p in (("a", 5), ("b", -2), ("c", 9), ("d", 0))]
    scores = duplicate.scores(plays)
    for seat in range(N_SEATS):
        assert sum(scores[k][seat] for k in "abcd") == 0


def test_deals_are_compared_only_with_themselves() -> None:
    scores = duplicate.scores([play(0, "a", 8, -2, -2, -2, -2), play(1, "b", -8, 2, 2, 2, 2)])
    # Each deal played once: nothing to compare with.
    assert scores["a"] == (0,) * N_SEATS
    assert scores["b"] == (0,) * N_SEATS


def test_a_play_needs_five_payouts() -> None:
    with pytest.raises(ValueError, match="5 payouts"):
        play(0, "a", 1, 2)


@pytest.mark.parametrize("tables", [2, 3, 5])
def test_one_seat_of_a_deal_is_held_by_different_lineup_places_at_the_first_five_tables(
    tables: int,
) -> None:
    for deal in range(7):
        for seat in range(N_SEATS):
            places = {duplicate.place_of(seat, duplicate.offset(t, deal, 0)) for t in range(tables)}
            assert len(places) == tables


def test_one_table_replays_each_deal_with_the_seats_rotated() -> None:
    assert duplicate.copies_for(1) == 2
    assert duplicate.rounds_for(4, 1) == 8
    assert duplicate.round_of(5, 1) == duplicate.Round(5, 2, 1)
    for deal in range(5):
        first, second = duplicate.offset(0, deal, 0), duplicate.offset(0, deal, 1)
        assert first != second


def test_seats_and_places_are_inverse() -> None:
    for shift in range(N_SEATS):
        assert [duplicate.place_of(duplicate.seat_of(p, shift), shift) for p in range(5)] == [
            0,
            1,
            2,
            3,
            4,
        ]
