"""A drop in one's own turn costs nothing (RULES §6.3), over the real sockets: a player who
reloads the page or whose phone switches apps while his clock runs is not paced like a bot.
His clock keeps running as if he were there; nobody acts for him before it runs out; back,
his page shows the same question and the same countdown, and his answer counts. Nobody
else's page learns anything from his absence but the public "disconnected" mark. And a clock
that does run out costs that one decision (RULES §6.1): his page says so and he plays on."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect, hand_state, message_for
from game import engine
from game.clocks import seat_clock
from game.keeper import tick_sync
from game.models import HandEvent, Table
from lobby import tables
from tests.game.hand_helpers import standard_room
from tests.lobby.test_between_hands import said
from tests.lobby.test_matchmaking_sockets import closing

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

MY_COUNTDOWN = re.compile(r'id="seat-clock-0"[^>]*><span class="countdown" data-deadline="([^"]+)"')


def until_she_owes(table: Table) -> engine.State:
    """The bots act (their delay is zero here) until seat 0 owes a decision."""
    for _ in range(200):
        hand, state = hand_state(table)
        if 0 in engine.to_act(state):
            return state
        assert tick_sync(max(timezone.now(), hand.next_deadline_at or timezone.now())) > 0
    raise AssertionError("the bots never reached her")


def her_events(table: Table) -> int:
    hand, _ = hand_state(table)
    return HandEvent.objects.filter(hand=hand, seat=0).count()


async def test_a_reload_in_her_own_turn_costs_nothing(alice: User, bob: User) -> None:
    table = await sync_to_async(tables.play_with_bots)(
        room=await sync_to_async(standard_room)(), user=alice
    )
    state = await sync_to_async(until_she_owes)(table)
    hand, _ = await sync_to_async(hand_state)(table)
    clock = seat_clock(hand, 0)
    assert clock is not None
    watcher = Player("bob", bob, None, await connect(bob, table))
    me = Player("alice", alice, 0, await connect(alice, table))
    async with closing([watcher]):
        first = await me.frame()
        shown = MY_COUNTDOWN.findall(first)
        assert shown and shown[-1] == clock.isoformat()
        await watcher.frame()
        # The page goes away (a reload, a phone in the background) …
        await me.ws.disconnect()
        await said(watcher, "tag-away")  # public: the seat is marked disconnected
        hand, _ = await sync_to_async(hand_state)(table)
        assert seat_clock(hand, 0) == clock and hand.deadlines[0] == clock.isoformat()
        # … and nobody plays for her while her clock runs (a bot's pace would have).
        await sync_to_async(tick_sync)(clock - timedelta(milliseconds=1))
        assert await sync_to_async(her_events)(table) == 0
        # Back: the same question, the same countdown, and her answer counts.
        back = Player("alice-again", alice, 0, await connect(alice, table))
        async with closing([back]):
            again = await back.frame()
            assert MY_COUNTDOWN.findall(again)[-1] == clock.isoformat()
            # Her question is still hers to answer: its buttons, or her turn's.
            assert 'class="decision"' in again or 'data-my-turn="1"' in again
            await back.send(**message_for(state, 0))
            await back.until_version(state.version + 1)
        assert await sync_to_async(her_events)(table) == 1
        event = await sync_to_async(
            lambda: HandEvent.objects.filter(hand__table=table, seat=0).get()
        )()
        assert event.source == "player"


async def test_a_clock_that_runs_out_costs_one_decision_and_his_page_says_so(
    alice: User,
) -> None:
    table = await sync_to_async(tables.play_with_bots)(
        room=await sync_to_async(standard_room)(), user=alice
    )
    state = await sync_to_async(until_she_owes)(table)
    hand, _ = await sync_to_async(hand_state)(table)
    clock = seat_clock(hand, 0)
    assert clock is not None
    me = Player("alice", alice, 0, await connect(alice, table))
    async with closing([me]):
        assert 'id="missed-once"' not in await me.frame()
        await sync_to_async(tick_sync)(clock + timedelta(milliseconds=1))
        pushed = await said(me, 'id="missed-once"')
        assert 'id="auto-explain"' not in pushed  # no auto-play: still hers to play
        _, after = await sync_to_async(hand_state)(table)
        assert not after.auto[0] and after.version > state.version
