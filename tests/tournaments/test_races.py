"""Several keepers at once (one per daphne process, and ``manage.py run_keeper``): each of a
tournament's chores is done once, a keeper late to one changes nothing and fails nothing,
and a tournament's lock holds up no other table of its room."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections, transaction

from tests.support.at_once import at_once
from tests.tournaments.helpers import people, play_round, tournament
from tournaments import services
from tournaments.models import Entry, Play, Status


def needs_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: runs in the PostgreSQL pass of `make test`")


@pytest.mark.django_db
def test_a_keeper_late_to_a_start_changes_nothing() -> None:
    # Two keepers listed the tournament as due; the first started it. The second must neither
    # cancel it nor fail (which would skip the rest of its chore).
    t = tournament()
    (a,) = people(1)
    services.register(tournament_id=t.pk, user=a)
    assert t.starts_at is not None
    due = t.starts_at + timedelta(seconds=1)
    assert services.start_due(tournament_id=t.pk, now=due)
    assert not services.start_due(tournament_id=t.pk, now=due)
    t.refresh_from_db()
    assert t.status == Status.RUNNING
    assert Play.objects.filter(tournament=t).count() == 1
    assert Entry.objects.get(user=a).fee_paid == t.entry_fee  # not refunded


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_keepers_at_once_start_a_tournament_once() -> None:
    needs_postgresql()
    t = tournament()
    for person in people(3):
        services.register(tournament_id=t.pk, user=person)
    assert t.starts_at is not None
    due = t.starts_at + timedelta(seconds=1)
    assert at_once(lambda: services.advance(due)) == [None, None]
    t.refresh_from_db()
    assert t.status == Status.RUNNING
    assert Play.objects.filter(tournament=t).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_keepers_at_once_deal_the_next_round_once() -> None:
    needs_postgresql()
    t = tournament(deals=1, start_when=5, pause=10)
    for person in people(5):
        services.register(tournament_id=t.pk, user=person)
    t.refresh_from_db()
    play_round(t)  # the round's last hand recorded: the next one is dealt after the pause
    assert t.next_round_at is not None
    due = t.next_round_at
    outcomes = at_once(lambda: services.deal_next_round(tournament_id=t.pk, now=due))
    assert sorted(map(str, outcomes)) == ["False", "True"]
    assert Play.objects.filter(tournament=t, round=1).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_tournament_write_leaves_its_room_free() -> None:
    # Every table and hand of the room refers to its row. Django's foreign keys are checked
    # when the transaction commits, by this share lock on the row referred to: a tournament
    # holding the room's row locked would hold up every table of the room that deals a hand.
    needs_postgresql()
    t = tournament()
    (a,) = people(1)
    referring, release = threading.Event(), threading.Event()

    def a_hand_of_the_room_committing() -> None:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(
                    'select 1 from "lobby_room" where id = %s for key share', [t.room_id]
                )
                referring.set()
                release.wait(timeout=30)
        finally:
            connections.close_all()

    other = threading.Thread(target=a_hand_of_the_room_committing)
    other.start()
    try:
        assert referring.wait(timeout=30)
        with transaction.atomic():
            with connection.cursor() as cursor:  # waiting on a lock fails instead
                cursor.execute("set local lock_timeout = '1s'")
            services.register(tournament_id=t.pk, user=a)
    finally:
        release.set()
        other.join()
    assert Entry.objects.filter(tournament=t, user=a).exists()
