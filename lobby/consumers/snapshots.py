"""The table's snapshots, shared by its connections: one per doorbell ring and process."""

from __future__ import annotations

import asyncio
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace

from channels.db import database_sync_to_async

from game import engine
from game.doorbell import on_ring
from game.models import Hand, HandStatus
from game.selectors import row_copy
from lobby.play_log import missed_last, public_events
from lobby.table_state import TableSnapshot, load_snapshot


class SharedSnapshots:
    """One snapshot per doorbell ring and process, shared by a table's connections.

    Every connection of a table receives the same ring; the first to handle it reads the
    table and the rest reuse that read (or wait for it when it is still under way). A ring
    names one committed change, so a snapshot read after it is never older than it.

    A ring for an action committed in this process needs no read at all: the
    doorbell hands over the committed hand row and state (``seed``), and the rest of the
    snapshot — the lobby seats, who plays the hand and their titles — cannot have changed
    since the last snapshot of the same running hand unless a ring without a version came
    in between (a seat change, a disconnection), which drops that base. So the pushes of an
    action come from the action just applied, as lichess's round module pushes, while the database
    row lock in ``submit_action`` stays the guard of exactly-once and the commit still
    precedes the ring.
    """

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._done: OrderedDict[tuple[int, str], TableSnapshot | None] = OrderedDict()
        self._loading: dict[tuple[int, str], asyncio.Future[TableSnapshot | None]] = {}
        # The latest snapshot known to be current per table, and a counter of the rings
        # without a version: both touched from database threads, hence the lock.
        self._lock = threading.Lock()
        self._base: dict[int, TableSnapshot] = {}
        self._epoch: dict[int, int] = {}
        self.seeded = 0  # rings served from memory (for tests and the bench)
        self._read_async = database_sync_to_async(self.read)  # built once, as below

    async def get(self, table_id: int, ring: str) -> TableSnapshot | None:
        key = (table_id, ring)
        if key in self._done:
            return self._done[key]
        pending = self._loading.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[TableSnapshot | None] = asyncio.get_running_loop().create_future()
        self._loading[key] = future
        try:
            snapshot: TableSnapshot | None = await self._read_async(table_id)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as error:
            future.set_exception(error)
            future.exception()  # mark it retrieved: the waiters (if any) re-raise it
            raise
        finally:
            del self._loading[key]
        future.set_result(snapshot)
        self._store(key, snapshot)
        return snapshot

    def read(self, table_id: int) -> TableSnapshot | None:
        """Read the table (database thread) and keep the read as the table's base, unless a
        change without a version was rung while it was under way. A socket's first render
        reads this way too, so a table's first action after its sockets connect pushes
        from memory like the rest."""
        with self._lock:
            epoch = self._epoch.get(table_id, 0)
        snapshot = load_snapshot(table_id)
        with self._lock:
            if snapshot is not None and self._epoch.get(table_id, 0) == epoch:
                self._base[table_id] = snapshot
        return snapshot

    def _store(self, key: tuple[int, str], snapshot: TableSnapshot | None) -> None:
        self._done[key] = snapshot
        while len(self._done) > self.size:
            self._done.popitem(last=False)

    def seed(
        self,
        table_id: int,
        ring: str,
        version: int,
        hand: Hand | None,
        state: engine.State | None,
    ) -> Callable[[], None] | None:
        """A doorbell listener (``game.doorbell.on_ring``), on the committing thread; what
        it returns runs on the loop before the ring is sent."""
        with self._lock:
            base = self._base.pop(table_id, None)
            if version < 0 or hand is None or state is None:
                self._epoch[table_id] = self._epoch.get(table_id, 0) + 1
                return None
            if (
                base is None
                or base.hand is None
                or base.state is None
                or base.hand.pk != hand.pk
                or base.hand.status != HandStatus.RUNNING
                or hand.status != HandStatus.RUNNING
                or state.version <= base.state.version
            ):
                return None  # a new hand, a settled one, or nothing to build on: read it
            # A copy: the snapshot is shared read-only, the committer's row is not ours.
            # The public record folds in the new events (one small read of the log's tail,
            # on this database thread; lobby.play_log caches the rest).
            snapshot = replace(
                base,
                hand=row_copy(hand),
                state=state,
                public=public_events(hand),
                missed=missed_last(hand),
            )
            self._base[table_id] = snapshot
            self.seeded += 1
        # Stored on the loop just before the ring is sent, so it is there when it arrives.
        return functools.partial(self._store, (table_id, ring), snapshot)


SNAPSHOTS = SharedSnapshots()


on_ring(SNAPSHOTS.seed)
