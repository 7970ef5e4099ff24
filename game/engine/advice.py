"""Advice on a finished hand: at each decision, what 高手 would have done.

For the review of a hand that is over: every decision a seat took is asked again of the
expert (``expert.ExpertBot``) *from that seat's view at that moment* — the expert never
sees more than the player saw — and the player's own action is valued in the same sampled
worlds, so the two estimates are comparable. ``delta`` is the expert's estimate minus the
player's, in stakes (RULES §5): how much the player's choice cost by the expert's reckoning.

Role decisions (throne, declarations) are the expert's judgement; they carry no value
estimate (``None``). Forced decisions (only one sensible option) are listed as agreeing.

Refuses a running hand: advice for a hand in play would tell a player what to do, and read
other seats' decisions before the hand is public (RULES §3.4). The web layer computes this
on demand after the hand (off the web process) and stores it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .actions import Action, AutoPlay, Flee, Mark, Play
from .cards import cards_of
from .errors import WrongPhase
from .expert import DEFAULT_BUDGET, Budget, ExpertBot, _key
from .hand import apply, new_hand
from .replay import HandLog
from .state import Phase, State
from .view import view_for


@dataclass(frozen=True, slots=True)
class Advice:
    """One decision of the hand: the step (as ``review.replay_steps`` numbers them), the
    seat, what it did and what the expert would have done, with estimated values."""

    step: int
    seat: int
    played: Action
    expert: Action
    differs: bool
    played_value: float | None  # mean payout in stakes over the expert's sampled worlds
    expert_value: float | None

    @property
    def delta(self) -> float | None:
        """Expert's estimate minus the player's (≥ 0 up to sampling noise), in stakes."""
        if self.played_value is None or self.expert_value is None:
            return None
        return self.expert_value - self.played_value


_NOT_DECISIONS = (AutoPlay, Flee, Mark)


def advise(
    log: HandLog,
    seats: Iterable[int] | None = None,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
) -> list[Advice]:
    """Advice on every decision of ``seats`` (default: all) in the finished hand ``log``.

    Raises ``WrongPhase`` if the log does not end with the hand over.
    """
    wanted = set(range(5) if seats is None else seats)
    state = new_hand(log.seed, log.rules, log.previous)  # §10.4: dealt after tribute
    steps: list[tuple[int, int, Action, State]] = []
    step = 0
    for seat, action in log.events:
        before = state
        state = apply(before, seat, action)
        if isinstance(action, Mark):
            continue  # review.replay_steps skips marks too: keep the step numbers aligned
        step += 1
        if seat in wanted and not isinstance(action, _NOT_DECISIONS):
            if isinstance(action, Play):
                # The cards the engine actually took (a log may name strengths only).
                action = Play(cards_of(state.played[-1][1]))
            steps.append((step, seat, action, before))
    if state.phase is not Phase.FINISHED:
        raise WrongPhase("advice is only given on a hand that is over")
    out = []
    for step_index, seat, action, before in steps:
        view = view_for(before, seat)
        bot = ExpertBot(seed=seed, budget=budget)
        analysis = bot.analyse(view, also=action)
        differs = _key(analysis.action) != _key(action)
        out.append(
            Advice(
                step=step_index,
                seat=seat,
                played=action,
                expert=analysis.action,
                differs=differs,
                played_value=analysis.value_of(action),
                expert_value=analysis.value_of(analysis.action),
            )
        )
    return out


def advice_rows(
    log_text: str, budget: tuple[int, int, int] | None = None
) -> list[dict[str, object]]:
    """:func:`advise` on a log in its text form, as plain data (what the site stores; it runs
    in a worker process, so it takes and returns only plain values). ``budget``: (playout
    cards, min worlds, max worlds) of the search; None: the playing expert's."""
    search = DEFAULT_BUDGET if budget is None else Budget(*budget)
    rows: list[dict[str, object]] = []
    for a in advise(HandLog.from_text(log_text), budget=search):
        delta = a.delta
        rows.append(
            {
                "step": a.step,
                "seat": a.seat,
                "played": a.played.to_notation(),
                "expert": a.expert.to_notation(),
                "differs": a.differs,
                "delta": None if delta is None else round(delta, 2),
            }
        )
    return rows
