"""The trial-table cap per address: a visitor can try every room, and past the cap the
refusal says when he may open the next one."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from django.conf import LazySettings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from game.models import Room, Table
from lobby import services
from lobby.services import DEFAULT_ROOMS, ensure_default_rooms

pytestmark = pytest.mark.django_db


@pytest.fixture
def rooms() -> list[Room]:
    cache.clear()  # the per-address table rate lives in the cache, across tests
    ensure_default_rooms()
    return list(Room.objects.filter(is_open=True).order_by("sort_order"))


def _try(client: Client, slug: str) -> str:
    return str(client.post(reverse("try_as_guest", args=[slug]))["Location"])


def test_a_visitor_tries_every_room_in_turn(rooms: list[Room]) -> None:
    assert len(rooms) == len(DEFAULT_ROOMS) >= 8
    guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    for room in rooms:
        location = _try(guest, room.slug)
        assert location.startswith("/tables/"), (room.slug, location)
    # One trial table each, in every room.
    tried = set(Table.objects.filter(guest_session__gt="").values_list("room__slug", flat=True))
    assert tried == {room.slug for room in rooms}


def test_past_the_cap_the_refusal_names_the_time_to_come_back(
    rooms: list[Room], settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.BAOHUANG_GUEST_TABLES_PER_ADDRESS = 2
    start = 1_800_000_000.0
    clock = SimpleNamespace(time=lambda: start)
    monkeypatch.setattr(services, "time", clock)
    monkeypatch.setattr("lobby.views.time", clock)
    guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    _try(guest, "standard")
    start += 120  # the second table two minutes after the first
    _try(guest, "quick")
    start += 60
    refused = guest.post(reverse("try_as_guest", args=["duole"]), follow=True)
    html = refused.content.decode()
    # The first table leaves the ten-minute window seven minutes from now.
    free_at = timezone.localtime(datetime.fromtimestamp(1_800_000_000 + 600, tz=UTC))
    assert "you can open another at " + date_format(free_at, "TIME_FORMAT") in html
    assert "in 7 min." in html
    assert not Table.objects.filter(room__slug="duole").exists()
    start = 1_800_000_000.0 + 600  # then it may
    assert _try(guest, "duole").startswith("/tables/")
