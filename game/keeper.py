"""The deadline keeper: acts for bots, auto-played players and overdue players.

Every daphne process runs one as a background task on its event loop (started by the first
table connection); ``manage.py run_keeper`` runs one on its own. Several keepers at once are
safe: each hand is locked and its deadlines re-read under the lock before anyone acts, so an
expired deadline fires exactly once. Deadlines live in the database, so deadlines that
expired while every server was down fire as soon as a keeper runs again.

A pass (four a second) looks at the database only when a deadline this process knows of
may have come, or once every ``LOOK_EVERY`` (``game.soonest``): a site whose tables all wait
on people costs its processes next to nothing between their actions.

Each keeper also runs the fair-play scan's schedule (``game.fairplay_schedule``): once a
minute it asks whether a pass is due, and one keeper in the cluster runs it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from game import action_sql, fairplay_schedule, hand_review, presence, soonest
from game.deadlines import due_hand_ids
from game.games import act_on_deadlines

log = logging.getLogger(__name__)
_task: asyncio.Task[None] | None = None
# Chores of the layers above, run on every look after the deadlines (a tournament that is
# due to start or to deal its next round): registered from their app's ``ready``, so a
# restarted process picks up where the database says things stand.
CHORES: list[Callable[[datetime], None]] = []


def tick_sync(now: datetime | None = None, *, reviews: bool = True) -> int:
    """Act on every due deadline once, and (``reviews``) move the hand reviews on; return
    the number of events written."""
    now = now or timezone.now()
    written = 0
    for hand_id in due_hand_ids(now=now):
        try:
            written += act_on_deadlines(hand_id=hand_id, now=now)
        except Exception:  # one broken hand must not stop every table
            log.exception("deadline keeper failed on hand %s", hand_id)
    for chore in CHORES:
        try:
            chore(now)
        except Exception:  # one broken chore must not stop every table
            log.exception("deadline keeper failed on %s", chore)
    if reviews:
        try:
            hand_review.advance_reviews()  # 高手's reviews: started and stored, never awaited
        except Exception:
            log.exception("deadline keeper failed on the hand reviews")
    return written


def look_sync(now: datetime | None = None, *, reviews: bool) -> int:
    """A keeper's look at the database: act on what is due at ``now`` (``tick_sync``), then
    tell ``soonest.SOONEST`` when the first deadline of all is now."""
    soonest.SOONEST.looking()
    written = tick_sync(now, reviews=reviews)
    soonest.SOONEST.looked(action_sql.soonest_deadline())
    return written


# A review searches for seconds; looking for pending ones once a second instead of on every
# pass (four a second) spares the database a query per pass and delays none noticeably.
REVIEWS_EVERY = 1.0  # seconds

HEARTBEAT_EVERY = 5.0  # seconds; game.presence.STALE_AFTER is several times this

# How long a pass may go without looking at the database when no deadline this process knows
# of has come (``game.soonest``): the deadlines that other processes wrote since the last look,
# which their own keepers act on in time, and the reviews asked for.
LOOK_EVERY = 1.0  # seconds


def beat_sync() -> None:
    """Tell the cluster this process is alive, and forget dead processes' connections."""
    presence.heartbeat()
    presence.prune()


@dataclass
class Schedule:
    """When a keeper last did each of its chores (loop seconds), and so whether a pass at
    ``now`` does it again. ``look_every``: ``LOOK_EVERY``, or the pass interval for a keeper
    that should look on every pass."""

    look_every: float
    looked: float = -math.inf
    reviewed: float = -math.inf
    beat: float = -math.inf

    def beats(self, now: float) -> bool:
        return now - self.beat >= HEARTBEAT_EVERY

    def looks(self, now: float, wall: datetime) -> bool:
        """Whether to look for due hands: a deadline known to this process may have come
        (``soonest.SOONEST``), or nobody looked for ``look_every``."""
        return soonest.SOONEST.due(wall.timestamp()) or now - self.looked >= self.look_every

    def reviews(self, now: float) -> bool:
        return now - self.reviewed >= REVIEWS_EVERY


_look = database_sync_to_async(look_sync)
_beat = database_sync_to_async(beat_sync)


async def keep(schedule: Schedule, now: float, wall: datetime) -> bool:
    """One pass of the keeper at loop time ``now`` and the moment ``wall`` (deadlines' clock):
    the chores that are due. Whether it looked for due hands."""
    if schedule.beats(now):
        await _beat()
        schedule.beat = now
    if not schedule.looks(now, wall):
        return False  # nothing known is due: no hop, no query
    reviews = schedule.reviews(now)
    schedule.looked = now
    await _look(wall, reviews=reviews)
    if reviews:
        schedule.reviewed = now
    return True


async def run_forever(interval: float | None = None, *, look_every: float = LOOK_EVERY) -> None:
    interval = settings.BAOHUANG_KEEPER_INTERVAL if interval is None else interval
    loop = asyncio.get_running_loop()
    schedule = Schedule(look_every=look_every)
    # The fair-play scan's schedule rides along (game.fairplay_schedule): its passes run on a
    # worker thread, so no deadline waits for one.
    scans = (
        loop.create_task(fairplay_schedule.scan_forever())
        if settings.BAOHUANG_FAIRPLAY_SCAN_EVERY > 0
        else None
    )
    try:
        while True:
            try:
                await keep(schedule, loop.time(), timezone.now())
            except Exception:
                log.exception("deadline keeper pass failed")
            await asyncio.sleep(interval)
    finally:
        if scans is not None:
            scans.cancel()


def ensure_keeper() -> None:
    """Start this process's keeper on the running loop, once (no-op when disabled)."""
    global _task
    if not settings.BAOHUANG_KEEPER_AUTOSTART:
        return
    if _task is not None and not _task.done():
        return
    _task = asyncio.get_running_loop().create_task(run_forever())
