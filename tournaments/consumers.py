"""The tournament page's socket: pushes the standings each time they may have changed."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from lobby.consumers.connection import LiveList, scope_language
from tournaments.live import group_of
from tournaments.models import Tournament
from tournaments.views import standings_context


class TournamentConsumer(LiveList):
    def tournament_id(self) -> int:
        return int(self.scope["url_route"]["kwargs"]["tournament_id"])

    def group_name(self) -> str:
        return group_of(self.tournament_id())

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        await self.redraw(event)

    async def render(self) -> str:
        html: str = await database_sync_to_async(render_standings)(
            scope_language(self.scope), self.tournament_id()
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
