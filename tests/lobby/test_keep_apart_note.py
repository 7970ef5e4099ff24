"""Quick match keeps accounts of one address apart and tells the player it moves, naming
nobody: to play with people at his address he opens a private table. An admin's keeping
apart (docs/FAIRPLAY.md) is told in the same words, so it reads as a shared network and is
never named (docs/DECISIONS.md, "Second accounts are kept apart")."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from accounts.models import KeptApart, User
from game.models import Room, Table
from tests.conftest import person

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
CAFE, ELSEWHERE = "203.0.113.50", "192.0.2.77"
NOTE = "To play with people at your address, open a private table"


def quick_match(user: User, address: str, room: Room) -> tuple[Table, list[str], str]:
    """``user`` quick-matches from ``address``: his table, the messages he is told, and the
    table page he lands on."""
    client = Client(headers={"accept-language": "en"}, REMOTE_ADDR=address)
    client.force_login(user)
    response = client.post(reverse("quick_match", args=[room.slug]))
    said = [str(m) for m in get_messages(response.wsgi_request)]
    table = Table.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    page = client.get(response["Location"]).content.decode()
    return table, said, page


def test_the_player_kept_from_a_table_of_his_address_is_told_why_and_what_to_do(
    room: Room,
) -> None:
    ann = person("ann")
    table, said, _ = quick_match(ann, CAFE, room)
    assert said == []  # nobody was waiting: nothing was kept from anybody
    other, said, page = quick_match(person("ben"), CAFE, room)
    assert other != table
    assert len(said) == 1 and NOTE in said[0]
    assert "ann" not in said[0]
    assert NOTE in page  # shown on the table page he lands on
    # Somebody from elsewhere joins a table with nothing to be told.
    _, said, page = quick_match(person("cat"), ELSEWHERE, room)
    assert said == [] and NOTE not in page


def test_a_room_that_allows_shared_addresses_has_nothing_to_tell(room: Room) -> None:
    room.allow_shared_address = True
    room.save(update_fields=["allow_shared_address"])
    table, _, _ = quick_match(person("ann"), CAFE, room)
    together, said, _ = quick_match(person("ben"), CAFE, room)
    assert together == table and said == []


def test_an_admins_keeping_apart_reads_as_a_shared_address(room: Room) -> None:
    ann, ben = person("ann"), person("ben")
    KeptApart.objects.create(
        user_a=min(ann, ben, key=lambda u: u.pk), user_b=max(ann, ben, key=lambda u: u.pk)
    )
    table, _, _ = quick_match(ann, CAFE, room)
    other, said, page = quick_match(ben, ELSEWHERE, room)
    assert other != table
    _, said_for_address, _ = quick_match(person("cat"), CAFE, room)
    # The same words as for an address he shares, naming nobody and no admin.
    assert said == said_for_address and len(said) == 1 and NOTE in page
    assert "ann" not in said[0] and "admin" not in said[0].lower()
