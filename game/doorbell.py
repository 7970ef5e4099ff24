"""The doorbell: after a commit, tell a table's connections that something changed.

It carries only the table, the new version and a ring id, never cards: each connection
renders its own view (ARCHITECTURE.md step 4). The ring id names this one change, so the
connections of a table served by one process can share the single database read made for
it (``lobby.consumers.SharedSnapshots``) instead of making five.

The process that committed an action already holds the hand row and the new state: it
tells the listeners registered with ``on_ring`` (in the same process, before the ring is
sent) so they can serve that ring from memory instead of reading back what was just
written. Listeners run on the committing thread and must be quick; the doorbell itself
stays ignorant of who listens (the game never imports the lobby).
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

if TYPE_CHECKING:
    from game import engine
    from game.models import Hand

log = logging.getLogger(__name__)

# (table id, ring id, version, the hand row as committed or None, its state or None, the
# server loop): called after the commit, before the ring is handed to the layer.
RingListener = Callable[
    [int, str, int, "Hand | None", "engine.State | None", asyncio.AbstractEventLoop], None
]
_listeners: list[RingListener] = []


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
    for listener in _listeners:
        try:
            listener(table_id, ring, version, hand, state, loop)
        except Exception:  # a listener only saves work: the ring must go out regardless
            log.exception("a doorbell listener failed")
    # Called (after a commit) on the sync thread that a consumer's database work runs on.
    # Handing the send to the server's loop without waiting frees that one thread at once;
    # waiting for it (async_to_sync) held every other table's database work behind this
    # table's pushes (docs/PERFORMANCE.md). Order does not matter: each ring makes its
    # readers read the table afresh.
    future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    future.add_done_callback(_report)


def ring_presence(table_id: int) -> None:
    """Tell ``table_id``'s connections that a seat came online or went away between hands
    (issue 18): they redraw the seats that changed and nothing else. No listener runs: the
    hand did not move."""
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always define a layer
        return
    message = {"type": "table.presence", "ring": uuid.uuid4().hex}
    loop = _calling_loop()
    if loop is None:
        async_to_sync(layer.group_send)(table_group(table_id), message)
        return
    future = asyncio.run_coroutine_threadsafe(
        layer.group_send(table_group(table_id), message), loop
    )
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
