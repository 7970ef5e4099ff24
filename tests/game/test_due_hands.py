"""The keeper's questions, "which running hands are past a deadline?" (game.deadlines), "when
is the first deadline of all?" (game.soonest) and "is a review waiting?" (game.hand_review),
asked as plain SQL each time it looks: the same answers on SQLite and PostgreSQL as the ORM
would give (RULES §6.1: a deadline that passed is acted on, one not yet passed is not)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from game.action_sql import any_pending_advice, soonest_deadline
from game.deadlines import due_hand_ids
from game.models import AdviceStatus, Hand, HandAdvice, HandStatus

from .hand_helpers import running_hand, standard_room

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_the_hands_past_a_deadline_are_due_the_most_overdue_first() -> None:
    now = timezone.now()
    room = standard_room()
    hands = [running_hand(room, User.objects.create_user(f"p{i}", None, "pw")) for i in range(5)]
    late, later, waiting, no_clock, over = hands
    moments = {
        late.pk: now - timedelta(seconds=2),
        later.pk: now - timedelta(seconds=30),
        waiting.pk: now + timedelta(seconds=5),
        no_clock.pk: None,
        over.pk: now - timedelta(seconds=60),
    }
    for pk, moment in moments.items():
        Hand.objects.filter(pk=pk).update(next_deadline_at=moment)
    Hand.objects.filter(pk=over.pk).update(status=HandStatus.FINISHED)
    assert due_hand_ids(now=now) == [later.pk, late.pk]
    assert due_hand_ids(now=now, limit=1) == [later.pk]
    # A deadline at this very moment has passed.
    assert due_hand_ids(now=now + timedelta(seconds=5)) == [later.pk, late.pk, waiting.pk]
    # The first deadline of a running hand, as the ORM reads it back (an aware moment).
    assert soonest_deadline() == Hand.objects.get(pk=later.pk).next_deadline_at
    Hand.objects.filter(pk__in=[later.pk, late.pk, waiting.pk]).update(next_deadline_at=None)
    assert soonest_deadline() is None


def test_a_review_waits_until_it_is_done() -> None:
    room = standard_room()
    hand = running_hand(room, User.objects.create_user("p", None, "pw"))
    assert not any_pending_advice()
    advice = HandAdvice.objects.create(hand=hand)
    assert any_pending_advice()
    HandAdvice.objects.filter(pk=advice.pk).update(status=AdviceStatus.DONE)
    assert not any_pending_advice()
