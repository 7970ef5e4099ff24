"""RULES §5.2–§5.4: settlement of a finished hand (two against three, solo, fee, zero-sum).

Expectations are written from the RULES.md text (the §5.2 table as strings, the unit
formulas of §5.2/§5.3, the worked examples of §5.4), not read back from the implementation.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.roles import Mode, Role
from game.engine.settlement import (
    SeatOutcome,
    Settlement,
    compute_settlement,
    role_payouts,
)

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL

# RULES §5.2, the table verbatim: royalists' (A) and rebels' (B) places, winner, multiple m.
TABLE_5_2 = [
    ("AABBB", "A", 2),
    ("ABABB", "A", 1),
    ("ABBAB", "A", 1),
    ("ABBBA", "draw", 0),
    ("BAABB", "A", 1),
    ("BABAB", "draw", 0),
    ("BABBA", "B", 1),
    ("BBAAB", "B", 1),
    ("BBABA", "B", 1),
    ("BBBAA", "B", 2),
]

# RULES §5.2: the ways a hand is scored dark or open ("Open guard and rebellion together
# still count once").
DARK_WAYS = [(Mode.DARK_GUARD, False)]
OPEN_WAYS = [(Mode.OPEN_GUARD, False), (Mode.DARK_GUARD, True), (Mode.OPEN_GUARD, True)]


def places_from_pattern(pattern: str, emperor_first: bool) -> list[Role]:
    """Turn an A/B row into roles; the two A places get emperor and guard in either order."""
    royal = [E, G] if emperor_first else [G, E]
    out: list[Role] = []
    for ch in pattern:
        out.append(royal.pop(0) if ch == "A" else R)
    return out


def outcomes_for(places: list[Role], fled: frozenset[int] = frozenset()) -> list[SeatOutcome]:
    """Seat i finished in place i+1 unless a test shuffles; fled holds seats."""
    return [SeatOutcome(seat=i, role=r, place=i + 1, fled=i in fled) for i, r in enumerate(places)]


def settle(mode: Mode, rebellion: bool, places: list[Role], stake: int, fee: int = 0) -> Settlement:
    return compute_settlement(
        mode=mode, rebellion=rebellion, outcomes=outcomes_for(places), stake=stake, fee=fee
    )


@pytest.mark.parametrize(("pattern", "winner", "m"), TABLE_5_2)
@pytest.mark.parametrize("emperor_first", [True, False])
@pytest.mark.parametrize("stake", [1, 10, 7])
@pytest.mark.parametrize(
    ("way", "units"), [(w, (2, 1, 1)) for w in DARK_WAYS] + [(w, (4, 2, 2)) for w in OPEN_WAYS]
)
def test_it_pays_every_row_of_the_two_against_three_table(
    pattern: str,
    winner: str,
    m: int,
    emperor_first: bool,
    stake: int,
    way: tuple[Mode, bool],
    units: tuple[int, int, int],
) -> None:
    # RULES §5.2: the winning side gains, the losing side loses; dark 2m/1m/1m·S, open 4m/2m/2m·S.
    mode, rebellion = way
    places = places_from_pattern(pattern, emperor_first)
    sign = {"A": 1, "B": -1, "draw": 0}[winner]
    e_units, g_units, r_units = units
    expected = {
        E: sign * e_units * m * stake,
        G: sign * g_units * m * stake,
        R: -sign * r_units * m * stake,
    }
    result = settle(mode, rebellion, places, stake)
    assert [s.payout for s in result.seats] == [expected[r] for r in places]
    assert result.multiple == m
    assert result.winner == {"A": "royalists", "B": "rebels", "draw": "draw"}[winner]
    # The per-place helper used by the referee command says the same.
    assert role_payouts(mode=mode, rebellion=rebellion, places=places, stake=stake) == tuple(
        expected[r] for r in places
    )


def test_it_settles_the_first_worked_example_of_5_4() -> None:
    # RULES §5.4: S=10, dark guard, places A B B A B -> emperor +20, guard +10, rebels -10 each.
    for places in ([E, R, R, G, R], [G, R, R, E, R]):
        result = settle(Mode.DARK_GUARD, False, places, stake=10)
        by_role = {s.role: s.payout for s in result.seats if s.role is not R}
        assert by_role == {E: 20, G: 10}
        assert [s.payout for s in result.seats if s.role is R] == [-10, -10, -10]


def test_it_settles_the_second_worked_example_of_5_4() -> None:
    # RULES §5.4: S=10, open hand, places B B B A A -> emperor -80, guard -40, rebels +40 each.
    for mode, rebellion in OPEN_WAYS:
        for places in ([R, R, R, E, G], [R, R, R, G, E]):
            result = settle(mode, rebellion, places, stake=10)
            by_role = {s.role: s.payout for s in result.seats if s.role is not R}
            assert by_role == {E: -80, G: -40}
            assert [s.payout for s in result.seats if s.role is R] == [40, 40, 40]


def solo_places(emperor_place: int) -> list[Role]:
    places = [R] * 5
    places[emperor_place - 1] = E
    return places


@pytest.mark.parametrize("stake", [1, 10])
@pytest.mark.parametrize(
    ("emperor_place", "emperor_units", "other_units"),
    [(1, 16, -4), (2, 0, 0), (3, -16, 4), (4, -16, 4), (5, -16, 4)],
)
def test_it_settles_dark_solo(
    emperor_place: int, emperor_units: int, other_units: int, stake: int
) -> None:
    # RULES §5.3: dark solo: 1st -> +16S / -4S each; 2nd -> nothing; otherwise -16S / +4S.
    result = settle(Mode.DARK_SOLO, False, solo_places(emperor_place), stake)
    for s in result.seats:
        assert s.payout == (emperor_units if s.role is E else other_units) * stake
    assert result.winner == {1: "royalists", 2: "draw"}.get(emperor_place, "rebels")


@pytest.mark.parametrize("way", [(Mode.OPEN_SOLO, False), (Mode.DARK_SOLO, True)])
@pytest.mark.parametrize("emperor_place", [1, 2, 3, 4, 5])
def test_it_settles_open_solo_and_dark_solo_opened_by_rebellion(
    way: tuple[Mode, bool], emperor_place: int
) -> None:
    # RULES §5.3: open solo (declared, or dark solo opened by rebellion): 1st -> +32S / -8S,
    # otherwise -32S / +8S (a 2nd place is no draw here).
    mode, rebellion = way
    stake = 5
    result = settle(mode, rebellion, solo_places(emperor_place), stake)
    sign = 1 if emperor_place == 1 else -1
    for s in result.seats:
        assert s.payout == sign * (32 if s.role is E else -8) * stake
    assert result.winner == ("royalists" if emperor_place == 1 else "rebels")
    assert result.scored_open


def test_it_takes_the_fee_from_every_player_after_the_zero_sum_split() -> None:
    # RULES §5.4: zero-sum before the fee, then the fee from every player who played.
    result = settle(Mode.DARK_GUARD, False, [E, R, R, G, R], stake=10, fee=3)
    assert [s.fee for s in result.seats] == [3] * 5
    assert [s.net for s in result.seats] == [20 - 3, -10 - 3, -10 - 3, 10 - 3, -10 - 3]
    assert all(s.penalty == 0 for s in result.seats)


def test_it_takes_the_fee_in_a_draw_too() -> None:
    # RULES §5.4: the fee is taken from every player who played the hand, whatever the result.
    result = settle(Mode.DARK_GUARD, False, [E, R, R, R, G], stake=10, fee=2)
    assert [s.net for s in result.seats] == [-2] * 5


def test_it_orders_seats_by_seat_whatever_the_finishing_order() -> None:
    outcomes = [
        SeatOutcome(seat=3, role=E, place=1, fled=False),
        SeatOutcome(seat=0, role=R, place=2, fled=False),
        SeatOutcome(seat=4, role=R, place=3, fled=False),
        SeatOutcome(seat=1, role=G, place=4, fled=False),
        SeatOutcome(seat=2, role=R, place=5, fled=False),
    ]
    result = compute_settlement(
        mode=Mode.DARK_GUARD, rebellion=False, outcomes=outcomes, stake=10, fee=0
    )
    assert [s.seat for s in result.seats] == [0, 1, 2, 3, 4]
    # A B B A B: emperor +20, guard +10, rebels -10 (RULES §5.4).
    assert [s.payout for s in result.seats] == [-10, 10, -10, 20, -10]


@pytest.mark.parametrize(
    ("mode", "places"),
    [
        (Mode.DARK_GUARD, [E, R, R, R, R]),  # no guard in a two-against-three hand
        (Mode.DARK_SOLO, [E, G, R, R, R]),  # a guard in a solo hand
        (Mode.OPEN_GUARD, [E, E, G, R, R]),  # two emperors
        (Mode.DARK_GUARD, [E, G, R, R]),  # four players
    ],
)
def test_it_refuses_impossible_role_lists(mode: Mode, places: list[Role]) -> None:
    with pytest.raises(ValueError):
        role_payouts(mode=mode, rebellion=False, places=places, stake=10)


def test_it_refuses_duplicate_seats_or_places_and_bad_stakes() -> None:
    good = outcomes_for([E, G, R, R, R])
    dup_seat = [*good[:4], SeatOutcome(seat=0, role=R, place=5, fled=False)]
    dup_place = [*good[:4], SeatOutcome(seat=4, role=R, place=1, fled=False)]
    for outcomes in (dup_seat, dup_place):
        with pytest.raises(ValueError):
            compute_settlement(
                mode=Mode.DARK_GUARD, rebellion=False, outcomes=outcomes, stake=10, fee=0
            )
    with pytest.raises(ValueError):
        compute_settlement(mode=Mode.DARK_GUARD, rebellion=False, outcomes=good, stake=0, fee=0)
    with pytest.raises(ValueError):
        compute_settlement(mode=Mode.DARK_GUARD, rebellion=False, outcomes=good, stake=1, fee=-1)


def all_role_orders() -> list[tuple[Mode, tuple[Role, ...]]]:
    guard_orders = sorted(set(itertools.permutations([E, G, R, R, R])))
    solo_orders = sorted(set(itertools.permutations([E, R, R, R, R])))
    return [
        (mode, order) for mode in Mode for order in (solo_orders if mode.is_solo else guard_orders)
    ]


@given(
    case=st.sampled_from(all_role_orders()),
    rebellion=st.booleans(),
    stake=st.integers(min_value=1, max_value=10_000),
    fee=st.integers(min_value=0, max_value=1_000),
    fled=st.frozensets(st.integers(min_value=0, max_value=4)),
    seat_shift=st.integers(min_value=0, max_value=4),
)
def test_property_every_settlement_is_zero_sum_before_the_fee(
    case: tuple[Mode, tuple[Role, ...]],
    rebellion: bool,
    stake: int,
    fee: int,
    fled: frozenset[int],
    seat_shift: int,
) -> None:
    # RULES §5.4 (and §6.3: the fled player's payment moves the loss, the penalty leaves the
    # game), for every role order, mode, rebellion flag, stake, fee and set of fled seats.
    mode, places = case
    seats = [(i + seat_shift) % 5 for i in range(5)]
    outcomes = [
        SeatOutcome(seat=seat, role=r, place=i + 1, fled=seat in fled)
        for i, (seat, r) in enumerate(zip(seats, places, strict=True))
    ]
    result = compute_settlement(
        mode=mode, rebellion=rebellion, outcomes=outcomes, stake=stake, fee=fee
    )
    assert sum(s.payout for s in result.seats) == 0
    assert sum(s.net for s in result.seats) == -5 * fee - 3 * stake * len(fled)
    # Winners never depend on who fled (§6.3 moves only the losing side's loss).
    plain = role_payouts(mode=mode, rebellion=rebellion, places=places, stake=stake)
    for s in result.seats:
        if plain[s.place - 1] >= 0:
            assert s.payout == plain[s.place - 1]
