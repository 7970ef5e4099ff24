"""Who won a Red Ten hand, how many were caught, and what everyone is paid (file 003 §8, §9
and the coin-room formula). Pure functions of the red team and the order of going out.

* **End** (§8): the hand ends as soon as every player of one team is out.
* **Result** (§9): if the team that finished first holds first place it wins, the other
  loses; if it does not (the other team's player was first), the hand is a draw.
* **Caught** (抓到 N 家): the losing team's players still holding cards at the end.
* **Points** (§9), per player, by the red side's result; 明打 doubles everything:

  ======================  ===============  ===============
  red side wins           each red player  each black one
  ======================  ===============  ===============
  1 caught                +3               −2
  2 caught                +6               −4
  3 caught                +9               −6
  4 caught (solo: 双红十)   +24              −6
  ======================  ===============  ===============

  red side loses: 1 caught −3 / +2, 2 caught −6 / +4, the solo caught −8 / +2 each.
  Every row is zero-sum (2·3 = 3·2, 24 = 4·6, 8 = 4·2).
* **Four tens** (§9): a player dealt all four tens wins at once, scored as a dark solo
  first place (+24, −6 each).
* **Coins** (游戏币场): a loser pays X·m·N, a winner receives X·m·N·0.9, with X the
  player's own table amount above, m = 2 in 明打 else 1, N the room coefficient.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from ..errors import MalformedAction
from ..state import N_SEATS


class Team(StrEnum):
    RED = "red"  # dealt a red ten (♥10 or ♦10)
    BLACK = "black"


class Result(StrEnum):
    RED = "red"  # the red side won
    BLACK = "black"  # the black side won
    DRAW = "draw"  # 和局: the team that finished first did not have first place


# (winner amount, loser amount) by (red side won, solo, caught) — file 003 §9.
_RED_WINS = {1: (3, 2), 2: (6, 4), 3: (9, 6)}
_RED_LOSES = {1: (2, 3), 2: (4, 6)}  # (black winner's gain, red loser's loss)
SOLO_WIN = (24, 6)
SOLO_LOSS = (2, 8)
WINNER_SHARE = Fraction(9, 10)  # coin rooms: winners receive 0.9 of X·m·N (a 10 % fee)


@dataclass(frozen=True, slots=True)
class Outcome:
    red: tuple[int, ...]  # the red team's seats (one seat: a solo with both red tens)
    out: tuple[int, ...]  # seats in the order they went out, until the hand ended
    result: Result
    caught: int  # losing players still holding cards (0 in a draw)

    @property
    def solo(self) -> bool:
        return len(self.red) == 1

    def team_of(self, seat: int) -> Team:
        return Team.RED if seat in self.red else Team.BLACK


def check_red(red: Iterable[int]) -> tuple[int, ...]:
    seats = tuple(red)
    for seat in seats:
        if not isinstance(seat, int) or not 0 <= seat < N_SEATS:
            raise MalformedAction(f"seat {seat!r} is not in 0..4")
    if len(set(seats)) != len(seats):
        raise MalformedAction("a seat is named twice among the red-ten holders")
    if len(seats) not in (1, 2):
        raise MalformedAction(
            f"the red tens are held by one seat (both) or two seats, not {len(seats)}"
        )
    return tuple(sorted(seats))


def team_is_out(team: Iterable[int], out: Iterable[int]) -> bool:
    done = set(out)
    return all(seat in done for seat in team)


def is_over(red: Sequence[int], out: Sequence[int]) -> bool:
    """File 003 §8: over once every player of either team is out."""
    black = [s for s in range(N_SEATS) if s not in red]
    return team_is_out(red, out) or team_is_out(black, out)


def outcome(red: Iterable[int], out: Iterable[int]) -> Outcome:
    """Result and caught count of a hand from its red team and going-out order. Refuses
    an order that goes on after the hand was over, or stops before it is over."""
    reds = check_red(red)
    order = tuple(out)
    for seat in order:
        if not isinstance(seat, int) or not 0 <= seat < N_SEATS:
            raise MalformedAction(f"seat {seat!r} is not in 0..4")
    if len(set(order)) != len(order):
        raise MalformedAction("a seat goes out twice")
    for n in range(1, len(order)):
        if is_over(reds, order[:n]):
            raise MalformedAction(
                f"the hand was over once seats {', '.join(map(str, order[:n]))} were out "
                "(a whole team was out): nobody goes out after that"
            )
    if not is_over(reds, order):
        raise MalformedAction("the hand is not over: neither team is all out yet")
    black = tuple(s for s in range(N_SEATS) if s not in reds)
    finished, other = (reds, black) if team_is_out(reds, order) else (black, reds)
    if order[0] not in finished:
        return Outcome(reds, order, Result.DRAW, 0)
    caught = sum(1 for s in other if s not in order)
    return Outcome(reds, order, Result.RED if finished is reds else Result.BLACK, caught)


def four_tens_outcome(seat: int) -> Outcome:
    """A player dealt all four tens wins at once: the red side alone, first, four caught."""
    return Outcome(check_red([seat]), (seat,), Result.RED, N_SEATS - 1)


def table_amounts(result: Outcome) -> tuple[int, ...]:
    """X of the §9 table for every seat, signed (+ won, − lost), before 明打 doubling."""
    if result.result is Result.DRAW:
        return (0,) * N_SEATS
    red_won = result.result is Result.RED
    if result.solo:
        gain, loss = SOLO_WIN if red_won else SOLO_LOSS
    else:
        gain, loss = (_RED_WINS if red_won else _RED_LOSES)[result.caught]
    winners = result.red if red_won else tuple(s for s in range(N_SEATS) if s not in result.red)
    return tuple(gain if s in winners else -loss for s in range(N_SEATS))


def multiple(open_game: bool) -> int:
    """明打 doubles both sides' scores (file 003 §4, §9)."""
    return 2 if open_game else 1


def points(result: Outcome, *, open_game: bool) -> tuple[int, ...]:
    """A points room's payouts by seat: zero-sum."""
    m = multiple(open_game)
    return tuple(x * m for x in table_amounts(result))


def coins(result: Outcome, *, open_game: bool, coefficient: int) -> tuple[Fraction, ...]:
    """A coin room's payouts by seat: losers −X·m·N, winners +X·m·N·0.9 (exact; the
    winners together receive 0.9 of what the losers pay)."""
    if coefficient < 1:
        raise MalformedAction("the room coefficient N must be at least 1")
    m = multiple(open_game)
    return tuple(
        Fraction(x * m * coefficient) * (WINNER_SHARE if x > 0 else 1)
        for x in table_amounts(result)
    )


def as_number(value: Fraction) -> int | float:
    """A payout for JSON: an int when whole (5400), else its decimal (2.7)."""
    return int(value) if value.denominator == 1 else float(value)
