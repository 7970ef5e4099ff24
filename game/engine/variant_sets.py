"""Legal sets for the §10 variants: any strengths (the 216-card deck's 3 4 5 included, RULES
§10.2) and toasting (§10.6), where a follow may have more cards than the set it beats.

``sets.enumerate_sets`` is the fast path for Boke City's rules and stays untouched; this is
the general one: it lists every set the hand can form (one canonical pick per strength
combination) and keeps those that beat, in hint order (RULES §4.9, ``sets.hint_key``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .sets import BJ, SIX, SJ, beats_strengths, hint_key, keep_six_ok
from .toasting import beats_toasting


def beats_with(previous: Sequence[int], new: Sequence[int], *, toasting: bool) -> bool:
    """§4.3, or §10.6 when the room toasts."""
    return beats_toasting(previous, new) if toasting else beats_strengths(previous, new)


def general_sets[T](
    buckets: Mapping[int, Sequence[T]],
    previous: Sequence[int] | None,
    *,
    toasting: bool = False,
    keep_six: bool = False,
) -> list[tuple[T, ...]]:
    """Every legal set from ``buckets`` (strength -> the hand's items of that strength,
    least preferred first; a set takes the last items of a bucket), in hint order."""
    small = list(buckets.get(SJ, ()))
    big = list(buckets.get(BJ, ()))
    hand_strengths = [s for s, items in buckets.items() for _ in items]
    candidates: list[tuple[tuple[int, int, int, int], tuple[T, ...], list[int]]] = []
    # (rank, its bucket) per ordinary rank held, then (SJ, nothing) for joker-only sets.
    exact = None if previous is None or toasting else len(previous)
    # Toasting (§10.6) never beats with fewer cards, nor with more plain cards than the
    # previous set has cards (each plain card faces one of them, §4.3).
    least = 0 if previous is None else len(previous)
    choices = [(s, list(items)) for s, items in sorted(buckets.items()) if s < SJ and items]
    choices.append((SJ, []))
    for rank, bucket in choices:
        for n, x, y in _shapes(len(bucket), len(small), len(big), exact):
            if least and (n > least or n + x + y < least):
                continue
            strengths = [rank] * n + [SJ] * x + [BJ] * y
            if keep_six and not keep_six_ok(strengths, hand_strengths):
                continue
            if previous is not None and not beats_with(previous, strengths, toasting=toasting):
                continue
            items = tuple(bucket[len(bucket) - n :]) + tuple(small[len(small) - x :])
            items += tuple(big[len(big) - y :])
            candidates.append((hint_key(n, rank, x, y), items, strengths))
    candidates.sort(key=lambda c: c[0])
    return [items for _, items, _ in candidates]


def _shapes(count: int, n_small: int, n_big: int, exact: int | None) -> list[tuple[int, int, int]]:
    """(n of the rank, x small, y big) for every set a bucket of ``count`` cards can head
    (``count`` 0: joker-only sets), of ``exact`` cards when that is fixed (§4.3)."""
    ns = range(count, 0, -1) if count else (0,)
    shapes = []
    for x in range(n_small + 1):
        for y in range(n_big + 1):
            if exact is not None:
                n = exact - x - y
                if (count and 1 <= n <= count) or (not count and n == 0 and exact > 0):
                    shapes.append((n, x, y))
                continue
            shapes += [(n, x, y) for n in ns if n + x + y > 0]
    return shapes


def buckets_by[T](items: Sequence[T], strength: Callable[[T], int]) -> dict[int, list[T]]:
    out: dict[int, list[T]] = {}
    for item in items:
        out.setdefault(strength(item), []).append(item)
    return out


__all__ = ["SIX", "beats_with", "buckets_by", "general_sets"]
