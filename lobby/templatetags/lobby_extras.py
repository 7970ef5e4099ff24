"""Small lobby tags: a room's rules in a sentence, and its count of live tables."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from game.engine import Rules
from game.models import Game, Preset, Room
from game.room_rules import room_rules
from lobby.selectors import live_table_count, players_online

register = template.Library()


@register.simple_tag
def room_sentence(room: Room) -> str:
    """What makes the room's hands different, in a sentence (RULES §9.2, §4.7, §4.8)."""
    if room.game == Game.REDTEN:
        return redten_sentence(room)
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
        Preset.LIANZHONG_CLASSIC: _(
            "Lianzhong classic: the emperor calls his guard by naming a card he holds three "
            "of; the emperor card passes to the player before (上家) without a 2 and must be "
            "taken after one round; others may grab solo; scored by Lianzhong's formula; "
            "quitting costs 40 stakes."
        ),
        Preset.LIANZHONG_SIMPLE: _(
            "Lianzhong simple: the guard card as usual; the emperor card is passed on with a "
            "2; jokers may toast jokers (烤牌); scored by Lianzhong's formula; quitting costs "
            "40 stakes."
        ),
        Preset.DUOLE: _(
            "Duole: 216 cards with 3s, 4s and 5s; the emperor calls his guard; passes add a "
            "2; points for every place; ask for jiefeng (接风); the losers give the winners "
            "their best cards (进贡) when the same five play on."
        ),
    }.get(Preset(room.preset), "")
    text += switch_sentences(room)
    if room.pass_lock:
        text += " " + _("Pass-lock: once you pass, you sit out the rest of the trick.")
    text += " " + _("Each stake unit is %(stake)s beans; a hand can cost up to %(most)s.") % {
        "stake": room.base_stake,
        "most": room.effective_min_balance,
    }
    return text


def redten_sentence(room: Room) -> str:
    """A Red Ten room (RULES §11): the game, then how a hand is paid."""
    text = _("Red Ten (红十): the two red tens make the teams; showing them doubles the score.")
    if room.coin_coefficient:
        text += " " + _(
            "Coin room, N = %(n)s: losers pay points × N beans, winners receive 0.9 of it."
        ) % {"n": room.coin_coefficient}
    else:
        text += " " + _("Points room: each point is %(stake)s beans.") % {"stake": room.base_stake}
    return (
        text
        + " "
        + _("A hand can cost up to %(most)s beans.") % {"most": room.effective_min_balance}
    )


def switch_sentences(room: Room) -> str:
    """The room's own switches (``rule_overrides``), each in a player's words (RULES §10)."""
    try:
        rules = room_rules(room)
    except ValueError:
        return ""
    preset = Rules.preset(room.preset)
    said = []
    for name in room.rule_overrides or {}:
        value = getattr(rules, name, None)
        if value == getattr(preset, name, None):
            continue
        said.append(_switch_sentence(name, value))
    return "".join(" " + s for s in said if s)


def _switch_sentence(name: str, value: object) -> str:
    on = bool(value)
    sentences: dict[str, tuple[str, str]] = {
        "abdication": (
            _("The emperor card may be passed on."),
            _("The emperor card may not be passed on."),
        ),
        "solo": (_("Solo is allowed."), _("No solo.")),
        "open_guard": (_("The guard may reveal himself."), _("The guard always stays hidden.")),
        "rebellion": (_("Rebels may declare rebellion."), _("No declared rebellion.")),
        "keep_six": (_("Keep six (保六) is on."), _("No keep six.")),
        "called_guard": (
            _("The emperor calls his guard by naming a card."),
            _("The guard card decides the guard."),
        ),
        "toasting": (_("Jokers may toast jokers (烤牌)."), _("No toasting.")),
        "grab_solo": (_("Others may grab solo (抢独)."), _("No grabbing solo.")),
        "jiefeng_request": (_("Jiefeng (接风) is asked for."), _("Jiefeng (接风) is automatic.")),
        "tribute": (_("Losers pay tribute (进贡) when the same five play on."), _("No tribute.")),
        "abandoned_throne": (_("The abandoned throne (弃皇) is on."), _("No abandoned throne.")),
    }
    if name in sentences:
        return sentences[name][0 if on else 1]
    if name == "scoring":
        return {
            "boke": _("Scored the Boke City way."),
            "formula": _("Scored by Lianzhong's formula."),
            "position": _("Scored by points for every place."),
        }.get(str(value), "")
    if name == "quit_penalty":
        return _("Quitting costs %(n)s stakes.") % {"n": value}
    return ""


@register.simple_tag
def live_tables(room: Room) -> int:
    return live_table_count(room)


@register.simple_tag
def online_players(room: Room) -> int:
    return players_online(room)
