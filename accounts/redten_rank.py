"""A player's place on the Red Ten military ladder (file 003 §10), for the profile."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import User
from game.engine.redten.ladder import LEVELS, level_for


@dataclass(frozen=True, slots=True)
class RedTenRank:
    points: int  # lifetime Red Ten points (may be negative)
    level: int  # 1..20
    title: str
    next_title: str | None  # None: 上将, the top
    tier_at: int
    next_at: int | None

    @property
    def progress_value(self) -> int:
        return max(0, self.points - self.tier_at)

    @property
    def progress_max(self) -> int:
        return 0 if self.next_at is None else self.next_at - self.tier_at

    @property
    def to_next(self) -> int:
        return 0 if self.next_at is None else self.next_at - self.points


def redten_rank(points: int) -> RedTenRank:
    level = level_for(points)
    higher = [lv for lv in LEVELS if lv.threshold > points]
    nxt = higher[0] if higher else None
    return RedTenRank(
        points=points,
        level=level.number,
        title=level.title,
        next_title=nxt.title if nxt else None,
        tier_at=level.threshold,
        next_at=nxt.threshold if nxt else None,
    )


def redten_rank_of(user: User) -> RedTenRank:
    return redten_rank(user.redten_points)
