"""Staff create tournaments in admin (rules of a room, deals, fee, prize split, start), and
start or cancel them there; a cancel refunds every fee."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from accounts.services import audit_beans
from tests.game.hand_helpers import standard_room
from tests.tournaments.helpers import people, registered, tournament
from tournaments import services
from tournaments.models import Status, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(staff: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff)
    return client


def add_form(room_id: int, percents: tuple[int, ...], **fields: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "周末赛",
        "room": room_id,
        "deals": 3,
        "entry_fee": 100,
        "starts_at_0": "",
        "starts_at_1": "",
        "start_when": 10,
        "prizes-TOTAL_FORMS": len(percents),
        "prizes-INITIAL_FORMS": 0,
        "entries-TOTAL_FORMS": 0,
        "entries-INITIAL_FORMS": 0,
    }
    for i, percent in enumerate(percents):
        data[f"prizes-{i}-place"] = i + 1
        data[f"prizes-{i}-percent"] = percent
    data.update(fields)
    return data


def test_staff_create_a_tournament_with_its_prize_split(staff_client: Client) -> None:
    room = standard_room()
    url = reverse("admin:tournaments_tournament_add")
    response = staff_client.post(url, add_form(room.pk, (60, 30, 10)))
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert (t.deals, t.entry_fee, t.start_when, t.status) == (3, 100, 10, Status.OPEN)
    assert list(t.prizes.values_list("place", "percent")) == [(1, 60), (2, 30), (3, 10)]


def test_prizes_above_the_fees_are_refused(staff_client: Client) -> None:
    room = standard_room()
    response = staff_client.post(
        reverse("admin:tournaments_tournament_add"), add_form(room.pk, (80, 30))
    )
    assert response.status_code == 200
    assert "at most 100% can be paid" in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_tournament_needs_a_way_to_start(staff_client: Client) -> None:
    room = standard_room()
    response = staff_client.post(
        reverse("admin:tournaments_tournament_add"), add_form(room.pk, (100,), start_when="")
    )
    assert response.status_code == 200
    html = response.content.decode()
    # Said beside both fields, and before anyone tries (the help text).
    assert html.count("Give a start time, or the number of players at which it starts.") == 2
    assert not Tournament.objects.exists()


def test_the_add_form_says_what_each_field_means_and_hides_the_bookkeeping(
    staff_client: Client,
) -> None:
    html = staff_client.get(reverse("admin:tournaments_tournament_add")).content.decode()
    assert "Deals to play" in html and "every table plays the same ones" in html
    assert "(one of the two is required)" in html
    assert "The time is in the site's time zone, Asia/Shanghai." in html
    for internal in ("next_round_at", "current_round", 'name="tables"', "seeds", "Status:"):
        assert internal not in html, internal


def test_the_add_form_speaks_chinese_first(staff: User) -> None:
    client = Client()  # the site's own language
    client.force_login(staff)
    html = client.get(reverse("admin:tournaments_tournament_add")).content.decode()
    assert "牌局数" in html and "副数" not in html
    assert "站点时区" in html


def test_staff_cancel_from_the_list_and_everyone_is_refunded(staff_client: Client) -> None:
    t = tournament(fee=300)
    players = registered(t, 2)
    response = staff_client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "cancel_and_refund", "_selected_action": [t.pk]},
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.status == Status.CANCELLED
    for p in players:
        p.refresh_from_db()
        assert p.beans == 10_000
    assert audit_beans() == []


def test_staff_start_from_the_list(staff_client: Client) -> None:
    t = tournament()
    (p,) = people(1)
    services.register(tournament_id=t.pk, user=p)
    staff_client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "start_now", "_selected_action": [t.pk]},
    )
    t.refresh_from_db()
    assert t.status == Status.RUNNING
    page = staff_client.get(reverse("admin:tournaments_tournament_change", args=[t.pk]))
    assert page.status_code == 200
    assert str(t.seeds[0]) not in page.content.decode()  # the deals stay secret


def test_staff_set_a_rooms_pause_between_tournament_deals(staff_client: Client) -> None:
    room = standard_room()
    html = staff_client.get(reverse("admin:game_room_change", args=[room.pk])).content.decode()
    assert 'name="deal_pause_seconds" value="30"' in html  # the default (RULES-DECISIONS.md)
    assert "Tournaments played by this room's rules wait this long between deals." in html
