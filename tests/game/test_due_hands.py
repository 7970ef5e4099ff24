"""The keeper's question, "which running hands are past a deadline?" (game.deadlines), asked as
plain SQL four times a second: the same answer on SQLite and PostgreSQL as the ORM's filter
would give (RULES §6.1: a deadline that passed is acted on, one not yet passed is not)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from game.deadlines import due_hand_ids
from game.models import Hand, HandStatus

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
