"""Ten people over the real ASGI app, from registration to prizes: they register on the
tournament's page, the tenth starts it, two tables play the same deals over their sockets,
and the prizes are paid. Nobody at one table sees the other's play of a deal before both
tables finished it: not its table, not its score, not its cards side by side."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from accounts.models import User
from accounts.services import LedgerProblem, audit_beans, grant_starting_beans
from baohuang_site.asgi import application
from baohuang_site.devtools.table_players import (
    Player,
    connect,
    cookie_for,
    message_for,
    open_socket,
)
from game import engine
from game.models import Hand, HandSeat, Table
from game.selectors import state_of
from lobby.consumers import CLOSE_FORBIDDEN
from lobby.services import ensure_default_rooms
from tests.conftest import ORIGIN, PASSWORD
from tournaments.models import Entry, Play, PrizeShare, Status, Tournament, TournamentTable

pytestmark = pytest.mark.django_db(transaction=True)

DEALS = 2


@sync_to_async
def setup() -> tuple[Tournament, list[User]]:
    ensure_default_rooms()
    from game.models import Room

    Room.objects.filter(slug="standard").update(deal_pause_seconds=0)
    t = Tournament.objects.create(
        name="十人赛",
        room=Room.objects.get(slug="standard"),
        deals=DEALS,
        entry_fee=200,
        start_when=10,
    )
    PrizeShare.objects.create(tournament=t, place=1, percent=50)
    PrizeShare.objects.create(tournament=t, place=2, percent=30)
    PrizeShare.objects.create(tournament=t, place=3, percent=20)
    users = []
    for i in range(10):
        user = User.objects.create_user(f"t{i}", f"t{i}@example.org", PASSWORD)
        grant_starting_beans(user=user)
        users.append(user)
    return t, users


@sync_to_async
def register_on_the_page(t: Tournament, user: User) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    response = client.post(reverse("tournament_register", args=[t.pk]), follow=True)
    return str(response.content.decode())


@sync_to_async
def tables_of(t: Tournament) -> list[Table]:
    return [
        link.table for link in TournamentTable.objects.filter(tournament=t).select_related("table")
    ]


@sync_to_async
def seated(table: Table, users: list[User]) -> list[tuple[int, User]]:
    """The people of ``table``'s running hand, by seat."""
    table.refresh_from_db()
    rows = HandSeat.objects.filter(hand=table.current_hand).order_by("seat")
    by_id = {u.pk: u for u in users}
    return [(r.seat, by_id[r.user_id]) for r in rows if r.user_id is not None]


@sync_to_async
def current_hand(table: Table) -> tuple[int, engine.State]:
    table.refresh_from_db()
    assert table.current_hand is not None
    return table.current_hand.pk, state_of(table.current_hand)


@sync_to_async
def hand_state_of(hand_id: int) -> engine.State:
    return state_of(Hand.objects.get(pk=hand_id))


async def play_over_sockets(table: Table, players: list[Player]) -> None:
    """The table's current hand played to its end from the pages, each move a scripted
    person's (the hint) sent from the seat's own socket. The next round may be dealt the
    moment it ends: its seats are others (rotated), so this hand's id is followed, not the
    table's."""
    by_seat = {p.seat: p for p in players}
    hand_id, state = await current_hand(table)
    for p in players:
        await p.until_version(state.version)
    while state.phase is not engine.Phase.FINISHED:
        seat = engine.to_act(state)[0]
        await by_seat[seat].send(**message_for(state, seat))
        for p in players:
            await p.until_version(state.version + 1, new_hand_ok=True)
        state = await hand_state_of(hand_id)


async def players_at(table: Table, users: list[User]) -> list[Player]:
    return [
        Player(u.username, u, seat, await connect(u, table))
        for seat, u in await seated(table, users)
    ]


@sync_to_async
def page_status(user: User, url: str) -> int:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return int(client.get(url).status_code)


async def tournament_socket(user: User, t: Tournament) -> WebsocketCommunicator:
    cookie = await sync_to_async(cookie_for)(user)
    ws = WebsocketCommunicator(
        application,
        f"/ws/tournament/{t.pk}/",
        headers=[(b"origin", ORIGIN.encode()), (b"cookie", cookie), (b"accept-language", b"en")],
    )
    connected, code = await ws.connect()
    assert connected, code
    return ws


async def test_ten_people_from_registration_to_prizes() -> None:
    t, users = await setup()
    for user in users[:9]:
        assert "You are registered." in await register_on_the_page(t, user)
    await sync_to_async(t.refresh_from_db)()
    assert t.status == Status.OPEN
    await register_on_the_page(t, users[9])  # the tenth: it starts
    await sync_to_async(t.refresh_from_db)()
    assert t.status == Status.RUNNING and t.tables == 2
    watcher = await tournament_socket(users[0], t)
    first = await watcher.receive_from()
    assert 'id="standings"' in first
    table_a, table_b = await tables_of(t)
    deal_page = reverse("tournament_deal", args=[t.pk, 1])
    for round_number in range(DEALS):
        at_a = await players_at(table_a, users)
        assert len(at_a) == 5
        # Someone at table A may not watch table B while it plays (its socket is refused
        # before a single frame) nor open its page.
        cookie = await sync_to_async(cookie_for)(at_a[0].user)
        peek = await open_socket(table_b, cookie=cookie)
        connected, code = await peek.connect()
        assert not connected and code == CLOSE_FORBIDDEN
        assert await page_status(at_a[0].user, reverse("table", args=[table_b.pk])) == 404
        await play_over_sockets(table_a, at_a)
        # Table A is done with the deal, table B has not started: nothing of it is shown.
        url = reverse("tournament_deal", args=[t.pk, round_number + 1])
        assert await page_status(at_a[0].user, url) == 404
        at_b = await players_at(table_b, users)
        assert len(at_b) == 5
        await play_over_sockets(table_b, at_b)
        for p in at_a + at_b:
            await p.ws.disconnect()
        assert await page_status(at_a[0].user, url) == 200
        # The standings were pushed to the tournament's page as the round ended.
        pushed = await watcher.receive_from(timeout=10)
        while f"{round_number + 1} of {DEALS} deals finished" not in pushed and (
            round_number + 1 < DEALS
        ):
            pushed = await watcher.receive_from(timeout=10)
    await sync_to_async(t.refresh_from_db)()
    assert t.status == Status.FINISHED
    assert await page_status(users[0], deal_page) == 200

    @sync_to_async
    def money() -> tuple[list[int], list[int], list[LedgerProblem]]:
        entries = list(Entry.objects.filter(tournament=t, is_bot=False).order_by("final_place"))
        balances = [e.user.beans for e in entries if e.user is not None]
        plays = Play.objects.filter(tournament=t)
        assert plays.count() == 2 * DEALS and all(p.finished for p in plays)
        return [e.prize for e in entries], balances, audit_beans()

    prizes, balances, problems = await money()
    assert prizes == [1000, 600, 400, 0, 0, 0, 0, 0, 0, 0]
    assert balances == [10_000 - 200 + prize for prize in prizes]
    assert problems == []
    await watcher.disconnect()
