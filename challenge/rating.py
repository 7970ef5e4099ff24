"""The duplicate rating's arithmetic (docs/RULES-DECISIONS.md, "Duplicate rating"): Glicko
(Glickman 1999) where one deal is one game.

The players who held the same cards in the same seat (a challenge's entrants on one deal;
a tournament's people holding one seat's cards at the tables) are compared in pairs: the
better payout wins, equal payouts tie. Each pair counts 1/(n−1), so a deal moves a player as
much as one game whatever the size of its field; all of a deal's players move at once,
from the ratings they had before it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction

Q = math.log(10) / 400
START = 1500.0
START_DEVIATION = 350.0
MIN_DEVIATION = 40.0  # a rating never claims more certainty than this


@dataclass(frozen=True, slots=True)
class Estimate:
    value: float = START
    deviation: float = START_DEVIATION


def _g(deviation: float) -> float:
    return 1 / math.sqrt(1 + 3 * Q * Q * deviation * deviation / (math.pi * math.pi))


def expected(me: Estimate, other: Estimate) -> float:
    """The chance ``me`` beats ``other`` on one deal, by the ratings."""
    return 1 / (1 + 10 ** (-_g(other.deviation) * (me.value - other.value) / 400))


def deal_update[K: Hashable](
    ratings: Mapping[K, Estimate], payouts: Mapping[K, Fraction]
) -> dict[K, Estimate]:
    """Every player's estimate after one deal; ``payouts`` by player (same keys). A deal
    played by one player alone tells nothing and changes nothing."""
    players = list(payouts)
    if len(players) < 2:
        return {p: ratings[p] for p in players}
    weight = 1 / (len(players) - 1)
    result: dict[K, Estimate] = {}
    for me in players:
        mine = ratings[me]
        information = 0.0
        surprise = 0.0
        for other in players:
            if other == me:
                continue
            theirs = ratings[other]
            g = _g(theirs.deviation)
            e = expected(mine, theirs)
            won = payouts[me] > payouts[other]
            tied = payouts[me] == payouts[other]
            score = 1.0 if won else 0.5 if tied else 0.0
            information += weight * g * g * e * (1 - e)
            surprise += weight * g * (score - e)
        d2 = 1 / (Q * Q * information) if information else math.inf
        precision = 1 / (mine.deviation**2) + 1 / d2
        value = mine.value + Q / precision * surprise
        deviation = max(MIN_DEVIATION, math.sqrt(1 / precision))
        result[me] = Estimate(value, deviation)
    return result
