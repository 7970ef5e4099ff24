"""Fair-play signals of one hand, per ordered pair of seats (docs/FAIRPLAY.md).

Pure: a hand's log in, counts out. The job that keeps them (``game.fairplay``) adds the
counts of many hands per pair of accounts and scores them with :mod:`.collusion_score`.

For a decision of seat ``x`` following a set of seat ``y`` (RULES §4.4), when ``x`` could
have beaten it and played for itself (not in auto-play, §6.2), we count:

* ``chances`` / ``held``: ``y`` was not an ally ``x`` knew of from its own view (§3.4), and
  ``x`` passed. An honest player passes on such a seat no more than on any other seat it
  cannot tell from an opponent; a colluder spares its friend.
* ``gift_checked`` / ``gifts``: of those passes, how many an expert judge (``GiftJudge``,
  e.g. :func:`expert_judge`) valued and how many it scored worse than the best play by at
  least ``GIFT_MARGIN`` stakes: a pass that costs the passer is a gift to the seat it spared.
* ``hidden_same_*`` / ``hidden_opp_*``: the same counts split by ``y``'s true side, only
  while ``y``'s role was hidden from ``x`` (a dark hand, RULES §3.3/§3.4: the emperor does
  not know his guard; a rebel knows neither the guard nor the other rebels). Without being
  told, ``x`` cannot spare the hidden seats of its own side more than the others.

Each seat's payout in stakes (RULES §5) is kept too, for "results together against apart".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Self

from .actions import PASS, Action
from .expert import Budget, ExpertBot
from .hand import apply, legal_play_indices, new_hand
from .outcome import settle
from .replay import HandLog
from .roles import Role
from .state import N_SEATS, Phase, State
from .view import View, known_roles, view_for

# A pass the expert values this many stakes below its best play is a gift (docs/FAIRPLAY.md:
# the search's noise at a small budget is a few tenths of a stake).
GIFT_MARGIN = 0.75

# Given the view of the seat that passed, the stakes the pass cost it against the best play
# (>= 0), or None when the judge does not value this decision.
GiftJudge = Callable[[View], float | None]


@dataclass(frozen=True, slots=True)
class Tally:
    """What ``x`` did with the sets of ``y`` (or, summed, with everyone's)."""

    chances: int = 0
    held: int = 0
    gift_checked: int = 0
    gifts: int = 0
    hidden_same_chances: int = 0
    hidden_same_held: int = 0
    hidden_opp_chances: int = 0
    hidden_opp_held: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def __sub__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f.name) - getattr(other, f.name) for f in fields(self)))

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> Self:
        return cls(**{f.name: int(data.get(f.name, 0)) for f in fields(cls)})


NO_TALLY = Tally()


@dataclass(frozen=True, slots=True)
class HandSignals:
    """One hand's counts: ``tallies[x][y]`` is ``x`` acting on ``y``'s sets (zero on the
    diagonal); ``payouts`` each seat's zero-sum payout in stakes, None for a void hand."""

    tallies: tuple[tuple[Tally, ...], ...]
    payouts: tuple[float, ...] | None

    def tally(self, x: int, y: int) -> Tally:
        return self.tallies[x][y]


def hand_signals(log: HandLog, *, judge: GiftJudge | None = None) -> HandSignals:
    """Replay ``log`` and count every seat's answers to every other seat's sets."""
    counts = [
        [dict.fromkeys(NO_TALLY.as_dict(), 0) for _ in range(N_SEATS)] for _ in range(N_SEATS)
    ]
    state = new_hand(log.seed, log.rules, log.previous)
    for seat, action in log.events:
        if _is_chance(state, seat):
            _count(counts, state, seat, action, judge)
        state = apply(state, seat, action)
    tallies = tuple(tuple(Tally.from_dict(c) for c in row) for row in counts)
    return HandSignals(tallies, _payouts(state))


def _is_chance(state: State, seat: int) -> bool:
    """``seat`` follows another seat's set by its own hand and could beat it."""
    return (
        state.phase is Phase.PLAY
        and state.turn == seat
        and state.last_set is not None
        and state.last_player is not None
        and state.last_player != seat
        and not state.auto[seat]
        and not state.fled[seat]
        and bool(legal_play_indices(state, seat))
    )


def _count(
    counts: list[list[dict[str, int]]],
    state: State,
    x: int,
    action: Action,
    judge: GiftJudge | None,
) -> None:
    y = state.last_player
    assert y is not None
    seen = known_roles(state, x)
    mine = seen[x]
    if mine is not None and seen[y] is not None and _royal(seen[y]) == _royal(mine):
        return  # a known ally (RULES §3.4): sparing him is honest play
    held = action == PASS
    c = counts[x][y]
    c["chances"] += 1
    c["held"] += held
    if held and judge is not None:
        cost = judge(view_for(state, x))
        if cost is not None:
            c["gift_checked"] += 1
            c["gifts"] += cost >= GIFT_MARGIN
    if seen[y] is None:
        true_x, true_y = state.role_of(x), state.role_of(y)
        assert true_x is not None and true_y is not None
        side = "same" if _royal(true_x) == _royal(true_y) else "opp"
        c[f"hidden_{side}_chances"] += 1
        c[f"hidden_{side}_held"] += held


def _royal(role: Role | None) -> bool:
    return role is not Role.REBEL


def _payouts(state: State) -> tuple[float, ...] | None:
    if state.phase is not Phase.FINISHED or state.void:
        return None
    stake = state.rules.stake or 1
    by_seat = {s.seat: s.payout for s in settle(state).seats}
    return tuple(by_seat[seat] / stake for seat in range(N_SEATS))


def expert_judge(budget: Budget, seed: int = 0) -> GiftJudge:
    """A judge from 高手's search (``expert.ExpertBot.analyse``): how many stakes the pass
    costs against the best candidate, from the passer's own view only."""
    bot = ExpertBot(seed=seed, budget=budget)

    def judge(view: View) -> float | None:
        analysis = bot.analyse(view, also=PASS)
        passed = analysis.value_of(PASS)
        if passed is None or not analysis.values:
            return None
        return max(v for _, v in analysis.values) - passed

    return judge


__all__ = [
    "GIFT_MARGIN",
    "NO_TALLY",
    "GiftJudge",
    "HandSignals",
    "Tally",
    "expert_judge",
    "hand_signals",
]
