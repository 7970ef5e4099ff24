"""Red Ten actions. The contract is Baohuang's (``game.engine.actions``): frozen values with
a ``kind`` and a one-line notation that round-trips; ``pass`` and ``auto on``/``auto off``
are the very same objects. Red Ten adds the 亮牌 answer and its own ``play`` (its cards are
Red Ten cards: 4s and 5s exist, a ten carries its colour).

Notation: ``show`` (亮牌), ``no_show`` (不亮), ``play TH TD``, ``play 8 8``, ``pass``,
``auto on``, ``auto off``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import AUTO_OFF, AUTO_ON, PASS, Action, AutoPlay, Pass
from ..errors import MalformedAction
from .cards import Card, format_cards, parse_cards

__all__ = [
    "AUTO_OFF",
    "AUTO_ON",
    "NO_SHOW",
    "PASS",
    "SHOW",
    "Action",
    "AutoPlay",
    "NoShow",
    "Pass",
    "Play",
    "Show",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Show(Action):
    """亮牌: show one's red ten(s) before play (file 003 §4); the hand becomes 明打."""

    kind: ClassVar[str] = "show"


@dataclass(frozen=True, slots=True)
class NoShow(Action):
    """Do not show (every seat answers, holders or not, so the prompt betrays nobody)."""

    kind: ClassVar[str] = "no_show"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a set. Cards may be physical or strength-only (the engine then takes the
    player's cards of that strength)."""

    kind: ClassVar[str] = "play"
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not self.cards:
            raise MalformedAction("play needs at least one card")

    def to_notation(self) -> str:
        return f"play {format_cards(self.cards)}"

    @staticmethod
    def of(text: str) -> Play:
        return Play(parse_cards(text))


SHOW = Show()
NO_SHOW = NoShow()
_SIMPLE: dict[str, Action] = {"show": SHOW, "no_show": NO_SHOW, "pass": PASS}


def parse_action(text: str) -> Action:
    """One Red Ten action from its notation; ``MalformedAction`` if it is none."""
    words = text.split()
    if not words:
        raise MalformedAction("empty action")
    head, rest = words[0].lower(), words[1:]
    simple = _SIMPLE.get(head)
    if simple is not None:
        if rest:
            raise MalformedAction(f"{head!r} takes no arguments")
        return simple
    if head == "play":
        return Play(parse_cards(" ".join(rest)))
    if head == "auto":
        if rest == ["on"]:
            return AUTO_ON
        if rest == ["off"]:
            return AUTO_OFF
        raise MalformedAction("write 'auto on' or 'auto off'")
    raise MalformedAction(f"unknown Red Ten action {head!r}")
