"""The score of a pair of players from their kept counts (docs/FAIRPLAY.md).

Each signal is a z-score: how many standard errors the pair stands above what the same
players show with everyone else (or, for the hidden roles, above "cannot tell"). The pair's
score is their Stouffer sum over the four signals, and a pair is listed (flagged) when the
score reaches :data:`FLAG_SCORE` over at least :data:`MIN_SHARED_HANDS` hands together.
Pure arithmetic on counts, so the job, the admin page and the test agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .collusion import Tally

# The flag line (docs/FAIRPLAY.md gives the honest pairs' measured rate above it).
FLAG_SCORE = 4.0
MIN_SHARED_HANDS = 30
# A signal counts only with this many chances behind it: fewer give z-scores of no weight.
MIN_CHANCES = 10


@dataclass(frozen=True, slots=True)
class Results:
    """Sums of payouts in stakes over hands: count, sum, sum of squares."""

    hands: int = 0
    total: float = 0.0
    squares: float = 0.0

    def __sub__(self, other: Results) -> Results:
        return Results(
            self.hands - other.hands, self.total - other.total, self.squares - other.squares
        )

    @property
    def mean(self) -> float:
        return self.total / self.hands if self.hands else 0.0

    @property
    def variance(self) -> float:
        if self.hands < 2:
            return 0.0
        return max(0.0, (self.squares - self.hands * self.mean**2) / (self.hands - 1))


@dataclass(frozen=True, slots=True)
class PairFacts:
    """All a pair's score needs. ``a_on_b``: a's tally on b's sets; ``a_all``: a's tally on
    everybody's (b included); ``a_with_b``/``b_with_a``/``together``: payouts in their shared
    hands (a's, b's, and the sum of both per hand); ``a_all_results``: all of a's hands."""

    a_on_b: Tally
    b_on_a: Tally
    a_all: Tally
    b_all: Tally
    together: Results
    a_with_b: Results
    b_with_a: Results
    a_all_results: Results
    b_all_results: Results


@dataclass(frozen=True, slots=True)
class PairScore:
    holding_back: float
    gifts: float
    results: float
    hidden_roles: float

    @property
    def total(self) -> float:
        """Stouffer's sum of the four z-scores (each N(0, 1) for an honest pair)."""
        return (self.holding_back + self.gifts + self.results + self.hidden_roles) / 2.0

    def flagged(self, shared_hands: int) -> bool:
        return shared_hands >= MIN_SHARED_HANDS and self.total >= FLAG_SCORE


def _binomial_z(parts: list[tuple[int, int, float]]) -> float:
    """(observed, trials, baseline rate) per direction: the summed excess over its s.d."""
    observed = expected = variance = 0.0
    for hits, trials, rate in parts:
        observed += hits
        expected += trials * rate
        variance += trials * rate * (1.0 - rate)
    if variance <= 0.0:
        return 0.0
    return (observed - expected) / math.sqrt(variance)


def _rate(hits: int, trials: int) -> float:
    """A baseline rate, smoothed (one hit in two trials added) so 0 and 1 never occur."""
    return (hits + 1) / (trials + 2)


def holding_back_z(f: PairFacts) -> float:
    """Passes on the partner's sets against each player's passes on everybody else's."""
    parts = []
    for pair, every in ((f.a_on_b, f.a_all), (f.b_on_a, f.b_all)):
        others = every - pair
        if pair.chances >= 1 and others.chances >= MIN_CHANCES:
            parts.append((pair.held, pair.chances, _rate(others.held, others.chances)))
    if sum(p[1] for p in parts) < MIN_CHANCES:
        return 0.0
    return _binomial_z(parts)


def gifts_z(f: PairFacts) -> float:
    """Passes the expert scores as gifts to the partner, per chance, against each player's
    gifts per chance to everybody else. Counts only where the expert judged the passes
    (the job judges every pass of a hand or none of it)."""
    parts = []
    for pair, every in ((f.a_on_b, f.a_all), (f.b_on_a, f.b_all)):
        others = every - pair
        if pair.gift_checked and others.gift_checked and others.chances >= MIN_CHANCES:
            parts.append((pair.gifts, pair.chances, _rate(others.gifts, others.chances)))
    if sum(p[1] for p in parts) < MIN_CHANCES:
        return 0.0
    return _binomial_z(parts)


def results_z(f: PairFacts) -> float:
    """The pair's summed payout per shared hand against the sum of their means apart."""
    together = f.together
    a_apart = f.a_all_results - f.a_with_b
    b_apart = f.b_all_results - f.b_with_a
    if together.hands < MIN_CHANCES or a_apart.hands < 2 or b_apart.hands < 2:
        return 0.0
    error = (
        together.variance / together.hands
        + a_apart.variance / a_apart.hands
        + b_apart.variance / b_apart.hands
    )
    if error <= 0.0:
        return 0.0
    return (together.mean - a_apart.mean - b_apart.mean) / math.sqrt(error)


def hidden_roles_z(f: PairFacts) -> float:
    """While the partner's role was hidden from a player: passes on him when he was truly on
    the player's side against when he was not (two proportions, both directions pooled)."""
    same_n = f.a_on_b.hidden_same_chances + f.b_on_a.hidden_same_chances
    same_k = f.a_on_b.hidden_same_held + f.b_on_a.hidden_same_held
    opp_n = f.a_on_b.hidden_opp_chances + f.b_on_a.hidden_opp_chances
    opp_k = f.a_on_b.hidden_opp_held + f.b_on_a.hidden_opp_held
    if same_n < MIN_CHANCES or opp_n < MIN_CHANCES:
        return 0.0
    pooled = _rate(same_k + opp_k, same_n + opp_n)
    error = math.sqrt(pooled * (1.0 - pooled) * (1.0 / same_n + 1.0 / opp_n))
    return (same_k / same_n - opp_k / opp_n) / error


def score(f: PairFacts) -> PairScore:
    return PairScore(holding_back_z(f), gifts_z(f), results_z(f), hidden_roles_z(f))
