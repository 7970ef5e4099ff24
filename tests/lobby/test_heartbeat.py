"""The page's heartbeat: a ping over the table socket is answered, the same for every reader,
and changes nothing (docs/PROTOCOL.md, "ping")."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect, hand_state, seat_five
from game.models import HandEvent
from lobby.consumers.liveness import PONG
from tests.conftest import PASSWORD

# On the Redis layer too (the scale-out pass): the answer goes through the channel layer.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets, pytest.mark.redis]


async def test_a_ping_is_answered_alike_for_a_seat_and_a_spectator() -> None:
    table, users = await sync_to_async(seat_five)("standard", ["ann", "ben", "cat", "dan", "eve"])
    watcher = await sync_to_async(User.objects.create_user)("wes", None, PASSWORD)
    seated = Player("ann", users[0], 0, await connect(users[0], table, language=None))
    spectator = Player("wes", watcher, None, await connect(watcher, table, language=None))
    try:
        for p in (seated, spectator):
            await p.until_version(0)
        events = await sync_to_async(HandEvent.objects.count)()
        answers = []
        for p in (seated, spectator):
            await p.send(action="ping")
            answers.append(await p.frame())
        # One frame each, the same: no fragment, nothing about anybody's hand (RULES §8).
        assert answers == [PONG, PONG]
        assert await sync_to_async(HandEvent.objects.count)() == events
        _, state = await sync_to_async(hand_state)(table)
        assert state.version == 0
        for p in (seated, spectator):
            assert await p.ws.receive_nothing()
    finally:
        for p in (seated, spectator):
            await p.ws.disconnect()
