"""Small lobby tags: a room's rules in a sentence, and its count of live tables."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from game.models import Preset, Room
from lobby.selectors import live_table_count, players_online

register = template.Library()


@register.simple_tag
def room_sentence(room: Room) -> str:
    """What makes the room's hands different, in a sentence (RULES §9.2, §4.7, §4.8)."""
    text = {
        Preset.STANDARD: _(
            "Full rules: the emperor may hand on the throne or go solo, the guard may reveal "
            "himself and rebels may declare."
        ),
        Preset.QUICK: _(
            "Quick hands: no handing on the throne, the guard always stays hidden, no declared "
            "rebellion: straight to the cards."
        ),
        Preset.KEEP_SIX: _(
            "Full rules plus keep six (保六): 6s may only be your last set, all of them at once."
        ),
    }.get(Preset(room.preset), "")
    if room.pass_lock:
        text += " " + _("Pass-lock: once you pass, you sit out the rest of the trick.")
    text += " " + _("Each stake unit is %(stake)s beans; a hand can cost up to %(most)s.") % {
        "stake": room.base_stake,
        "most": room.effective_min_balance,
    }
    return text


@register.simple_tag
def live_tables(room: Room) -> int:
    return live_table_count(room)


@register.simple_tag
def online_players(room: Room) -> int:
    return players_online(room)
