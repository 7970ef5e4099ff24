"""Sets, beating, and the legal sets of a hand in hint order (RULES §4.2, §4.3, §4.8, §4.9).

Everything here reasons on *strengths* (0 = 6 … 9 = 2, 10 = small joker, 11 = big joker),
so it works the same on physical cards, strength-only cards and the engine's card indices.
The enumeration is written once over "strength buckets" (the items of each strength in
the order we prefer to pick them) and shared by the public ``legal_sets`` (Cards) and the
engine's index-based fast path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import gt

from .cards import STRENGTH, Card, Rank

SJ = int(Rank.SMALL_JOKER)
BJ = int(Rank.BIG_JOKER)
SIX = int(Rank.SIX)


def is_set_strengths(strengths: Sequence[int]) -> bool:
    """RULES §4.2: N cards of one ordinary rank + X small + Y big jokers, at least one card."""
    if not strengths:
        return False
    ordinary = {s for s in strengths if s < SJ}
    return len(ordinary) <= 1


def is_set(cards: Sequence[Card]) -> bool:
    return is_set_strengths([c.strength for c in cards])


def beats_strengths(previous: Sequence[int], new: Sequence[int]) -> bool:
    """RULES §4.3 on strengths: same size, and position by position strictly stronger
    once both are sorted strongest first. False when either side is not a set."""
    if len(previous) != len(new) or not is_set_strengths(previous) or not is_set_strengths(new):
        return False
    # ``map(gt, …)`` compares position by position in C (the sizes are equal by now).
    return all(map(gt, sorted(new, reverse=True), sorted(previous, reverse=True)))


def beats(previous: Sequence[Card], new: Sequence[Card]) -> bool:
    """Does ``new`` beat ``previous``? (RULES §4.3; suits and decks are ignored.)

    Total: returns False (never raises) when either side is not a set, so a referee asking
    about ``8 9`` simply gets "no".
    """
    return beats_strengths([c.strength for c in previous], [c.strength for c in new])


def keep_six_ok(strengths: Sequence[int], hand_strengths: Sequence[int]) -> bool:
    """RULES §4.8: a set with a 6 is allowed only as the whole rest of a hand of 6s."""
    if SIX not in strengths:
        return True
    return all(s == SIX for s in hand_strengths) and len(strengths) == len(hand_strengths)


def hint_key(n: int, rank: int, small: int, big: int) -> tuple[int, int, int, int]:
    """RULES §4.9 order: smallest by strength (the set's ordinary rank; joker-only sets
    after every rank), then fewest jokers, then fewer big jokers (spend the weaker joker
    first); when leading, among those, more cards of the rank first (a leader usually
    plays a rank whole; see docs/RULES-DECISIONS.md). ``enumerate_sets`` generates sets
    directly in this order; the key is kept for tests and callers that merge lists."""
    weakest = rank if n > 0 else (SJ if small > 0 else BJ)
    return (weakest, small + big, big, -n)


def enumerate_sets[T](
    buckets: Sequence[Sequence[T]],
    previous: Sequence[int] | None,
    *,
    keep_six: bool = False,
) -> list[tuple[T, ...]]:
    """Every distinct legal set by strength, one canonical pick each, in hint order.

    ``buckets[s]`` holds the hand's items of strength ``s``, least preferred first: a set
    takes the *last* n items of a bucket, so each returned set keeps the buckets' order
    (ordinary cards, then small jokers, then big jokers). ``previous`` is the last set's
    strengths (None when leading). The loops run in ``hint_key`` order, so no sort is
    needed: this is the hot path of every bot decision.
    """
    small, big = buckets[SJ], buckets[BJ]
    n_small, n_big = len(small), len(big)
    smalls: list[tuple[T, ...]] = [()] + [tuple(small[-x:]) for x in range(1, n_small + 1)]
    bigs: list[tuple[T, ...]] = [()] + [tuple(big[-y:]) for y in range(1, n_big + 1)]
    out: list[tuple[T, ...]] = []

    if previous is None:
        only_sixes = not any(buckets[s] for s in range(SIX + 1, BJ + 1))
        for rank in range(SJ):
            bucket = buckets[rank]
            count = len(bucket)
            if not count:
                continue
            if keep_six and rank == SIX:
                # RULES §4.8: 6s only when nothing else is left, all of them, no jokers.
                if only_sixes:
                    out.append(tuple(bucket))
                continue
            runs = [tuple(bucket[-n:]) for n in range(count, 0, -1)]
            for jokers in range(n_small + n_big + 1):
                for y in range(max(0, jokers - n_small), min(jokers, n_big) + 1):
                    attached = smalls[jokers - y] + bigs[y]
                    out.extend(run + attached for run in runs)
        # Joker-only sets: those with a small joker (weakest card SJ) first, then big only.
        for jokers in range(1, n_small + n_big + 1):
            for y in range(max(0, jokers - n_small), min(jokers - 1, n_big) + 1):
                out.append(smalls[jokers - y] + bigs[y])
        out.extend(bigs[1:])
        return out

    k = len(previous)
    if not is_set_strengths(previous):
        return out
    p = sorted(previous, reverse=True)
    # Sorted strongest first, the new set is y big jokers, x small jokers, n of one rank;
    # each block must beat the strongest previous card facing it (RULES §4.3): big jokers
    # need p[0] < BJ, small jokers need p[y] < SJ, the rank needs rank > p[x + y].
    big_ok = p[0] < BJ
    for rank in range(SIX + 1 if keep_six else SIX, SJ):  # a 6 never beats anything
        bucket = buckets[rank]
        count = len(bucket)
        if not count:
            continue
        for jokers in range(min(k - 1, n_small + n_big) + 1):
            n = k - jokers
            if n > count or rank <= p[jokers]:
                continue
            run = tuple(bucket[-n:])
            for y in range(max(0, jokers - n_small), min(jokers, n_big) + 1):
                x = jokers - y
                if (y and not big_ok) or (x and p[y] >= SJ):
                    continue
                out.append(run + smalls[x] + bigs[y])
    if k <= n_small + n_big:
        for y in range(max(0, k - n_small), min(k, n_big) + 1):
            x = k - y
            if (y and not big_ok) or (x and p[y] >= SJ):
                continue
            out.append(smalls[x] + bigs[y])
    return out


def buckets_of[T](items: Sequence[T], strength: Callable[[T], int]) -> list[list[T]]:
    buckets: list[list[T]] = [[] for _ in range(BJ + 1)]
    for item in items:
        buckets[strength(item)].append(item)
    return buckets


def index_buckets(hand: Sequence[int]) -> list[list[int]]:
    """Buckets of card indices in ascending order. Sets take the highest indices of a
    bucket, so the marked deck-0 jokers (the guard and emperor cards) are picked last and
    a hint never shows a marked card needlessly."""
    buckets: list[list[int]] = [[] for _ in range(BJ + 1)]
    for i in hand:
        buckets[STRENGTH[i]].append(i)
    return buckets


def legal_set_indices(
    hand: Sequence[int], previous: Sequence[int] | None, *, keep_six: bool = False
) -> list[tuple[int, ...]]:
    """The engine's fast path: ``hand`` (sorted) and ``previous`` are card indices; each
    returned set is a sorted tuple of indices."""
    prev = None if previous is None else [STRENGTH[i] for i in previous]
    return enumerate_sets(index_buckets(hand), prev, keep_six=keep_six)


def legal_sets(
    hand: Sequence[Card], previous: Sequence[Card] | None, *, keep_six: bool = False
) -> list[tuple[Card, ...]]:
    """Every legal set from ``hand`` (physical or strength-only cards) against ``previous``
    (``None`` = leading), one per distinct strength combination, in hint order (RULES §4.9),
    obeying keep-six (§4.8). Pass-lock (§4.7) is the caller's: a locked player has none."""

    def pick_order(c: Card) -> tuple[int, int]:
        return (c.strength, c.index if c.deck is not None else -1)

    ordered = sorted(hand, key=pick_order)
    prev = None if previous is None else [c.strength for c in previous]
    return enumerate_sets(buckets_of(ordered, lambda c: c.strength), prev, keep_six=keep_six)
