"""The Red Ten military ladder (file 003 §10): 20 levels by points. A pure table.

The source's first row reads "列兵 <10" while the second starts at 100; a level-1 range
"below 10" would leave 10–99 without a title, so it is read as "below 100"
(docs/RULES-DECISIONS.md). Points are a player's lifetime Red Ten points; a negative total
is still 列兵.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    number: int  # 1..20
    title: str  # the Chinese title shown in the UI
    threshold: int  # the points from which it is held


LEVELS: tuple[Level, ...] = tuple(
    Level(n, title, threshold)
    for n, (title, threshold) in enumerate(
        (
            ("列兵", 0),
            ("下等兵", 100),
            ("上等兵", 300),
            ("下士", 800),
            ("中士", 1500),
            ("上士", 2200),
            ("准军士长", 3000),
            ("军士长", 4000),
            ("总军士长", 5500),
            ("准尉", 7700),
            ("少尉", 10000),
            ("中尉", 14000),
            ("上尉", 20000),
            ("少校", 30000),
            ("中校", 45000),
            ("上校", 72000),
            ("准将", 100000),
            ("少将", 150000),
            ("中将", 300000),
            ("上将", 500000),
        ),
        start=1,
    )
)


def level_for(points: int) -> Level:
    """The level held with ``points`` (thresholds inclusive: 100 is 下等兵)."""
    held = LEVELS[0]
    for level in LEVELS:
        if points >= level.threshold:
            held = level
    return held
