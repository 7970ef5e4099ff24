"""The tournaments' fragments other apps' pages include: the home page's list, a player's
tournaments on his profile, and on every page the notice of his tournament's start."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django import template
from django.urls import reverse

from tournaments import live, selectors

register = template.Library()


@register.inclusion_tag("tournaments/_open_list.html")
def open_tournament_list() -> dict[str, object]:
    return {"listing": selectors.home_listing()}


@register.inclusion_tag("tournaments/_player_tournaments.html")
def player_tournaments(player: Any) -> dict[str, object]:
    return {"rows": selectors.tournaments_of(player.pk)}


@register.inclusion_tag("tournaments/_notice_slot.html", takes_context=True)
def tournament_notice(context: template.Context) -> dict[str, object]:
    """For a registrant: his running tournament's notice with a link to his table (not on
    that table's page), and while one he registered for has not started, the socket that
    announces its start (RULES §6.4)."""
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return {"listen": False, "notice": ""}
    notice = ""
    found = live.person_notice(user.pk)
    request = context.get("request")
    if found.running is not None:
        tournament, table_id = found.running
        here = (
            table_id is not None
            and request is not None
            and (request.path == reverse("table", args=[table_id]))
        )
        if not here:
            notice = live.notice_html(tournament, table_id, oob=False)  # rendered: safe
    return {"listen": found.awaits_start, "notice": notice}


@register.filter
def score(value: Fraction) -> str:
    """A score with its sign, two decimals and its unit (base stakes S)."""
    return selectors.score_text(value)
