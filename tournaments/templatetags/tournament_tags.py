"""The home page's list of open tournaments (the lobby's home page includes it)."""

from __future__ import annotations

from django import template

from tournaments.selectors import open_tournaments

register = template.Library()


@register.inclusion_tag("tournaments/_open_list.html")
def open_tournament_list() -> dict[str, object]:
    return {"tournaments": list(open_tournaments())}
