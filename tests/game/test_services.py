"""The service path of a hand: start, submit, deadlines, settle, all from the event log."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import Sum
from django.utils import timezone

from accounts.models import LedgerEntry, User
from game import engine
from game.deadlines import act_on_deadlines
from game.hands import ActionRefused, SeatSpec, start_hand, submit_action
from game.keeper import tick_sync
from game.models import EventSource, Hand, HandEvent, HandStatus, Room, SeatResult
from game.selectors import forget_states, replay_from_log, state_of

from .hand_helpers import bots, standard_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def room() -> Room:
    return standard_room()


def run_keeper_until_idle(hand: Hand, *, limit: int = 2000) -> None:
    for _ in range(limit):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED or hand.next_deadline_at is None:
            return
        # Bots' deadlines are due at once (instant_bots); a person's lie in the future.
        if tick_sync() == 0:
            return
    raise AssertionError("the keeper did not finish the hand")


def test_it_plays_a_five_bot_hand_to_its_settlement(room: Room) -> None:
    hand = start_hand(room=room, table=None, seats=bots(5), seed=11)
    run_keeper_until_idle(hand)
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    events = list(HandEvent.objects.filter(hand=hand).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, hand.version + 1))
    assert all(e.source == EventSource.BOT for e in events)
    results = list(SeatResult.objects.filter(hand=hand))
    assert sorted(r.place for r in results) == [1, 2, 3, 4, 5]
    # RULES §5.4: zero-sum before the fee; the fee from every player.
    assert sum(r.payout for r in results) == 0
    assert all(r.fee == room.table_fee for r in results)
    # The log alone rebuilds the final state.
    forget_states()
    assert replay_from_log(hand) == state_of(hand)
    assert replay_from_log(hand).phase is engine.Phase.FINISHED


def test_it_settles_a_players_hand_into_the_ledger(room: Room, alice: User) -> None:
    hand = start_hand(
        room=room, table=None, seats=[SeatSpec(alice, False, "alice"), *bots(4)], seed=5
    )
    for _ in range(500):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            break
        state = state_of(hand)
        if 0 in engine.to_act(state):
            action = engine.autoplay_action(state, 0)
            if state.phase is engine.Phase.PLAY:
                action = engine.hint(state, 0, 0)
            submit_action(hand_id=hand.pk, seat=0, action=action, expected_version=hand.version)
        else:
            tick_sync()
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    mine = SeatResult.objects.get(hand=hand, seat=0)
    alice.refresh_from_db()
    assert alice.beans == 10_000 + mine.net
    assert LedgerEntry.objects.filter(user=alice).aggregate(s=Sum("amount"))["s"] == alice.beans
    assert (
        not HandEvent.objects.filter(hand=hand, seat=0).exclude(source=EventSource.PLAYER).exists()
    )
    points = getattr(alice, f"{mine.role}_points")
    assert points == mine.title_points_after


def test_it_refuses_a_stale_version_and_writes_nothing(room: Room) -> None:
    hand = start_hand(room=room, table=None, seats=bots(5), seed=3)
    state = state_of(hand)
    holder = engine.to_act(state)[0]
    with pytest.raises(ActionRefused) as refused:
        submit_action(hand_id=hand.pk, seat=holder, action=engine.Ascend(), expected_version=7)
    assert refused.value.code == "stale"
    assert HandEvent.objects.filter(hand=hand).count() == 0


def test_it_refuses_an_action_out_of_turn_and_writes_nothing(room: Room) -> None:
    hand = start_hand(room=room, table=None, seats=bots(5), seed=3)
    holder = engine.to_act(state_of(hand))[0]
    other = (holder + 1) % 5
    with pytest.raises(ActionRefused) as refused:
        submit_action(hand_id=hand.pk, seat=other, action=engine.Ascend(), expected_version=0)
    assert refused.value.code == "NotYourTurn"
    assert "turn" in refused.value.message.lower() or "emperor" in refused.value.message.lower()
    hand.refresh_from_db()
    assert hand.version == 0 and not HandEvent.objects.filter(hand=hand).exists()


def test_it_acts_on_an_expired_deadline_exactly_once(room: Room, alice: User) -> None:
    # RULES §6.1: past the deadline the server takes that one decision.
    seats = [SeatSpec(alice, False, "alice") for _ in range(1)] + bots(4)
    hand = start_hand(room=room, table=None, seats=seats, seed=21)
    run_keeper_until_idle(hand)  # bots act until alice owes a decision
    hand.refresh_from_db()
    assert 0 in engine.to_act(state_of(hand))
    late = timezone.now() + timedelta(minutes=5)
    assert act_on_deadlines(hand_id=hand.pk, now=late) >= 1
    act_on_deadlines(hand_id=hand.pk, now=late)  # a second keeper with the same clock
    timeout_events = HandEvent.objects.filter(hand=hand, seat=0, source=EventSource.TIMEOUT)
    # The one decision taken for alice: the deadline fired once, and she keeps her seat's
    # control (a first miss, RULES §6.1).
    assert timeout_events.count() == 1
    assert state_of(Hand.objects.get(pk=hand.pk)).auto[0] is False
