"""The lobby's socket: the room list, or a room page's counts and tables, kept live."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from lobby.consumers.connection import LiveList, scope_language
from lobby.lobby_live import render_room_live, room_of
from lobby.selectors import open_rooms

LOBBY_GROUP = "lobby"


class LobbyConsumer(LiveList):
    """Pushes the room list (with live occupancy) to signed-in players on the home page, or
    a room page's counts and tables."""

    def group_name(self) -> str:
        return LOBBY_GROUP

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.redraw(event)

    async def render(self) -> str:
        slug = room_of(self.scope)
        if slug:  # a room page: its counts and tables
            live = await database_sync_to_async(render_room_live)(scope_language(self.scope), slug)
            return live or ""
        html: str = await database_sync_to_async(render_rooms)(scope_language(self.scope))
        return html


def render_rooms(language: str) -> str:
    with translation.override(language):
        return render_to_string("lobby/_rooms.html", {"rooms": list(open_rooms()), "oob": True})
