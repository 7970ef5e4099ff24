"""The doorbell: after a commit, tell a table's connections that something changed.

It carries only the table, the new version and a ring id, never cards: each connection
renders its own view (ARCHITECTURE.md step 4). The ring id names this one change, so the
connections of a table served by one process can share the single database read made for
it (``lobby.consumers.SharedSnapshots``) instead of making five.
"""

from __future__ import annotations

import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def ring_table(table_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always define a layer
        return
    async_to_sync(layer.group_send)(
        table_group(table_id),
        {"type": "table.changed", "version": version, "ring": uuid.uuid4().hex},
    )
