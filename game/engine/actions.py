"""Actions: small frozen values with a one-line notation that round-trips (like python-chess
``Move.uci()`` / ``Move.from_uci``).

Notation, one action per line (docs/NOTATION.md):
``ascend`` ``abdicate`` ``open_solo`` ``dark_solo`` ``open_guard`` ``dark_guard`` ``rebel``
``no_rebel`` ``play 8S 8H SJ*`` ``pass`` ``auto on`` ``auto off`` ``flee``
``mark 3 guard``; and for the §10 variants ``call 8S`` (§10.1), ``grab_solo`` ``no_grab``
(§10.7), ``request`` (§10.10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from .cards import Card, LowRank, Rank, Suit, format_cards, parse_card, parse_cards
from .errors import MalformedAction


class Guess(StrEnum):
    """An identity mark one player puts on another seat (RULES §8.2)."""

    EMPEROR = "emperor"
    GUARD = "guard"
    REBEL = "rebel"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``kind`` is the first word of the notation."""

    kind: ClassVar[str] = ""

    def to_notation(self) -> str:
        return self.kind

    def __str__(self) -> str:
        return self.to_notation()

    @staticmethod
    def from_notation(text: str, *, full_deck: bool = False) -> Action:
        """Read one action; ``full_deck`` reads the 216-card deck's 3 4 5 (RULES §10.2)."""
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
            cards = parse_cards(" ".join(rest), full_deck=full_deck)
            if not cards:
                raise MalformedAction("play needs at least one card")
            return Play(cards)
        if head == "auto":
            if rest == ["on"]:
                return AUTO_ON
            if rest == ["off"]:
                return AUTO_OFF
            raise MalformedAction("write 'auto on' or 'auto off'")
        if head == "call":
            if len(rest) != 1:
                raise MalformedAction("write 'call RANKSUIT', e.g. 'call 8S'")
            return Call.of(rest[0], full_deck=full_deck)
        if head == "mark":
            if len(rest) != 2 or rest[0] not in ("0", "1", "2", "3", "4"):
                raise MalformedAction("write 'mark SEAT emperor|guard|rebel|unknown'")
            try:
                guess = Guess(rest[1].lower())
            except ValueError:
                raise MalformedAction(f"unknown identity {rest[1]!r}") from None
            return Mark(int(rest[0]), guess)
        raise MalformedAction(f"unknown action {head!r}")


# --- role choices (RULES §3) -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ascend(Action):
    kind: ClassVar[str] = "ascend"


@dataclass(frozen=True, slots=True)
class Abdicate(Action):
    kind: ClassVar[str] = "abdicate"


@dataclass(frozen=True, slots=True)
class OpenSolo(Action):
    kind: ClassVar[str] = "open_solo"


@dataclass(frozen=True, slots=True)
class DarkSolo(Action):
    kind: ClassVar[str] = "dark_solo"


@dataclass(frozen=True, slots=True)
class OpenGuard(Action):
    kind: ClassVar[str] = "open_guard"


@dataclass(frozen=True, slots=True)
class DarkGuard(Action):
    kind: ClassVar[str] = "dark_guard"


@dataclass(frozen=True, slots=True)
class Rebel(Action):
    kind: ClassVar[str] = "rebel"


@dataclass(frozen=True, slots=True)
class NoRebel(Action):
    kind: ClassVar[str] = "no_rebel"


# --- play (RULES §4) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a set. Cards may be physical, or strength-only (the engine then picks the
    player's cards of that strength, unmarked jokers first)."""

    kind: ClassVar[str] = "play"
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not self.cards:
            raise MalformedAction("play needs at least one card")

    def to_notation(self) -> str:
        return f"play {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


# --- table actions that change the hand (RULES §6, §8.2) -------------------------------


@dataclass(frozen=True, slots=True)
class AutoPlay(Action):
    """Enter (``auto on``) or leave (``auto off``) auto-play (RULES §6.1)."""

    kind: ClassVar[str] = "auto"
    on: bool

    def to_notation(self) -> str:
        return "auto on" if self.on else "auto off"


@dataclass(frozen=True, slots=True)
class Flee(Action):
    """The seat left, or stayed away past the grace period (RULES §6.3)."""

    kind: ClassVar[str] = "flee"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """A private identity mark on another seat (RULES §8.2)."""

    kind: ClassVar[str] = "mark"
    seat: int
    guess: Guess

    def __post_init__(self) -> None:
        if not 0 <= self.seat < 5:
            raise MalformedAction(f"seat {self.seat} is not in 0..4")

    def to_notation(self) -> str:
        return f"mark {self.seat} {self.guess.value}"


# --- the §10 variants --------------------------------------------------------------------

_CALLABLE = re.compile(r"^(10|[3-9TJQKA])([SHCD])$")


@dataclass(frozen=True, slots=True)
class Call(Action):
    """RULES §10.1: take the throne and name a card identity (rank and suit, not a joker,
    not a 2) of which the caller holds three copies (four: dark solo)."""

    kind: ClassVar[str] = "call"
    rank: Rank | LowRank
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank.is_joker or self.rank is Rank.TWO:
            raise MalformedAction("a called card is neither a joker nor a 2 (RULES §10.1)")
        if not isinstance(self.suit, Suit):
            raise MalformedAction("a called card has a suit (RULES §10.1)")

    @property
    def identity(self) -> int:
        """Rank and suit as one number: a physical card index // 4 (cards.py layout)."""
        return Card(self.rank, self.suit, 0).index // 4

    @property
    def label(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def to_notation(self) -> str:
        return f"call {self.label}"

    @staticmethod
    def of(text: str, *, full_deck: bool = False) -> Call:
        match = _CALLABLE.match(text.strip().upper())
        if match is None or (not full_deck and match.group(1) in "345"):
            raise MalformedAction(
                f"cannot call {text!r}: name a rank (3–A) and a suit S H C D, e.g. 8S (RULES §10.1)"
            )
        card = parse_card(match.group(0), full_deck=True)
        assert card.suit is not None
        return Call(card.rank, card.suit)

    @staticmethod
    def of_identity(identity: int) -> Call:
        card = Card.from_index(identity * 4)
        if card.suit is None:
            raise MalformedAction("a called card is neither a joker nor a 2 (RULES §10.1)")
        return Call(card.rank, card.suit)


@dataclass(frozen=True, slots=True)
class GrabSolo(Action):
    """RULES §10.7 抢独: declare open solo for oneself during the throne step."""

    kind: ClassVar[str] = "grab_solo"


@dataclass(frozen=True, slots=True)
class NoGrab(Action):
    """RULES §10.7: decline to grab solo."""

    kind: ClassVar[str] = "no_grab"


@dataclass(frozen=True, slots=True)
class RequestLead(Action):
    """RULES §10.10 申请接风: pass on the set a player went out with, asking to lead."""

    kind: ClassVar[str] = "request"


ASCEND = Ascend()
ABDICATE = Abdicate()
OPEN_SOLO = OpenSolo()
DARK_SOLO = DarkSolo()
OPEN_GUARD = OpenGuard()
DARK_GUARD = DarkGuard()
REBEL = Rebel()
NO_REBEL = NoRebel()
PASS = Pass()
AUTO_ON = AutoPlay(True)
AUTO_OFF = AutoPlay(False)
FLEE = Flee()
GRAB_SOLO = GrabSolo()
NO_GRAB = NoGrab()
REQUEST = RequestLead()

# The role choices of RULES §3, each a word of its own on the wire.
ROLE_CHOICES = (ASCEND, ABDICATE, OPEN_SOLO, DARK_SOLO, OPEN_GUARD, DARK_GUARD, REBEL, NO_REBEL)

_SIMPLE: dict[str, Action] = {a.kind: a for a in ROLE_CHOICES} | {
    "pass": PASS,
    "flee": FLEE,
    "grab_solo": GRAB_SOLO,
    "no_grab": NO_GRAB,
    "request": REQUEST,
}
