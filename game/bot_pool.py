"""Where bots think: cheap levels at once, the searching expert in worker processes.

A 新手 or 普通 decision costs microseconds and is taken where the deadline keeper acts. A
高手 decision searches for up to a few hundred milliseconds; done in the keeper it would
hold the hand's row lock and the web process's database thread (and through it every table's
pushes). So the keeper only *asks* (:func:`request`): the view goes to a process pool, and
the keeper's next pass (every ``BAOHUANG_KEEPER_INTERVAL``) *takes* (:func:`take`) the answer
once it is ready and submits it through the same service as a person's action. Nothing
waits: neither the event loop nor the database thread ever runs or blocks on a search.

An answer is keyed by (hand, version, seat): if the position moved on meanwhile (the seat
was put into auto-play, say), the answer is for a position that no longer exists and is
dropped. With several server processes each may ask for the same decision; the row lock
makes exactly one answer count, the other is dropped the same way.

The workers are started with ``spawn`` and import only ``game.engine`` (no Django), so they
start fast and share nothing with the web process.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor

from game import engine
from game.engine.bot_levels import make_bot

Key = tuple[int, int, int]  # hand id, state version, seat

SEARCHING = frozenset({"expert"})
_MAX_PENDING = 512  # answers nobody took (hand abandoned): forget the oldest beyond this

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_pending: dict[Key, Future[str]] = {}
_jobs: dict[tuple[str, int], Future[object]] = {}


def _new_pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_background,
    )


# Seconds between a worker's looks at its parent (a worker outlives a killed parent by this).
PARENT_POLL_SECONDS = 1.0


def _background() -> None:
    """Runs first in each worker: a search yields the CPU to the web process on a shared
    core (niceness +10), so 高手 thinking does not delay anyone's pushes; and the worker
    ends with the web process that started it."""
    with contextlib.suppress(OSError):
        os.nice(10)
    threading.Thread(
        target=_exit_with_parent,
        args=(os.getppid(), threading.Event()),
        name="parent-watch",
        daemon=True,
    ).start()


def _exit_with_parent(parent: int, stop: threading.Event) -> None:
    """End this worker once ``parent`` is gone (its parent pid changes to the reaper's).

    A web process killed by SIGKILL cannot stop its pool: the worker would wait on its call
    queue for ever, and keep multiprocessing's resource tracker alive with it, which ends
    only when every process holding its pipe has closed it (measured: 27.5 MB + 14 MB, both
    still running 13 minutes after the kill). PR_SET_PDEATHSIG would fire when the *thread*
    that spawned the worker ends, which is any thread that first submitted to the pool.
    ``stop`` ends the watch (for tests)."""
    while not stop.wait(PARENT_POLL_SECONDS):
        if os.getppid() != parent:
            os._exit(0)


def searches(level: str) -> bool:
    """Does a bot of ``level`` think in a worker process?"""
    return level in SEARCHING


def decide_now(level: str, view: engine.View, seed: int) -> engine.Action:
    """A cheap level's decision, taken in the calling thread."""
    return make_bot(level, random.Random(seed)).choose(view)


def think(level: str, view: engine.View, seed: int) -> str:
    """Runs in a worker: the decision, as notation (a plain string crosses processes)."""
    return make_bot(level, random.Random(seed)).choose(view).to_notation()


# Decisions already searched, by (level, bot seed, what the seat sees): a bot's decision is a
# function of these alone (ARCHITECTURE.md), so a duplicate deal's bot facing a position it
# met at another entrant's table answers from here instead of searching again
# (docs/PERFORMANCE.md, "Daily challenge: reused decisions"). Bounded, oldest out first.
_DECIDED_MAX = 4096
_decided: OrderedDict[tuple[str, int, engine.View], engine.Action] = OrderedDict()
REUSE = {"hits": 0, "misses": 0}


def recall(level: str, seed: int, view: engine.View) -> engine.Action | None:
    """The decision taken before for this level, seed and view, if this process has one."""
    with _lock:
        action = _decided.get((level, seed, view))
        if action is None:
            REUSE["misses"] += 1
            return None
        _decided.move_to_end((level, seed, view))
        REUSE["hits"] += 1
        return action


def remember(level: str, seed: int, view: engine.View, action: engine.Action) -> None:
    with _lock:
        _decided[(level, seed, view)] = action
        while len(_decided) > _DECIDED_MAX:
            _decided.popitem(last=False)


def request(key: Key, level: str, view: engine.View, seed: int, workers: int = 1) -> None:
    """Start thinking about ``key`` unless already thinking about it. Never blocks."""
    global _pool
    with _lock:
        if key in _pending:
            return
        if _pool is None:
            _pool = _new_pool(workers)
        if len(_pending) >= _MAX_PENDING:
            _pending.pop(next(iter(_pending)))
        _pending[key] = _pool.submit(think, level, view, seed)


def submit_job(
    key: tuple[str, int], fn: Callable[..., object], *args: object, workers: int = 1
) -> bool:
    """Run ``fn(*args)`` in the pool under ``key`` unless already running; never blocks.
    Returns False if it was already running (the hand review uses this)."""
    global _pool
    with _lock:
        if key in _jobs:
            return False
        if _pool is None:
            _pool = _new_pool(workers)
        _jobs[key] = _pool.submit(fn, *args)
        return True


def job_result(key: tuple[str, int]) -> tuple[bool, object]:
    """(done, result) of a job; a finished job is forgotten. Raises what the job raised."""
    with _lock:
        future = _jobs.get(key)
        if future is None or not future.done():
            return False, None
        del _jobs[key]
    return True, future.result()


def running_job(key: tuple[str, int]) -> bool:
    with _lock:
        return key in _jobs


def take(key: Key) -> engine.Action | None:
    """The answer for ``key`` if it is ready (and forget it), else None. Never blocks. A
    search that failed is raised here, where the keeper logs it for its hand."""
    with _lock:
        future = _pending.get(key)
        if future is None or not future.done():
            return None
        del _pending[key]
        # Older versions of this hand will never be asked for again.
        for stale in [k for k in _pending if k[0] == key[0] and k[1] < key[1]]:
            _pending.pop(stale).cancel()
    return engine.Action.from_notation(future.result())


def thinking(key: Key) -> bool:
    with _lock:
        return key in _pending


def busy_with(hand_id: int) -> bool:
    """Is a search for ``hand_id`` queued or running? Until it is done the keeper has
    nothing to take for that hand, and skips it without a transaction (otherwise a waiting
    hand would cost the web process a locked read and a deadline write every keeper pass)."""
    with _lock:
        return any(k[0] == hand_id and not f.done() for k, f in _pending.items())


def shutdown() -> None:
    """Stop the workers (tests, and a server shutting down)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
        futures: list[Future[str] | Future[object]] = [*_pending.values(), *_jobs.values()]
        for future in futures:
            future.cancel()
        _pending.clear()
        _jobs.clear()
        _decided.clear()
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
