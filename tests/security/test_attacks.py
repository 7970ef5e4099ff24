"""The attacks on a running site (docs/SECURITY.md names each test), replayed over real
sockets.

Each test is the attack as it would be made (scripted people, a spectator, spare sockets) and
asserts what a player would notice: a seat that stays its player's, an action that is not
made stale by somebody else's private note, a clock that does not restart, a balance that
does not go below zero, a socket that closes on sign-out, caps that say why. The timing
leak has its own statistical test (test_timing.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import LedgerKind, User
from accounts.services import audit_beans, record_beans
from baohuang_site.devtools.table_players import (
    CARD_ATTR,
    STATUS_VERSION,
    Player,
    connect,
    cookie_for,
    hand_state,
    message_for,
    open_socket,
)
from game import engine
from game.clocks import seat_deadline
from game.engine.cards import cards_of, format_card
from game.keeper import tick_sync
from game.models import Hand, HandEvent, HandSeat, HandStatus, Room, Table, TableSeat
from lobby import tables
from lobby.selectors import room_tables
from lobby.services import ensure_default_rooms
from tests.conftest import PASSWORD
from tests.security.helpers import fragments, table_of_five

pytestmark = pytest.mark.django_db(transaction=True)

MAIN_COUNTDOWN = 'class="countdown main-countdown" data-deadline="'


def _standard() -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="standard")


def _user(name: str, beans: int | None = None) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    if beans is not None:
        user.refresh_from_db()
        record_beans(user=user, kind=LedgerKind.ADMIN, amount=beans - user.beans)
    return user


async def _refusal(p: Player) -> str:
    """The next error fragment this socket receives (pushes of the table may come first)."""
    for _ in range(20):
        frame = await p.frame()
        if 'class="table-error" role="alert"' in frame:
            return frame
    raise AssertionError(f"{p.name} was never refused")


async def _close_all(*players: Player | WebsocketCommunicator) -> None:
    for p in players:
        ws = p.ws if isinstance(p, Player) else p
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await ws.disconnect()


def _finish(table: Table) -> Hand:
    """Let the keeper play the running hand to its end (bots and auto-play act at once)."""
    clock = timezone.now()
    for _ in range(500):
        hand, _state = hand_state(table)
        if hand.status == HandStatus.FINISHED:
            return hand
        clock += timedelta(hours=1)  # past every deadline and grace period
        tick_sync(clock)
    raise AssertionError("the hand never finished")


# --- the seat thief: the seat of a running hand -------------------------------------------


@pytest.mark.sockets
async def test_f1_nobody_takes_a_fled_players_seat_or_sees_his_cards() -> None:
    room = await sync_to_async(_standard)()
    holder = await sync_to_async(_user)("holder")
    table = await sync_to_async(tables.play_with_bots)(room=room, user=holder)
    thief_user = await sync_to_async(_user)("thief")
    h = Player("holder", holder, 0, await connect(holder, table))
    thief = Player("thief", thief_user, None, await connect(thief_user, table))
    await h.until_version(0)
    await thief.until_version(0)
    await h.send(action="leave")  # H flees; auto-play plays his cards to the end
    await thief.until_version(1)
    thief.frames.clear()
    await thief.send(action="sit", seat="0")
    assert "A hand is running at this table" in await _refusal(thief)
    _, state = await sync_to_async(hand_state)(table)
    card = format_card(cards_of(state.hands[0])[0])
    await thief.send(action="play", cards=card, version=str(state.version))
    assert "Spectators cannot act" in await _refusal(thief)
    # Whatever the table pushes to him afterwards, none of H's cards is in it.
    await sync_to_async(tick_sync)(timezone.now() + timedelta(hours=1))
    while not await thief.ws.receive_nothing(timeout=0.3):
        await thief.frame()
    assert not any(CARD_ATTR.findall(f) for f in thief.frames)
    row = await sync_to_async(TableSeat.objects.get)(table=table, index=0)
    assert row.user_id is None
    seat0 = await sync_to_async(HandSeat.objects.get)(hand_id=table.current_hand_id, seat=0)
    assert seat0.user_id == holder.pk
    await _close_all(h, thief)


@pytest.mark.sockets
async def test_f1_bots_are_added_only_between_hands() -> None:
    table, players, spectator = await table_of_five(prefix="f1b")
    await players[1].send(action="leave")
    for p in [players[0], spectator]:
        await p.until_version(1)
    await players[0].send(action="bot", seat="1")
    assert "invite bots when it ends" in await _refusal(players[0])
    row = await sync_to_async(TableSeat.objects.get)(table=table, index=1)
    assert not row.is_bot and row.user_id is None
    await _close_all(*players, spectator)


# --- the griefer: marks, peek, hints and psych war move nothing ---------------------------


@pytest.mark.sockets
async def test_f3_marks_hints_and_psych_war_leave_the_version_and_the_others_alone() -> None:
    table, players, spectator = await table_of_five(prefix="f3")
    _, state = await sync_to_async(hand_state)(table)
    holder = engine.to_act(state)[0]
    await players[holder].send(**message_for(state, holder))
    for p in [*players, spectator]:
        await p.until_version(1)
    hand, state = await sync_to_async(hand_state)(table)
    victim = engine.to_act(state)[0]
    attacker = next(p for p in players if p.seat not in (victim, holder))
    target = next(s for s in range(5) if s not in (attacker.seat, holder))
    # The attacker marks nine times from a spare socket, the victim's turn running.
    spare = Player(attacker.name, attacker.user, attacker.seat, await connect(attacker.user, table))
    await spare.until_version(1)
    for i in range(9):
        guess = ("guard", "rebel", "unknown")[i % 3]
        await spare.send(action="mark", target=str(target), guess=guess)
        mine = await spare.frame()
        assert f'name="version" value="{state.version}"' in mine
        assert "table-error" not in mine
    await attacker.until_version(1)  # his other tab redraws his marks too
    # A hint (refused before the play starts) and a psych-war message on top.
    await players[victim].send(action="hint")
    answer = await players[victim].frame()
    assert 'id="hint"' in answer or "table-error" in answer
    assert not STATUS_VERSION.findall(answer)
    await spare.send(action="psych", target=str(victim), message="help")
    for p in [*players, spectator]:
        if p is attacker:
            continue
        frame = await p.frame()
        # The public message alone: no version, no seat, nothing that moved.
        assert 'id="psych-log"' in frame and not fragments(frame), frame[:200]
        assert not STATUS_VERSION.findall(frame)
    await spare.frame()
    for p in [*players, spectator]:
        if p not in (attacker,):
            assert await p.ws.receive_nothing(timeout=0.1)
    # The victim's action, made against the version he saw, is not stale.
    await players[victim].send(**message_for(state, victim))
    for p in [*players, spectator, spare]:
        await p.until_version(2)
    events = await sync_to_async(lambda: list(HandEvent.objects.filter(hand=hand)))()
    assert [e.seq for e in events] == [1, 2]  # no gaps, no marks in the log
    assert not any(e.action.startswith("mark") for e in events)
    await _close_all(*players, spectator, spare)


# --- the staller: the clock survives a reconnect ------------------------------------------


@pytest.mark.sockets
async def test_f4_reconnecting_does_not_restart_the_clock() -> None:
    table, players, spectator = await table_of_five(prefix="f4")
    hand, state = await sync_to_async(hand_state)(table)
    seat = engine.to_act(state)[0]
    due = seat_deadline(hand, seat)
    assert due is not None
    who = players[seat]
    await who.ws.disconnect()  # away: auto-play would act after its short delay
    ws = await connect(who.user, table)  # back before it does
    back = Player(who.name, who.user, seat, ws)
    first = await back.frame()
    hand, _ = await sync_to_async(hand_state)(table)
    assert seat_deadline(hand, seat) == due  # the same deadline, not a new full one
    assert f'{MAIN_COUNTDOWN}{due.isoformat()}"' in first
    # Nothing was decided meanwhile: only an action moves the clock.
    assert hand.version == state.version
    await _close_all(*players[:seat], back, *players[seat + 1 :], spectator)


# --- the bean farmer: balances never go below zero ----------------------------------------


@pytest.mark.sockets
async def test_f5_fleeing_cannot_spend_beans_a_running_hand_may_still_cost() -> None:
    room = await sync_to_async(_standard)()
    need = room.effective_min_balance
    user = await sync_to_async(_user)("farmer", beans=need)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    await sync_to_async(client.force_login)(user)
    url = reverse("play_with_bots", args=[room.slug])
    await sync_to_async(client.post)(url)
    table = await sync_to_async(lambda: Table.objects.get(seats__user=user))()
    ws = Player("farmer", user, 0, await connect(user, table))
    await ws.until_version(0)
    await ws.send(action="leave")
    await ws.until_version(1)
    again = await sync_to_async(client.post)(url, follow=True)
    assert "held for a hand still running" in again.content.decode()
    count = await sync_to_async(Table.objects.filter(hands__seats__user=user).count)()
    assert count == 1  # no second table, no second hand
    hand = await sync_to_async(_finish)(table)
    assert hand.status == HandStatus.FINISHED
    await sync_to_async(user.refresh_from_db)()
    assert user.beans >= 0
    assert await sync_to_async(audit_beans)() == []
    await _close_all(ws)


def test_f5_audit_beans_reports_a_negative_balance() -> None:
    user = _user("debtor", beans=5)
    record_beans(user=user, kind=LedgerKind.ADMIN, amount=-12)
    problems = audit_beans()
    assert [(p.username, p.what, p.found) for p in problems] == [("debtor", "negative balance", -7)]


# --- the stolen device: signing out closes the sockets ------------------------------------


async def _signed_in_socket(user: User) -> tuple[Client, WebsocketCommunicator, Table]:
    room = await sync_to_async(_standard)()
    table = await sync_to_async(tables.play_with_bots)(room=room, user=user)
    client = Client()
    await sync_to_async(client.force_login)(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    ws = await open_socket(table, cookie=cookie)
    connected, _ = await ws.connect()
    assert connected
    await ws.receive_from()
    return client, ws, table


async def _reconnects(client: Client, table: Table) -> bool:
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    ws = await open_socket(table, cookie=cookie)
    connected, _ = await ws.connect()
    if connected:
        await ws.disconnect()
    return bool(connected)


@pytest.mark.sockets
@pytest.mark.parametrize("how", ["logout", "password", "deactivate"])
async def test_f6_sign_out_closes_the_accounts_open_sockets(how: str) -> None:
    user = await sync_to_async(_user)(f"f6{how}")
    client, ws, table = await _signed_in_socket(user)
    if how == "logout":
        await sync_to_async(client.post)(reverse("account_logout"))
    elif how == "password":
        response = await sync_to_async(client.post)(
            reverse("account_change_password"),
            {
                "oldpassword": PASSWORD,
                "password1": "new horse battery 42",
                "password2": "new horse battery 42",
            },
        )
        assert response.status_code == 302
    else:

        def deactivate() -> None:
            user.is_active = False
            user.save()

        await sync_to_async(deactivate)()
    closed = await ws.receive_output(timeout=2)
    assert closed == {"type": "websocket.close", "code": 4401}
    # A browser whose session is still good comes straight back; the others cannot.
    assert await _reconnects(client, table) == (how == "password")


# --- the resource hog: table caps, and empty tables close ---------------------------------


def test_f7_one_guest_table_per_browser_session_and_a_rate_per_address(
    settings: LazySettings,
) -> None:
    room = _standard()
    url = reverse("try_as_guest", args=[room.slug])
    guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    first = guest.post(url)
    again = guest.post(url)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]  # the same table, reopened
    assert Table.objects.exclude(guest_session="").count() == 1
    for _ in range(settings.BAOHUANG_GUEST_TABLES_PER_ADDRESS - 1):
        Client().post(url)  # new browsers, one address
    refused = Client(HTTP_ACCEPT_LANGUAGE="en").post(url, follow=True)
    assert "too many tables" in refused.content.decode()
    assert Table.objects.exclude(guest_session="").count() == (
        settings.BAOHUANG_GUEST_TABLES_PER_ADDRESS
    )
    elsewhere = Client(REMOTE_ADDR="10.1.2.3").post(url)
    assert elsewhere["Location"].startswith("/tables/")


def test_f7_an_account_opens_tables_at_a_bounded_rate(settings: LazySettings) -> None:
    room = _standard()
    user = _user("churner")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    url = reverse("new_table", args=[room.slug])
    for _ in range(settings.BAOHUANG_TABLES_PER_ACCOUNT):
        assert client.post(url)["Location"].startswith("/tables/")
        tables.stand(table=Table.objects.get(seats__user=user), user=user)
    refused = client.post(url, follow=True)
    assert "too many tables" in refused.content.decode()
    assert Table.objects.count() == settings.BAOHUANG_TABLES_PER_ACCOUNT


@pytest.mark.sockets
async def test_f9_empty_tables_close_by_themselves() -> None:
    room = await sync_to_async(_standard)()
    user = await sync_to_async(_user)("drifter")
    table = await sync_to_async(tables.create_table)(room=room)
    await sync_to_async(tables.sit)(table=table, seat=0, user=user)
    ws = Player("drifter", user, 0, await connect(user, table))
    await ws.frame()
    await ws.send(action="stand")
    await ws.frame()
    await sync_to_async(table.refresh_from_db)()
    assert table.is_closed
    listed = await sync_to_async(room_tables)(room)
    assert table.pk not in [row.table.pk for row in listed]
    # A bot table its player fled closes when the hand is settled.
    bots = await sync_to_async(tables.play_with_bots)(room=room, user=user)
    ws2 = Player("drifter", user, 0, await connect(user, bots))
    await ws2.until_version(0)
    await ws2.send(action="leave")
    await ws2.until_version(1)
    await sync_to_async(bots.refresh_from_db)()
    assert not bots.is_closed  # its hand still runs
    await sync_to_async(_finish)(bots)
    await sync_to_async(bots.refresh_from_db)()
    assert bots.is_closed
    await _close_all(ws, ws2)


# --- the resource hog: sockets per account and per address --------------------------------


@pytest.mark.sockets
async def test_f8_sockets_are_capped_per_account_and_spectators_per_address(
    settings: LazySettings,
) -> None:
    settings.BAOHUANG_SOCKETS_PER_ACCOUNT = 3
    settings.BAOHUANG_SPECTATORS_PER_ADDRESS = 4
    table, players, spectator = await table_of_five(prefix="f8")
    watcher = spectator.user
    extra = [await connect(watcher, table) for _ in range(2)]  # three sockets in all
    refused = await open_socket(table, cookie=await sync_to_async(cookie_for)(watcher))
    connected, _ = await refused.connect()
    assert connected  # accepted only to say why
    assert "Too many open tables for this account" in await refused.receive_from()
    assert await refused.receive_output() == {"type": "websocket.close", "code": 4430}
    await extra[0].disconnect()  # a closed tab gives its place back
    extra[0] = await connect(watcher, table)
    # Spectators from one address: the fourth spectator socket is the last one.
    other = await sync_to_async(_user)("f8other")
    mine = await connect(other, table)
    crowd = await open_socket(table, cookie=await sync_to_async(cookie_for)(other))
    connected, _ = await crowd.connect()
    assert connected
    assert "Too many tables watched from this address" in await crowd.receive_from()
    assert (await crowd.receive_output())["code"] == 4430
    # Seated players are not counted against their address.
    await players[0].ws.disconnect()
    back = await connect(players[0].user, table)
    await _close_all(*players[1:], spectator, *extra, mine, back)


# --- the locker: login throttling cannot lock a victim out --------------------------------


def test_f10_failing_on_purpose_does_not_lock_out_the_victim(alice: User) -> None:
    attacker = Client(REMOTE_ADDR="10.6.6.6", HTTP_ACCEPT_LANGUAGE="en")
    for _ in range(6):
        attacker.post("/accounts/login/", {"login": "alice", "password": "wrong"})
    blocked = attacker.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert "Too many failed login attempts" in blocked.content.decode()
    victim = Client(REMOTE_ADDR="10.1.1.1")
    victim.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert victim.session["_auth_user_id"] == str(alice.pk)
    # One address guessing many accounts is still held: 10 failures a minute in all.
    for name in [f"user{i}" for i in range(10)]:
        attacker.post("/accounts/login/", {"login": name, "password": "wrong"})
    bob_try = attacker.post("/accounts/login/", {"login": "bob", "password": "wrong"})
    assert "Too many failed login attempts" in bob_try.content.decode()
