"""Bot levels at the table: whoever adds a bot chooses its level, the level shows
on the seat and goes into the hand, and 高手 thinks in a worker process, never in the web
process (its event loop or database thread), acting through the same service."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from game import bot_pool, engine
from game.games import act_on_deadlines
from game.hands import SeatSpec, start_hand
from game.keeper import tick_sync
from game.models import EventSource, HandEvent, HandSeat, HandStatus, Room, TableSeat
from game.selectors import state_of
from lobby import tables
from lobby.services import ensure_default_rooms


@pytest.fixture
def room(db: None) -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="standard")


@pytest.fixture
def pool() -> Iterator[None]:
    yield
    bot_pool.shutdown()


def test_the_player_who_adds_a_bot_chooses_its_level(room: Room, alice: User) -> None:
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=alice)
    tables.add_bot(table=table, seat=1, by=alice, level="expert")
    tables.add_bot(table=table, seat=2, by=alice, level="novice")
    tables.add_bot(table=table, seat=3, by=alice)  # the default is 普通
    levels = dict(
        TableSeat.objects.filter(table=table, is_bot=True).values_list("index", "bot_level")
    )
    assert levels == {1: "expert", 2: "novice", 3: "normal"}


def test_an_unknown_level_is_refused_and_the_seat_stays_empty(room: Room, alice: User) -> None:
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=alice)
    with pytest.raises(tables.SeatRefused, match="新手、普通或高手"):
        tables.add_bot(table=table, seat=1, by=alice, level="grandmaster")
    assert TableSeat.objects.get(table=table, index=1).is_empty


def test_the_level_shows_on_the_seat_and_goes_into_the_hand(
    room: Room, alice: User, alice_client: Client
) -> None:
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=alice)
    tables.add_bot(table=table, seat=1, by=alice, level="expert")
    page = alice_client.get(reverse("table", args=[table.pk])).content.decode()
    assert "tag-bot-expert" in page and "高手" in page
    # The empty seats offer the three levels, 普通 preselected.
    assert '<option value="normal" selected>普通</option>' in page
    for seat, level in ((2, "novice"), (3, "normal"), (4, "normal")):
        tables.add_bot(table=table, seat=seat, by=alice, level=level)
    tables.set_ready(table=table, user=alice)
    table.refresh_from_db()
    assert table.current_hand_id is not None
    seats = dict(
        HandSeat.objects.filter(hand_id=table.current_hand_id).values_list("seat", "bot_level")
    )
    assert seats[1] == "expert" and seats[2] == "novice"
    page = alice_client.get(reverse("table", args=[table.pk])).content.decode()
    assert "tag-bot-expert" in page and "tag-bot-novice" in page


@pytest.mark.slow
def test_the_expert_thinks_in_a_worker_and_acts_through_the_service(
    room: Room, pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A search in this (the web) process would fail loudly: the worker process is a fresh
    # interpreter (spawn) that this patch does not reach.
    def no_search_here(*args: object, **kwargs: object) -> object:
        raise AssertionError("the expert searched in the web process")

    monkeypatch.setattr("game.engine.expert.evaluate", no_search_here)
    seats = [SeatSpec(None, True, f"bot{i}", "expert" if i == 0 else "normal") for i in range(5)]
    hand = start_hand(room=room, table=None, seats=seats, seed=21)
    clock = timezone.now()
    waited = 0
    for _ in range(3000):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            break
        clock += timedelta(milliseconds=1)
        if tick_sync(clock):
            continue
        # Nothing could act: seat 0 is thinking in the pool. Wait for that answer (on the
        # future itself, not a sleep), then the keeper's next pass takes it.
        state = state_of(hand)
        key = (hand.pk, state.version, 0)
        assert state.turn == 0 and bot_pool.thinking(key)
        bot_pool._pending[key].result(timeout=120)
        waited += 1
    else:
        raise AssertionError("the hand did not finish")
    assert waited > 0
    expert_moves = HandEvent.objects.filter(hand=hand, seat=0, source=EventSource.BOT)
    assert expert_moves.count() > waited // 2
    assert engine.Phase.FINISHED is state_of(hand).phase


def test_a_stale_answer_is_never_applied(room: Room, pool: None) -> None:
    # The answer is keyed by the position's version: asked about version v, it is taken
    # only for version v (a player who acts meanwhile makes it moot).
    state = engine.new_hand(3, engine.Rules())
    view = engine.view_for(state, state.throne_holder)
    bot_pool.request((99, 5, 1), "normal", view, 1)
    bot_pool._pending[(99, 5, 1)].result(timeout=120)
    assert bot_pool.take((99, 6, 1)) is None
    assert bot_pool.take((99, 5, 1)) is not None
    assert bot_pool.take((99, 5, 1)) is None  # taken once


def test_a_hand_waiting_for_the_expert_costs_the_keeper_no_database_work(
    room: Room, pool: None
) -> None:
    # While 高手 searches (in a worker), the keeper's passes over that hand neither lock nor
    # rewrite it: the load bench's web process stays as busy with experts at its tables as
    # with 普通 (docs/PERFORMANCE.md). Once the answer is there, the next pass plays it.
    seats = [SeatSpec(None, True, f"bot{i}", "expert" if i == 0 else "normal") for i in range(5)]
    hand = start_hand(room=room, table=None, seats=seats, seed=21)
    clock = timezone.now()
    for _ in range(200):  # play on until 高手 (seat 0) owes a play
        state = state_of(hand)
        if state.phase is engine.Phase.PLAY and state.turn == 0:
            break
        clock += timedelta(milliseconds=1)
        tick_sync(clock)
        hand.refresh_from_db()
    else:
        raise AssertionError("seat 0 never had to play")
    key = (hand.pk, state.version, 0)
    searching: Future[str] = Future()  # a search that has not finished
    bot_pool._pending[key] = searching
    clock += timedelta(seconds=5)  # its deadline is long past
    with CaptureQueriesContext(connection) as queries:
        assert act_on_deadlines(hand_id=hand.pk, now=clock) == 0
    # Only which game the hand is (the dispatch to Baohuang's rules); no lock, no write.
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["SELECT"]
    assert "deadline" not in queries.captured_queries[0]["sql"]
    action = engine.hint(state, 0, 0)
    searching.set_result(action.to_notation())
    assert act_on_deadlines(hand_id=hand.pk, now=clock) >= 1  # and the bots after it
    played = HandEvent.objects.get(hand=hand, seq=state.version + 1)
    assert (played.seat, played.source, played.action) == (0, EventSource.BOT, searching.result())
