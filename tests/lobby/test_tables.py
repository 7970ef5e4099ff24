"""Seats, bots, guests and spectators: the lobby side of a table."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.services import record_beans
from game import engine
from game.hands import submit_action
from game.keeper import tick_sync
from game.models import Hand, HandStatus, Room, SeatResult, Table, TableSeat
from game.selectors import state_of
from lobby import tables
from lobby.services import ensure_default_rooms

pytestmark = pytest.mark.django_db


@pytest.fixture
def room() -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="standard")


def test_it_refuses_a_seat_below_the_minimum_balance_and_says_why(room: Room, alice: User) -> None:
    record_beans(user=alice, kind=LedgerKind.ADMIN, amount=-9_900, reason="test")
    table = tables.create_table(room=room)
    with pytest.raises(tables.SeatRefused) as refused:
        tables.sit(table=table, seat=0, user=alice)
    # RULES §9.1: 35·S + fee = 352 in the standard room.
    assert "352" in refused.value.message and "100" in refused.value.message
    assert not TableSeat.objects.filter(user=alice).exists()


def test_it_starts_the_hand_only_when_five_seats_are_filled_and_ready(
    room: Room, alice: User, bob: User
) -> None:
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=alice)
    tables.sit(table=table, seat=3, user=bob)
    for seat in (1, 2):
        tables.add_bot(table=table, seat=seat, by=alice)
    tables.set_ready(table=table, user=alice)
    tables.set_ready(table=table, user=bob)
    table.refresh_from_db()
    assert table.current_hand_id is None  # seat 4 is still empty
    tables.add_bot(table=table, seat=4, by=bob)
    table.refresh_from_db()
    assert table.current_hand_id is not None
    names = list(Hand.objects.get(table=table).seats.values_list("name", flat=True))
    assert names[0] == "alice" and names[3] == "bob"


def test_it_lets_only_a_seated_player_invite_bots(room: Room, alice: User, bob: User) -> None:
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=alice)
    with pytest.raises(tables.SeatRefused):
        tables.add_bot(table=table, seat=1, by=bob)
    with pytest.raises(tables.SeatRefused):
        tables.add_bot(table=table, seat=0, by=alice)  # not empty
    assert not TableSeat.objects.filter(table=table, is_bot=True).exists()


def test_it_keeps_a_person_to_one_seat(room: Room, alice: User) -> None:
    first = tables.create_table(room=room)
    second = tables.create_table(room=room)
    tables.sit(table=first, seat=0, user=alice)
    with pytest.raises(tables.SeatRefused):
        tables.sit(table=first, seat=1, user=alice)
    with pytest.raises(tables.SeatRefused):
        tables.sit(table=second, seat=0, user=alice)


def test_it_refuses_to_let_a_player_stand_up_mid_hand(room: Room, alice: User) -> None:
    table = tables.play_with_bots(room=room, user=alice)
    with pytest.raises(tables.SeatRefused) as refused:
        tables.stand(table=table, user=alice)
    assert "逃跑" in refused.value.message  # leaving counts as fleeing (RULES §6.3)


def test_it_starts_play_with_bots_at_once(room: Room, alice: User) -> None:
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("play_with_bots", args=[room.slug]))
    table = Table.objects.get()
    assert response["Location"] == reverse("table", args=[table.pk])
    page = client.get(response["Location"]).content.decode()
    hand = Hand.objects.get(table=table)
    mine = {engine.cards.format_card(c) for c in engine.cards.cards_of(state_of(hand).hands[0])}
    shown = set(re.findall(r'data-card="([^"]+)"', page))
    assert shown == mine  # the first render shows exactly my own cards (RULES §3.4)


def test_it_shows_a_spectator_the_table_without_any_cards(
    room: Room, alice: User, bob: User
) -> None:
    table = tables.play_with_bots(room=room, user=alice)
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("table", args=[table.pk])).content.decode()
    assert 'id="seats"' in page
    assert "data-card=" not in page


def test_it_sends_an_anonymous_visitor_of_a_table_to_log_in(room: Room, alice: User) -> None:
    table = tables.play_with_bots(room=room, user=alice)
    response = Client().get(reverse("table", args=[table.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_lets_a_guest_try_a_hand_that_keeps_nothing(room: Room) -> None:
    guest = Client()
    response = guest.post(reverse("try_as_guest", args=[room.slug]))
    table = Table.objects.get()
    assert table.is_guest and response["Location"] == reverse("table", args=[table.pk])
    assert guest.get(response["Location"]).status_code == 200
    # Nobody else can open a guest's table.
    assert Client().get(reverse("table", args=[table.pk])).status_code == 404
    hand = Hand.objects.get(table=table)
    for _ in range(800):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            break
        state = state_of(hand)
        if 0 in engine.to_act(state):
            submit_action(
                hand_id=hand.pk,
                seat=0,
                action=engine.autoplay_action(state, 0),
                expected_version=hand.version,
            )
        else:
            tick_sync()
    assert hand.status == HandStatus.FINISHED and hand.is_guest
    assert SeatResult.objects.filter(hand=hand).count() == 5
    assert not SeatResult.objects.filter(hand=hand, user__isnull=False).exists()
    assert not LedgerEntry.objects.filter(hand_id=hand.pk).exists()
    page = guest.get(reverse("table", args=[table.pk])).content.decode()
    assert reverse("account_signup") in page  # offered to sign up after the hand


def test_it_lists_a_rooms_tables_with_their_occupancy(room: Room, alice: User) -> None:
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=alice)
    client = Client()
    client.force_login(alice)
    html = client.get(reverse("room", args=[room.slug])).content.decode()
    assert reverse("table", args=[table.pk]) in html
    assert "1/5" in html
