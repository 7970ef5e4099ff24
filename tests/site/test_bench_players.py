"""The load bench's players choose their own plays: from nothing but the frames
their sockets receive, they play a whole hand that the site accepts move by move.

The bench's figures are only worth something if its players make the moves a person makes:
an illegal play would be refused and counted, and a player that only passed would make the
table cheaper than it is. So the players' reading of their pages (their hand, the trick)
and their choice are run here against the real site, through a whole hand.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter

import pytest
from asgiref.sync import sync_to_async

from baohuang_site.devtools.table_players import Player, connect, hand_state, seat_five
from bench import load
from game.models import HandStatus

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True), pytest.mark.sockets]


async def test_the_bench_players_play_a_whole_hand_from_their_own_pages() -> None:
    table, users = await sync_to_async(seat_five)("standard", ["ba", "bb", "bc", "bd", "be"])
    players = [Player(u.username, u, i, await connect(u, table)) for i, u in enumerate(users)]
    pages = load.Table(table.pk)  # what each player's page shows, as the bench keeps it
    stats = load.Stats()
    moves: Counter[str] = Counter()

    async def everyone_sees(version: int, first: int = 0) -> None:
        # The sender's socket first: a refusal reaches it alone, and fails with its reason.
        for p in [*players[first:], *players[:first]]:
            await p.until_version(version)  # fails on a refusal, with the server's reason
            for frame in p.frames:
                assert p.seat is not None
                load.take_frame(pages, p.seat, frame, stats)
            p.frames.clear()

    try:
        _, state = await sync_to_async(hand_state)(table)
        version = state.version
        await everyone_sees(version)
        while not pages.finished:
            chosen = await load.next_own_action(pages)
            assert chosen is not None, f"no player could act at version {version}"
            seat, message = chosen
            following = load.PASS_BUTTON in pages.last_frames[seat]
            moves[message["action"] + (" over a set" if following else "")] += 1
            await players[seat].send(**message)
            version += 1
            await everyone_sees(version, first=seat)
        hand, _ = await sync_to_async(hand_state)(table)
    finally:
        for p in players:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await p.ws.disconnect()
    assert hand.status == HandStatus.FINISHED
    assert stats.errors == 0
    # They led sets and beat sets, and passed when they could not (RULES §4).
    assert moves["play"] > 5 and moves["play over a set"] > 5 and moves["pass over a set"] > 5
