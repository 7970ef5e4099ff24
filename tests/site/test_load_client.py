"""The load bench's players act as a person's page does (bench/load.py).

With bots at a table a bot's push reaches the five sockets one after another, so for a
moment the seats' pages show different versions. A player must send the version its own
page shows: the server rightly refuses any other as stale, and the bench would count a
refusal that is its own client's mistake (``refused: 1`` with expert bots).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from bench import load

CHOICE_FRAME = '<div id="controls"><button name="choice" value="no_guard"></button></div>'


def version_frame(version: int, extra: str = "") -> str:
    return f'<input id="ver" name="version" value="{version}">{extra}'


class FakeSocket:
    """One seat's socket to a server that, like the site, takes an action only at the
    table's current version, pushes the new version to all five seats, and answers any
    other version with a visible error to the sender alone."""

    def __init__(self, server: FakeServer, seat: int) -> None:
        self.server, self.seat = server, seat

    async def send(self, text: str) -> None:
        message = json.loads(text)
        self.server.received.append((self.seat, message))
        self.server.answer(self.seat, message)


class FakeServer:
    def __init__(self, table: load.Table, stats: load.Stats, version: int) -> None:
        self.table, self.stats, self.version = table, stats, version
        self.received: list[tuple[int, dict[str, Any]]] = []

    def answer(self, seat: int, message: dict[str, Any]) -> None:
        if message["action"] == "hint":  # the smallest set, to the asking seat alone
            load.take_frame(self.table, seat, '<div id="hint" data-cards="6S"></div>', self.stats)
            return
        if int(message["version"]) != self.version:
            load.take_frame(self.table, seat, '<div id="table-error">stale</div>', self.stats)
            return
        self.version += 1
        for each in range(5):  # the hand ends with this action: the run stops after it
            frame = version_frame(self.version, '<main data-phase="finished"></main>')
            load.take_frame(self.table, each, frame, self.stats)


def a_table_mid_push(acting: int, lagging: int, version: int) -> load.Table:
    """Seat ``acting`` shows its choice at ``version``; seat ``lagging`` still shows the
    version before (the bot's push has not reached it yet); the rest show ``version``."""
    table = load.Table(table_id=1)
    table.versions = [version] * 5
    table.versions[lagging] = version - 1
    table.last_frames[acting] = version_frame(version, CHOICE_FRAME)
    return table


def test_a_seat_decides_at_the_version_its_own_page_shows() -> None:
    table = a_table_mid_push(acting=2, lagging=4, version=7)
    chosen = asyncio.run(load.next_own_action(table))
    assert chosen == (2, {"action": "decide", "choice": "no_guard", "version": "7"})


def test_a_seat_plays_at_the_version_its_own_page_shows() -> None:
    # Seat 3 leads (its controls offer no pass) with the smallest set of its hand.
    table = load.Table(table_id=1)
    table.versions = [9, 8, 9, 9, 9]
    table.last_frames[3] = version_frame(9, f'<div id="controls">{load.PLAY_BUTTON}</div>')
    table.hands[3] = ["QH", "6S"]
    chosen = asyncio.run(load.next_own_action(table))
    assert chosen == (3, {"action": "play", "cards": "6S", "version": "9"})


def test_an_action_while_a_push_is_on_its_way_is_taken_and_counted_once() -> None:
    table = a_table_mid_push(acting=0, lagging=3, version=12)
    stats = load.Stats()
    server = FakeServer(table, stats, version=12)
    table.sockets = [FakeSocket(server, seat) for seat in range(5)]  # type: ignore[misc]
    until = time.monotonic() + 60  # the run stops when the hand ends, after one action

    asyncio.run(load.act(table, stats, load.next_own_action, 0.0, until))

    assert server.received == [(0, {"action": "decide", "choice": "no_guard", "version": "12"})]
    assert (stats.actions, stats.refused, stats.errors, stats.hands) == (1, 0, 0, 1)
    assert table.versions == [13] * 5


def test_the_hinting_client_plays_the_hint_at_its_own_page_s_version() -> None:
    # ``--hints``: the seat asks for a hint, then plays it, at the version its page shows.
    table = load.Table(table_id=1)
    table.versions = [5, 5, 4, 5, 5]
    table.last_frames[1] = version_frame(5, f'<div id="controls">{load.PLAY_BUTTON}</div>')
    stats = load.Stats()
    server = FakeServer(table, stats, version=5)
    table.sockets = [FakeSocket(server, seat) for seat in range(5)]  # type: ignore[misc]

    chosen = asyncio.run(load.next_real_action(table))

    assert server.received == [(1, {"action": "hint"})]
    assert chosen == (1, {"action": "play", "cards": "6S", "version": "5"})
