"""The doorbell: after a commit, tell a table's connections that something changed.

It carries only the table, the new version and a ring id, never cards: each connection
renders its own view (ARCHITECTURE.md step 4). The ring id names this one change, so the
connections of a table served by one process can share the single database read made for
it (``lobby.consumers.SharedSnapshots``) instead of making five.
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from concurrent.futures import Future

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def ring_table(table_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always define a layer
        return
    group = table_group(table_id)
    message = {"type": "table.changed", "version": version, "ring": uuid.uuid4().hex}
    loop = _calling_loop()
    if loop is None:  # a management command, a script: no server loop to hand it to
        async_to_sync(layer.group_send)(group, message)
        return
    # Called (after a commit) on the sync thread that a consumer's database work runs on.
    # Handing the send to the server's loop without waiting frees that one thread at once;
    # waiting for it (async_to_sync) held every other table's database work behind this
    # table's pushes (docs/PERFORMANCE.md). Order does not matter: each ring makes its
    # readers read the table afresh.
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
