"""Red Ten on the site (RULES §11): rooms with a game, a whole hand through the services with
four bots and one person, settlement into the beans ledger (points and coin rooms), the
dealer rule and the stored log."""

from __future__ import annotations

from fractions import Fraction

import pytest

from accounts.models import LedgerEntry, LedgerKind, User
from game.engine import redten
from game.games import submit_action
from game.hands import ActionRefused
from game.models import Game, Hand, HandStatus, Room, SeatResult
from game.redten_hands import hand_log, state_of
from lobby.services import ensure_default_rooms
from lobby.tables import play_with_bots, set_ready

from .helpers import play_out, redten_room, running_table_with_bots

pytestmark = pytest.mark.django_db


def test_ensure_rooms_creates_a_points_room_and_a_coin_room() -> None:
    ensure_default_rooms()
    rooms = {r.slug: r for r in Room.objects.filter(game=Game.REDTEN)}
    assert set(rooms) == {"redten", "redten-coin"}
    assert rooms["redten"].coin_coefficient == 0
    assert rooms["redten-coin"].coin_coefficient >= 1
    # Baohuang rooms stay Baohuang.
    assert Room.objects.get(slug="standard").game == Game.BAOHUANG


def _hand_with_bots(user: User, *, coin: bool = False) -> Hand:
    table = play_with_bots(room=redten_room(coin), user=user)
    table.refresh_from_db()
    assert table.current_hand is not None
    return table.current_hand


def _running_hand_with_bots(user: User) -> Hand:
    hand = running_table_with_bots(user).current_hand
    assert hand is not None
    return hand


def test_a_whole_hand_with_four_bots_settles_zero_sum_into_the_ledger(alice: User) -> None:
    beans_before = User.objects.get(pk=alice.pk).beans
    hand = _hand_with_bots(alice)
    assert hand.game == "redten"
    hand = play_out(hand, people={0})
    assert hand.status == HandStatus.FINISHED
    assert hand.mode in {"open", "dark"}
    final = state_of(hand)
    settlement = redten.settle(final)
    rows = {r.seat: r for r in SeatResult.objects.filter(hand=hand)}
    stake = hand.room.base_stake
    # RULES §11 / file 003 §9: a points room pays the table, zero-sum, stake per point.
    assert [rows[s].net for s in range(5)] == [p * stake for p in settlement.points]
    assert sum(r.net for r in rows.values()) == 0
    assert {rows[s].role for s in range(5)} <= {"red", "black"}
    alice.refresh_from_db()
    assert alice.beans == beans_before + rows[0].net
    ledger = LedgerEntry.objects.filter(user=alice, hand_id=hand.pk, kind=LedgerKind.HAND_RESULT)
    assert sum(e.amount for e in ledger) == rows[0].net
    # The military ladder (file 003 §10) moves by the hand's points.
    assert alice.redten_points == settlement.points[0]
    assert rows[0].title_after == redten.level_for(alice.redten_points).title


def test_the_stored_log_replays_to_the_same_hand(alice: User) -> None:
    hand = play_out(_hand_with_bots(alice), people={0}, show=True)
    log = hand_log(hand)
    assert log.to_text().startswith("redten-hand 1\n")
    again = redten.replay(redten.HandLog.from_text(log.to_text()))
    assert again == state_of(hand)


def test_the_next_hand_is_dealt_from_the_last_hands_first_place(alice: User) -> None:
    first = play_out(_hand_with_bots(alice), people={0})
    state = state_of(first)
    assert first.table is not None
    set_ready(table=first.table, user=alice)
    second = Hand.objects.filter(table=first.table).order_by("-number").first()
    assert second is not None and second.number == 2
    expected = state.four_tens if state.four_tens is not None else state.out_order[0]
    assert second.dealer == expected
    assert state_of(second).dealer == expected


def test_coin_room_pays_the_formula_and_the_house_keeps_the_tenth(alice: User) -> None:
    hand = play_out(_hand_with_bots(alice, coin=True), people={0})
    final = state_of(hand)
    settlement = redten.settle(final)
    assert settlement.coins is not None
    n = hand.room.coin_coefficient
    rows = {r.seat: r for r in SeatResult.objects.filter(hand=hand)}
    for seat in range(5):
        x = settlement.points[seat]  # X · multiple, signed
        if x < 0:
            assert rows[seat].net == x * n  # losers pay X·multiple·N in full
        elif x > 0:
            # winners receive 0.9 of it, rounded down to whole beans
            assert rows[seat].net == int(Fraction(x * n) * Fraction(9, 10))
        else:
            assert rows[seat].net == 0
    total = sum(r.net for r in rows.values())
    assert total <= 0  # no bean is created
    if settlement.outcome.result is not redten.Result.DRAW:
        assert total < 0  # the house keeps the tenth


def test_bad_actions_are_refused_and_change_nothing(alice: User) -> None:
    hand = _running_hand_with_bots(alice)
    state = state_of(hand)
    with pytest.raises(ActionRefused):
        submit_action(
            hand_id=hand.pk,
            seat=0,
            action=redten.PASS,  # the 亮牌 step runs: nobody plays yet
            expected_version=state.version,
        )
    hand.refresh_from_db()
    assert hand.version == state.version
    with pytest.raises(ActionRefused) as stale:
        submit_action(
            hand_id=hand.pk, seat=0, action=redten.NO_SHOW, expected_version=state.version + 7
        )
    assert stale.value.code == "stale"
    hand.refresh_from_db()
    assert hand.version == state.version
