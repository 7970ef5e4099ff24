"""The soonest moment this process's deadline keeper has to look at the database again.

Asking the database which hands are due on every pass of the keeper (``game.keeper``), four
times a second, would nearly always get "none": a query and a hop to the database thread
each time, about 6 ms of CPU a second (measured) for a process whose tables are all waiting
on people (docs/PERFORMANCE.md). A deadline is never a surprise,
though: every one is set by ``game.clocks.set_deadlines``, which notes it here once its
transaction has committed, and every look tells the keeper the soonest deadline the
database holds. So a pass looks only when one of those moments has come, or when
``game.keeper.LOOK_EVERY`` has passed since the last look (deadlines that other processes
wrote, whose own keepers act on them in time anyway).

Noted from database threads, read on the keeper's loop: a lock keeps ``note`` and
``looked`` apart. A note made while a look is under way is kept over what the look found,
since the look's read may predate its commit.
"""

from __future__ import annotations

import math
import threading
from datetime import datetime

from django.db import transaction


class Soonest:
    """The earliest wall-clock moment (seconds since the epoch) at which a deadline known to
    this process may be due."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._at = -math.inf  # nothing known yet: look at once
        self._since: float | None = None  # the soonest noted during the look under way

    def due(self, now: float) -> bool:
        """Whether a deadline known here may have come at ``now``."""
        return now >= self._at

    def note(self, at: float) -> None:
        """A deadline at ``at`` was committed."""
        with self._lock:
            self._at = min(self._at, at)
            if self._since is not None:
                self._since = min(self._since, at)

    def looking(self) -> None:
        """A look at the database begins (call before its reads)."""
        with self._lock:
            self._since = math.inf

    def looked(self, soonest: datetime | None) -> None:
        """The look found ``soonest`` as the earliest deadline of a running hand (None: no
        running hand has one)."""
        found = math.inf if soonest is None else soonest.timestamp()
        with self._lock:
            since = math.inf if self._since is None else self._since
            self._at, self._since = min(found, since), None


SOONEST = Soonest()


def note_deadline(at: datetime) -> None:
    """Tell this process's keeper about a deadline at ``at`` once the current transaction
    commits (at once outside one; never when it rolls back)."""
    transaction.on_commit(lambda: SOONEST.note(at.timestamp()))
