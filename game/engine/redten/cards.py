"""Red Ten cards: one deck without the 3s, 50 cards (file 003 §1), and their notation.

The notation is Baohuang's (RULES §1.4, docs/NOTATION.md) with two more ranks, ``4`` and
``5``, and no deck digit (there is one deck): ``4H``, ``TD``, ``2S``, ``SJ``, ``BJ``. The
suits are Baohuang's ``Suit`` (imported, not copied).

Strength (file 003 §6): 大王 > 小王 > 红十 > 2 > A > K > Q > J > 黑10 > 9 > … > 4. A ten's
strength depends on its colour, so a ten is only ever written with its suit: ``TH TD`` are
red tens, ``TS TC`` black ones; a bare ``T`` is refused as ambiguous. Other ranks may be
written without a suit ("strength-only", for the referee): ``8 8`` is a pair of eights.

Internally a card is an index 0..49 in strength order (weakest first), so strength is a
table lookup and a hand is a sorted tuple of small ints, as in the Baohuang engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from ..cards import Suit
from ..errors import MalformedAction


class Rank(IntEnum):
    """Face ranks, weakest first. Not the strength: a ten is weak or strong by colour."""

    FOUR = 0
    FIVE = 1
    SIX = 2
    SEVEN = 3
    EIGHT = 4
    NINE = 5
    TEN = 6
    JACK = 7
    QUEEN = 8
    KING = 9
    ACE = 10
    TWO = 11
    SMALL_JOKER = 12
    BIG_JOKER = 13

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]


RANK_SYMBOLS: tuple[str, ...] = (
    "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ"
)  # fmt: skip

# Strength levels (file 003 §6), weakest first. The value is what ``beats`` compares.
BLACK_TEN = 6
JACK = 7
TWO = 11
RED_TEN = 12
SMALL_JOKER = 13
BIG_JOKER = 14
N_STRENGTHS = 15
STRENGTH_NAMES: tuple[str, ...] = (
    "4", "5", "6", "7", "8", "9", "black 10", "J", "Q", "K", "A", "2", "red 10", "SJ", "BJ"
)  # fmt: skip

_RED = (Suit.HEARTS, Suit.DIAMONDS)
_BLACK = (Suit.SPADES, Suit.CLUBS)


def strength_of(rank: Rank, suit: Suit | None) -> int:
    if rank is Rank.BIG_JOKER:
        return BIG_JOKER
    if rank is Rank.SMALL_JOKER:
        return SMALL_JOKER
    if rank is Rank.TEN:
        if suit is None:
            raise MalformedAction("a ten must be written with its suit: TH TD (red), TS TC (black)")
        return RED_TEN if suit in _RED else BLACK_TEN
    # Rank values were chosen so that 4..9, J..2 are their own strength (black ten = 6).
    return int(rank)


@dataclass(frozen=True, slots=True)
class Card:
    """A card: physical (one of the 50) or strength-only (an ordinary rank without suit)."""

    rank: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.rank.is_joker and self.suit is not None:
            raise MalformedAction("jokers have no suit")
        if self.rank is Rank.TEN and self.suit is None:
            raise MalformedAction("a ten must be written with its suit: TH TD (red), TS TC (black)")

    @property
    def strength(self) -> int:
        return strength_of(self.rank, self.suit)

    @property
    def is_physical(self) -> bool:
        return self.suit is not None or self.rank.is_joker

    @property
    def is_red_ten(self) -> bool:
        return self.rank is Rank.TEN and self.suit in _RED

    @property
    def index(self) -> int:
        """The card's index 0..49; strength-only cards have none."""
        fast = _INDEX_BY_ID.get(id(self))  # the 50 CARDS objects, handed out by views
        if fast is not None:
            return fast
        if not self.is_physical:
            raise MalformedAction(f"{self} names a rank, not one of the 50 cards")
        return _INDEX[self]

    def __str__(self) -> str:
        return format_card(self)


def _deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for rank in Rank:
        if rank.is_joker:
            cards.append(Card(rank))
        else:
            cards.extend(Card(rank, suit) for suit in Suit)
    # Strength order, then Baohuang's suit order (S H C D): index order is strength order.
    suit_order = {s: n for n, s in enumerate(Suit)}
    return tuple(
        sorted(cards, key=lambda c: (c.strength, -1 if c.suit is None else suit_order[c.suit]))
    )


CARDS: tuple[Card, ...] = _deck()
N_CARDS = len(CARDS)  # 50: 12 ranks x 4 suits + 2 jokers (file 003 §1)
assert N_CARDS == 50
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
# By identity, as in the Baohuang cards: hashing a frozen dataclass is the slow part, and
# views and bots pass the very objects of CARDS around (they live as long as the process).
_INDEX_BY_ID: dict[int, int] = {id(c): i for i, c in enumerate(CARDS)}
STRENGTH: tuple[int, ...] = tuple(c.strength for c in CARDS)
HEART_FOUR = _INDEX[Card(Rank.FOUR, Suit.HEARTS)]  # its holder leads (file 003 §3)
RED_TENS: tuple[int, int] = (
    _INDEX[Card(Rank.TEN, Suit.HEARTS)],
    _INDEX[Card(Rank.TEN, Suit.DIAMONDS)],
)
TENS: frozenset[int] = frozenset(i for i, c in enumerate(CARDS) if c.rank is Rank.TEN)
# How many cards of each strength the deck holds: 4 of most, 2 tens of each colour, 1 joker.
COPIES: tuple[int, ...] = tuple(STRENGTH.count(s) for s in range(N_STRENGTHS))
STRENGTH_CARDS: dict[Rank, Card] = {r: Card(r) for r in Rank if r is not Rank.TEN}


def format_card(card: Card) -> str:
    return card.rank.symbol + ("" if card.suit is None else card.suit.value)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


_TOKEN = re.compile(r"^(?:(SJ|BJ)|(10|[0-9TJQKA])([SHCD])?)$")
_RANK_BY_SYMBOL = {s: Rank(i) for i, s in enumerate(RANK_SYMBOLS)} | {"10": Rank.TEN}


def parse_card(token: str) -> Card:
    """One card: ``4H``, ``TD``, ``10D``, ``2S``, ``SJ``, ``BJ``, or a bare rank ``8``."""
    text = token.strip().upper()
    match = _TOKEN.match(text)
    if match is None:
        raise MalformedAction(f"cannot read {token!r} as a card")
    joker, rank_text, suit_text = match.groups()
    if joker is not None:
        return STRENGTH_CARDS[_RANK_BY_SYMBOL[joker]]
    if rank_text == "3":
        raise MalformedAction("there are no 3s in Red Ten: the deck is one pack without the 3s")
    rank = _RANK_BY_SYMBOL.get(rank_text)
    if rank is None:
        raise MalformedAction(f"cannot read {token!r} as a card")
    if suit_text is None:
        if rank is Rank.TEN:
            raise MalformedAction(
                f"{token!r}: write a ten with its suit, TH TD (red tens) or TS TC (black tens)"
            )
        return STRENGTH_CARDS[rank]
    return Card(rank, Suit(suit_text))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas; the empty text is no cards."""
    return tuple(parse_card(t) for t in re.split(r"[\s,]+", text.strip()) if t)


def cards_of(indices: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in indices)


def check_possible(cards: Iterable[Card], what: str = "these cards") -> None:
    """Refuse a card named twice, or more cards of a strength than the one deck holds
    (five 8s, two big jokers, three red tens): such cards cannot be on one table."""
    seen: set[Card] = set()
    counts = [0] * N_STRENGTHS
    for card in cards:
        if card.is_physical:
            if card in seen:
                raise MalformedAction(f"{what} name {card} twice: the deck has one")
            seen.add(card)
        counts[card.strength] += 1
    for strength, count in enumerate(counts):
        if count > COPIES[strength]:
            raise MalformedAction(
                f"{what} hold {count} cards of strength {STRENGTH_NAMES[strength]}: "
                f"the deck has only {COPIES[strength]}"
            )
