"""Values remembered by the identity of the objects they were made from.

A push builds each viewer's context from the snapshot the doorbell shares: its seating, its
trick, a seat's interned value are the very same objects for every viewer and from move to
move, so a value made from them can be found again by their ids, far sooner than by
hashing and comparing them. The objects are held beside the value, so an id reused after
one of them is gone can never match. Bounded: when full, the table is emptied at once (an
atomic step, unlike evicting one entry while a view thread may be reading).
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import is_


class IdentityMemo[V]:
    """``get(held, plain)`` finds what ``put(held, plain, value)`` stored while every object
    of ``held`` is the same object; ``plain`` are ordinary hashable values (a language)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._table: dict[tuple[Hashable, ...], tuple[tuple[object, ...], V]] = {}

    def get(self, held: tuple[object, ...], plain: tuple[Hashable, ...] = ()) -> V | None:
        hit = self._table.get((*map(id, held), *plain))
        if hit is not None and all(map(is_, hit[0], held)):
            return hit[1]
        return None

    def put(self, held: tuple[object, ...], plain: tuple[Hashable, ...], value: V) -> V:
        if len(self._table) >= self.size:
            self._table.clear()
        self._table[(*map(id, held), *plain)] = (held, value)
        return value
