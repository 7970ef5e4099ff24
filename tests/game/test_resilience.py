"""Tables that survive people: deadlines, auto-play, disconnects and fleeing (RULES §6)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from accounts.models import User
from game import engine
from game.clocks import away_since, seat_deadline
from game.deadlines import act_on_deadlines
from game.engine.bot_levels import make_bot
from game.engine.settlement import SeatOutcome, compute_settlement
from game.export import hand_log_of
from game.hands import ActionRefused, SeatSpec, start_hand, submit_action
from game.keeper import tick_sync
from game.models import EventSource, Hand, HandEvent, HandStatus, Room, SeatResult
from game.presence import set_away
from game.selectors import state_of
from tests.support.at_once import at_once

from .hand_helpers import bots, standard_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def room() -> Room:
    return standard_room()


def with_alice(room: Room, alice: User, seed: int = 8) -> Hand:
    return start_hand(
        room=room, table=None, seats=[SeatSpec(alice, False, "alice"), *bots(4)], seed=seed
    )


def bots_until_alice_owes(hand: Hand) -> engine.State:
    """Let the bots act (their delay is zero here) until alice owes a decision or it ends."""
    for _ in range(500):
        hand.refresh_from_db()
        state = state_of(hand)
        if hand.status == HandStatus.FINISHED or 0 in engine.to_act(state):
            return state
        # A missed decision's keeper ran on a later clock: the bots' deadlines follow it.
        assert tick_sync(max(timezone.now(), hand.next_deadline_at or timezone.now())) > 0
    raise AssertionError("the bots never reached alice")


def later(hand: Hand, seconds: float) -> datetime:
    return timezone.now() + timedelta(seconds=seconds)


def _miss(hand: Hand) -> datetime:
    """Let alice's running clock pass: the keeper acts at a moment past her deadline."""
    hand.refresh_from_db()
    due = seat_deadline(hand, 0)
    assert due is not None
    clock = due + timedelta(milliseconds=1)
    tick_sync(now=clock)
    return clock


def test_it_takes_one_missed_decision_and_leaves_the_player_in_control(
    room: Room, alice: User
) -> None:
    # RULES §6.1, §6.2: the server takes that one decision by the missed-decision rule.
    hand = with_alice(room, alice)
    state = bots_until_alice_owes(hand)
    expected = engine.autoplay_action(state, 0).to_notation()
    _miss(hand)
    events = list(HandEvent.objects.filter(hand=hand, seat=0).values_list("source", "action"))
    assert events == [(EventSource.TIMEOUT, expected)]
    hand.refresh_from_db()
    assert not state_of(hand).auto[0]


def test_it_turns_on_auto_play_at_the_second_missed_decision_in_a_row(
    room: Room, alice: User
) -> None:
    # RULES §6.1: two missed deadlines in a row in one hand put the player into auto-play.
    hand = with_alice(room, alice)
    bots_until_alice_owes(hand)
    _miss(hand)
    state = bots_until_alice_owes(hand)
    second = engine.autoplay_action(state, 0).to_notation()
    _miss(hand)
    events = list(HandEvent.objects.filter(hand=hand, seat=0).values_list("source", "action"))
    assert events[1:3] == [(EventSource.TIMEOUT, "auto on"), (EventSource.TIMEOUT, second)]
    hand.refresh_from_db()
    assert state_of(hand).auto[0]


def test_a_decision_of_her_own_breaks_the_row(room: Room, alice: User) -> None:
    # RULES §6.1 "in a row": a miss, her own decision, a miss: no auto-play.
    hand = with_alice(room, alice, seed=3)
    bots_until_alice_owes(hand)
    clock = _miss(hand)
    state = bots_until_alice_owes(hand)
    own = engine.autoplay_action(state, 0)
    if state.phase is engine.Phase.PLAY:
        own = engine.hint(state, 0, 0)
    submit_action(hand_id=hand.pk, seat=0, action=own, expected_version=state.version, now=clock)
    bots_until_alice_owes(hand)
    _miss(hand)
    assert not HandEvent.objects.filter(hand=hand, seat=0, action="auto on").exists()
    assert HandEvent.objects.filter(hand=hand, seat=0, source=EventSource.TIMEOUT).count() == 2
    hand.refresh_from_db()
    assert not state_of(hand).auto[0]


def test_it_auto_plays_an_idle_player_to_the_end_and_shows_it(room: Room, alice: User) -> None:
    # RULES §6.1, §6.2: each passed deadline the server acts, and auto-play goes on.
    hand = with_alice(room, alice)
    clock = timezone.now()
    for _ in range(1000):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            break
        clock = max(clock, hand.next_deadline_at or clock) + timedelta(milliseconds=1)
        tick_sync(now=clock)
    assert hand.status == HandStatus.FINISHED
    sources = list(HandEvent.objects.filter(hand=hand, seat=0).values_list("source", "action"))
    assert sources[0][0] == EventSource.TIMEOUT and sources[0][1] != "auto on"
    assert sources[1] == (EventSource.TIMEOUT, "auto on")
    assert all(src in (EventSource.TIMEOUT, EventSource.AUTO) for src, _ in sources)
    assert SeatResult.objects.filter(hand=hand, seat=0).exists()
    assert state_of(hand).auto[0]


def test_auto_play_plays_the_cards_as_the_normal_bot_would(room: Room, alice: User) -> None:
    # RULES §6.2: 托管 of a player at the table beats and leads as the room's 普通 bot.
    hand = with_alice(room, alice, seed=5)
    submit_action(hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=True), expected_version=None)
    clock = timezone.now()
    for _ in range(1000):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            break
        clock = max(clock, hand.next_deadline_at or clock) + timedelta(milliseconds=1)
        tick_sync(now=clock)
    assert hand.status == HandStatus.FINISHED
    log = hand_log_of(hand, include_marks=False)
    state = engine.new_hand(log.seed, log.rules, log.previous)
    beats = 0
    for event, (seat, action) in zip(hand.events.order_by("seq"), log.events, strict=True):
        if seat == 0 and event.source == EventSource.AUTO and state.phase is engine.Phase.PLAY:
            bot = make_bot("normal", random.Random(hand.pk * 5))
            assert action == bot.choose(engine.view_for(state, 0))
            beats += state.last_set is not None and isinstance(action, engine.Play)
        state = engine.apply(state, seat, action)
    assert beats > 0  # it follows with cards, where the missed-decision rule passes


def test_it_hands_control_back_when_auto_play_is_cancelled(room: Room, alice: User) -> None:
    hand = with_alice(room, alice)
    state = bots_until_alice_owes(hand)
    submit_action(hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=True), expected_version=None)
    submit_action(hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=False), expected_version=None)
    hand.refresh_from_db()
    state = state_of(hand)
    assert not state.auto[0] and 0 in engine.to_act(state)
    # Her clock is the room's again, not the short auto-play delay.

    due = seat_deadline(hand, 0)
    assert due is not None and due > timezone.now() + timedelta(seconds=room.role_seconds - 2)


def test_it_locks_auto_play_on_the_third_entry(room: Room, alice: User) -> None:
    # RULES §6.1: a player who entered auto-play three times cannot cancel it again.
    hand = with_alice(room, alice)
    for _ in range(2):
        submit_action(
            hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=True), expected_version=None
        )
        submit_action(
            hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=False), expected_version=None
        )
    submit_action(hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=True), expected_version=None)

    with pytest.raises(ActionRefused):
        submit_action(
            hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=False), expected_version=None
        )
    hand.refresh_from_db()
    assert state_of(hand).auto[0]


def test_it_acts_once_when_two_keepers_race_one_process(room: Room, alice: User) -> None:
    # On SQLite (one process) the keepers serialize on the database's write lock.
    hand = with_alice(room, alice)
    bots_until_alice_owes(hand)
    clock = later(hand, 3600)
    act_on_deadlines(hand_id=hand.pk, now=clock)
    act_on_deadlines(hand_id=hand.pk, now=clock)
    assert HandEvent.objects.filter(hand=hand, seat=0, source=EventSource.TIMEOUT).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_it_acts_once_when_two_keepers_race_on_postgresql(room: Room, alice: User) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: runs in the PostgreSQL pass of `make test`")
    hand = with_alice(room, alice)
    bots_until_alice_owes(hand)
    clock = later(hand, 3600)
    outcomes = at_once(lambda: act_on_deadlines(hand_id=hand.pk, now=clock))
    errors = [o for o in outcomes if isinstance(o, BaseException)]
    assert not errors
    assert HandEvent.objects.filter(hand=hand, seat=0, source=EventSource.TIMEOUT).count() == 1
    seqs = list(HandEvent.objects.filter(hand=hand).values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_disconnect_within_the_grace_period_keeps_her_clock_running(
    room: Room, alice: User
) -> None:
    # RULES §6.3: away, her clock keeps running as if she were there: nobody plays for her
    # before it runs out, and back within the grace period nothing is owed.
    hand = with_alice(room, alice)
    bots_until_alice_owes(hand)
    hand.refresh_from_db()
    clock, deadline = list(hand.clocks), list(hand.deadlines)
    set_away(hand_id=hand.pk, seat=0, away=True)
    hand.refresh_from_db()
    assert away_since(hand, 0) is not None
    assert (list(hand.clocks), list(hand.deadlines)) == (clock, deadline)
    due = seat_deadline(hand, 0)
    assert due is not None
    tick_sync(now=due - timedelta(milliseconds=1))
    assert not HandEvent.objects.filter(hand=hand, seat=0).exists()
    set_away(hand_id=hand.pk, seat=0, away=False)
    hand.refresh_from_db()
    state = state_of(hand)
    assert (list(hand.clocks), list(hand.deadlines)) == (clock, deadline)
    assert away_since(hand, 0) is None and not state.fled[0] and not state.auto[0]
    assert not HandEvent.objects.filter(hand=hand, action="flee").exists()


def test_a_clock_that_runs_out_while_she_is_away_is_one_missed_decision(
    room: Room, alice: User
) -> None:
    # RULES §6.3: taken by the missed-decision rule, as if she were there.
    hand = with_alice(room, alice)
    bots_until_alice_owes(hand)
    set_away(hand_id=hand.pk, seat=0, away=True)
    _miss(hand)
    events = list(HandEvent.objects.filter(hand=hand, seat=0).values_list("source", flat=True))
    assert events == [EventSource.TIMEOUT]
    hand.refresh_from_db()
    state = state_of(hand)
    assert not state.auto[0] and not state.fled[0]


def test_it_settles_a_player_away_past_the_grace_period_as_fled(room: Room, alice: User) -> None:
    hand = with_alice(room, alice)
    bots_until_alice_owes(hand)
    set_away(hand_id=hand.pk, seat=0, away=True)
    clock = later(hand, room.grace_seconds + 1)
    for _ in range(1000):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            break
        tick_sync(now=clock)
        clock += timedelta(seconds=2)
    assert hand.status == HandStatus.FINISHED
    assert (
        HandEvent.objects.filter(
            hand=hand, seat=0, action="flee", source=EventSource.DISCONNECT
        ).count()
        == 1
    )
    state = state_of(hand)
    results = {r.seat: r for r in SeatResult.objects.filter(hand=hand)}
    # RULES §6.3, from the shares nobody fled would have had:
    assert state.mode is not None
    normal = compute_settlement(
        mode=state.mode,
        rebellion=state.rebellion,
        stake=room.base_stake,
        fee=room.table_fee,
        outcomes=[
            SeatOutcome(s, engine.Role(results[s].role), results[s].place, False) for s in range(5)
        ],
    )
    mine = normal.seats[0]
    side = [
        s for s in normal.seats if (s.role is engine.Role.REBEL) == (mine.role is engine.Role.REBEL)
    ]
    alice_row = results[0]
    assert alice_row.fled and alice_row.penalty == 3 * room.base_stake
    if mine.payout < 0:  # her side lost: she alone pays the whole side's loss
        assert alice_row.payout == sum(s.payout for s in side)
        assert all(results[s.seat].payout == 0 for s in side if s.seat != 0)
    else:  # her side won or drew: her normal share, minus the fee and 3·S
        assert alice_row.payout == mine.payout
    assert alice_row.net == alice_row.payout - alice_row.fee - alice_row.penalty
    alice.refresh_from_db()
    assert alice.beans == 10_000 + alice_row.net
