"""A visitor's free trial: he leaves a trial table, tries another room, keeps the caps, and
his trial shows no table fee."""

from __future__ import annotations

import re

import pytest
from django.conf import LazySettings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from game.models import Hand, HandStatus, Room, SeatResult, Table
from lobby import tables
from lobby.services import ensure_default_rooms
from lobby.table_state import load_snapshot, viewer_in
from tests.game.hand_helpers import play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def rooms() -> dict[str, Room]:
    cache.clear()  # the per-address table rate lives in the cache, across tests
    ensure_default_rooms()
    return {r.slug: r for r in Room.objects.all()}


def _try(client: Client, slug: str) -> str:
    response = client.post(reverse("try_as_guest", args=[slug]))
    assert response.status_code == 302
    return str(response["Location"])


def _table_of(location: str) -> Table:
    return Table.objects.get(pk=int(location.rstrip("/").rsplit("/", 1)[1]))


def test_a_guest_table_page_has_a_leave_button_that_empties_and_closes_it(
    rooms: dict[str, Room],
) -> None:
    guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    table = _table_of(_try(guest, "standard"))
    hand = table.current_hand
    assert hand is not None
    play_out(hand, people={0})
    page = guest.get(reverse("table", args=[table.pk])).content.decode()
    assert f'action="{reverse("leave_trial", args=[table.pk])}"' in page
    left = guest.post(reverse("leave_trial", args=[table.pk]))
    assert left["Location"] == reverse("room", args=["standard"])
    table.refresh_from_db()
    assert table.is_closed and not table.seats.filter(is_guest=True).exists()
    # Its address leads back to the room, not to the seat he left.
    again = guest.get(reverse("table", args=[table.pk]))
    assert again.status_code == 302 and again["Location"] == reverse("room", args=["standard"])
    # 试玩 again opens a new table, not the one he left.
    assert _table_of(_try(guest, "standard")).pk != table.pk


def test_another_browser_cannot_leave_a_guests_table(rooms: dict[str, Room]) -> None:
    table = _table_of(_try(Client(), "standard"))
    stranger = Client(HTTP_ACCEPT_LANGUAGE="en")
    refused = stranger.post(reverse("leave_trial", args=[table.pk]), follow=True)
    assert "You are not sitting at this trial table." in refused.content.decode()
    table.refresh_from_db()
    assert not table.is_closed and table.seats.filter(is_guest=True).exists()


def test_leaving_a_running_trial_hand_leaves_it_to_the_bots(rooms: dict[str, Room]) -> None:
    guest = Client()
    table = _table_of(_try(guest, "standard"))
    hand = table.current_hand
    assert hand is not None and hand.status == HandStatus.RUNNING
    guest.post(reverse("leave_trial", args=[table.pk]))
    assert hand.events.filter(action="flee", seat=0).exists()
    assert tables.trial_table_of(guest.session.session_key or "") is None
    assert guest.get(reverse("table", args=[table.pk])).status_code == 302
    # Seat 0 is the bots' now: his browser session no longer views or acts for it, on the
    # page or over the socket (both ask viewer_in).
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None
    assert viewer_in(snapshot, None, guest.session.session_key) is None
    play_out(hand)  # nobody left to play it but the bots
    table.refresh_from_db()
    assert table.is_closed


def test_trying_another_room_moves_the_guest_and_the_same_room_reopens(
    rooms: dict[str, Room],
) -> None:
    guest = Client()
    first = _try(guest, "standard")
    assert _try(guest, "standard") == first
    # 开始游戏 on the home page brings him back too, whatever room the trial is in.
    assert guest.post(reverse("start_game"))["Location"] == first
    moved = _table_of(_try(guest, "duole"))
    assert moved.room.slug == "duole" and moved.is_guest
    assert _table_of(first).seats.filter(is_guest=True).count() == 0
    assert guest.post(reverse("start_game"))["Location"] == reverse("table", args=[moved.pk])
    assert guest.get(reverse("table", args=[moved.pk])).status_code == 200


def test_the_per_address_cap_holds_when_a_guest_switches_rooms(
    rooms: dict[str, Room], settings: LazySettings
) -> None:
    settings.BAOHUANG_GUEST_TABLES_PER_ADDRESS = 2
    guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    first = _table_of(_try(guest, "standard"))
    second = _table_of(_try(guest, "quick"))
    refused = guest.post(reverse("try_as_guest", args=["duole"]), follow=True)
    assert "too many tables" in refused.content.decode()
    # Refused, he keeps the table he had: nothing changed.
    assert tables.trial_table_of(guest.session.session_key or "") == second
    assert first.pk != second.pk
    assert not Table.objects.filter(room__slug="duole").exists()


def test_a_trial_shows_no_table_fee(rooms: dict[str, Room]) -> None:
    assert rooms["standard"].table_fee > 0
    guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    table = _table_of(_try(guest, "standard"))
    hand = Hand.objects.get(table=table)
    play_out(hand, people={0})
    fees = set(SeatResult.objects.filter(hand=hand).values_list("fee", flat=True))
    assert fees == {0}
    page = guest.get(reverse("table", args=[table.pk])).content.decode()
    arithmetic = re.search(r'id="results-arithmetic">([^<]*)<', page)
    assert arithmetic is not None and "net" in arithmetic.group(1)
    assert "fee" not in arithmetic.group(1)
