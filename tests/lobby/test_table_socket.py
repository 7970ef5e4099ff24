"""The live table through the real ASGI app: five people play a whole hand over websockets.

Each socket is checked on every frame: it carries its own cards and nobody else's
(RULES §3.4), a spectator's carries no cards, and refused actions are answered on the
sender's socket alone with nothing written.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db.models import Sum

from accounts.models import LedgerEntry, LedgerKind, User
from baohuang_site.asgi import application
from baohuang_site.devtools.table_players import (
    CARD_ATTR,
    STATUS_VERSION,
    Player,
    connect,
    hand_state,
    message_for,
    seat_five,
)
from game import engine
from game.doorbell import RingBox
from game.engine.cards import format_card
from game.keeper import tick_sync
from game.models import HandEvent, HandStatus, Room, SeatResult, Table
from lobby import tables
from lobby.services import ensure_default_rooms
from tests.conftest import ORIGIN, PASSWORD

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]
# A seat pushed whole, or one of its parts pushed alone (its stats, clock, last play...).
SEAT_FRAGMENT = re.compile(r'id="seat-(?:(?:head|role|stats|clock|play)-)?(\d)"')


@pytest.fixture
async def five() -> AsyncIterator[tuple[Table, list[Player], Player]]:
    names = ["ann", "ben", "cat", "dan", "eve"]
    table, users = await sync_to_async(seat_five)("standard", names)
    watcher = await sync_to_async(User.objects.create_user)("wes", None, PASSWORD)
    # No Accept-Language: the table speaks the site's default language, Chinese.
    players = [
        Player(u.username, u, i, await connect(u, table, language=None))
        for i, u in enumerate(users)
    ]
    spectator = Player("wes", watcher, None, await connect(watcher, table, language=None))
    for p in [*players, spectator]:
        await p.until_version(0)
    yield table, players, spectator
    for p in [*players, spectator]:
        # A test that failed may have left a consumer crashed or cancelled; closing the
        # rest must not stop the database from being flushed for the next test.
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await p.ws.disconnect()


async def scripted_move(players: list[Player], state: engine.State, *watchers: Player) -> None:
    """The first seat owing a decision makes its scripted move; wait until every socket
    (the sender's first, so a refusal shows as the failure it is) has the new version."""
    sender = players[engine.to_act(state)[0]]
    assert sender.seat is not None
    await sender.send(**message_for(state, sender.seat))
    for p in [sender, *(p for p in players if p is not sender), *watchers]:
        await p.until_version(state.version + 1)


def codes(cards: tuple[int, ...]) -> set[str]:
    return {format_card(c) for c in engine.cards.cards_of(cards)}


def check_frames(players: list[Player], spectator: Player, state: engine.State) -> None:
    """RULES §3.4: every frame carries the reader's own cards and no one else's."""
    hidden_guard = (
        state.guard is not None and not state.roles_public and state.guard != state.emperor
    )
    for p in players:
        assert p.seat is not None
        others = set().union(*(codes(state.hands[s]) for s in range(5) if s != p.seat))
        for frame in p.frames:
            leaked = set(CARD_ATTR.findall(frame)) & others
            assert not leaked, f"{p.name} saw {leaked}"
            if hidden_guard and p.seat != state.guard:
                # RULES §3.4: a dark guard is known to himself alone.
                assert "seat-role-guard" not in frame, f"{p.name} saw the dark guard"
        p.frames.clear()
    everyone = set().union(*(codes(h) for h in state.hands))
    for frame in spectator.frames:
        assert not set(CARD_ATTR.findall(frame)) & everyone
        assert not hidden_guard or "seat-role-guard" not in frame
        assert 'class="card' not in frame.split('id="my-hand"', 1)[-1].split("</div>", 1)[0]
    spectator.frames.clear()


@pytest.mark.postgres
@pytest.mark.redis
async def test_it_plays_a_whole_hand_between_five_people(five) -> None:
    table, players, spectator = five
    start = {p.name: p.user.beans for p in players}
    for _ in range(400):
        hand, state = await sync_to_async(hand_state)(table)
        if state.phase is engine.Phase.FINISHED:
            break
        await scripted_move(players, state, spectator)
        _, after = await sync_to_async(hand_state)(table)
        final_frame = players[0].frames[-1]
        check_frames(players, spectator, after)
    hand, state = await sync_to_async(hand_state)(table)
    assert hand.status == HandStatus.FINISHED

    @sync_to_async
    def balances() -> list[tuple[int, int, int]]:
        out = []
        for p in players:
            p.user.refresh_from_db()
            net = SeatResult.objects.get(hand=hand, seat=p.seat).net
            # Title rewards and daily tasks are paid on top of the settlement (RULES §7.5).
            bonus = (
                LedgerEntry.objects.filter(
                    user=p.user, kind__in=(LedgerKind.REWARD, LedgerKind.TASK)
                ).aggregate(s=Sum("amount"))["s"]
                or 0
            )
            ledger = LedgerEntry.objects.filter(user=p.user).aggregate(s=Sum("amount"))["s"]
            out.append((p.user.beans - start[p.name] - bonus, net, ledger - p.user.beans))
        return out

    for moved, net, drift in await balances():
        assert moved == net  # the balance moved exactly by the settlement
        assert drift == 0  # and equals the sum of its ledger rows
    # The settlement screen is pushed to everyone, with every seat's result.
    assert "center--results" in final_frame
    for p in players:
        assert f">{p.name}<" in final_frame


async def test_a_play_re_sends_only_the_seats_it_changed(five) -> None:
    """docs/PROTOCOL.md: after the first play only the player's seat (cards left, the set
    on the trick) and the next player's (their turn and clock) are pushed, part by part, so
    a mark or psych-war menu open on another seat stays open while the others play."""
    table, players, _ = five
    for _ in range(20):
        _, state = await sync_to_async(hand_state)(table)
        if state.phase is engine.Phase.PLAY:
            break
        await scripted_move(players, state)
    assert state.phase is engine.Phase.PLAY and state.last_set is None
    actor = engine.to_act(state)[0]
    await players[actor].send(**message_for(state, actor))
    for p in players:
        p.frames.clear()
        await p.until_version(state.version + 1)
    _, after = await sync_to_async(hand_state)(table)
    next_player = engine.to_act(after)[0]
    for p in players:
        sent = {int(s) for s in SEAT_FRAGMENT.findall(p.frames[-1])}
        assert sent == {actor, next_player}, f"{p.name} was sent seats {sorted(sent)}"


async def test_a_move_sends_its_new_lines_and_keeps_what_did_not_change(five) -> None:
    """docs/PROTOCOL.md: after the trick's second move each page gets the new
    line of the play log and of the trick appended, not the lists again, and of the seats it
    changes only the changed parts, so their menus, head and role line stay as the page has
    them (an open mark menu stays open); tests/lobby/test_frames_match_page.py shows the
    result equals a fresh page."""
    table, players, spectator = five
    for _ in range(20):
        _, state = await sync_to_async(hand_state)(table)
        if state.phase is engine.Phase.PLAY:
            break
        await scripted_move(players, state, spectator)
    await scripted_move(players, state, spectator)  # the lead: the log was empty
    _, state = await sync_to_async(hand_state)(table)
    actor = engine.to_act(state)[0]
    for p in [*players, spectator]:
        p.frames.clear()
    await scripted_move(players, state, spectator)
    _, after = await sync_to_async(hand_state)(table)
    opened = engine.view_for(after, None).open != engine.view_for(state, None).open
    for p in [*players, spectator]:
        frame = "".join(p.frames)
        assert 'hx-swap-oob="beforeend:#play-log"' in frame and 'id="play-log"' not in frame
        assert 'hx-swap-oob="beforeend:#trick"' in frame and 'id="center"' not in frame
        if not opened:  # marks are withdrawn when the last hidden role comes out (§8.2)
            assert "mark-menu" not in frame and "psych-menu" not in frame, p.name
        if not opened:
            # The actor's seat changed its last play (and its count, its clock): those
            # parts come alone, the seat's head, role line and tools are not sent again.
            assert f'id="seat-play-{actor}" hx-swap-oob="true"' in frame, p.name
            assert f'<div id="seat-{actor}"' not in frame, p.name
            assert f'id="seat-head-{actor}"' not in frame, p.name
            assert f'id="seat-tools-{actor}"' not in frame, p.name


@pytest.mark.parametrize(
    "case",
    ["illegal_play", "not_in_hand", "other_seat", "stale_version", "malformed", "spectator"],
)
async def test_it_refuses_bad_actions_to_the_sender_alone(five, case: str) -> None:
    table, players, spectator = five
    hand, state = await sync_to_async(hand_state)(table)
    # Play until the emperor leads the first trick.
    while state.phase is not engine.Phase.PLAY:
        seat = engine.to_act(state)[0]
        await players[seat].send(**message_for(state, seat))
        for p in [*players, spectator]:
            await p.until_version(state.version + 1)
        hand, state = await sync_to_async(hand_state)(table)
    turn = engine.to_act(state)[0]
    other = (turn + 1) % 5
    mine = engine.cards.cards_of(state.hands[turn])
    theirs = engine.cards.cards_of(state.hands[other])
    version = str(state.version)
    sender = players[turn]
    if case == "illegal_play":  # two different ranks never form a set (RULES §4.2)
        ranks: dict[int, engine.Card] = {}
        for c in mine:
            if not c.is_joker:
                ranks.setdefault(c.strength, c)
        a, b = list(ranks.values())[:2]
        message = {
            "action": "play",
            "cards": f"{format_card(a)} {format_card(b)}",
            "version": version,
        }
    elif case == "not_in_hand":
        message = {"action": "play", "cards": format_card(theirs[0]), "version": version}
    elif case == "other_seat":  # not their turn: nobody may act for the seat to play
        sender = players[other]
        message = {"action": "play", "cards": format_card(theirs[0]), "version": version}
    elif case == "stale_version":
        message = {
            "action": "play",
            "cards": format_card(mine[-1]),
            "version": str(state.version - 1),
        }
    elif case == "malformed":
        message = {"action": "play", "cards": ["8S"], "version": version}  # type: ignore[dict-item]
    else:
        sender = spectator
        message = {"action": "pass", "version": version}
    events_before = await sync_to_async(HandEvent.objects.filter(hand=hand).count)()
    await sender.send(**message)
    reply = await sender.frame()
    assert 'id="table-error"' in reply and "hidden" not in reply.split(">", 1)[0]
    for p in [*players, spectator]:
        if p is not sender:
            assert await p.ws.receive_nothing(timeout=0.2)
    assert await sync_to_async(HandEvent.objects.filter(hand=hand).count)() == events_before
    hand_after, _ = await sync_to_async(hand_state)(table)
    assert hand_after.version == hand.version


async def test_it_refuses_an_anonymous_table_socket(five) -> None:
    table, _, _ = five
    ws = WebsocketCommunicator(
        application, f"/ws/table/{table.pk}/", headers=[(b"origin", ORIGIN.encode())]
    )
    connected, code = await ws.connect()
    assert not connected and code == 4401


def bot_table(user: User) -> Table:
    ensure_default_rooms()
    return tables.play_with_bots(room=Room.objects.get(slug="standard"), user=user)


async def play_out_against_bots(table: Table, me: Player) -> None:
    """``me`` (seat 0) plays each of his turns by the message for it, the keeper moves the
    bots, each move waited for on ``me``'s page, until the hand is over."""
    for _ in range(600):
        _, state = await sync_to_async(hand_state)(table)
        if state.phase is engine.Phase.FINISHED:
            return
        if 0 in engine.to_act(state):
            await me.send(**message_for(state, 0))
        else:
            assert await sync_to_async(tick_sync)() > 0
        await me.until_version(state.version + 1)
    raise AssertionError("the hand did not end in 600 moves")


async def test_it_completes_a_hand_with_four_bots_and_one_person(alice: User) -> None:
    table = await sync_to_async(bot_table)(alice)
    me = Player("alice", alice, 0, await connect(alice, table, language=None))
    await me.until_version(0)
    await play_out_against_bots(table, me)
    hand, _ = await sync_to_async(hand_state)(table)
    assert hand.status == HandStatus.FINISHED
    # Alice's own moves are all hers; the bots' are marked as bots'.
    sources = await sync_to_async(
        lambda: set(HandEvent.objects.filter(hand=hand, seat=0).values_list("source", flat=True))
    )()
    assert sources == {"player"}
    await me.ws.disconnect()


async def test_a_page_never_goes_back_to_an_older_version(
    alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keeper's look queued on the database thread behind the person's action commits a
    bot's move before the action's await is over: that move's ring leaves at once, the
    action's own with the await's result, after it. The page still ends on the newer
    version: a page left on the older one shows the person nothing to do when it is his
    turn (the table then waits for him, and no ring comes to mend it)."""
    from lobby.consumers import actions

    def submit_then_keeper(rings: RingBox, **kwargs: Any) -> None:
        actions._submit_ringing(rings, **kwargs)
        tick_sync()  # the keeper's look, next on the same database thread

    monkeypatch.setattr(
        actions, "_submit_ringing_async", database_sync_to_async(submit_then_keeper)
    )
    table = await sync_to_async(bot_table)(alice)
    me = Player("alice", alice, 0, await connect(alice, table, language=None))
    await me.until_version(0)
    await play_out_against_bots(table, me)
    versions = [int(v) for f in me.frames for v in STATUS_VERSION.findall(f)]
    assert versions == sorted(versions), f"the page went back: {versions}"
    await me.ws.disconnect()
