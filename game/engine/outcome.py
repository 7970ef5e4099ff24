"""From a finished state to money: seat outcomes for ``settlement.py`` (RULES §5, §6.3)."""

from __future__ import annotations

from .errors import WrongPhase
from .previous import PreviousResult
from .roles import Mode
from .settlement import SeatOutcome, Settlement, compute_settlement
from .state import N_SEATS, Phase, State


def seat_outcomes(state: State) -> tuple[SeatOutcome, ...]:
    """Role, place and fled flag of every seat of a finished hand."""
    if state.phase is not Phase.FINISHED:
        raise WrongPhase("the hand is not over yet")
    if state.void:
        raise WrongPhase("a void hand is redealt and never settled (RULES §10.2, §10.3)")
    places = list(state.places)
    if state.abandoned:
        # RULES §10.11: the abandoned throne is scored as a solo loss of one step less: a
        # beaten emperor is scored one place better, swapping with the seat ahead of him
        # (a rebel, like every other seat in solo). docs/RULES-DECISIONS.md.
        emperor = state.emperor
        assert emperor is not None
        place = places[emperor]
        assert place is not None
        if place > 1:
            ahead = places.index(place - 1)
            places[emperor], places[ahead] = place - 1, place
    outcomes = []
    for seat in range(N_SEATS):
        role = state.role_of(seat)
        place = places[seat]
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


def previous_result(state: State) -> PreviousResult | None:
    """The finished hand as the next hand's tribute needs it (RULES §10.4); None for a void
    hand (no tribute follows it)."""
    if state.phase is not Phase.FINISHED or state.void:
        return None
    outcomes = seat_outcomes(state)
    settlement = settle(state)
    return PreviousResult(
        roles=tuple(o.role for o in outcomes),
        places=tuple(o.place for o in outcomes),
        winner=settlement.winner,
        open_solo=state.effective_mode is Mode.OPEN_SOLO,
    )
