"""From a finished state to money: seat outcomes for ``settlement.py`` (RULES §5, §6.3)."""

from __future__ import annotations

from .errors import WrongPhase
from .settlement import SeatOutcome, Settlement, compute_settlement
from .state import N_SEATS, Phase, State


def seat_outcomes(state: State) -> tuple[SeatOutcome, ...]:
    """Role, place and fled flag of every seat of a finished hand."""
    if state.phase is not Phase.FINISHED:
        raise WrongPhase("the hand is not over yet")
    outcomes = []
    for seat in range(N_SEATS):
        role = state.role_of(seat)
        place = state.places[seat]
        assert role is not None and place is not None
        outcomes.append(SeatOutcome(seat=seat, role=role, place=place, fled=state.fled[seat]))
    return tuple(outcomes)


def settle(state: State) -> Settlement:
    """Settle a finished hand with the stake and fee carried by its rules. The declared mode
    is passed with the rebellion flag apart: settlement scores a dark solo opened by
    rebellion as open solo, and open guard + rebellion as open once (§5.2, §5.3)."""
    outcomes = seat_outcomes(state)
    assert state.mode is not None
    return compute_settlement(
        mode=state.mode,
        rebellion=state.rebellion,
        outcomes=outcomes,
        stake=state.rules.stake,
        fee=state.rules.fee,
        scoring=state.rules.scoring,
        quit_penalty=state.rules.quit_penalty,
    )
