"""History pages: my hands and a room's hands, newest first, paginated, no guest hands."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from game import views
from game.models import Hand, Room, SeatResult
from game.selectors import finished_hands_of, player_hands

from .hand_helpers import played_hand, running_hand, standard_room

pytestmark = pytest.mark.django_db


def listed(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="hand-row[^"]*" data-hand="(\d+)"', html)]


@pytest.fixture
def hands(alice: User) -> list[Hand]:
    """Two finished hands of alice's, oldest first."""
    room = standard_room()
    return [played_hand(room, alice, seed=seed) for seed in (11, 12)]


def test_it_lists_my_hands_newest_first_with_pagination(
    alice: User, alice_client: Client, hands: list[Hand], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "PER_PAGE", 1)
    newest_first = [h.pk for h in reversed(hands)]
    page1 = alice_client.get(reverse("my_hands")).content.decode()
    page2 = alice_client.get(reverse("my_hands"), {"page": 2}).content.decode()
    assert listed(page1) == newest_first[:1]
    assert listed(page2) == newest_first[1:]
    assert 'rel="next"' in page1 and 'rel="prev"' in page2
    for hand in hands:
        assert reverse("replay", args=[hand.pk]) in page1 + page2
    monkeypatch.setattr(views, "PER_PAGE", 20)
    page1 = alice_client.get(reverse("my_hands")).content.decode()
    assert listed(page1) == newest_first and 'rel="next"' not in page1
    mine = SeatResult.objects.get(hand=hands[-1], user=alice)
    net = f"+{mine.net}" if mine.net > 0 else str(mine.net)
    row = page1.split(f'data-hand="{hands[-1].pk}"')[1].split("</tr>")[0]
    assert net in row and f"role-{mine.role}" in row
    assert mine.title_after in row


def test_it_leaves_out_guest_and_running_hands(
    alice: User, alice_client: Client, hands: list[Hand]
) -> None:
    room = standard_room()
    Hand.objects.filter(pk=hands[0].pk).update(is_guest=True)
    running = running_hand(room, alice, seed=99)
    guest = played_hand(room, None, is_guest=True)
    mine = listed(alice_client.get(reverse("my_hands")).content.decode())
    assert mine == [hands[1].pk]
    rooms = listed(Client().get(reverse("room_hands", args=[room.slug])).content.decode())
    assert rooms == [hands[1].pk]
    assert running.pk not in mine + rooms and guest.pk not in rooms
    assert [r.hand_id for r in finished_hands_of(alice, 10)] == mine


def test_my_hands_needs_a_login_and_shows_only_mine(bob: User, hands: list[Hand]) -> None:
    response = Client().get(reverse("my_hands"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("my_hands"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert listed(page) == [] and "No finished hands yet." in page
    assert not player_hands(bob).exists()


def test_a_rooms_hands_list_its_players_in_finishing_order(hands: list[Hand]) -> None:
    room = standard_room()
    other = Room.objects.exclude(pk=room.pk).first()
    assert other is not None
    page = Client().get(reverse("room_hands", args=[room.slug])).content.decode()
    assert listed(page) == [h.pk for h in reversed(hands)]
    row = page.split(f'data-hand="{hands[0].pk}"')[1].split("</tr>")[0]
    order = [r.seat for r in SeatResult.objects.filter(hand=hands[0]).order_by("place")]
    names = {s.seat: s.name for s in hands[0].seats.all()}
    positions = [row.index(names[s]) for s in order]
    assert positions == sorted(positions)
    assert listed(Client().get(reverse("room_hands", args=[other.slug])).content.decode()) == []
    assert Client().get(reverse("room_hands", args=["no-such-room"])).status_code == 404


def test_finished_hands_of_gives_the_profile_its_rows(alice: User, hands: list[Hand]) -> None:
    rows = finished_hands_of(alice, 1)
    assert [r.hand_id for r in rows] == [hands[1].pk]
    assert [r.hand_id for r in finished_hands_of(alice, 5)] == [hands[1].pk, hands[0].pk]
    result = SeatResult.objects.get(hand=hands[1], user=alice)
    row = rows[0]
    assert (row.role, row.place, row.net, row.payout) == (
        result.role,
        result.place,
        result.net,
        result.payout,
    )
    assert row.room_slug == "standard" and row.finished_at is not None
    assert row.title_before == result.title_before and row.title_after == result.title_after
    assert row.points_change == (result.title_points_after or 0) - (result.title_points_before or 0)
