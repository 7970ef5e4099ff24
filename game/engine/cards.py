"""Cards, their strength and their notation (RULES §1).

Two kinds of ``Card`` value share one type:

* a *physical* card: one of the 168 real cards, with a suit (ordinary ranks only) and a
  deck index 0–3, so every card is distinct (RULES §1.1);
* a *strength-only* card: rank alone, no suit and no deck, for a referee who only cares
  about strength (``parse_cards("8 8 8 SJ")``, RULES §1.4).

Internally the engine works on physical card *indices* 0..167 laid out in strength order,
so a hand is a sorted tuple of small ints and strength is a table lookup: this keeps
``apply`` cheap for bot self-play. ``Card`` objects only appear at the API boundary.

Notation (docs/NOTATION.md): ranks ``6 7 8 9 T J Q K A 2``, suits ``S H C D``, jokers
``SJ``/``BJ``. Physical ordinary cards are rank+suit, with a deck digit only for decks
1–3 (``8S`` is deck 0, ``8S2`` deck 2). Physical jokers always carry a mark: ``SJ*`` and
``BJ*`` are deck 0 (the guard and emperor cards, RULES §1.2), ``SJ1``..``BJ3`` the others,
so that a bare ``SJ`` can stay the strength-only small joker.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from .errors import MalformedAction


class Rank(IntEnum):
    """Ranks by strength, weakest first (RULES §1.3); the value *is* the strength."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5
    QUEEN = 6
    KING = 7
    ACE = 8
    TWO = 9
    SMALL_JOKER = 10
    BIG_JOKER = 11

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]


class LowRank(IntEnum):
    """The 216-card deck's extra ranks (RULES §10.2: 3 4 5 below the 6). Strengths −3..−1
    keep every 168-card strength unchanged; ``Rank`` stays the 168-card deck's ranks."""

    THREE = -3
    FOUR = -2
    FIVE = -1

    @property
    def is_joker(self) -> bool:
        return False

    @property
    def symbol(self) -> str:
        return str(self + 6)


class Suit(StrEnum):
    """Suits never matter for strength (RULES §1.3); they only tell cards apart."""

    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"


RANK_SYMBOLS: tuple[str, ...] = ("6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ")
_SUITS: tuple[Suit, ...] = tuple(Suit)
N_DECKS = 4
N_CARDS = 168
N_ORDINARY = 160  # 10 ranks x 4 suits x 4 decks

# Index layout, in strength order: ordinary rank r, suit s, deck d -> r*16 + s*4 + d;
# small jokers 160..163, big jokers 164..167 (deck order). Deck 0 jokers are the marked ones.
GUARD_CARD = 160  # SJ*  (RULES §1.2)
EMPEROR_CARD = 164  # BJ*  (RULES §1.2)

# RULES §10.2: the 216-card deck adds 48 cards, 3 4 5 in four suits and four decks, at
# indices 168..215 (168 + (strength + 3)*16 + suit*4 + deck), so every 168-card index, and
# hence every recorded hand, stays what it was. Their strengths are −3..−1.
N_CARDS_FULL = 216
LOW_BASE = N_CARDS

STRENGTH: tuple[int, ...] = tuple(
    i // 16
    if i < N_ORDINARY
    else (Rank.SMALL_JOKER if i < 164 else Rank.BIG_JOKER)
    if i < N_CARDS
    else (i - LOW_BASE) // 16 - 3
    for i in range(N_CARDS_FULL)
)

# Position of each index in strength order (the 48 low cards first): hands are kept sorted
# by it, weakest first, so for the 168-card deck it is the plain index order.
ORDER: tuple[int, ...] = tuple(i + 48 if i < N_CARDS else i - LOW_BASE for i in range(N_CARDS_FULL))


def sort_hand(indices: Iterable[int]) -> tuple[int, ...]:
    """Card indices weakest first (``ORDER``); equal to ``sorted`` on the 168-card deck."""
    return tuple(sorted(indices, key=ORDER.__getitem__))


def is_plain(index: int) -> bool:
    """An ordinary card (not a joker), from either deck."""
    return STRENGTH[index] < Rank.SMALL_JOKER


@dataclass(frozen=True, slots=True)
class Card:
    """A card: physical (suit and/or deck set) or strength-only (rank alone)."""

    rank: Rank | LowRank
    suit: Suit | None = None
    deck: int | None = None

    def __post_init__(self) -> None:
        # Refuse half-specified cards: a card is either exactly one of the 168, or rank only.
        if self.deck is None:
            if self.suit is not None:
                raise MalformedAction(f"card {self.rank.symbol}{self.suit} has no deck index")
            return
        if not 0 <= self.deck < N_DECKS:
            raise MalformedAction(f"deck index {self.deck} is not in 0..3")
        if self.rank.is_joker and self.suit is not None:
            raise MalformedAction("jokers have no suit")
        if not self.rank.is_joker and self.suit is None:
            raise MalformedAction(f"a physical {self.rank.symbol} needs a suit")

    @property
    def strength(self) -> int:
        return int(self.rank)

    @property
    def is_joker(self) -> bool:
        return self.rank.is_joker

    @property
    def is_physical(self) -> bool:
        return self.deck is not None

    @property
    def index(self) -> int:
        """Physical card index 0..167 (strength order); strength-only cards have none."""
        if self.deck is None:
            raise MalformedAction(f"{self} is a strength-only card, not one of the 168")
        if self.rank is Rank.SMALL_JOKER:
            return 160 + self.deck
        if self.rank is Rank.BIG_JOKER:
            return 164 + self.deck
        assert self.suit is not None
        if isinstance(self.rank, LowRank):
            return LOW_BASE + (int(self.rank) + 3) * 16 + _SUITS.index(self.suit) * 4 + self.deck
        return int(self.rank) * 16 + _SUITS.index(self.suit) * 4 + self.deck

    @property
    def is_emperor_card(self) -> bool:
        return self.rank is Rank.BIG_JOKER and self.deck == 0

    @property
    def is_guard_card(self) -> bool:
        return self.rank is Rank.SMALL_JOKER and self.deck == 0

    def strength_only(self) -> Card:
        return _STRENGTH_CARD[int(self.rank)]

    @staticmethod
    def from_index(index: int) -> Card:
        return FULL_CARDS[index]

    def __str__(self) -> str:
        return format_card(self)


def _make_card(index: int) -> Card:
    if index >= LOW_BASE:
        low = index - LOW_BASE
        return Card(LowRank(low // 16 - 3), _SUITS[(low // 4) % 4], low % 4)
    if index >= N_ORDINARY:
        rank = Rank.SMALL_JOKER if index < 164 else Rank.BIG_JOKER
        return Card(rank, None, index % 4)
    return Card(Rank(index // 16), _SUITS[(index // 4) % 4], index % 4)


CARDS: tuple[Card, ...] = tuple(_make_card(i) for i in range(N_CARDS))
# The 216-card deck (RULES §10.2): the 168 above, the very same objects, then 3 4 5.
FULL_CARDS: tuple[Card, ...] = CARDS + tuple(_make_card(i) for i in range(N_CARDS, N_CARDS_FULL))
STRENGTH_CARDS: tuple[Card, ...] = tuple(Card(r) for r in Rank)
# Strength -> strength-only card, the 216-card deck's 3 4 5 included (RULES §10.2).
_STRENGTH_CARD: dict[int, Card] = {int(c.rank): c for c in STRENGTH_CARDS} | {
    int(r): Card(r) for r in LowRank
}
EMPEROR = CARDS[EMPEROR_CARD]
GUARD = CARDS[GUARD_CARD]

# Card -> index by object identity. The engine hands out (in views and hints) and bots play
# back the very objects of ``CARDS``, which live as long as the process, so their ids are
# stable keys and no other object can share one. A dict lookup by id is several times
# faster than ``Card.index`` (enum comparisons and a suit search), and it runs for every
# card of every play ``apply`` checks and every hand a bot reads.
_INDEX_BY_ID: dict[int, int] = {id(card): i for i, card in enumerate(FULL_CARDS)}


def index_of(card: Card) -> int:
    """``card.index``, fast for the 168 ``CARDS`` objects (equal cards built elsewhere fall
    back to the property, which also raises for strength-only cards)."""
    index = _INDEX_BY_ID.get(id(card))
    return card.index if index is None else index


_INDEX_AT_ID = _INDEX_BY_ID.__getitem__


def indices_of(cards: Sequence[Card]) -> list[int]:
    """``[index_of(c) for c in cards]``, with the loop in C (``map``) when every card is
    one of ``CARDS``, as in a View: bots turn a whole hand back into indices this way."""
    try:
        return list(map(_INDEX_AT_ID, map(id, cards)))
    except KeyError:
        return [index_of(c) for c in cards]


def format_card(card: Card) -> str:
    symbol = card.rank.symbol
    if card.deck is None:
        return symbol
    if card.rank.is_joker:
        return symbol + ("*" if card.deck == 0 else str(card.deck))
    assert card.suit is not None
    return symbol + card.suit.value + ("" if card.deck == 0 else str(card.deck))


_TOKEN = re.compile(r"^(?:(SJ|BJ)([*0-3])?|(10|[3-9TJQKA2])([SHCD])?([0-3])?)$")
_RANK_BY_SYMBOL: dict[str, Rank | LowRank] = (
    {s: Rank(i) for i, s in enumerate(RANK_SYMBOLS)}
    | {"10": Rank.TEN}
    | {r.symbol: r for r in LowRank}
)
_LOW_SYMBOLS = frozenset(r.symbol for r in LowRank)


def parse_card(token: str, *, full_deck: bool = False) -> Card:
    """One card token: ``8S``, ``8S2``, ``TH``, ``10H``, ``BJ*``, ``SJ3``, or ``8``/``SJ``;
    with ``full_deck`` (the 216-card deck, RULES §10.2) also ``3 4 5``: ``3``, ``5S2``."""
    match = _TOKEN.match(token.strip().upper())
    if match is None or (not full_deck and match.group(3) in _LOW_SYMBOLS):
        raise MalformedAction(f"cannot read {token!r} as a card")
    joker, mark, rank_text, suit_text, deck_text = match.groups()
    if joker is not None:
        rank = _RANK_BY_SYMBOL[joker]
        if mark is None:
            return _STRENGTH_CARD[rank]
        return Card(rank, None, 0 if mark == "*" else int(mark))
    rank = _RANK_BY_SYMBOL[rank_text]
    if suit_text is None:
        if deck_text is not None:
            raise MalformedAction(f"cannot read {token!r} as a card: a deck needs a suit")
        return _STRENGTH_CARD[rank]
    return Card(rank, Suit(suit_text), int(deck_text) if deck_text else 0)


def parse_cards(text: str, *, full_deck: bool = False) -> tuple[Card, ...]:
    """Cards separated by spaces or commas; the empty text is no cards."""
    tokens = re.split(r"[\s,]+", text.strip())
    return tuple(parse_card(t, full_deck=full_deck) for t in tokens if t)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


def sort_by_strength(cards: Iterable[Card], *, descending: bool = False) -> tuple[Card, ...]:
    """Stable order by strength, then physical index, so equal inputs print equally."""

    def key(c: Card) -> tuple[int, int]:
        return (c.strength, c.index if c.deck is not None else -1)

    return tuple(sorted(cards, key=key, reverse=descending))


_CARD_AT = FULL_CARDS.__getitem__


def cards_of(indices: Iterable[int]) -> tuple[Card, ...]:
    # ``map`` over the bound ``__getitem__``: no generator frame per card (views call this).
    return tuple(map(_CARD_AT, indices))
