"""Websocket consumers of the lobby."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from lobby.selectors import open_rooms

LOBBY_GROUP = "lobby"


class LobbyConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    """Pushes the room list (with live occupancy) to signed-in players on the home page."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            # 4401: our "not signed in" close code (HTTP 401 in the 4000 range).
            await self.close(code=4401)
            return
        await self.accept()
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.send(text_data=await self._render_rooms())

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=await self._render_rooms())

    async def _render_rooms(self) -> str:
        html: str = await database_sync_to_async(render_rooms)()
        return html


def render_rooms() -> str:
    return render_to_string("lobby/_rooms.html", {"rooms": list(open_rooms()), "oob": True})
