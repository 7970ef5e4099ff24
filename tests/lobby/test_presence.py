"""Disconnects through the real socket: away when the last tab closes, back on reconnect."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect
from game.clocks import away_since
from game.models import Connection, Hand, Room, Table
from lobby import tables
from lobby.services import ensure_default_rooms

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]


def bot_table(user: User) -> Table:
    ensure_default_rooms()
    return tables.play_with_bots(room=Room.objects.get(slug="standard"), user=user)


def away(table: Table) -> bool:
    table.refresh_from_db()
    return away_since(Hand.objects.get(table=table), 0) is not None


async def test_it_marks_a_player_away_only_when_the_last_tab_closes(alice: User) -> None:
    table = await sync_to_async(bot_table)(alice)
    first = Player("alice", alice, 0, await connect(alice, table, language=None))
    second = Player("alice-2", alice, 0, await connect(alice, table, language=None))
    await first.until_version(0)
    await second.until_version(0)
    assert await sync_to_async(Connection.objects.filter(table=table, seat=0).count)() == 2

    await second.ws.disconnect()
    assert not await sync_to_async(away)(table)  # another tab is still open

    await first.ws.disconnect()
    assert await sync_to_async(away)(table)  # RULES §6.3: disconnected → auto-play

    back = Player("alice-3", alice, 0, await connect(alice, table, language=None))
    frame = await back.frame()
    # Reconnecting restores the full view at once and hands control back.
    assert 'id="my-hand"' in frame and 'class="card' in frame
    assert not await sync_to_async(away)(table)
    await back.ws.disconnect()
