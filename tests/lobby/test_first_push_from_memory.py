"""A table's first action after its sockets connect is pushed from memory too (issue 15).

The read each socket's first render makes is kept as the table's base, so the action that
follows is pushed from the row and state its commit left in memory, like every later one,
instead of every table paying one more read of itself after its people sit down.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from asgiref.sync import sync_to_async

from lobby import consumers
from lobby.consumers import SNAPSHOTS
from lobby.table_state import TableSnapshot, load_snapshot
from tests.lobby.test_table_socket import scripted_move
from tests.support.table_sockets import Player, connect, hand_state, seat_five

pytestmark = pytest.mark.django_db(transaction=True)


async def test_the_first_action_after_the_sockets_connect_reads_nothing_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, users = await sync_to_async(seat_five)("standard", ["ma", "mb", "mc", "md", "me"])
    players = [Player(u.username, u, i, await connect(u, table)) for i, u in enumerate(users)]
    try:
        _, state = await sync_to_async(hand_state)(table)
        for p in players:
            await p.until_version(state.version)
        reads: list[int] = []

        def counted(table_id: int) -> TableSnapshot | None:
            reads.append(table_id)
            return load_snapshot(table_id)

        monkeypatch.setattr(consumers, "load_snapshot", counted)
        seeded = SNAPSHOTS.seeded
        # Every seat's socket sees the new version (scripted_move waits for all five).
        await scripted_move(players, state)
        assert reads == [], "the first action's push read the table back"
        assert SNAPSHOTS.seeded == seeded + 1
    finally:
        for p in players:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await p.ws.disconnect()
