"""Duplicate deals for people's tournaments: who holds which cards, and the score.

Every table plays the same sequence of deals (one seed each). At table ``t`` the deal is
dealt with the line-up rotated by ``offset(t, deal, copy)`` seats, so the cards of one seat
are held at each table by a player from a different place of his table's line-up; with one
table every deal is played ``copies_for(1)`` times, rotated between the plays.

A play's score for a seat (docs/RULES-DECISIONS.md, "Tournaments: duplicate scoring") is
its payout in stakes minus the mean payout, in stakes, of the same seat of the same deal at
every other play of that deal: luck of the cards cancels, what is left is how the cards were
played. Exact: fractions, rounded only for display.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .state import N_SEATS

# With one table a deal is played again with the seats rotated: two plays make a comparison.
ONE_TABLE_COPIES = 2


def copies_for(tables: int) -> int:
    """How many times each deal is played at each table."""
    if tables < 1:
        raise ValueError("a tournament needs at least one table")
    return ONE_TABLE_COPIES if tables == 1 else 1


def rounds_for(deals: int, tables: int) -> int:
    """Hands every table plays: each deal ``copies_for(tables)`` times."""
    return deals * copies_for(tables)


@dataclass(frozen=True, slots=True)
class Round:
    """What a table's ``number``-th hand (from 0) is: which deal, which copy of it."""

    number: int
    deal: int
    copy: int


def round_of(number: int, tables: int) -> Round:
    copies = copies_for(tables)
    return Round(number, number // copies, number % copies)


def offset(table: int, deal: int, copy: int) -> int:
    """The rotation of the line-up at ``table`` for ``deal``'s ``copy``-th play: the player
    at line-up place ``j`` sits in seat ``(j + offset) % 5``. Different tables (and the
    plays of one table) give one seat's cards to different places of the line-up."""
    return (table + deal + copy) % N_SEATS


def seat_of(place: int, shift: int) -> int:
    """The seat of line-up ``place`` under rotation ``shift``."""
    return (place + shift) % N_SEATS


def place_of(seat: int, shift: int) -> int:
    """The line-up place sitting in ``seat`` under rotation ``shift``."""
    return (seat - shift) % N_SEATS


@dataclass(frozen=True, slots=True)
class Play:
    """One finished play of a deal: ``payouts`` by seat, in stakes (a void hand pays 0)."""

    deal: int
    key: object  # identifies the play (its table and copy); opaque here
    payouts: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if len(self.payouts) != N_SEATS:
            raise ValueError(f"a play has {N_SEATS} payouts")


def scores(plays: Iterable[Play]) -> dict[object, tuple[Fraction, ...]]:
    """Each play's score by seat: payout minus the mean payout of the same seat of the same
    deal at the other plays. A deal played once (nothing to compare with) scores 0."""
    by_deal: dict[int, list[Play]] = defaultdict(list)
    for play in plays:
        by_deal[play.deal].append(play)
    result: dict[object, tuple[Fraction, ...]] = {}
    for group in by_deal.values():
        others = len(group) - 1
        totals = [sum((p.payouts[s] for p in group), Fraction(0)) for s in range(N_SEATS)]
        for play in group:
            if others == 0:
                result[play.key] = (Fraction(0),) * N_SEATS
                continue
            result[play.key] = tuple(
                play.payouts[s] - (totals[s] - play.payouts[s]) / others for s in range(N_SEATS)
            )
    return result


def in_stakes(payouts: Sequence[int], stake: int) -> tuple[Fraction, ...]:
    """Payouts in beans as fractions of the stake S (RULES §5)."""
    return tuple(Fraction(p, stake) for p in payouts)


def matchpoints[K: Hashable](results: Mapping[K, Fraction]) -> dict[K, Fraction]:
    """The share of the others that each result beat, a tie counting half: the daily
    challenge's score of one deal (docs/RULES-DECISIONS.md, "Daily challenge: matchpoints").
    ``results`` maps an entrant to his payout in stakes on the same cards in the same seat.
    A result with nobody to compare with scores one half."""
    ordered = sorted(results.values())
    others = len(ordered) - 1
    if others == 0:
        return {key: Fraction(1, 2) for key in results}
    below = {}
    for value in set(ordered):
        below[value] = bisect_left(ordered, value), bisect_right(ordered, value)
    scored: dict[K, Fraction] = {}
    for key, value in results.items():
        lower, upper = below[value]
        ties = upper - lower - 1  # equal results but his own
        scored[key] = (Fraction(lower) + Fraction(ties, 2)) / others
    return scored


def bot_seed(deal_seed: int, seat: int) -> int:
    """A duplicate deal's bot's own seed: from the deal and the seat alone, so every table
    dealt the same cards meets the same opposition (ARCHITECTURE.md, "A bot's decision is a
    function of ... the deal's seed"). A one-way hash: the bots' choices tell nothing of the
    deal's secret seed."""
    digest = hashlib.sha256(f"bot:{deal_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2
