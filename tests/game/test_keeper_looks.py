"""The keeper looks at the database when a deadline may have come, not on every pass
(game.soonest), and still acts on every deadline when it passes (RULES §6.1)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from asgiref.sync import async_to_sync
from django.db import transaction

from accounts.models import User
from game import soonest
from game.clocks import bot_seats, set_deadlines
from game.hands import SeatSpec, start_hand
from game.keeper import LOOK_EVERY, Schedule, keep
from game.models import Hand, HandEvent, HandStatus
from game.selectors import state_of
from game.soonest import Soonest

from .hand_helpers import standard_room

pytestmark = pytest.mark.django_db(transaction=True)  # the notes are made on commit


@pytest.fixture
def known(monkeypatch: pytest.MonkeyPatch) -> Soonest:
    """This process's record of the soonest deadline, fresh for the test."""
    fresh = Soonest()
    monkeypatch.setattr(soonest, "SOONEST", fresh)
    return fresh


def five_people() -> tuple[Hand, datetime]:
    """A running hand of five people (no bot moves), and its first deadline."""
    users = [User.objects.create_user(f"p{i}", None, "pw") for i in range(5)]
    seats = [SeatSpec(u, False, u.username) for u in users]
    hand = start_hand(room=standard_room(), table=None, seats=seats, seed=3)
    hand.refresh_from_db()
    assert hand.status == HandStatus.RUNNING and hand.next_deadline_at is not None
    return hand, hand.next_deadline_at


def timeouts(hand: Hand) -> int:
    return HandEvent.objects.filter(hand=hand, source="timeout").count()


def test_a_pass_looks_only_when_a_deadline_known_here_has_come(known: Soonest) -> None:
    hand, deadline = five_people()
    schedule = Schedule(look_every=LOOK_EVERY)
    # The first pass looks (nothing known yet) and learns the soonest deadline.
    assert async_to_sync(keep)(schedule, 0.0, deadline - timedelta(seconds=5))
    assert known.due(deadline.timestamp()) and not known.due(deadline.timestamp() - 0.001)
    # Until it comes, passes within LOOK_EVERY do not look, and act on nothing.
    before = deadline - timedelta(milliseconds=1)
    assert not async_to_sync(keep)(schedule, LOOK_EVERY / 2, before)
    assert timeouts(hand) == 0
    # The pass at the deadline looks and acts (RULES §6.1), before LOOK_EVERY is up.
    assert async_to_sync(keep)(schedule, LOOK_EVERY * 0.75, deadline)
    assert timeouts(hand) > 0
    hand.refresh_from_db()
    assert not any(state_of(hand).auto)  # one missed decision each (RULES §6.1)


def test_a_deadline_written_here_is_known_once_committed(known: Soonest) -> None:
    hand, deadline = five_people()
    known.looked(None)  # as after a look that found no running hand
    assert not known.due(deadline.timestamp() + 3600)
    with transaction.atomic():
        # What an action does: set the deadlines in its transaction.
        state = state_of(hand)
        set_deadlines(hand, None, state, None, bot_seats(hand), deadline)
        assert hand.next_deadline_at is not None
        assert not known.due(hand.next_deadline_at.timestamp()), "known before the commit"
        hand.save(update_fields=["deadlines", "clocks", "next_deadline_at"])
    assert known.due(hand.next_deadline_at.timestamp())


def test_a_deadline_rolled_back_is_not_known(known: Soonest) -> None:
    hand, deadline = five_people()
    known.looked(None)
    with pytest.raises(RuntimeError), transaction.atomic():
        set_deadlines(hand, None, state_of(hand), None, bot_seats(hand), deadline)
        raise RuntimeError("the action failed")
    assert not known.due(deadline.timestamp() + 3600)


def test_a_deadline_written_elsewhere_is_found_within_look_every(known: Soonest) -> None:
    hand, deadline = five_people()
    schedule = Schedule(look_every=LOOK_EVERY)
    now = deadline - timedelta(seconds=10)
    assert async_to_sync(keep)(schedule, 0.0, now)
    # Another process moves the deadline nearer: this one was not told.
    sooner = now + timedelta(milliseconds=100)
    Hand.objects.filter(pk=hand.pk).update(
        deadlines=[sooner.isoformat() if d else None for d in hand.deadlines],
        next_deadline_at=sooner,
    )
    assert not async_to_sync(keep)(schedule, 0.5, sooner)
    assert timeouts(hand) == 0
    assert async_to_sync(keep)(schedule, LOOK_EVERY, sooner + timedelta(seconds=1))
    assert timeouts(hand) > 0


def test_a_note_made_during_a_look_outlives_what_the_look_read() -> None:
    known = Soonest()
    known.looking()
    known.note(100.0)  # committed after the look's read began
    known.looked(None)  # the read did not see it
    assert known.due(100.0) and not known.due(99.0)
    known.looking()
    known.looked(None)
    assert not known.due(10**12)
