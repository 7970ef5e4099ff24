"""The lobby's socket: the room list, or a room page's counts and tables, kept live."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from lobby.consumers.connection import (
    CLOSE_NOT_SIGNED_IN,
    CLOSE_TOO_MANY,
    SOCKETS,
    DirectDispatch,
    scope_language,
)
from lobby.lobby_live import render_room_live, room_of
from lobby.selectors import open_rooms

LOBBY_GROUP = "lobby"


class LobbyConsumer(DirectDispatch):
    """Pushes the room list (with live occupancy) to signed-in players on the home page."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_SIGNED_IN)
            return
        await self.accept()
        # The room list counts against the account's sockets too: each one is re-rendered
        # on every lobby change (SECURITY.md F8).
        self.slot: str | None = f"user:{user.pk}"
        if not SOCKETS.take(self.slot, settings.BAOHUANG_SOCKETS_PER_ACCOUNT):
            self.slot = None
            await self.close(code=CLOSE_TOO_MANY)
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.send(text_data=await self._render_rooms())

    async def disconnect(self, code: int) -> None:
        slot: str | None = getattr(self, "slot", None)
        if slot is not None:
            SOCKETS.give_back(slot)
            self.slot = None
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=await self._render_rooms())

    async def _render_rooms(self) -> str:
        slug = room_of(self.scope)
        if slug:  # a room page: its counts and tables
            live = await database_sync_to_async(render_room_live)(scope_language(self.scope), slug)
            return live or ""
        html: str = await database_sync_to_async(render_rooms)(scope_language(self.scope))
        return html


def render_rooms(language: str) -> str:
    with translation.override(language):
        return render_to_string("lobby/_rooms.html", {"rooms": list(open_rooms()), "oob": True})
