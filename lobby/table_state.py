"""Read side of a table for one viewer: which seat they hold and the context to render.

Used both by the table page (first render) and by the consumer (every push), so the two
can never disagree: one function, one template.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string

from accounts.models import User
from game import engine
from game.engine import titles
from game.models import Hand, HandStatus, SeatResult
from game.selectors import state_of
from game.services import away_since, seat_deadline
from lobby.models import Table, TableSeat
from lobby.presenters import (
    Occupant,
    ResultRow,
    TableContext,
    hand_context,
    result_row,
    waiting_context,
)

FRAGMENTS = ("status", "seats", "center", "controls", "peek", "error")


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: a user (maybe seated), a guest owning a trial table, or a spectator."""

    user_id: int | None
    seat: int | None  # the table seat they hold, None for spectators


def viewer_for(table: Table, user: User | None, session_key: str | None) -> Viewer | None:
    """The viewer, or None when they may not watch this table at all."""
    if table.is_guest:
        if session_key and session_key == table.guest_session:
            return Viewer(user_id=None, seat=0)
        return None
    if user is None or not user.is_authenticated:
        return None
    row = TableSeat.objects.filter(table=table, user=user).values_list("index", flat=True).first()
    return Viewer(user_id=user.pk, seat=row)


def _occupants(table: Table, viewer: Viewer, hand: Hand | None) -> list[Occupant | None]:
    occupants: list[Occupant | None] = [None] * 5
    for row in TableSeat.objects.filter(table=table).select_related("user"):
        if row.is_bot:
            occupants[row.index] = Occupant(name=_bot_name(row.index), is_bot=True, ready=row.ready)
        elif row.is_guest:
            occupants[row.index] = Occupant(
                name="游客", is_me=viewer.seat == row.index, ready=row.ready
            )
        elif row.user is not None:
            occupants[row.index] = Occupant(
                name=row.user.username,
                is_me=row.user_id == viewer.user_id,
                ready=row.ready,
                user_id=row.user_id,
            )
    if hand is not None:
        # During and after a hand, the hand's own seating is the truth (people may stand up
        # after it ends); titles are those of the role each seat played (RULES §7.6).
        for hs in hand.seats.select_related("user"):
            current = occupants[hs.seat]
            occupants[hs.seat] = Occupant(
                name=hs.name,
                is_bot=hs.is_bot,
                is_me=viewer.seat == hs.seat,
                ready=current.ready if current is not None else False,
                user_id=hs.user_id,
                title="",
            )
    return occupants


def _bot_name(index: int) -> str:
    from lobby.tables import BOT_NAMES

    return BOT_NAMES[index]


def _with_titles(
    occupants: list[Occupant | None], hand: Hand, view: engine.View
) -> list[Occupant | None]:
    """Add the title of each seat's role, only where the viewer knows that role (§7.6)."""
    users = {
        u.pk: u
        for u in User.objects.filter(pk__in=[o.user_id for o in occupants if o and o.user_id])
    }
    out: list[Occupant | None] = []
    for seat, occ in enumerate(occupants):
        role = view.seats[seat].role
        if occ is None or occ.user_id is None or role is None or hand.is_guest:
            out.append(occ)
            continue
        points = getattr(users[occ.user_id], f"{role.value}_points")
        out.append(
            Occupant(
                occ.name,
                occ.is_bot,
                occ.is_me,
                occ.ready,
                occ.user_id,
                titles.tier_for(role, points).name,
            )
        )
    return out


def _results(hand: Hand, me: int | None) -> list[ResultRow]:
    names = {hs.seat: hs.name for hs in hand.seats.all()}
    return [
        result_row(r, name=names.get(r.seat, ""), me=me)
        for r in SeatResult.objects.filter(hand=hand).order_by("place")
    ]


def table_context(
    table: Table, viewer: Viewer, *, peek: int | None = None, errors: tuple[str, ...] = ()
) -> TableContext:
    table.refresh_from_db(fields=["current_hand", "hands_played"])
    hand = Hand.objects.filter(pk=table.current_hand_id).first() if table.current_hand_id else None
    occupants = _occupants(table, viewer, hand)
    if hand is None:
        ctx = waiting_context(
            table_id=table.pk,
            me=viewer.seat,
            occupants=occupants,
            version=0,
            is_guest_table=table.is_guest,
        )
        return _with_errors(ctx, errors)
    state = state_of(hand)
    try:
        view = engine.view_for(state, viewer.seat, peek=peek)
    except engine.IllegalAction:
        view = engine.view_for(state, viewer.seat)
    deadlines = [
        seat_deadline(hand, s) if hand.status == HandStatus.RUNNING else None for s in range(5)
    ]
    ctx = hand_context(
        table_id=table.pk,
        hand_id=hand.pk,
        view=view,
        occupants=_with_titles(occupants, hand, view),
        deadlines=deadlines,
        results=_results(hand, viewer.seat) if hand.status == HandStatus.FINISHED else (),
        is_guest_table=table.is_guest,
        away=[away_since(hand, s) is not None for s in range(5)],
    )
    return _with_errors(ctx, errors)


def _with_errors(ctx: TableContext, errors: tuple[str, ...]) -> TableContext:
    from dataclasses import replace

    return replace(ctx, errors=errors) if errors else ctx


def render_fragments(ctx: TableContext, *, include_hand: bool) -> str:
    names = FRAGMENTS + (("hand",) if include_hand else ())
    return "".join(
        render_to_string(f"lobby/_table.html#{name}", {"t": ctx, "oob": True}) for name in names
    )


def render_hand(ctx: TableContext) -> str:
    return render_to_string("lobby/_table.html#hand", {"t": ctx, "oob": True})
