"""Writes for the lobby."""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from game.models import Game, Preset, Room


@dataclass(frozen=True, slots=True)
class RoomSpec:
    name: str
    slug: str
    preset: Preset
    base_stake: int
    table_fee: int
    sort_order: int
    game: Game = Game.BAOHUANG
    coin_coefficient: int = 0  # Red Ten: 0 a points room, N a coin room


# The rooms every fresh site starts with, one per preset of RULES §9.2 and §10.
DEFAULT_ROOMS: tuple[RoomSpec, ...] = (
    RoomSpec("普通场", "standard", Preset.STANDARD, 10, 2, 1),
    RoomSpec("快速场", "quick", Preset.QUICK, 10, 2, 2),
    RoomSpec("保六场", "keep-six", Preset.KEEP_SIX, 20, 4, 3),
    # The sources' other systems (RULES §10 table).
    RoomSpec("联众经典场", "lianzhong-classic", Preset.LIANZHONG_CLASSIC, 10, 2, 4),
    RoomSpec("联众简明场", "lianzhong-simple", Preset.LIANZHONG_SIMPLE, 10, 2, 5),
    RoomSpec("多乐场", "duole", Preset.DUOLE, 10, 2, 6),
    # Red Ten (RULES §11): a points room (stake per point, no fee) and a coin room of
    # coefficient N = 10 (the house keeps the tenth and the rounding: no fee either).
    RoomSpec("红十积分场", "redten", Preset.STANDARD, 10, 0, 7, Game.REDTEN, 0),
    RoomSpec("红十金币场", "redten-coin", Preset.STANDARD, 1, 0, 8, Game.REDTEN, 10),
)


def ensure_default_rooms() -> list[Room]:
    """Create the preset rooms that are missing; leave existing ones (and admins' edits) alone."""
    created = []
    for spec in DEFAULT_ROOMS:
        room, was_created = Room.objects.get_or_create(
            slug=spec.slug,
            defaults={
                "name": spec.name,
                "preset": spec.preset,
                "base_stake": spec.base_stake,
                "table_fee": spec.table_fee,
                "sort_order": spec.sort_order,
                "game": spec.game,
                "coin_coefficient": spec.coin_coefficient,
            },
        )
        if was_created:
            created.append(room)
    return created


def allow_new_table(*, who: str, limit: int) -> bool:
    """Count one new table for ``who`` (an account or an address) in a sliding window of
    ``BAOHUANG_TABLE_RATE_WINDOW`` seconds; False, and nothing counted, once ``limit`` are
    in it (docs/SECURITY.md, the resource hog: every table costs the server a keeper and a
    hand).

    Kept in the cache shared by the processes; a lost cache forgives, which is fine for a
    rate that only guards against floods.
    """
    window = settings.BAOHUANG_TABLE_RATE_WINDOW
    key = f"new-tables:{who}"
    now = time.time()
    recent = _recent_tables(key, now)
    if len(recent) >= limit:
        return False
    cache.set(key, [*recent, now], window)
    return True


def _recent_tables(key: str, now: float) -> list[float]:
    window = settings.BAOHUANG_TABLE_RATE_WINDOW
    return sorted(t for t in cache.get(key, []) if now - t < window)


def new_table_free_at(*, who: str, limit: int) -> float:
    """When (epoch seconds) ``who``, refused by ``allow_new_table``, may open a table again:
    when the oldest of its last ``limit`` tables leaves the window. Now, if it already may.
    It tells the refused person only about tables of his own account or address."""
    now = time.time()
    recent = _recent_tables(f"new-tables:{who}", now)
    if len(recent) < limit:
        return now
    return recent[-limit] + settings.BAOHUANG_TABLE_RATE_WINDOW
