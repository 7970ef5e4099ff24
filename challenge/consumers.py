"""The challenge page's socket: the live board, for one viewer.

A ring names the deal whose field changed. The socket redraws only when its viewer has
played that deal (or it is his own change, or the day closed): a viewer who has not played
deal k gets no frame when somebody finishes it, so not even the timing of the pushes tells
him how deal k goes elsewhere (RULES §3.4, §8)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from challenge.live import group_of
from challenge.models import Challenge
from challenge.selectors import counted_for
from challenge.views import board_context
from lobby.consumers.connection import LiveList, scope_language


class ChallengeConsumer(LiveList):
    def challenge_id(self) -> int:
        return int(self.scope["url_route"]["kwargs"]["challenge_id"])

    def group_name(self) -> str:
        return group_of(self.challenge_id())

    async def daily_changed(self, event: dict[str, Any]) -> None:
        user_id = self.scope["user"].pk
        deal, whose = int(event["deal"]), event.get("user")
        if whose is None or whose == user_id:
            await self.redraw(event)
            return
        if deal < 0:
            await self.redraw(event)  # somebody entered: the count of entrants changed
            return
        if await database_sync_to_async(_sees)(self.challenge_id(), deal, user_id):
            await self.redraw(event)

    async def render(self) -> str:
        html: str = await database_sync_to_async(render_board)(
            scope_language(self.scope), self.challenge_id(), self.scope["user"].pk
        )
        return html


def _sees(challenge_id: int, deal: int, user_id: int) -> bool:
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    return challenge is not None and deal < counted_for(challenge, user_id)


def render_board(language: str, challenge_id: int, user_id: int) -> str:
    challenge = Challenge.objects.select_related("room").filter(pk=challenge_id).first()
    if challenge is None:
        return ""
    with translation.override(language):
        return render_to_string(
            "challenge/_board.html", {**board_context(challenge, user_id), "oob": True}
        )
