"""When the fair-play scan runs (docs/FAIRPLAY.md): by itself, every
``BAOHUANG_FAIRPLAY_SCAN_EVERY`` seconds, started by the deadline keeper of every process
(``game.keeper.run_forever``) and never on a request's path.

Every keeper looks every ``CHECK_EVERY`` seconds whether a pass is due; the first to claim
it (one conditional UPDATE of the cursor's row moves ``next_scan_at`` on by ``LEASE``) runs
it, the others find it claimed. A pass counts up to ``PASS_LIMIT`` hands in a worker thread,
not on the keeper's database thread, so deadlines never wait for it; a full pass makes the
next one due after ``CATCH_UP_AFTER``, so a backlog is worked off in short passes. A process
that dies in a pass leaves its claim to lapse after ``LEASE``.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from game.fairplay import CURSOR, scan
from game.models import FairPlayCursor

log = logging.getLogger(__name__)

CHECK_EVERY = 60.0  # seconds between a keeper's looks at whether a pass is due
# Hands a pass counts: small passes, each in its own thread, keep the scan's share of a web
# process's time small; a backlog is worked off in passes CATCH_UP_AFTER apart.
PASS_LIMIT = 100
CATCH_UP_AFTER = timedelta(seconds=10)
LEASE = timedelta(minutes=10)


def _every() -> timedelta:
    return timedelta(seconds=settings.BAOHUANG_FAIRPLAY_SCAN_EVERY)


def claim(now: datetime) -> bool:
    """Take the pass due at ``now`` for this process; False if none is due or another
    process took it."""
    FairPlayCursor.objects.get_or_create(name=CURSOR)
    due = Q(next_scan_at__isnull=True) | Q(next_scan_at__lte=now)
    taken = FairPlayCursor.objects.filter(due, name=CURSOR).update(next_scan_at=now + LEASE)
    return taken == 1


def record_pass(*, counted: int, limit: int, now: datetime | None = None) -> None:
    """A pass ended having counted ``counted`` of at most ``limit`` hands: say so on the
    admin's page, and when the next one is due."""
    now = now or timezone.now()
    after = CATCH_UP_AFTER if counted >= limit else _every()
    FairPlayCursor.objects.filter(name=CURSOR).update(
        last_scan_at=now, last_scan_counted=counted, next_scan_at=now + after
    )


def run_due_pass(now: datetime | None = None) -> int | None:
    """Run the scan if a pass is due and this process claims it: the hands counted, or None."""
    if not claim(now or timezone.now()):
        return None
    counted = scan(limit=PASS_LIMIT)
    record_pass(counted=counted, limit=PASS_LIMIT)
    return counted


def _pass_in_worker() -> int | None:
    """``run_due_pass`` on a worker thread, which keeps no connection open afterwards."""
    try:
        return run_due_pass()
    finally:
        connection.close()


_run_due_pass = database_sync_to_async(_pass_in_worker, thread_sensitive=False)


async def scan_forever() -> None:
    """The keeper's schedule: look whether a pass is due every ``CHECK_EVERY`` seconds."""
    while True:
        await asyncio.sleep(CHECK_EVERY)
        try:
            await _run_due_pass()
        except Exception:  # a failed pass must not stop the schedule; the next one retries
            log.exception("fair-play scan failed")


@dataclass(frozen=True, slots=True)
class LastScan:
    """What the admin's page says about the schedule."""

    at: datetime | None  # None: no pass has run yet
    counted: int
    every_minutes: int  # 0: the keeper does not scan (BAOHUANG_FAIRPLAY_SCAN_EVERY=0)


def last_scan() -> LastScan:
    row = FairPlayCursor.objects.filter(name=CURSOR).first()
    every = settings.BAOHUANG_FAIRPLAY_SCAN_EVERY
    minutes = max(1, round(every / 60)) if every > 0 else 0
    if row is None:
        return LastScan(None, 0, minutes)
    return LastScan(row.last_scan_at, row.last_scan_counted, minutes)
