"""Daily tasks (RULES §7.5): which hands count, the day's cap, progress and payment.

``advance_tasks`` is called by ``accounts.hand_results.record_hand_results`` once for every
seat held by an account, inside the settling transaction, which writes the rows it moved on
and the rewards it returns together with the other seats'; ``record_task_progress`` does the
same for one account and writes them itself. Guests and bots have no account, so they never
reach this module.

Decisions where RULES §7.5 is silent:

* Tasks repeat: completing one pays its reward and starts its counter over. The day's cap
  (``titles.daily_task_cap``, the highest unlock held after the hand) limits completions of
  all tasks together; a player without an unlocking title gets ``BASE_DAILY_TASKS``. Once the
  cap is reached nothing more is counted that day.
* A fled player's hand counts for nothing (no task progress for deserting); it still counts
  in the role record and the lifetime result.
* The day is the local date in ``settings.TIME_ZONE`` (``BAOHUANG_TIME_ZONE``); a new day is
  a new row, so progress resets at local midnight without any job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import DailyTask, LedgerEntry, LedgerKind, User
from accounts.services import LedgerLine, record_entries
from game.engine.roles import Role
from game.engine.titles import daily_task_cap

# Completions a day for a player whose titles unlock none (RULES §7.5 is silent on them).
BASE_DAILY_TASKS = 3


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What a finished hand means for one player's tasks."""

    role: Role
    place: int  # 1 = 头科
    won: bool
    draw: bool
    fled: bool


@dataclass(frozen=True, slots=True)
class TaskDef:
    code: str
    title: Promise
    target: int  # hands that count, per completion
    reward: int  # beans per completion
    counts: Callable[[HandFacts], bool]


TASKS: tuple[TaskDef, ...] = (
    TaskDef("play3", _("Play 3 hands"), 3, 300, lambda f: True),
    TaskDef(
        "rebel_win", _("Win a hand as a rebel"), 1, 300, lambda f: f.won and f.role is Role.REBEL
    ),
    TaskDef("first", _("Finish first (头科)"), 1, 200, lambda f: f.place == 1),
)
TASKS_BY_CODE = {t.code: t for t in TASKS}


def local_day(now: datetime) -> date:
    """The local date of ``now`` in the site's time zone (daily tasks reset at its midnight)."""
    return now.astimezone(ZoneInfo(settings.TIME_ZONE)).date()


def task_cap(user: User) -> int:
    """Task completions a day for ``user`` (RULES §7.5: the highest unlock held counts)."""
    cap = daily_task_cap(
        {
            Role.EMPEROR: user.emperor_points,
            Role.GUARD: user.guard_points,
            Role.REBEL: user.rebel_points,
        }
    )
    return cap or BASE_DAILY_TASKS


def record_task_progress(
    *, user: User, facts: HandFacts, now: datetime, hand_id: int | None = None
) -> list[LedgerEntry]:
    """Count one finished hand towards ``user``'s tasks of the local day; pay completions.

    Runs inside the caller's transaction with the user's row locked (the settling
    transaction), so two hands cannot both take the last completion of the day, and no
    other writer makes the user's rows of the day meanwhile: they are read once, and a
    missing one is made without ``get_or_create``'s savepoint.
    """
    day = local_day(now)
    rows = {row.task: row for row in DailyTask.objects.filter(user=user, day=day)}
    lines, touched = advance_tasks(user=user, facts=facts, day=day, rows=rows)
    for row in touched:
        if row.pk is None:
            row.save(force_insert=True)
        else:
            row.save(update_fields=["progress", "completed"])
    return record_entries(user=user, entries=lines, hand_id=hand_id)


def advance_tasks(
    *, user: User, facts: HandFacts, day: date, rows: dict[str, DailyTask]
) -> tuple[list[LedgerLine], list[DailyTask]]:
    """One finished hand counted towards ``user``'s tasks of ``day``, whose rows (by task
    code) are ``rows``: the completions' rewards as ledger lines, in the order of ``TASKS``,
    and the rows moved on (new ones not yet saved, ``pk`` None), for the caller to write.
    Writes nothing: a settlement writes the five seats' rows together
    (``accounts.hand_results``)."""
    if facts.fled:
        return [], []
    cap = task_cap(user)
    done = sum(row.completed for row in rows.values())
    paid: list[LedgerLine] = []
    touched: list[DailyTask] = []
    for task in TASKS:
        if done >= cap:
            break
        if not task.counts(facts):
            continue
        row = rows.get(task.code) or DailyTask(user=user, day=day, task=task.code)
        row.progress += 1
        if row.progress >= task.target:
            row.progress = 0
            row.completed += 1
            done += 1
            paid.append(LedgerLine(LedgerKind.TASK, task.reward, task.code))
        touched.append(row)
    return paid, touched
