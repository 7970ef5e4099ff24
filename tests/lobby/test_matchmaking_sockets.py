"""Matchmaking over real sockets (the ASGI app in process): five people meet through quick
match and finish a hand; a private table's frames reach its seated players only; a person
takes a bot's seat between hands; the chat never moves the hand's version.

Marked postgres/redis too: the scale-out pass of `make test` runs them on PostgreSQL + Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.models import User
from baohuang_site.asgi import application
from baohuang_site.devtools.table_players import (
    CARD_ATTR,
    STATUS_VERSION,
    Player,
    connect,
    cookie_for,
    hand_state,
    open_socket,
)
from game import engine
from game.engine.cards import format_card
from game.models import HandStatus, Room, Table, TableSeat
from lobby import matchmaking, tables
from lobby.consumers import CLOSE_FORBIDDEN, CLOSE_GONE
from lobby.lobby_bell import LOBBY_BELL
from lobby.services import ensure_default_rooms
from tests.conftest import ORIGIN, PASSWORD
from tests.game.hand_helpers import play_out
from tests.lobby.test_table_socket import check_frames, scripted_move

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.sockets,
]


def quick_match_as(name: str) -> tuple[User, int]:
    """A new person presses Quick match in the standard room; their table's id."""
    ensure_default_rooms()
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    # Each person from an address of their own: quick match keeps one address's accounts apart.
    client = Client(REMOTE_ADDR=f"10.0.0.{user.pk % 250 + 1}")
    client.force_login(user)
    response = client.post(reverse("quick_match", args=["standard"]))
    assert response.status_code == 302
    match = re.fullmatch(r"/tables/(\d+)/", response["Location"])
    assert match is not None, response["Location"]
    return user, int(match.group(1))


@contextlib.asynccontextmanager
async def closing(players: list[Player]) -> AsyncIterator[None]:
    try:
        yield
    finally:
        for p in players:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await p.ws.disconnect()


async def drain(player: Player) -> list[str]:
    """Every frame already sent to ``player`` (a short read: frames are pushed at once)."""
    out = []
    while not await player.ws.receive_nothing(timeout=0.2):
        out.append(await player.frame())
    return out


async def test_five_people_meet_through_quick_match_and_finish_a_hand() -> None:
    found = [await sync_to_async(quick_match_as)(n) for n in ("ann", "ben", "cat", "dan", "eve")]
    table_ids = {table_id for _, table_id in found}
    assert len(table_ids) == 1, "quick match put them at different tables"
    table = await sync_to_async(Table.objects.get)(pk=table_ids.pop())
    seats: dict[int, int] = await sync_to_async(
        lambda: dict(TableSeat.objects.filter(table=table).values_list("user_id", "index"))
    )()
    players = [Player(u.username, u, seats[u.pk], await connect(u, table)) for u, _ in found]
    players.sort(key=lambda p: p.seat or 0)
    watcher = await sync_to_async(User.objects.create_user)("wes", None, PASSWORD)
    spectator = Player("wes", watcher, None, await connect(watcher, table))
    async with closing([*players, spectator]):
        for p in [*players, spectator]:
            await p.frame()  # the first render: waiting for the hand
        for p in players[:4]:
            await p.send(action="ready")
        await sync_to_async(table.refresh_from_db)()
        assert table.current_hand_id is None  # four ready are not enough
        await players[4].send(action="ready")
        for p in [*players, spectator]:
            await p.until_version(0)
        for _ in range(400):
            hand, state = await sync_to_async(hand_state)(table)
            if state.phase is engine.Phase.FINISHED:
                break
            await scripted_move(players, state, spectator)
            _, after = await sync_to_async(hand_state)(table)
            check_frames(players, spectator, after)
        hand, state = await sync_to_async(hand_state)(table)
        assert hand.status == HandStatus.FINISHED


async def test_a_private_tables_frames_reach_its_seated_players_only() -> None:
    @sync_to_async
    def setup() -> tuple[Table, User, User, User]:
        ensure_default_rooms()
        room = Room.objects.get(slug="standard")
        owner, friend, stranger = (
            User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in ("own", "fri", "str")
        )
        table = matchmaking.open_private_table(room=room, user=owner)
        return table, owner, friend, stranger

    table, owner, friend, stranger = await setup()
    owner_p = Player("own", owner, 0, await connect(owner, table))
    # Not invited: the table's socket is refused before a single frame.
    cookie = await sync_to_async(cookie_for)(stranger)
    ws = await open_socket(table, cookie=cookie)
    connected, code = await ws.connect()
    assert not connected and code == CLOSE_FORBIDDEN
    # The stranger's room page socket: pushes as the table fills never name it.
    lobby = await _lobby_socket(stranger, "?room=standard")
    first = await lobby.receive_from()
    assert 'id="room-live"' in first and f"/tables/{table.pk}/" not in first
    async with closing([owner_p]):
        await owner_p.frame()
        await sync_to_async(matchmaking.join_by_invite)(table=table, user=friend)
        friend_p = Player("fri", friend, 1, await connect(friend, table))
        async with closing([friend_p]):
            await friend_p.frame()
            assert "fri" in "".join(await drain(owner_p))  # the owner sees the friend sit
            lobby_frames = []
            while not await lobby.receive_nothing(timeout=0.2):
                lobby_frames.append(await lobby.receive_from())
            # A push comes only when the room page changes (docs/SECURITY.md, the timing
            # of the standings): whatever came, none names the private table.
            assert not any(f"/tables/{table.pk}/" in f for f in lobby_frames)
            # The owner removes the friend between hands: the friend is told so and the
            # socket is closed, with no frame of the table after that.
            await owner_p.send(action="remove", seat="1")
            told = await friend_p.frame()
            while 'id="table-gone"' not in told:  # after any seat push already under way
                told = await friend_p.frame()
            assert "removed you" in told
            assert 'id="seats"' not in told and 'id="seat-' not in told
            closed = await friend_p.ws.receive_output(timeout=5)
            assert closed["type"] == "websocket.close" and closed["code"] == CLOSE_GONE
            assert not await sync_to_async(TableSeat.objects.filter(user=friend).exists)()
    await lobby.disconnect()


async def _lobby_socket(user: User, query: str = "") -> WebsocketCommunicator:
    await sync_to_async(cache.delete)(LOBBY_BELL)  # no ring of an earlier test holds it back
    cookie = await sync_to_async(cookie_for)(user)
    ws = WebsocketCommunicator(
        application,
        f"/ws/lobby/{query}",
        headers=[(b"origin", ORIGIN.encode()), (b"cookie", cookie), (b"accept-language", b"en")],
    )
    connected, _ = await ws.connect()
    assert connected
    return ws


async def test_a_spectator_takes_a_bots_seat_between_hands_and_the_bot_leaves() -> None:
    @sync_to_async
    def setup() -> tuple[Table, User, User]:
        ensure_default_rooms()
        room = Room.objects.get(slug="standard")
        ann = User.objects.create_user("ann", "ann@example.org", PASSWORD)
        ben = User.objects.create_user("ben", "ben@example.org", PASSWORD)
        table = tables.play_with_bots(room=room, user=ann)
        return table, ann, ben

    table, ann, ben = await setup()
    ben_p = Player("ben", ben, None, await connect(ben, table))
    async with closing([ben_p]):
        await ben_p.frame()
        await ben_p.send(action="sit", seat="3")  # the hand runs: refused, nothing changes
        refusal = await ben_p.frame()
        assert "A hand is running at this table: sit down when it ends." in refusal
        assert await sync_to_async(lambda: TableSeat.objects.get(table=table, index=3).is_bot)()

        @sync_to_async
        def finish() -> None:
            hand, _ = hand_state(table)
            play_out(hand, people={0})

        await finish()
        await drain(ben_p)
        await ben_p.send(action="sit", seat="3")
        await drain(ben_p)
        seat = await sync_to_async(TableSeat.objects.get)(table=table, index=3)
        assert seat.user_id == ben.pk and not seat.is_bot
        # Both people ready: the next hand deals ben his own cards in seat 3, no bot there.
        await sync_to_async(tables.set_ready)(table=table, user=ann)
        await ben_p.send(action="ready")
        for _ in range(20):
            frame = await ben_p.frame()
            if 'id="my-hand"' in frame and CARD_ATTR.search(frame.split('id="my-hand"', 1)[1]):
                break
        else:
            raise AssertionError("ben was never dealt a hand")
        hand, state = await sync_to_async(hand_state)(table)
        played: list[tuple[int, bool]] = await sync_to_async(
            lambda: list(hand.seats.order_by("seat").values_list("user_id", "is_bot"))
        )()
        assert played[3] == (ben.pk, False) and sum(bot for _, bot in played) == 3
        mine = set(CARD_ATTR.findall(frame.split('id="my-hand"', 1)[1]))
        assert mine == {format_card(c) for c in engine.cards.cards_of(state.hands[3])}


async def test_chat_reaches_the_table_but_not_from_a_spectator_and_moves_no_version() -> None:
    @sync_to_async
    def setup() -> tuple[Table, User, User]:
        ensure_default_rooms()
        room = Room.objects.get(slug="standard")
        ann = User.objects.create_user("ann", "ann@example.org", PASSWORD)
        wes = User.objects.create_user("wes", "wes@example.org", PASSWORD)
        return tables.play_with_bots(room=room, user=ann), ann, wes

    table, ann, wes = await setup()
    ann_p = Player("ann", ann, 0, await connect(ann, table))
    wes_p = Player("wes", wes, None, await connect(wes, table))
    async with closing([ann_p, wes_p]):
        await ann_p.frame()
        await wes_p.frame()
        await drain(ann_p)
        await drain(wes_p)
        _, before = await sync_to_async(hand_state)(table)
        await ann_p.send(action="chat", say="gg")
        for p in (ann_p, wes_p):
            frame = await p.frame()
            assert 'id="chat-log"' in frame and "Well played!" in frame and "ann" in frame
            assert not STATUS_VERSION.search(frame)  # no hand fragment: the hand did not move
        await ann_p.send(action="chat", say="clap")  # within 3 s: refused
        assert "One chat message every 3 seconds." in await ann_p.frame()
        await wes_p.send(action="chat", say="hello")
        assert "Spectators can read the chat but not write to it." in await wes_p.frame()
        await ann_p.send(action="chat", say="<b>free text</b>")
        assert "unknown chat phrase" in await ann_p.frame()
        _, after = await sync_to_async(hand_state)(table)
        # No keeper runs in these tests, so nothing but the chat happened: same version.
        assert after.version == before.version


async def test_a_room_page_sees_live_counts_and_waiting_tables_first() -> None:
    ann, table_id = await sync_to_async(quick_match_as)("ann")
    table = await sync_to_async(Table.objects.get)(pk=table_id)
    ann_p = Player("ann", ann, 0, await connect(ann, table))  # ann is online at her table
    watcher = await sync_to_async(User.objects.create_user)("wes", None, PASSWORD)
    lobby = await _lobby_socket(watcher, "?room=standard")
    async with closing([ann_p]):
        first = await lobby.receive_from()
        assert f"/tables/{table_id}/" in first and "Open seats: 4" in first
        await sync_to_async(quick_match_as)("ben")  # ben sits at ann's table
        pushed = await lobby.receive_from()
        assert "Players online: 1" in pushed and "Open seats: 3" in pushed
        assert "Tables playing: 0" in pushed
    await lobby.disconnect()
