"""From a finished Red Ten state to its payouts (file 003 §9 and the coin-room formula)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .settlement import Outcome, coins, multiple, points
from .state import State


@dataclass(frozen=True, slots=True)
class Settlement:
    outcome: Outcome
    open: bool  # scored as 明打 (never for four tens: scored as 暗打, §9)
    multiple: int  # 2 in 明打, else 1
    points: tuple[int, ...]  # by seat, zero-sum
    coins: tuple[Fraction, ...] | None  # by seat, in a coin room (rules.coin = N)

    @property
    def payouts(self) -> tuple[int | Fraction, ...]:
        """What the room pays: coins in a coin room, else points."""
        return self.points if self.coins is None else self.coins


def settle(state: State) -> Settlement:
    """Settle a finished hand (raises ``WrongPhase`` before the end)."""
    result = state.outcome()
    open_game = state.open and state.four_tens is None
    coin = state.rules.coin
    return Settlement(
        outcome=result,
        open=open_game,
        multiple=multiple(open_game),
        points=points(result, open_game=open_game),
        coins=coins(result, open_game=open_game, coefficient=coin) if coin else None,
    )
