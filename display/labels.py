"""Display labels for the game's terms: card ranks and suits, roles, places, modes, phases,
role choices and identity marks (RULES.md's terms table). The one home for them, below
every app that shows them (accounts, game, lobby): see docs/ARCHITECTURE.md.

UI Chinese first: game terms carry their Chinese name; translated strings go through
Django's i18n (locale/).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game import engine

RANK_LABELS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "小王", "大王")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
ROLE_LABELS = {
    engine.Role.EMPEROR: pgettext_lazy("role", "Emperor"),
    engine.Role.GUARD: pgettext_lazy("role", "Guard"),
    engine.Role.REBEL: pgettext_lazy("role", "Rebel"),
}
# One character per role, for compact patterns such as "皇 保 反 反 反".
ROLE_SHORT = {engine.Role.EMPEROR: "皇", engine.Role.GUARD: "保", engine.Role.REBEL: "反"}
PLACE_LABELS = ("头科", "二科", "三科", "二落", "大落")
MODE_LABELS = {
    engine.Mode.DARK_GUARD: _("Dark guard (暗保)"),
    engine.Mode.OPEN_GUARD: _("Open guard (明保)"),
    engine.Mode.DARK_SOLO: _("Dark solo (暗独)"),
    engine.Mode.OPEN_SOLO: _("Open solo (明独)"),
}
CHOICE_LABELS = {
    "ascend": _("Ascend (登基)"),
    "abdicate": _("Abdicate (让位)"),
    "open_solo": _("Open solo (明独)"),
    "dark_solo": _("Dark solo (暗独)"),
    "open_guard": _("Open guard (明保)"),
    "dark_guard": _("Dark guard (暗保)"),
    "rebel": _("Declare rebellion (造反)"),
    "no_rebel": _("Stay quiet"),
}
GUESS_LABELS = {
    engine.Guess.UNKNOWN: "?",
    engine.Guess.EMPEROR: "皇",
    engine.Guess.GUARD: "保",
    engine.Guess.REBEL: "反",
}
PHASE_LABELS = {
    engine.Phase.THRONE: _("The throne (登基)"),
    engine.Phase.DECLARE: _("Declarations (表态)"),
    engine.Phase.PLAY: _("Playing (出牌)"),
    engine.Phase.FINISHED: _("Hand over (结算)"),
}


def role_label(role: engine.Role | str) -> str:
    """A role's name in the current language (``role`` as the enum or its stored value)."""
    return str(ROLE_LABELS[engine.Role(role)])


def place_label(place: int) -> str:
    """The name of a finishing place, 1 = 头科 (RULES §5.1)."""
    return PLACE_LABELS[place - 1]
