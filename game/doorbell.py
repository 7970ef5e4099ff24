"""The doorbell: after a commit, tell a table's connections that something changed.

It carries only the table, the new version and a ring id, never cards: each connection
renders its own view (ARCHITECTURE.md step 4). The ring id names this one change, so the
connections of a table served by one process can share the single database read made for
it (``lobby.consumers.SharedSnapshots``) instead of making five.

The process that committed an action already holds the hand row and the new state: it
tells the listeners registered with ``on_ring`` (in the same process, before the ring is
sent) so they can serve that ring from memory instead of reading back what was just
written. Listeners run on the committing thread and must be quick; what they need done on
the server's loop they return, and it runs there just before the ring is sent. The
doorbell itself stays ignorant of who listens (the game never imports the lobby).

A ring is handed to the loop in one hop (every hand-off wakes the loop and
contends for the GIL). A caller on the loop that awaits the database work itself (a
socket's action) collects the rings made meanwhile in a ``RingBox`` and sends them when its
await is over: the wake-up that returns its result carries them, no hop of their own.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import uuid
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

if TYPE_CHECKING:
    from game import engine
    from game.models import Hand

log = logging.getLogger(__name__)

# (table id, ring id, version, the hand row as committed or None, its state or None):
# called after the commit on the committing thread, before the ring is handed to the layer;
# returns what to run on the server's loop before the ring is sent, if anything.
RingListener = Callable[
    [int, str, int, "Hand | None", "engine.State | None"], Callable[[], None] | None
]
_listeners: list[RingListener] = []
Delivery = Callable[[], None]  # runs on the server's loop: the listeners' part, then the send
_collecting = threading.local()


def on_ring(listener: RingListener) -> None:
    """Call ``listener`` for every ring this process sends from a server loop's thread."""
    if listener not in _listeners:
        _listeners.append(listener)


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def ring_table(
    table_id: int,
    version: int,
    *,
    hand: Hand | None = None,
    state: engine.State | None = None,
) -> None:
    """Ring ``table_id``'s doorbell after a commit; ``hand`` and ``state`` (the row and the
    state just committed, when an action moved the version) go to this process's
    listeners only, never into the message."""
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always define a layer
        return
    group = table_group(table_id)
    ring = uuid.uuid4().hex
    message = {"type": "table.changed", "version": version, "ring": ring}
    loop = _calling_loop()
    if loop is None:  # a management command, a script: no server loop to hand it to
        async_to_sync(layer.group_send)(group, message)
        return
    on_loop: list[Callable[[], None]] = []
    for listener in _listeners:
        try:
            part = listener(table_id, ring, version, hand, state)
        except Exception:  # a listener only saves work: the ring must go out regardless
            log.exception("a doorbell listener failed")
            continue
        if part is not None:
            on_loop.append(part)

    def deliver() -> None:
        for part in on_loop:
            try:
                part()
            except Exception:
                log.exception("a doorbell listener failed")
        _send(loop, layer.group_send(group, message))

    # Called (after a commit) on the sync thread that a consumer's database work runs on.
    # Handing the send to the server's loop without waiting frees that one thread at once;
    # waiting for it (async_to_sync) held every other table's database work behind this
    # table's pushes (docs/PERFORMANCE.md). Rings may reach the connections out of commit
    # order (this hop against a ``RingBox`` emptied later): a listener may have bound a ring
    # to the table as of its commit, so a reader never lets an older one replace a newer.
    _hand_over(loop, deliver)


def _hand_over(loop: asyncio.AbstractEventLoop, deliver: Delivery) -> None:
    """Run ``deliver`` on ``loop``: with the result of the await that collects this thread's
    rings (``collect_rings``), else in a hop of its own."""
    box: RingBox | None = getattr(_collecting, "box", None)
    if box is None or not box.add(deliver):
        loop.call_soon_threadsafe(deliver)


def _send(loop: asyncio.AbstractEventLoop, send: Coroutine[Any, Any, None]) -> None:
    task = loop.create_task(send)
    task.add_done_callback(_report_task)


class RingBox:
    """The rings one awaited database call makes, for its caller to send on the loop.

    Made on the loop, filled on the database thread (``collect_rings``), emptied on the
    loop by ``deliver`` once the await is over, whether it returned, raised or was
    cancelled. A ring made after that (the call outlived a cancelled await) is handed over
    in a hop of its own: no ring is ever lost.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rings: list[Delivery] = []
        self._open = True

    def add(self, deliver: Delivery) -> bool:
        with self._lock:
            if self._open:
                self._rings.append(deliver)
            return self._open

    def deliver(self) -> None:
        """On the loop: send what was collected; later rings go out by themselves."""
        with self._lock:
            self._open = False
            rings, self._rings = self._rings, []
        for ring in rings:
            ring()


@contextmanager
def collect_rings(box: RingBox) -> Iterator[None]:
    """On a database thread: the rings made inside (after their commits) go into ``box``."""
    _collecting.box = box
    try:
        yield
    finally:
        _collecting.box = None


def ring_presence(table_id: int) -> None:
    """Tell ``table_id``'s connections that a seat came online or went away between hands:
    they redraw the seats that changed and nothing else. No listener runs: the hand did not
    move."""
    send_to_group(table_group(table_id), {"type": "table.presence", "ring": uuid.uuid4().hex})


def send_to_group(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to ``group`` from sync code: on the server's loop when a consumer
    called in (the send does not wait), else at once (a plain view, a command, a test)."""
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always define a layer
        return
    loop = _calling_loop()
    if loop is None:
        async_to_sync(layer.group_send)(group, message)
        return
    future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    future.add_done_callback(_report)


def _calling_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop that called into this sync thread, as asgiref records it."""
    local = SyncToAsync.threadlocal
    loop: asyncio.AbstractEventLoop | None = getattr(local, "main_event_loop", None)
    if loop is None or getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    if loop.is_closed() or not loop.is_running():
        return None
    return loop


def _report(future: Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("ringing a table failed", exc_info=future.exception())


def _report_task(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("ringing a table failed", exc_info=task.exception())
