"""What one action writes and reads: the hand row this process committed last is
kept with its state, so an action is one conditional UPDATE and one INSERT, and the public
record of the push folds the new event from memory. The conditional write must never apply
an action on a row somebody else has changed since: these tests change it behind the
process's back, as another process would, and check that the locked path takes over."""

from __future__ import annotations

import re

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from baohuang_site.devtools.table_players import seat_five
from game import engine
from game.hands import ActionRefused, SeatSpec, start_hand, submit_action
from game.models import Hand, HandEvent, HandStatus, SeatResult
from game.selectors import (
    committed_row,
    forget_states,
    remember_read,
    remember_row,
    remember_state,
    replay_from_log,
    state_of,
)
from lobby.play_log import public_events
from lobby.table_state import load_snapshot
from tests.support.at_once import at_once

from .hand_helpers import standard_room

# transaction=True: the memory of a committed row is filled after the commit (on_commit).
# Run on SQLite and again in the PostgreSQL pass (JSON is compared as text on one, as jsonb
# on the other; only PostgreSQL has two writers at once).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

SQL_WORDS = ("SELECT", "INSERT", "UPDATE", "DELETE")


def people_hand(seed: int = 7) -> Hand:
    users = [User.objects.create_user(f"p{i}", f"p{i}@example.org", "pw") for i in range(5)]
    return start_hand(
        room=standard_room(),
        table=None,
        seats=[SeatSpec(user=u, is_bot=False, name=u.username) for u in users],
        seed=seed,
    )


def next_move(state: engine.State) -> tuple[int, engine.Action]:
    seat = engine.to_act(state)[0]
    if state.phase is engine.Phase.PLAY:
        return seat, engine.hint(state, seat, 0)
    return seat, engine.autoplay_action(state, seat)


def act(hand: Hand, expected: int | None = None) -> int:
    hand.refresh_from_db()
    state = state_of(hand)
    seat, action = next_move(state)
    version = state.version if expected is None else expected
    return submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=version)


def statements(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"].split()[0] for q in ctx.captured_queries if q["sql"].startswith(SQL_WORDS)]


def test_an_action_is_one_conditional_update_and_one_insert_and_its_push_reads_nothing() -> None:
    hand = people_hand()
    act(hand)  # the hand's fixed facts (its bot seats) are read once
    for _ in range(12):
        hand.refresh_from_db()
        public_events(hand)  # the push of the previous action
        state = state_of(hand)
        seat, action = next_move(state)
        with CaptureQueriesContext(connection) as ctx:
            version = submit_action(
                hand_id=hand.pk, seat=seat, action=action, expected_version=state.version
            )
        assert statements(ctx) == ["UPDATE", "INSERT"]
        hand.refresh_from_db()
        assert hand.version == version == state.version + 1
        with CaptureQueriesContext(connection) as ctx:
            public_events(hand)
        assert statements(ctx) == []
    assert replay_from_log(hand) == state_of(hand)


def test_a_row_changed_by_another_writer_is_read_under_the_lock_and_its_change_kept() -> None:
    hand = people_hand()
    act(hand)
    hand.refresh_from_db()
    # Another process marks a seat away: the version does not move, the row does.
    away = [None, "2026-12-01T20:00:00+00:00", None, None, None]
    Hand.objects.filter(pk=hand.pk).update(away=away)
    seat, action = next_move(state_of(hand))
    with CaptureQueriesContext(connection) as ctx:
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=hand.version)
    # The conditional write matched nothing; the locked path read the row and wrote.
    assert statements(ctx) == ["UPDATE", "SELECT", "INSERT", "UPDATE"]
    hand.refresh_from_db()
    assert hand.away == away
    assert hand.version == HandEvent.objects.filter(hand=hand).count()
    assert replay_from_log(hand) == state_of(hand)


def test_a_table_read_after_a_restart_is_the_base_of_its_first_action() -> None:
    table, _ = seat_five("standard", ["ra", "rb", "rc", "rd", "re"])
    hand = Hand.objects.get(table=table)
    forget_states()  # a restarted process: nothing of this hand in memory
    # A page (or a socket's first render) reads the table: the hand's row with its room
    # and seats, and its state.
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None and snapshot.state is not None
    seat, action = next_move(snapshot.state)
    with CaptureQueriesContext(connection) as ctx:
        version = submit_action(
            hand_id=hand.pk, seat=seat, action=action, expected_version=snapshot.state.version
        )
    # Written on that read as on a row committed here: no locked read, no read of the room
    # or of which seats are bots.
    assert statements(ctx) == ["UPDATE", "INSERT"]
    hand.refresh_from_db()
    assert hand.version == version == snapshot.state.version + 1
    assert replay_from_log(hand) == state_of(hand)


def test_a_read_base_that_another_writer_changed_is_read_again_under_the_lock() -> None:
    table, _ = seat_five("standard", ["sa", "sb", "sc", "sd", "se"])
    hand = Hand.objects.get(table=table)
    forget_states()
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None and snapshot.state is not None
    # Another process marks a seat away after the read: the version does not move.
    away = [None, None, "2026-12-01T20:00:00+00:00", None, None]
    Hand.objects.filter(pk=hand.pk).update(away=away)
    seat, action = next_move(snapshot.state)
    with CaptureQueriesContext(connection) as ctx:
        submit_action(
            hand_id=hand.pk, seat=seat, action=action, expected_version=snapshot.state.version
        )
    assert statements(ctx)[:2] == ["UPDATE", "SELECT"]  # matched nothing, then the lock
    hand.refresh_from_db()
    assert hand.away == away
    assert hand.version == snapshot.state.version + 1
    assert hand.version == HandEvent.objects.filter(hand=hand).count()


def test_a_row_read_before_a_commit_never_replaces_the_committed_one() -> None:
    hand = people_hand()
    act(hand)
    hand.refresh_from_db()
    read, read_state = Hand.objects.select_related("room").get(pk=hand.pk), state_of(hand)
    act(hand)  # committed here after that read
    remember_read(read, read_state)  # the read's caller keeps it late
    known = committed_row(hand.pk)
    assert known is not None
    assert known[0].version == known[1].version == read_state.version + 1
    assert act(hand) == read_state.version + 2


def test_a_row_read_inside_a_transaction_is_not_kept() -> None:
    hand = people_hand()
    act(hand)
    forget_states()
    with transaction.atomic():
        # What a transaction reads may be its own writes, which a rollback would unmake.
        hand.refresh_from_db()
        remember_read(hand, state_of(hand))
    assert committed_row(hand.pk) is None
    hand.refresh_from_db()
    remember_read(hand, state_of(hand))
    known = committed_row(hand.pk)
    assert known is not None and known[0].version == known[1].version == hand.version


def test_an_action_applied_elsewhere_is_never_applied_twice() -> None:
    hand = people_hand()
    act(hand)
    known = committed_row(hand.pk)
    assert known is not None
    row, state = known
    seat, action = next_move(state)
    submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=state.version)
    # This process's memory goes back to before that action, as if another process had
    # applied it; the same action sent again from a page of that version is stale.
    remember_row(row)
    remember_state(hand.pk, state)
    with pytest.raises(ActionRefused) as refused:
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=state.version)
    assert refused.value.code == "stale"
    hand.refresh_from_db()
    assert hand.version == state.version + 1
    assert list(
        HandEvent.objects.filter(hand=hand, seq__gt=state.version).values_list("seq", flat=True)
    ) == [state.version + 1]
    # A page that saw the new version acts on it through the locked path.
    assert act(hand) == state.version + 2
    hand.refresh_from_db()
    assert replay_from_log(hand) == state_of(hand)


def test_a_refusal_on_the_remembered_state_is_the_stored_rows_refusal() -> None:
    hand = people_hand()
    act(hand)
    hand.refresh_from_db()
    state = state_of(hand)
    idle = next(s for s in range(5) if s not in engine.to_act(state))
    with pytest.raises(ActionRefused) as refused:
        submit_action(
            hand_id=hand.pk, seat=idle, action=engine.Pass(), expected_version=state.version
        )
    assert refused.value.cause is not None  # the engine's refusal, nothing written
    hand.refresh_from_db()
    assert hand.version == state.version


def test_the_same_action_sent_twice_at_once_applies_once_on_postgresql() -> None:
    """Two threads (two processes' database work) send the same action from the same page
    at the same moment, both on the remembered row: one applies it, the other is stale."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: runs in the PostgreSQL pass of `make test`")
    hand = people_hand()
    act(hand)
    known = committed_row(hand.pk)
    assert known is not None
    _, state = known
    seat, action = next_move(state)

    def send() -> object:
        try:
            return submit_action(
                hand_id=hand.pk, seat=seat, action=action, expected_version=state.version
            )
        except ActionRefused as refused:
            return refused.code

    outcomes = at_once(send)
    assert sorted(map(str, outcomes)) == sorted([str(state.version + 1), "stale"])
    seqs = list(HandEvent.objects.filter(hand=hand).values_list("seq", flat=True))
    assert seqs == list(range(1, state.version + 2))


def test_the_settling_action_takes_no_savepoint_and_locks_each_account_once() -> None:
    """The settlement holds the one database thread every table's action waits for: it
    writes the accounts' rows under their locks, taken together, without a savepoint per
    ledger row, task or record, without reading an account again after its own writes, and
    with one statement for all the seats' ledger rows."""
    hand = people_hand()
    state = state_of(hand)
    while engine.apply(state, *next_move(state)).phase is not engine.Phase.FINISHED:
        act(hand)
        hand.refresh_from_db()
        state = state_of(hand)
    with CaptureQueriesContext(connection) as ctx:
        act(hand)
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED and SeatResult.objects.filter(hand=hand).count() == 5
    sql = [q["sql"] for q in ctx.captured_queries]
    assert not [s for s in sql if "SAVEPOINT" in s.upper()]
    # The five accounts' rows read whole once, in one statement (the lock), and never again:
    # not even their balances after the hand's own writes.
    user_reads = [s for s in sql if s.startswith('SELECT "accounts_user".')]
    assert len(user_reads) == 1 and user_reads[0].startswith('SELECT "accounts_user"."id"')
    locked = re.search(r'"accounts_user"\."id" IN \(([^)]*)\)', user_reads[0])
    assert locked is not None
    assert {int(x) for x in locked.group(1).split(",")} == set(
        hand.seats.values_list("user_id", flat=True)
    )
    # Each account's row written once (its balance, points and lifetime result together),
    # and every ledger row of the hand in one INSERT.
    assert len([s for s in sql if s.startswith('UPDATE "accounts_user"')]) == 5
    assert len([s for s in sql if s.startswith('INSERT INTO "accounts_ledgerentry"')]) == 1
