"""The tournament page's socket: pushes the standings each time they may have changed."""

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
from tournaments.live import group_of
from tournaments.models import Tournament
from tournaments.views import standings_context


class TournamentConsumer(DirectDispatch):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_SIGNED_IN)
            return
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        await self.accept()
        # Counts against the account's sockets, as every live page does (SECURITY.md F8).
        self.slot: str | None = f"user:{user.pk}"
        if not SOCKETS.take(self.slot, settings.BAOHUANG_SOCKETS_PER_ACCOUNT):
            self.slot = None
            await self.close(code=CLOSE_TOO_MANY)
            return
        await self.channel_layer.group_add(group_of(self.tournament_id), self.channel_name)
        await self.send(text_data=await self._render())

    async def disconnect(self, code: int) -> None:
        slot: str | None = getattr(self, "slot", None)
        if slot is not None:
            SOCKETS.give_back(slot)
            self.slot = None
        if hasattr(self, "tournament_id"):
            await self.channel_layer.group_discard(group_of(self.tournament_id), self.channel_name)

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=await self._render())

    async def _render(self) -> str:
        html: str = await database_sync_to_async(render_standings)(
            scope_language(self.scope), self.tournament_id
        )
        return html


def render_standings(language: str, tournament_id: int) -> str:
    tournament = Tournament.objects.select_related("room").filter(pk=tournament_id).first()
    if tournament is None:
        return ""
    with translation.override(language):
        return render_to_string(
            "tournaments/_standings.html", {**standings_context(tournament), "oob": True}
        )
