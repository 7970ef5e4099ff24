"""Choosing the table does not get round keep-apart (docs/SECURITY.md, "Second accounts"):
sitting by hand, from the table's page, keeps apart whom quick match keeps apart — a second
account of one browser, accounts of one address (unless the room allows it), a pair an admin
keeps apart — and the refusal is the same neutral words for every reason, naming nobody.
A private table keeps one browser's accounts and an admin's pairs apart; one address may
play there (its seats see it)."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from accounts.models import KeptApart, User
from baohuang_site.devtools.table_players import cookie_for, open_socket
from game.models import Room, Table, TableSeat
from lobby import matchmaking, tables
from lobby.services import ensure_default_rooms
from lobby.sightings import record_seen
from tests.conftest import person

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

CAFE, ELSEWHERE = "203.0.113.50", "192.0.2.77"
REFUSED = "You cannot sit at this table. To play with people at your address, open a private table."


def _apart(reason: str, ann: User, ben: User) -> None:
    """Make ``ben`` one whom quick match keeps from ``ann``, for ``reason``."""
    if reason == "browser":  # ben was made, and signed in, in ann's browser
        record_seen(ann, browser="ann's laptop", address=ELSEWHERE)
        record_seen(ben, browser="ann's laptop", address=ELSEWHERE)
    elif reason == "address":  # both were at the café lately
        record_seen(ann, browser="ann's phone", address=CAFE)
    else:
        a, b = sorted((ann, ben), key=lambda u: u.pk)
        KeptApart.objects.create(user_a=a, user_b=b)


def _table_of(ann: User, *, shared_addresses: bool = False) -> Table:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    if shared_addresses:
        Room.objects.filter(pk=room.pk).update(allow_shared_address=True)
        room.refresh_from_db()
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=ann)
    return table


async def _sit_by_hand(ben: User, table: Table, seat: int) -> str:
    """``ben`` opens ``table``'s page from the café and presses "sit" at ``seat``; the frame
    that answers."""
    ws = await open_socket(table, cookie=await sync_to_async(cookie_for)(ben))
    ws.scope["client"] = (CAFE, 50000)
    connected, _ = await ws.connect()
    assert connected
    await ws.receive_from()
    await ws.send_to(text_data=json.dumps({"action": "sit", "seat": str(seat)}))
    frame: str = await ws.receive_from()
    await ws.disconnect()
    return frame


@pytest.mark.parametrize("reason", ["browser", "address", "admin"])
async def test_sitting_by_hand_keeps_apart_whom_quick_match_keeps_apart(reason: str) -> None:
    ann, ben = await sync_to_async(person)("ann"), await sync_to_async(person)("ben")
    await sync_to_async(_apart)(reason, ann, ben)
    table = await sync_to_async(_table_of)(ann)
    frame = await _sit_by_hand(ben, table, 1)
    # The same words for every reason: nothing tells an admin's pair from a shared address.
    assert 'id="table-error"' in frame and REFUSED in frame, frame[:300]
    seated = await sync_to_async(
        lambda: set(TableSeat.objects.filter(table=table).values_list("user_id", flat=True))
    )()
    assert ben.pk not in seated


async def test_a_room_for_shared_addresses_lets_one_address_sit_together_by_hand() -> None:
    ann, ben = await sync_to_async(person)("ann"), await sync_to_async(person)("ben")
    await sync_to_async(_apart)("address", ann, ben)
    table = await sync_to_async(_table_of)(ann, shared_addresses=True)
    frame = await _sit_by_hand(ben, table, 1)
    assert "table-error" not in frame or REFUSED not in frame
    assert await sync_to_async(TableSeat.objects.filter(table=table, user=ben).exists)()


def _join_with_code(user: User, table: Table) -> str:
    client = Client(headers={"accept-language": "en"}, REMOTE_ADDR=CAFE)
    client.force_login(user)
    response = client.post(reverse("join_by_code"), {"code": table.invite_code}, follow=True)
    return response.content.decode()


@pytest.mark.parametrize("reason", ["browser", "admin"])
def test_a_private_tables_code_does_not_seat_a_second_account_or_an_admins_pair(
    reason: str,
) -> None:
    ensure_default_rooms()
    ann, ben = person("ann"), person("ben")
    _apart(reason, ann, ben)
    table = matchmaking.open_private_table(room=Room.objects.get(slug="standard"), user=ann)
    page = _join_with_code(ben, table)
    assert "You cannot sit at this table." in page
    assert "open a private table" not in page
    assert not TableSeat.objects.filter(table=table, user=ben).exists()
    # One address is no reason at a private table: its seats are shown who shares one.
    cal = person("cal")
    record_seen(cal, browser="cal's phone", address=CAFE)
    _join_with_code(cal, table)
    assert TableSeat.objects.filter(table=table, user=cal).exists()
