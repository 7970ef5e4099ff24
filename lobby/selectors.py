"""Reads for the lobby."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet

from game.engine.state import N_SEATS
from game.models import Connection, Game, HandSeat, HandStatus, Room, Table, TableSeat
from game.selectors import HAND_RUNNING, state_of, with_running_flag
from lobby.tables import dealt_elsewhere


def open_rooms() -> QuerySet[Room]:
    return Room.objects.filter(is_open=True).order_by("sort_order", "id")


def _listed_tables(room: Room) -> QuerySet[Table]:
    """The room's open public tables (never a guest's or a private one) that are alive: a
    hand running, somebody connected, or no hand played yet (a table being filled). A table
    left behind after a finished hand, with nobody connected, is not listed."""
    connected = Connection.objects.filter(table_id=OuterRef("pk"))
    return (
        Table.objects.filter(room=room, is_closed=False, guest_session="", is_private=False)
        .annotate(connected=Exists(connected))
        .filter(HAND_RUNNING | Q(connected=True) | Q(current_hand__isnull=True))
    )


def live_table_count(room: Room) -> int:
    """Tables of the room with a hand being played now (the lobby's count)."""
    return _listed_tables(room).filter(HAND_RUNNING).count()


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table of a room's list."""

    table: Table
    seats: tuple[TableSeat, ...]
    taken: int
    running: bool
    size: int = N_SEATS

    @property
    def open_seats(self) -> int:
        """Seats a person can take now: empty ones, and bots' between hands."""
        if self.running:
            return 0
        return sum(1 for s in self.seats if s.is_empty or s.is_bot)


def room_tables(room: Room) -> list[TableRow]:
    """The room's live tables with their seats, for the room page."""
    rows = []
    for table in (
        with_running_flag(_listed_tables(room)).prefetch_related("seats__user").order_by("-id")[:50]
    ):
        seats = tuple(table.seats.all())
        rows.append(
            TableRow(
                table=table,
                seats=seats,
                taken=sum(1 for s in seats if not s.is_empty),
                running=table.running,  # type: ignore[attr-defined]  # with_running_flag
            )
        )
    # Tables waiting for people first, the fullest of them on top.
    rows.sort(key=lambda r: (r.open_seats == 0, -sum(1 for s in r.seats if s.user_id)))
    return rows


def players_online(room: Room | None = None) -> int:
    """Seated players with a table page open (in ``room``, or site-wide): the lobby's count."""
    rows = Connection.objects.all()
    if room is not None:
        rows = rows.filter(table__room=room)
    return rows.values("table_id", "seat").distinct().count()


# --- the seat a person holds, as the home and room pages offer it ---------------------------

LEAVE_FREE = "free"  # between hands, or out of the hand already: he just stands up
LEAVE_FLIGHT = "flight"  # a running Baohuang hand he still plays: leaving is fleeing (§6.3)
LEAVE_AUTO = "auto"  # a running Red Ten hand: auto-play plays his cards to its end
LEAVE_TOURNAMENT = "tournament"  # a tournament's table: a bot plays his seat from now on


@dataclass(frozen=True, slots=True)
class MySeat:
    """Where a person sits and what leaving costs him now (the pages that lead back to his
    table offer to leave too, naming the consequence before he confirms)."""

    table_id: int
    leave: str  # one of the LEAVE_* kinds
    flight_penalty: int = 0  # beans (LEAVE_FLIGHT)


def my_seat(user_id: int) -> MySeat | None:
    """The seat ``user_id`` holds, if any, and what leaving it costs now."""
    row = (
        TableSeat.objects.filter(user_id=user_id)
        .select_related("table__current_hand", "table__room")
        .first()
    )
    if row is None:
        return None
    table_id = row.table_id
    hand = row.table.current_hand
    running = hand is not None and hand.status == HandStatus.RUNNING
    if dealt_elsewhere(table_id):
        return MySeat(table_id, LEAVE_TOURNAMENT)
    if not running or hand is None:
        return MySeat(table_id, LEAVE_FREE)
    if row.table.room.game != Game.BAOHUANG:
        return MySeat(table_id, LEAVE_AUTO)
    seat = HandSeat.objects.filter(hand=hand, user_id=user_id).values_list("seat", flat=True)
    played = seat.first()
    if played is None:
        return MySeat(table_id, LEAVE_FREE)  # not a player of the running hand
    state = state_of(hand)
    if state.places[played] is not None or state.fled[played]:
        return MySeat(table_id, LEAVE_FREE)
    return MySeat(table_id, LEAVE_FLIGHT, state.rules.quit_penalty * state.rules.stake)
