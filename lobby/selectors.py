"""Reads for the lobby."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet

from game.engine.state import N_SEATS
from game.models import Connection, Room, Table, TableSeat
from game.selectors import HAND_RUNNING, with_running_flag


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
