"""The deadline keeper: acts for bots, auto-played players and overdue players.

Every daphne process runs one as a background task on its event loop (started by the first
table connection); ``manage.py run_keeper`` runs one on its own. Several keepers at once are
safe: each hand is locked and its deadlines re-read under the lock before anyone acts, so an
expired deadline fires exactly once. Deadlines live in the database, so deadlines that
expired while every server was down fire as soon as a keeper runs again.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from game import hand_review, presence
from game.deadlines import due_hand_ids
from game.games import act_on_deadlines

log = logging.getLogger(__name__)
_task: asyncio.Task[None] | None = None


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
    if reviews:
        try:
            hand_review.advance_reviews()  # 高手's reviews: started and stored, never awaited
        except Exception:
            log.exception("deadline keeper failed on the hand reviews")
    return written


async def tick(now: datetime | None = None, *, reviews: bool = True) -> int:
    written: int = await database_sync_to_async(tick_sync)(now, reviews=reviews)
    return written


# A review searches for seconds; looking for pending ones once a second instead of on every
# pass (four a second) spares the database a query per pass and delays none noticeably.
REVIEWS_EVERY = 1.0  # seconds


HEARTBEAT_EVERY = 5.0  # seconds; game.presence.STALE_AFTER is several times this


def beat_sync() -> None:
    """Tell the cluster this process is alive, and forget dead processes' connections."""
    presence.heartbeat()
    presence.prune()


async def run_forever(interval: float | None = None) -> None:
    interval = settings.BAOHUANG_KEEPER_INTERVAL if interval is None else interval
    loop = asyncio.get_running_loop()
    last_beat = last_reviews = 0.0
    while True:
        try:
            if loop.time() - last_beat >= HEARTBEAT_EVERY:
                await database_sync_to_async(beat_sync)()
                last_beat = loop.time()
            reviews = loop.time() - last_reviews >= REVIEWS_EVERY
            await tick(reviews=reviews)
            if reviews:
                last_reviews = loop.time()
        except Exception:
            log.exception("deadline keeper tick failed")
        await asyncio.sleep(interval)


def ensure_keeper() -> None:
    """Start this process's keeper on the running loop, once (no-op when disabled)."""
    global _task
    if not settings.BAOHUANG_KEEPER_AUTOSTART:
        return
    if _task is not None and not _task.done():
        return
    _task = asyncio.get_running_loop().create_task(run_forever())
