"""Red Ten self-play: five bots play whole hands through ``apply``, each seeing only its
``view_for``. A session deals each hand from the last hand's first place (file 003 §3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..state import N_SEATS
from .actions import Action
from .bots import Bot, SensibleBot
from .hand import apply, new_hand, to_act
from .outcome import settle
from .replay import HandLog
from .rules import Rules
from .settlement import as_number
from .state import Phase, State
from .view import view_for

# 50 sets at most, each followed by at most four passes, plus five 亮牌 answers.
MAX_ACTIONS = 1000


class SelfPlayError(RuntimeError):
    """A self-play hand did not finish."""


def default_bots(seed: int) -> list[Bot]:
    return [SensibleBot(random.Random(seed * N_SEATS + seat)) for seat in range(N_SEATS)]


def play_hand(
    seed: int, rules: Rules, *, dealer: int | None = None, bots: Sequence[Bot] | None = None
) -> tuple[State, HandLog]:
    """Play one hand to the end; return the final state and its replayable log."""
    seats = list(bots) if bots is not None else default_bots(seed)
    if len(seats) != N_SEATS:
        raise ValueError(f"self-play needs {N_SEATS} bots, got {len(seats)}")
    state = new_hand(seed, rules, dealer=dealer)
    events: list[tuple[int, Action]] = []
    while state.phase is not Phase.FINISHED:
        if len(events) >= MAX_ACTIONS:
            raise SelfPlayError(f"seed {seed}: no result after {MAX_ACTIONS} actions")
        acting = to_act(state)
        if not acting:
            raise SelfPlayError(f"seed {seed}: nobody to act in phase {state.phase}")
        seat = acting[0]  # 亮牌 answers are simultaneous and secret: any order will do
        action = seats[seat].choose(view_for(state, seat))
        state = apply(state, seat, action)
        events.append((seat, action))
    return state, HandLog(seed, rules, dealer, tuple(events))


def hand_summary(state: State) -> dict[str, object]:
    """One self-play line: the deal, 明打/暗打, the going-out order, result and payouts."""
    settlement = settle(state)
    result = settlement.outcome
    return {
        "seed": state.seed,
        "dealer": state.dealer,
        "red": list(result.red),
        "open": settlement.open,
        "four_tens": state.four_tens is not None,
        "out": list(result.out),
        "result": result.result.value,
        "caught": result.caught,
        "payouts": [as_number(p) if not isinstance(p, int) else p for p in settlement.payouts],
    }


def next_dealer(state: State) -> int:
    """File 003 §3: the next hand is dealt from this hand's first place."""
    return state.out_order[0]
