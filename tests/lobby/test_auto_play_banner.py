"""托管 explained (RULES §6.1, §6.2): the banner says what auto-play does (it plays as the
普通 bot); the first time two missed deadlines in a row turned it on, it says so and how to
take the seat back. Per seat: nobody else's page shows any of it."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone, translation

from accounts.models import User
from game import engine
from game.hands import submit_action
from game.keeper import tick_sync
from game.models import Hand
from game.selectors import state_of
from lobby import tables
from lobby.table_state import Viewer, load_snapshot, render_fragment, table_context
from tests.game.hand_helpers import standard_room

pytestmark = pytest.mark.django_db


def _banner(table_id: int, viewer: Viewer) -> str:
    snapshot = load_snapshot(table_id)
    assert snapshot is not None
    with translation.override("en"):
        return render_fragment(table_context(snapshot, viewer), "banner")


def _time_out(hand: Hand, seat: int, clock: datetime) -> datetime:
    """Let ``seat``'s deadlines pass until auto-play is on (the second miss in a row, RULES
    §6.1); returns the keeper's clock."""
    now = clock
    for _ in range(500):
        hand.refresh_from_db()
        state = state_of(hand)
        if state.auto[seat]:
            return now
        now = now + (
            timedelta(hours=1) if seat in engine.to_act(state) else timedelta(milliseconds=1)
        )
        tick_sync(now)
    raise AssertionError("the seat never owed a decision")


def test_the_first_timeout_says_what_auto_play_does_and_how_to_cancel_it(alice: User) -> None:
    table = tables.play_with_bots(room=standard_room(), user=alice)
    hand = table.seats.get(index=0).table.current_hand
    assert hand is not None
    me = Viewer(user_id=alice.pk, seat=0)
    quiet = _banner(table.pk, me)
    assert "hidden" in quiet.split(">")[0] and "auto-explain" not in quiet
    clock = _time_out(hand, 0, timezone.now())
    first = _banner(table.pk, me)
    assert 'id="auto-explain"' in first and "as the Normal (普通) bot would" in first
    assert 'id="auto-first"' in first and "Your time ran out twice in a row" in first
    assert "your time ran out twice in a row" in first
    assert 'id="auto-cancel"' in first
    # Nobody else is told anything of it beyond the public 托管 mark on the seat.
    watcher = _banner(table.pk, Viewer(user_id=None, seat=None))
    assert "auto-explain" not in watcher and "auto-first" not in watcher
    # Back in his seat, then timed out again: the rule is still said, the first-time note not.
    submit_action(
        hand_id=hand.pk,
        seat=0,
        action=engine.AutoPlay(on=False),
        expected_version=None,
        now=clock,
    )
    assert "auto-explain" not in _banner(table.pk, me)
    hand.refresh_from_db()
    if hand.status == "finished":
        pytest.skip("the hand ended before a second deadline")
    _time_out(hand, 0, clock)
    again = _banner(table.pk, me)
    assert 'id="auto-explain"' in again and "auto-first" not in again


def test_switching_auto_play_on_says_what_it_will_do(alice: User) -> None:
    table = tables.play_with_bots(room=standard_room(), user=alice)
    hand = table.current_hand
    assert hand is not None
    submit_action(hand_id=hand.pk, seat=0, action=engine.AutoPlay(on=True), expected_version=None)
    html = _banner(table.pk, Viewer(user_id=alice.pk, seat=0))
    assert "you switched it on" in html and "as the Normal (普通) bot would" in html
    assert "auto-first" not in html


def test_one_missed_decision_says_so_and_that_a_second_turns_auto_play_on(alice: User) -> None:
    # RULES §6.1: the first miss takes that decision only; the player plays on, told so.
    table = tables.play_with_bots(room=standard_room(), user=alice)
    hand = table.current_hand
    assert hand is not None
    me = Viewer(user_id=alice.pk, seat=0)
    clock = timezone.now()
    for _ in range(500):  # the bots act until she owes a decision, then her clock runs out
        hand.refresh_from_db()
        owes = 0 in engine.to_act(state_of(hand))
        clock += timedelta(hours=1) if owes else timedelta(milliseconds=1)
        tick_sync(clock)
        if owes:
            break
    hand.refresh_from_db()
    assert not state_of(hand).auto[0]
    once = _banner(table.pk, me)
    assert "hidden" not in once.split(">")[0] and 'id="missed-once"' in once
    assert "auto-explain" not in once  # no auto-play yet
    assert "missed-once" not in _banner(table.pk, Viewer(user_id=None, seat=None))
    _time_out(hand, 0, clock)  # the second miss in a row: auto-play, and its own banner
    twice = _banner(table.pk, me)
    assert 'id="auto-first"' in twice and "missed-once" not in twice
