"""RULES §6.3: a player who fled (掉线/逃跑) and the settlement of §5.

Text: "if their side loses, they alone pay their whole side's loss plus a penalty of 3·S; if
their side wins, they get their normal share minus the fee minus 3·S. The penalty leaves the
game (it is paid to nobody)." The decisions for the silent cases (several fled players on one
side, a fled player in a draw) are in docs/RULES-DECISIONS.md and tested at the end.
"""

from __future__ import annotations

import pytest

from game.engine.roles import Mode, Role
from game.engine.settlement import SeatOutcome, Settlement, compute_settlement

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL
S = 10
FEE = 2


def settle(
    places: list[Role],
    fled: set[int],
    mode: Mode = Mode.DARK_GUARD,
    rebellion: bool = False,
    stake: int = S,
    fee: int = FEE,
) -> Settlement:
    """Seat i finished in place i+1; ``fled`` holds seats."""
    outcomes = [
        SeatOutcome(seat=i, role=r, place=i + 1, fled=i in fled) for i, r in enumerate(places)
    ]
    return compute_settlement(
        mode=mode, rebellion=rebellion, outcomes=outcomes, stake=stake, fee=fee
    )


def test_it_makes_a_fled_rebel_pay_the_whole_losing_side() -> None:
    # Dark guard, A B B A B (RULES §5.4 example): rebels lose 10 each = 30 in all.
    result = settle([E, R, R, G, R], fled={2})
    payouts = [s.payout for s in result.seats]
    assert payouts == [20, 0, -30, 10, 0]  # team-mates pay nothing, winners are unchanged
    fled = result.seats[2]
    assert fled.penalty == 3 * S
    assert fled.net == -30 - 3 * S - FEE
    assert [s.penalty for s in result.seats] == [0, 0, 30, 0, 0]


def test_it_makes_a_fled_guard_pay_the_emperors_loss_too() -> None:
    # Open hand, B B B A A: emperor -80, guard -40 (RULES §5.4); the guard fled.
    result = settle([R, R, R, E, G], fled={4}, mode=Mode.OPEN_GUARD)
    assert [s.payout for s in result.seats] == [40, 40, 40, 0, -120]
    assert result.seats[4].net == -120 - 3 * S - FEE
    assert result.seats[3].net == -FEE  # the emperor still pays the fee (RULES §5.4)


def test_it_makes_a_fled_emperor_pay_the_guards_loss_too() -> None:
    # Dark guard, B B A A B: m = 1, emperor -20, guard -10 (RULES §5.2).
    result = settle([R, R, E, G, R], fled={2})
    assert [s.payout for s in result.seats] == [10, 10, -30, 0, 10]


@pytest.mark.parametrize("seat", [0, 3])
def test_a_fled_winner_gets_the_share_minus_fee_minus_penalty(seat: int) -> None:
    # Dark guard, A B B A B: the royalists win; emperor +20, guard +10 (RULES §5.4).
    result = settle([E, R, R, G, R], fled={seat})
    share = {0: 20, 3: 10}[seat]
    assert result.seats[seat].payout == share
    assert result.seats[seat].net == share - FEE - 3 * S
    # The other side pays its normal shares: the penalty goes to nobody.
    assert [result.seats[i].payout for i in (1, 2, 4)] == [-10, -10, -10]


def test_a_fled_winning_rebel_keeps_the_normal_share() -> None:
    # Dark guard, B B B A A: m = 2, rebels +20 each (RULES §5.2).
    result = settle([R, R, R, E, G], fled={1})
    assert [s.payout for s in result.seats] == [20, 20, 20, -40, -20]
    assert result.seats[1].net == 20 - FEE - 3 * S


def test_a_fled_rebel_in_open_solo_pays_the_largest_loss_of_9_1() -> None:
    # Open solo won by the emperor: each other -8S (§5.3); one fled rebel pays all four
    # shares, 32S, plus 3S: the 35S that RULES §9.1 names as the largest loss of a hand.
    result = settle([E, R, R, R, R], fled={4}, mode=Mode.OPEN_SOLO)
    assert [s.payout for s in result.seats] == [32 * S, 0, 0, 0, -32 * S]
    assert result.seats[4].net == -35 * S - FEE


def test_a_fled_solo_emperor_pays_alone_as_before() -> None:
    # Dark solo, emperor last: -16S (§5.3); the emperor's side is the emperor alone.
    result = settle([R, R, R, R, E], fled={4}, mode=Mode.DARK_SOLO)
    assert [s.payout for s in result.seats] == [4 * S] * 4 + [-16 * S]
    assert result.seats[4].penalty == 3 * S


def test_the_penalty_leaves_the_game() -> None:
    # RULES §6.3: paid to nobody; payouts stay zero-sum (§5.4), nets lose fees and penalty.
    result = settle([E, R, R, G, R], fled={2})
    assert sum(s.payout for s in result.seats) == 0
    assert sum(s.net for s in result.seats) == -5 * FEE - 3 * S


# --- Decisions where RULES is silent (docs/RULES-DECISIONS.md) ---------------------------


def test_decision_a_fled_player_in_a_draw_pays_the_penalty() -> None:
    # A B B B A is a draw (§5.2); the deserter still pays 3S and the fee, nobody else pays.
    result = settle([E, R, R, R, G], fled={1})
    assert [s.payout for s in result.seats] == [0] * 5
    assert result.seats[1].net == -3 * S - FEE
    assert [s.net for s in result.seats if s.seat != 1] == [-FEE] * 4


def test_decision_two_fled_rebels_share_the_stayers_loss() -> None:
    # Dark guard, A A B B B: rebels -20 each (m = 2). Seats 2 and 4 fled, seat 3 stayed:
    # the stayer pays nothing; the two fled rebels carry the side's 60 between them.
    result = settle([E, G, R, R, R], fled={2, 4})
    assert [s.payout for s in result.seats] == [40, 20, -30, 0, -30]
    assert [s.penalty for s in result.seats] == [0, 0, 30, 0, 30]


def test_decision_an_odd_unit_goes_to_the_worse_placed_fled_player() -> None:
    # Dark guard, A B A B B with S = 5: m = 1, rebels -5 each. Seats 1 and 4 fled, seat 3
    # stayed: its 5 is split 2 + 3, the extra unit to the fled rebel in the worse place.
    result = settle([E, R, G, R, R], fled={1, 4}, stake=5)
    assert [s.payout for s in result.seats] == [10, -7, 5, 0, -8]


def test_decision_both_royalists_fled_each_pay_their_own_share() -> None:
    # Dark guard, B B B A A: emperor -40, guard -20 (m = 2); nobody stayed to be covered.
    result = settle([R, R, R, E, G], fled={3, 4})
    assert [s.payout for s in result.seats] == [20, 20, 20, -40, -20]
    assert [s.penalty for s in result.seats] == [0, 0, 0, 30, 30]


def test_decision_fled_players_on_both_sides_are_settled_side_by_side() -> None:
    # Dark guard, A B B A B: the fled emperor wins his share, the fled rebel pays for all.
    result = settle([E, R, R, G, R], fled={0, 4})
    assert [s.payout for s in result.seats] == [20, 0, 0, 10, -30]
    assert [s.penalty for s in result.seats] == [30, 0, 0, 0, 30]
