"""Fragments of the game record that pages of other apps include.

The profile (accounts) shows a player's recent hands, but accounts sits below game and may
not import it (docs/ARCHITECTURE.md): the profile template includes this game-owned fragment
instead, so the hand record is read and drawn by the app that owns it.
"""

from __future__ import annotations

from typing import Any

from django import template

from accounts.models import User
from display.labels import role_label
from game.selectors import finished_hands_of

register = template.Library()
register.filter("role_label", role_label)

RECENT_HANDS = 20


@register.inclusion_tag("game/_recent_hands.html")
def recent_hands(player: User, limit: int = RECENT_HANDS) -> dict[str, Any]:
    """A player's latest finished hands, newest first, with links to their replays."""
    return {"hands": finished_hands_of(player, limit=limit)}
