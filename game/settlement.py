"""Settlement (RULES §5, §6.3, §7): the hand's results, written once in the ending transaction.

Accounts are reached through one function, ``accounts.hand_results.record_hand_results``;
guests' and bots' seats, and every seat of a tournament's hand, get their row here and
nothing else.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q

from accounts.hand_results import HandResult, record_hand_results
from game import engine
from game.engine.state import N_SEATS
from game.models import Hand, HandStatus, SeatResult, Table, TableSeat
from game.props import NO_PROPS, counts_for_props, props_at


def settle(hand: Hand, state: engine.State, now: datetime) -> None:
    """Write the settlement, ledger rows and title changes: once, in the ending transaction."""
    settlement = engine.settle(state)
    places = [state.role_of(seat) for seat in state.finishing_order]
    assert state.mode is not None and all(r is not None for r in places)
    roles_in_order = [r for r in places if r is not None]
    seats = {s.seat: s for s in hand.seats.select_related("user")}
    # A guest's trial and a tournament's hand move neither beans nor titles (a tournament's
    # stakes are its entry fee and prizes: docs/DECISIONS.md, "Tournament hands").
    keep_score = not hand.is_guest and not hand.is_tournament
    # RULES §12.4, §12.6: the double-score cards running as the hand ends, where props count.
    account_ids = [s.user_id for s in seats.values() if s.user_id is not None]
    held = props_at(account_ids, now) if keep_score and counts_for_props(hand) else {}
    rows = []
    accounts: list[tuple[int, HandResult]] = []
    scored: list[SeatResult] = []  # the rows of ``accounts``, in the same order
    for result in settlement.seats:
        hand_seat = seats[result.seat]
        user = hand_seat.user if keep_score else None
        row = SeatResult(
            hand=hand,
            seat=result.seat,
            user=hand_seat.user,
            role=result.role.value,
            place=result.place,
            fled=result.fled,
            payout=result.payout,
            fee=result.fee,
            penalty=result.penalty,
            net=result.net,
        )
        if user is not None:
            accounts.append(
                (
                    user.pk,
                    HandResult(
                        hand_id=hand.pk,
                        role=result.role,
                        place=result.place,
                        fled=result.fled,
                        payout=result.payout,
                        fee=result.fee,
                        penalty=result.penalty,
                        stake=settlement.stake,
                        mode=state.mode,
                        rebellion=state.rebellion,
                        places=roles_in_order,
                        won=settlement.winner == _side(result.role),
                        draw=settlement.winner == "draw",
                        winner=settlement.winner,
                        double_score=held.get(user.pk, NO_PROPS).double_score,
                    ),
                )
            )
            scored.append(row)
        rows.append(row)
    # The accounts' part in one go: their rows locked together, their writes shared.
    for row, recorded in zip(
        scored, record_hand_results(results=accounts, now=now) if accounts else [], strict=True
    ):
        row.title_points_before = recorded.title_points_before
        row.title_points_after = recorded.title_points_after
        row.title_before = recorded.title_before
        row.title_after = recorded.title_after
        row.reward = recorded.reward
        row.score_doubled = recorded.score_doubled
    SeatResult.objects.bulk_create(rows)  # one statement on the database thread, not five
    hand.status = HandStatus.FINISHED
    hand.finished_at = now
    hand.mode = state.mode.value
    hand.rebellion = state.rebellion
    hand.deadlines = [None] * N_SEATS
    hand.clocks = [None] * N_SEATS
    hand.next_deadline_at = None
    if hand.table_id is not None:
        close_if_nobody_sits(hand.table_id)


def close_if_nobody_sits(table_id: int) -> None:
    """A hand that ends at a table where no person sits any more (they all left, or fled)
    closes the table: it would otherwise wait on the room page for ever (docs/SECURITY.md,
    the resource hog's empty tables)."""
    people = TableSeat.objects.filter(table_id=table_id).filter(
        Q(user__isnull=False) | Q(is_guest=True)
    )
    if not people.exists():
        Table.objects.filter(pk=table_id).update(is_closed=True)


def _side(role: engine.Role) -> str:
    """The side ``role`` won or lost with, as ``Settlement.winner`` names it."""
    return "rebels" if role is engine.Role.REBEL else "royalists"
