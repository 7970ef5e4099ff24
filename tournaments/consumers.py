"""The tournament's sockets: its page's (the standings and the reader's part, each time they
may have changed) and every page's notice of a registrant's tournament start."""

from __future__ import annotations

import string
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import CSRF_SECRET_LENGTH, get_token
from django.template.loader import render_to_string
from django.utils import translation

from lobby.consumers.connection import (
    LiveList,
    scope_language,
)
from lobby.selectors import my_seat
from tournaments.live import group_of, notice_group, notice_html, running_entry
from tournaments.models import Status, Tournament
from tournaments.views import standings_context


class TournamentConsumer(LiveList):
    def tournament_id(self) -> int:
        return int(self.scope["url_route"]["kwargs"]["tournament_id"])

    def group_name(self) -> str:
        return group_of(self.tournament_id())

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        await self.redraw(event)

    async def render(self) -> str:
        user = self.scope.get("user")
        html: str = await database_sync_to_async(render_standings)(
            scope_language(self.scope),
            self.tournament_id(),
            getattr(user, "pk", None),
            csrf_token=csrf_token_for(self.scope),
        )
        return html


def csrf_token_for(scope: dict[str, Any]) -> str | None:
    """A form token for this socket's page, masked afresh from the CSRF cookie its browser
    sent (the cookie the form's post will carry), so a pushed form posts as the page's own
    would. None without a well-formed cookie: the push then holds no form."""
    secret = scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
    if len(secret) != CSRF_SECRET_LENGTH or not set(secret) <= _CSRF_CHARS:
        return None
    request = HttpRequest()
    request.META["CSRF_COOKIE"] = secret
    return get_token(request)


_CSRF_CHARS = frozenset(string.ascii_letters + string.digits)


def render_standings(
    language: str, tournament_id: int, user_id: int | None = None, *, csrf_token: str | None = None
) -> str:
    """The page's live part for ``user_id``: the standings and prizes, and once it is no
    longer open his own part: the way to his table and, with a form token, the way out of it
    (RULES §6.3)."""
    tournament = Tournament.objects.select_related("room").filter(pk=tournament_id).first()
    if tournament is None:
        return ""
    context = {**standings_context(tournament, user_id), "oob": True}
    if csrf_token is not None and context["my_table"] is not None and user_id is not None:
        context["my_seat"] = my_seat(user_id)
        context["csrf_token"] = csrf_token
    with translation.override(language):
        html = render_to_string("tournaments/_standings.html", context)
        if tournament.status != Status.OPEN:
            html += render_to_string("tournaments/_entry.html", context)
    return html


def current_notice(language: str, user_id: int) -> str:
    """The notice as it stands for ``user_id``: his running tournament's, or none (the page
    listens: ``data-listening``)."""
    running = running_entry(user_id)
    if running is not None:
        return notice_html(running[0], running[1], language=language, oob=True)
    return (
        '<div id="site-notice" class="site-notice" hidden data-listening="1"'
        ' hx-swap-oob="true"></div>'
    )


class NoticeConsumer(LiveList):
    """``/ws/notices/``: a registrant's page, told when his tournament starts (RULES §6.4).

    Opened by every page of a person registered for a tournament that has not started
    (``tournament_tags.tournament_notice``). Connecting is a full render, as for every
    socket: a start rung while this page was still connecting is on it all the same."""

    def group_name(self) -> str:
        return notice_group(self.scope["user"].pk)

    async def notice_show(self, event: dict[str, Any]) -> None:
        await self.redraw(event)

    async def render(self) -> str:
        html: str = await database_sync_to_async(current_notice)(
            scope_language(self.scope), self.scope["user"].pk
        )
        return html
