"""Bean settlement of a finished hand: RULES §5.2–§5.4 and the fled-player rule of §6.3.

Pure functions over small frozen values; no Django. The core's ``settle(state)`` turns a
finished state into :class:`SeatOutcome` values and calls :func:`compute_settlement`.

Decisions where RULES is silent are recorded in ``docs/RULES-DECISIONS.md``
("Settlement and titles"); the short form is repeated next to the code that applies them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from game.engine.roles import Mode, Role, is_open_hand
from game.engine.scoring import formula_payouts, position_payouts

Winner = Literal["royalists", "rebels", "draw"]

# RULES §6.3: a fled player pays a penalty of 3·S that is paid to nobody (§10.8: rooms of the
# other systems set 40·S or 50·S instead, ``Rules.quit_penalty``).
FLED_PENALTY_STAKES = 3

# RULES §5 (Boke City, the default), §10.5 (formula), §10.9 (position points).
SCORINGS = ("boke", "formula", "position")

# RULES §5.2: the royalists' two places (1-based) -> (winner, multiple m). Written as the
# table's rows so that it can be checked against RULES.md line by line.
_TWO_VS_THREE: dict[frozenset[int], tuple[Winner, int]] = {
    frozenset({1, 2}): ("royalists", 2),  # A A B B B
    frozenset({1, 3}): ("royalists", 1),  # A B A B B
    frozenset({1, 4}): ("royalists", 1),  # A B B A B
    frozenset({1, 5}): ("draw", 0),  # A B B B A
    frozenset({2, 3}): ("royalists", 1),  # B A A B B
    frozenset({2, 4}): ("draw", 0),  # B A B A B
    frozenset({2, 5}): ("rebels", 1),  # B A B B A
    frozenset({3, 4}): ("rebels", 1),  # B B A A B
    frozenset({3, 5}): ("rebels", 1),  # B B A B A
    frozenset({4, 5}): ("rebels", 2),  # B B B A A
}

# RULES §5.2: stake units per m for (emperor, guard, each rebel); an open hand doubles them.
_DARK_UNITS = (2, 1, 1)
_OPEN_UNITS = (4, 2, 2)

# RULES §5.3: (emperor units, each other's units) when the emperor wins.
_DARK_SOLO_UNITS = (16, 4)
_OPEN_SOLO_UNITS = (32, 8)


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """What settlement needs to know about one seat at the end of a hand."""

    seat: int
    role: Role
    place: int  # 1..5, RULES §5.1
    fled: bool  # RULES §6.3


@dataclass(frozen=True, slots=True)
class SeatSettlement:
    """One seat's result. ``payout`` is the zero-sum share (§5.4); fee and penalty are costs."""

    seat: int
    role: Role
    place: int
    fled: bool
    payout: int
    fee: int
    penalty: int

    @property
    def net(self) -> int:
        """The change to the player's beans."""
        return self.payout - self.fee - self.penalty


@dataclass(frozen=True, slots=True)
class Settlement:
    """The whole hand's settlement, seats ordered by seat number.

    ``multiple`` is the m of RULES §5.2 in a two-against-three hand (0 in a draw). In a solo
    hand it is 1 when somebody won and 0 in a draw (the solo amounts of §5.3 are fixed).
    """

    mode: Mode
    rebellion: bool
    stake: int
    fee: int
    multiple: int
    winner: Winner
    seats: tuple[SeatSettlement, ...]

    @property
    def scored_open(self) -> bool:
        """Whether the hand was scored as open (§5.2 open hand, or §5.3 open solo)."""
        return is_open_hand(self.mode, self.rebellion)

    def for_seat(self, seat: int) -> SeatSettlement:
        return self.seats[seat]


def validate_roles(mode: Mode, roles: Sequence[Role]) -> None:
    """Five roles: one emperor, one guard unless solo (RULES §3.2), the rest rebels."""
    if len(roles) != 5:
        raise ValueError(f"a hand has 5 players, got {len(roles)} roles")
    emperors = sum(1 for r in roles if r is Role.EMPEROR)
    guards = sum(1 for r in roles if r is Role.GUARD)
    if emperors != 1:
        raise ValueError(f"a hand has exactly one emperor, got {emperors}")
    expected_guards = 0 if mode.is_solo else 1
    if guards != expected_guards:
        kind = "a solo hand" if mode.is_solo else "a two-against-three hand"
        raise ValueError(f"{kind} has {expected_guards} guard(s), got {guards}")


def hand_result(*, mode: Mode, rebellion: bool, places: Sequence[Role]) -> tuple[Winner, int]:
    """Winner and multiple from the roles in finishing order (index 0 = 1st place)."""
    validate_roles(mode, places)
    emperor_place = places.index(Role.EMPEROR) + 1
    if mode.is_solo:
        if emperor_place == 1:
            return "royalists", 1
        # RULES §5.3: in dark solo an emperor in 2nd place is a draw; an open solo (declared
        # or opened by rebellion) is lost unless the emperor is first.
        if emperor_place == 2 and not is_open_hand(mode, rebellion):
            return "draw", 0
        return "rebels", 1
    royal_places = frozenset(i + 1 for i, r in enumerate(places) if r is not Role.REBEL)
    return _TWO_VS_THREE[royal_places]


def _base_payouts(
    *, mode: Mode, rebellion: bool, places: Sequence[Role], stake: int, scoring: str = "boke"
) -> tuple[Winner, int, tuple[int, ...]]:
    """Zero-sum payouts per place (RULES §5.2, §5.3, §5.4, or §10.5 / §10.9), before fees
    and §6.3."""
    if scoring != "boke":
        validate_roles(mode, places)
        if scoring == "formula":
            return formula_payouts(mode=mode, rebellion=rebellion, places=places, stake=stake)
        if scoring == "position":
            return position_payouts(mode=mode, rebellion=rebellion, places=places, stake=stake)
        raise ValueError(f"unknown scoring {scoring!r}; choose one of {', '.join(SCORINGS)}")
    winner, multiple = hand_result(mode=mode, rebellion=rebellion, places=places)
    if winner == "draw":
        return winner, multiple, (0,) * 5
    sign = 1 if winner == "royalists" else -1
    open_ = is_open_hand(mode, rebellion)
    if mode.is_solo:
        emperor_units, other_units = _OPEN_SOLO_UNITS if open_ else _DARK_SOLO_UNITS
        units = {Role.EMPEROR: emperor_units, Role.REBEL: -other_units}
        return winner, multiple, tuple(sign * units[r] * stake for r in places)
    e, g, r = _OPEN_UNITS if open_ else _DARK_UNITS
    units = {Role.EMPEROR: e, Role.GUARD: g, Role.REBEL: -r}
    return winner, multiple, tuple(sign * units[role] * multiple * stake for role in places)


def role_payouts(
    *, mode: Mode, rebellion: bool, places: Sequence[Role], stake: int, scoring: str = "boke"
) -> tuple[int, ...]:
    """Payout per finishing place (index 0 = 1st place), zero-sum, no fee, nobody fled."""
    _check_stake(stake, 0)
    return _base_payouts(
        mode=mode, rebellion=rebellion, places=places, stake=stake, scoring=scoring
    )[2]


def compute_settlement(
    *,
    mode: Mode,
    rebellion: bool,
    outcomes: Sequence[SeatOutcome],
    stake: int,
    fee: int,
    scoring: str = "boke",
    quit_penalty: int = FLED_PENALTY_STAKES,
) -> Settlement:
    """Settle a finished hand: RULES §5.2–§5.4 and §6.3.

    Raises ValueError for outcomes that cannot come from a hand (wrong seats, places or roles).
    """
    _check_stake(stake, fee)
    by_seat = sorted(outcomes, key=lambda o: o.seat)
    if [o.seat for o in by_seat] != list(range(5)):
        raise ValueError("outcomes must cover seats 0-4 exactly once")
    by_place = sorted(by_seat, key=lambda o: o.place)
    if [o.place for o in by_place] != list(range(1, 6)):
        raise ValueError("outcomes must cover places 1-5 exactly once")
    places = [o.role for o in by_place]
    winner, multiple, per_place = _base_payouts(
        mode=mode, rebellion=rebellion, places=places, stake=stake, scoring=scoring
    )
    payout = {o.seat: per_place[o.place - 1] for o in by_place}

    # RULES §6.3: on a losing side with a fled player, the fled player(s) carry the whole
    # side's loss and team-mates who stayed pay nothing. Sums are unchanged, so §5.4's
    # zero-sum still holds.
    if winner != "draw":
        losing_royal = winner == "rebels"
        side = [o for o in by_place if (o.role is not Role.REBEL) == losing_royal]
        fled = [o for o in side if o.fled]
        stayed = [o for o in side if not o.fled]
        if fled and stayed:
            stayed_loss = -sum(payout[o.seat] for o in stayed)
            for o in stayed:
                payout[o.seat] = 0
            # Decision: several fled players split the stayers' share equally (only rebels
            # can be in this case, and their own shares are equal); a remainder unit goes
            # to the worse-placed fled player first.
            share, extra = divmod(stayed_loss, len(fled))
            for i, o in enumerate(reversed(fled)):
                payout[o.seat] -= share + (1 if i < extra else 0)

    penalty = quit_penalty * stake
    seats = tuple(
        SeatSettlement(
            seat=o.seat,
            role=o.role,
            place=o.place,
            fled=o.fled,
            payout=payout[o.seat],
            # RULES §5.4: the fee is taken from every player who played the hand, fled or not.
            fee=fee,
            # Decision: the §6.3 penalty applies whatever the result, a draw included.
            penalty=penalty if o.fled else 0,
        )
        for o in by_seat
    )
    return Settlement(
        mode=mode,
        rebellion=rebellion,
        stake=stake,
        fee=fee,
        multiple=multiple,
        winner=winner,
        seats=seats,
    )


def _check_stake(stake: int, fee: int) -> None:
    if stake < 1:
        raise ValueError(f"the base stake must be at least 1, got {stake}")
    if fee < 0:
        raise ValueError(f"the table fee cannot be negative, got {fee}")
