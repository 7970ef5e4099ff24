"""What the lobby socket pushes: the home page's room list, or one room's live
part (counts and tables) for a room page that connected with ``?room=<slug>``."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from django.template.loader import render_to_string
from django.utils import translation

from game.models import Room
from lobby.selectors import live_table_count, players_online, room_tables


def room_live_context(room: Room) -> dict[str, object]:
    return {
        "tables": room_tables(room),
        "online": players_online(room),
        "playing": live_table_count(room),
    }


def room_of(scope: dict[str, Any]) -> str:
    """The room slug a lobby socket asked for, or "" for the home page's room list."""
    raw: bytes = scope.get("query_string", b"")
    query = parse_qs(raw.decode("latin-1"))
    return (query.get("room") or [""])[0][:60]


def render_room_live(language: str, slug: str) -> str | None:
    """The room's live part, or None when no open room has that slug."""
    room = Room.objects.filter(slug=slug, is_open=True).first()
    if room is None:
        return None
    with translation.override(language):
        return render_to_string("lobby/_room_live.html", {**room_live_context(room), "oob": True})
