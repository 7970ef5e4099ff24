"""Reads for the lobby."""

from __future__ import annotations

from django.db.models import QuerySet

from game.engine.state import N_SEATS
from game.models import Room, Table
from game.selectors import with_running_flag


def open_rooms() -> QuerySet[Room]:
    return Room.objects.filter(is_open=True).order_by("sort_order", "id")


def room_tables(room: Room) -> list[dict[str, object]]:
    """The room's open (non-guest) tables with their seats, for the room page."""
    rows = []
    for table in (
        with_running_flag(Table.objects.filter(room=room, is_closed=False, guest_session=""))
        .prefetch_related("seats__user")
        .order_by("-id")[:50]
    ):
        seats = list(table.seats.all())
        rows.append(
            {
                "table": table,
                "seats": seats,
                "taken": sum(1 for s in seats if not s.is_empty),
                "size": N_SEATS,
                "running": table.running,  # type: ignore[attr-defined]  # with_running_flag
            }
        )
    return rows
