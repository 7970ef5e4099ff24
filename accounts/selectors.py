"""Reads for players: profile, titles with progress, level, win rates, daily tasks, boards."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Literal

from django.db.models import Q, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import DailyTask, KeptApart, RoleRecord, User
from accounts.tasks import TASKS, TaskDef, local_day, task_cap
from display.labels import ROLE_LABELS
from game.engine.roles import Role
from game.engine.titles import LADDERS, LEVELS, general_level, tier_for

ROLES: tuple[Role, ...] = (Role.EMPEROR, Role.GUARD, Role.REBEL)


def points_of(user: User, role: Role) -> int:
    points: int = getattr(user, f"{role.value}_points")
    return points


@dataclass(frozen=True, slots=True)
class TitleProgress:
    """One ladder as the profile shows it (RULES §7.2–§7.4)."""

    role: Role
    role_name: Promise
    points: int
    tier: str
    next_tier: str | None  # None: the top of the ladder
    next_at: int | None
    tier_at: int

    @property
    def to_next(self) -> int:
        return 0 if self.next_at is None else self.next_at - self.points

    @property
    def progress_value(self) -> int:
        """Points earned within the current tier (for a <progress> bar)."""
        return self.points - self.tier_at

    @property
    def progress_max(self) -> int:
        return 0 if self.next_at is None else self.next_at - self.tier_at


def title_progress(role: Role, points: int) -> TitleProgress:
    tier = tier_for(role, points)
    higher = [t for t in LADDERS[role] if t.min_points > points]
    nxt = higher[0] if higher else None
    return TitleProgress(
        role=role,
        role_name=ROLE_LABELS[role],
        points=points,
        tier=tier.name,
        next_tier=nxt.name if nxt else None,
        next_at=nxt.min_points if nxt else None,
        tier_at=tier.min_points,
    )


@dataclass(frozen=True, slots=True)
class Level:
    """RULES §7.7: the general level from the lifetime result in stake units."""

    units: int  # the lifetime result, whole stake units, read as 0 when below 0
    name: str
    next_name: str | None
    next_at: int | None
    level_at: int
    # The general score itself (RULES §7.7): may be below 0, which 负分清零 clears (§12.3).
    score: Decimal = Decimal(0)

    @property
    def progress_value(self) -> int:
        return self.units - self.level_at

    @property
    def progress_max(self) -> int:
        return 0 if self.next_at is None else self.next_at - self.level_at


def level_of(lifetime_units: Decimal) -> Level:
    units = max(0, int(lifetime_units))  # whole units reached; a negative total counts as 0
    reached = [t for t, _name in LEVELS if t <= units]
    higher = [(t, n) for t, n in LEVELS if t > units]
    return Level(
        units=units,
        name=general_level(units),
        next_name=higher[0][1] if higher else None,
        next_at=higher[0][0] if higher else None,
        level_at=reached[-1] if reached else 0,
        score=lifetime_units,
    )


@dataclass(frozen=True, slots=True)
class RoleRate:
    role: Role
    role_name: Promise
    hands: int
    wins: int
    draws: int

    @property
    def losses(self) -> int:
        return self.hands - self.wins - self.draws

    @property
    def win_rate(self) -> int | None:
        """Wins per hand in whole percent (None before the first hand)."""
        return round(100 * self.wins / self.hands) if self.hands else None


def role_rates(user: User) -> list[RoleRate]:
    records = {r.role: r for r in RoleRecord.objects.filter(user=user)}
    rates = []
    for role in ROLES:
        rec = records.get(role.value)
        rates.append(
            RoleRate(
                role=role,
                role_name=ROLE_LABELS[role],
                hands=rec.hands if rec else 0,
                wins=rec.wins if rec else 0,
                draws=rec.draws if rec else 0,
            )
        )
    return rates


@dataclass(frozen=True, slots=True)
class TaskProgress:
    task: TaskDef
    progress: int
    completed: int


@dataclass(frozen=True, slots=True)
class DailyTasks:
    tasks: list[TaskProgress]
    cap: int
    done: int

    @property
    def left(self) -> int:
        return max(0, self.cap - self.done)


def daily_tasks_of(user: User, *, now: datetime) -> DailyTasks:
    rows = {r.task: r for r in DailyTask.objects.filter(user=user, day=local_day(now))}
    tasks = [
        TaskProgress(
            task=t,
            progress=rows[t.code].progress if t.code in rows else 0,
            completed=rows[t.code].completed if t.code in rows else 0,
        )
        for t in TASKS
    ]
    return DailyTasks(tasks=tasks, cap=task_cap(user), done=sum(t.completed for t in tasks))


@dataclass(frozen=True, slots=True)
class Profile:
    player: User
    level: Level
    titles: list[TitleProgress]
    rates: list[RoleRate]


def profile_of(user: User) -> Profile:
    return Profile(
        player=user,
        level=level_of(user.lifetime_stake_units),
        titles=[title_progress(role, points_of(user, role)) for role in ROLES],
        rates=role_rates(user),
    )


Board = Literal["emperor", "guard", "rebel", "beans"]
BOARDS: tuple[Board, ...] = ("emperor", "guard", "rebel", "beans")
BOARD_NAMES: dict[Board, Promise] = {
    "emperor": _("Emperor"),
    "guard": _("Guard"),
    "rebel": _("Rebel"),
    "beans": _("Beans"),
}


def board_field(board: Board) -> str:
    return "beans" if board == "beans" else f"{board}_points"


def leaderboard(board: Board) -> QuerySet[User]:
    """Every player by the board's number, highest first; ties by who joined first.
    Suspended and inactive accounts stay on it as any other, their numbers frozen: a pair's
    suspension must not show as two names leaving at once (docs/SECURITY.md)."""
    field = board_field(board)
    return User.objects.order_by(f"-{field}", "id")


def kept_apart_from(user_id: int) -> frozenset[int]:
    """Every player an admin keeps apart from this one in quick match (docs/FAIRPLAY.md)."""
    pairs = KeptApart.objects.filter(Q(user_a_id=user_id) | Q(user_b_id=user_id))
    return frozenset(
        b if a == user_id else a for a, b in pairs.values_list("user_a_id", "user_b_id")
    )


def kept_apart(user_a: User | int, user_b: User | int) -> bool:
    """Must quick match keep these two players from one table? (An admin decided so on the
    fair-play page, docs/FAIRPLAY.md.) Users or their ids."""
    a = user_a if isinstance(user_a, int) else user_a.pk
    b = user_b if isinstance(user_b, int) else user_b.pk
    if a == b:
        return False
    low, high = sorted((a, b))
    return KeptApart.objects.filter(user_a_id=low, user_b_id=high).exists()
