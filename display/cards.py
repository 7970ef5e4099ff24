"""Cards as pages draw them: rank and suit symbols, colour, the emperor's and guard's cards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from display.labels import RANK_LABELS, SUIT_SYMBOLS
from game import engine
from game.engine.cards import EMPEROR_CARD, GUARD_CARD, format_card


@dataclass(frozen=True, slots=True)
class CardInfo:
    code: str  # physical notation, e.g. "8S", "TH2", "BJ*" (docs/NOTATION.md)
    rank: str
    suit: str  # symbol, "" for jokers
    strength: int
    red: bool
    joker: bool
    emperor_card: bool
    guard_card: bool


@lru_cache(maxsize=1024)  # 168 physical cards (and a few strength-only ones): built once each
def card_info(card: engine.Card) -> CardInfo:
    index = card.index if card.is_physical else -1
    suit = card.suit.value if card.suit is not None else ""
    return CardInfo(
        code=format_card(card),
        rank=RANK_LABELS[int(card.rank)],
        suit=SUIT_SYMBOLS.get(suit, ""),
        strength=card.strength,
        red=suit in ("H", "D") or card.rank is engine.Rank.BIG_JOKER,
        joker=card.is_joker,
        emperor_card=index == EMPEROR_CARD,
        guard_card=index == GUARD_CARD,
    )
