"""Red Ten set types, beating, and the legal sets of a hand (file 003 §5, §6).

Set types: single, pair, triple, quad (cards of one strength), double red ten (♥10 ♦10)
and double joker (大王 + 小王). Everything reasons on strengths (``cards.STRENGTH``), so it
works on Cards and on the engine's card indices alike.

Comparison (file 003 §6, docs/RULES-DECISIONS.md "Red Ten"):

* sets of the same type compare by strength, strictly;
* the double red ten beats every set except the double joker;
* the double joker is a pair — the strongest pair — and it beats the double red ten;
  like any pair it does not beat a single, a triple or a quad;
* otherwise sets of different types never beat each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .cards import BIG_JOKER, CARDS, N_STRENGTHS, RED_TEN, SMALL_JOKER, STRENGTH, Card


class SetType(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    QUAD = "quad"
    DOUBLE_RED_TEN = "double_red_ten"
    DOUBLE_JOKER = "double_joker"


_BY_SIZE = {1: SetType.SINGLE, 2: SetType.PAIR, 3: SetType.TRIPLE, 4: SetType.QUAD}
_JOKERS = (SMALL_JOKER, BIG_JOKER)


def set_type(strengths: Sequence[int]) -> SetType | None:
    """The type of a set given by its cards' strengths, or None if they form no set."""
    n = len(strengths)
    if n == 2 and sorted(strengths) == [SMALL_JOKER, BIG_JOKER]:
        return SetType.DOUBLE_JOKER
    if not 1 <= n <= 4 or len(set(strengths)) != 1:
        return None
    if n == 1:
        return SetType.SINGLE
    strength = strengths[0]
    if strength == RED_TEN:  # two red tens (there are no more): their own type
        return SetType.DOUBLE_RED_TEN
    if strength in _JOKERS:  # one of each joker only: cannot happen with real cards
        return None
    return _BY_SIZE[n]


def is_set(cards: Sequence[Card]) -> bool:
    return set_type([c.strength for c in cards]) is not None


def beats_strengths(previous: Sequence[int], new: Sequence[int]) -> bool:
    """Does ``new`` beat ``previous``? False when either is not a set (never raises)."""
    old_type, new_type = set_type(previous), set_type(new)
    if old_type is None or new_type is None:
        return False
    if new_type is SetType.DOUBLE_JOKER:
        # The strongest pair, and stronger than the double red ten (file 003 §6).
        return old_type in (SetType.PAIR, SetType.DOUBLE_RED_TEN)
    if new_type is SetType.DOUBLE_RED_TEN:
        # Beats every type but the double joker (and there is only one double red ten).
        return old_type not in (SetType.DOUBLE_JOKER, SetType.DOUBLE_RED_TEN)
    return new_type is old_type and new[0] > previous[0]


def beats(previous: Sequence[Card], new: Sequence[Card]) -> bool:
    """Does ``new`` beat ``previous``? (file 003 §6; suits matter only for tens.)"""
    return beats_strengths([c.strength for c in previous], [c.strength for c in new])


def enumerate_sets(hand: Sequence[int], previous: Sequence[int] | None) -> list[tuple[int, ...]]:
    """Every distinct legal set of ``hand`` (sorted card indices) against ``previous`` (the
    strengths of the last set; None when leading), in hint order: one canonical pick per
    strength and size (the highest indices of that strength).

    Leading (``previous`` None): weakest strength first, within a strength the biggest
    group first (a leader usually plays a rank whole), the double joker last. Following:
    sets of the previous type by rising strength, then the double red ten, then the double
    joker — the cheapest answer first, the bombs last.
    """
    buckets: list[list[int]] = [[] for _ in range(N_STRENGTHS)]
    for i in hand:
        buckets[STRENGTH[i]].append(i)
    out: list[tuple[int, ...]] = []
    double_joker = (
        (buckets[SMALL_JOKER][0], buckets[BIG_JOKER][0])
        if buckets[SMALL_JOKER] and buckets[BIG_JOKER]
        else None
    )
    if previous is None:
        for bucket in buckets:
            out.extend(tuple(bucket[-n:]) for n in range(len(bucket), 0, -1))
        if double_joker is not None:
            out.append(double_joker)
        return out
    old = set_type(previous)
    if old is None:
        return out
    if old not in (SetType.DOUBLE_RED_TEN, SetType.DOUBLE_JOKER):
        n = len(previous)
        for strength in range(previous[0] + 1, N_STRENGTHS):
            bucket = buckets[strength]
            if len(bucket) < n or (n == 2 and strength == RED_TEN):
                continue  # two red tens are the double red ten, listed below
            out.append(tuple(bucket[-n:]))
        if len(buckets[RED_TEN]) == 2:
            out.append(tuple(buckets[RED_TEN]))
    if double_joker is not None and old in (SetType.PAIR, SetType.DOUBLE_RED_TEN):
        out.append(double_joker)
    return out


def legal_sets(hand: Sequence[Card], previous: Sequence[Card] | None) -> list[tuple[Card, ...]]:
    """Legal sets of physical cards ``hand`` against ``previous`` (None = leading; its cards
    may be strength-only)."""
    indices = sorted(c.index for c in hand)
    prev = None if previous is None else [c.strength for c in previous]
    return [tuple(CARDS[i] for i in s) for s in enumerate_sets(indices, prev)]
