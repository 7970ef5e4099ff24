"""Money safety: two submissions of one action racing on one hand (two threads, two
database connections) apply once and settle once; the ledger audit stays clean."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from django.db import OperationalError, connection

from accounts.models import LedgerEntry, LedgerKind, User
from game import engine
from game.hands import ActionRefused, SeatSpec, start_hand, submit_action
from game.models import Hand, HandEvent, HandStatus, Room, SeatResult
from game.selectors import forget_states, state_of
from lobby.services import ensure_default_rooms
from tests.conftest import PASSWORD
from tests.support.at_once import at_once


def five_people_hand(prefix: str) -> tuple[Hand, list[User]]:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    users = [User.objects.create_user(f"{prefix}{i}", None, PASSWORD) for i in range(5)]
    seats = [SeatSpec(user=u, is_bot=False, name=u.username) for u in users]
    return start_hand(room=room, table=None, seats=seats, seed=20240607), users


def next_action(state: engine.State) -> tuple[int, engine.Action]:
    seat = engine.to_act(state)[0]
    if state.phase is engine.Phase.PLAY:
        return seat, engine.hint(state, seat, 0)
    return seat, engine.autoplay_action(state, seat)


def play_until(hand: Hand, stop: Callable[[engine.State], bool]) -> engine.State:
    for _ in range(1000):
        hand.refresh_from_db()
        state = state_of(hand)
        if stop(state):
            return state
        seat, action = next_action(state)
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=state.version)
    raise AssertionError("the hand never reached the wanted point")


def race(hand: Hand, seat: int, action: engine.Action, version: int) -> list[object]:
    """Submit the same action from two threads at once; return each thread's outcome."""

    def submit() -> object:
        forget_states()
        return submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=version)

    return at_once(submit)


def assert_applied_once(hand: Hand, outcomes: list[object], version: int) -> None:
    accepted = [o for o in outcomes if isinstance(o, int)]
    refused = [o for o in outcomes if isinstance(o, ActionRefused)]
    # The in-memory SQLite test database shares one cache between threads, where the loser
    # of the write lock fails at once instead of waiting (a file database waits, then finds
    # the version stale): either way it writes nothing.
    locked = [o for o in outcomes if isinstance(o, OperationalError) and "locked" in str(o)]
    assert len(accepted) == 1 and len(refused) + len(locked) == 1, outcomes
    assert accepted[0] == version + 1
    assert all(r.code in ("stale", "finished") for r in refused), refused
    hand.refresh_from_db()
    assert hand.version == version + 1
    seqs = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, version + 2))


def assert_settled_once(hand: Hand, users: list[User]) -> None:
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    assert SeatResult.objects.filter(hand=hand).count() == 5
    for user in users:
        for kind in (LedgerKind.HAND_RESULT, LedgerKind.FEE):
            rows = LedgerEntry.objects.filter(user=user, hand_id=hand.pk, kind=kind).count()
            assert rows <= 1, (user, kind, rows)
        assert LedgerEntry.objects.filter(user=user, hand_id=hand.pk).exists()
    call_command("audit_beans")  # raises CommandError on any difference


def run_races(prefix: str) -> None:
    hand, users = five_people_hand(prefix)
    # A race in the middle of the hand: one play, not two.
    state = play_until(hand, lambda s: s.phase is engine.Phase.PLAY and s.version > 8)
    seat, action = next_action(state)
    assert_applied_once(hand, race(hand, seat, action, state.version), state.version)
    # A race on the last action: the hand settles once and pays once.
    state = play_until(
        hand,
        lambda s: (
            s.phase is engine.Phase.PLAY
            and engine.apply(s, *next_action(s)).phase is engine.Phase.FINISHED
        ),
    )
    seat, action = next_action(state)
    assert_applied_once(hand, race(hand, seat, action, state.version), state.version)
    assert_settled_once(hand, users)
    # And a late third try is refused, writing nothing.
    with pytest.raises(ActionRefused):
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=None)
    assert_settled_once(hand, users)


@pytest.mark.django_db(transaction=True)
def test_two_threads_racing_one_action_apply_once_and_settle_once_on_sqlite() -> None:
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite variant; PostgreSQL has its own test")
    run_races("sq")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_threads_racing_one_action_apply_once_and_settle_once_on_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: runs in the PostgreSQL pass of `make test`")
    run_races("pg")
