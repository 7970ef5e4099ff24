"""A table's first action after its sockets connect is pushed from memory too.

The read each socket's first render makes is kept as the table's base, so the action that
follows is pushed from the row and state its commit left in memory, like every later one,
instead of every table paying one more read of itself after its people sit down.
"""

from __future__ import annotations

import asyncio
import contextlib
import re

import pytest
from asgiref.sync import sync_to_async

from baohuang_site.devtools.table_players import Player, connect, hand_state, seat_five
from game import engine
from game.hands import submit_action
from game.models import Table
from lobby import consumers
from lobby.consumers import SNAPSHOTS
from lobby.table_state import TableSnapshot, load_snapshot
from tests.lobby.test_table_socket import scripted_move

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]


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

        # The two places a table connection reads the table: a ring's snapshot, its own push.
        monkeypatch.setattr(consumers.snapshots, "load_snapshot", counted)
        monkeypatch.setattr(consumers.push, "load_snapshot", counted)
        seeded = SNAPSHOTS.seeded
        # Every seat's socket sees the new version (scripted_move waits for all five).
        await scripted_move(players, state)
        assert reads == [], "the first action's push read the table back"
        assert SNAPSHOTS.seeded == seeded + 1
    finally:
        for p in players:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await p.ws.disconnect()


def to_a_pass(table_id: int) -> int:
    """Play the hand (through the service, no sockets) until the seat to act may pass: a
    trick lies on the table. Its version."""
    while True:
        table = Table.objects.get(pk=table_id)
        hand, state = hand_state(table)
        seat = engine.to_act(state)[0]
        if state.phase is not engine.Phase.PLAY:
            action = engine.autoplay_action(state, seat)
        elif "pass" in engine.view_for(state, seat).choices:
            return state.version
        else:
            action = engine.hint(state, seat, 0)
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=state.version)


async def test_the_first_push_after_a_page_connects_sends_a_seats_parts_not_the_seat() -> None:
    # The socket's first frame drew every seat whole; the first action's push then names
    # the changed parts of the seats by their ids, as every later push does, instead of
    # sending each changed seat whole (its forty-odd controls) again to every socket. A
    # pass changes no seat's shell (no role, no place), so nothing whole is due.
    table, users = await sync_to_async(seat_five)("standard", ["na", "nb", "nc", "nd", "ne"])
    version = await sync_to_async(to_a_pass)(table.pk)
    players = [Player(u.username, u, i, await connect(u, table)) for i, u in enumerate(users)]
    try:
        for p in players:
            await p.until_version(version)
            p.frames.clear()
        _, state = await sync_to_async(hand_state)(table)
        sender = players[engine.to_act(state)[0]]
        await sender.send(action="pass", version=str(version))
        for p in players:
            await p.until_version(version + 1)
        for p in players:
            pushed = "".join(p.frames)
            assert f'id="seat-stats-{sender.seat}"' in pushed or "seat-play" in pushed, p.name
            assert not re.search(r'id="seat-[0-4]"', pushed), f"{p.name} got a whole seat"
    finally:
        for p in players:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await p.ws.disconnect()
