"""Quick match, private tables joined by invite link or code, bots giving seats
back between hands, and every refusal saying why while changing nothing."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from accounts.models import User
from game.models import Hand, HandStatus, Room, Table, TableSeat
from lobby import matchmaking, tables
from tests.conftest import person
from tests.game.hand_helpers import play_out

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
INVITE_LINK = re.compile(r'id="invite-link" href="([^"]+)"')


def client_of(user: User) -> Client:
    """``user``'s own browser, from an address of their own (quick match keeps the accounts
    of one address apart: tests/security/test_second_accounts.py)."""
    client = Client(headers={"accept-language": "en"}, REMOTE_ADDR=address_of(user))
    client.force_login(user)
    return client


def address_of(user: User) -> str:
    return f"10.{user.pk >> 16 & 255}.{user.pk >> 8 & 255}.{user.pk & 255}"


def said(response: object) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]  # type: ignore[attr-defined]


def seat_map(table: Table) -> list[tuple[int, int | None, bool]]:
    return list(
        TableSeat.objects.filter(table=table)
        .order_by("index")
        .values_list("index", "user_id", "is_bot")
    )


def finish_hand(table: Table) -> Hand:
    """Play the table's running hand to its end: people with the hint, bots by the keeper."""
    table.refresh_from_db()
    assert table.current_hand_id is not None
    hand = Hand.objects.get(pk=table.current_hand_id)
    people = set(hand.seats.filter(is_bot=False).values_list("seat", flat=True))
    return play_out(hand, people=people)


# --- quick match ----------------------------------------------------------------------


def test_quick_match_opens_a_table_then_seats_the_next_people_at_it(room: Room) -> None:
    first, second = person("ann"), person("ben")
    response = client_of(first).post(reverse("quick_match", args=[room.slug]))
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    response = client_of(second).post(reverse("quick_match", args=[room.slug]))
    assert response["Location"] == f"/tables/{table.pk}/"
    assert set(
        TableSeat.objects.filter(table=table, user__isnull=False).values_list(
            "user__username", flat=True
        )
    ) == {"ann", "ben"}


def test_quick_match_prefers_the_fullest_table_waiting_for_people(room: Room) -> None:
    small, big = tables.create_table(room=room), tables.create_table(room=room)
    tables.sit(table=small, seat=0, user=person("ann"))
    tables.sit(table=big, seat=0, user=person("ben"))
    tables.sit(table=big, seat=2, user=person("cat"))
    newcomer = person("dan")
    response = client_of(newcomer).post(reverse("quick_match", args=[room.slug]))
    assert response["Location"] == f"/tables/{big.pk}/"
    assert TableSeat.objects.get(user=newcomer).table_id == big.pk


def test_quick_match_never_seats_anyone_at_a_private_table(room: Room) -> None:
    private = matchmaking.open_private_table(room=room, user=person("own"))
    client_of(person("ann")).post(reverse("quick_match", args=[room.slug]))
    assert TableSeat.objects.filter(table=private, user__isnull=False).count() == 1


def test_five_quick_matches_fill_one_table_and_five_readies_start_the_hand(room: Room) -> None:
    people = [person(n) for n in ("ann", "ben", "cat", "dan", "eve")]
    for p in people:
        client_of(p).post(reverse("quick_match", args=[room.slug]))
    table = Table.objects.get()
    for p in people[:4]:
        tables.set_ready(table=table, user=p)
        table.refresh_from_db()
        assert table.current_hand_id is None  # not until the fifth is ready
    tables.set_ready(table=table, user=people[4])
    table.refresh_from_db()
    assert table.current_hand_id is not None
    assert finish_hand(table).status == HandStatus.FINISHED


def test_a_second_quick_match_press_goes_back_to_the_same_seat_and_changes_nothing(
    room: Room,
) -> None:
    ann = person("ann")
    client = client_of(ann)
    first = client.post(reverse("quick_match", args=[room.slug]))
    before = (
        Table.objects.count(),
        list(TableSeat.objects.values_list("table_id", "index", "user_id")),
    )
    again = client.post(reverse("quick_match", args=[room.slug]))
    assert again["Location"] == first["Location"]
    assert "You already have a seat: here is your table." in said(again)
    assert (
        Table.objects.count(),
        list(TableSeat.objects.values_list("table_id", "index", "user_id")),
    ) == before


def test_quick_match_needs_a_signed_in_player_and_a_post(room: Room) -> None:
    url = reverse("quick_match", args=[room.slug])
    assert Client().post(url).status_code == 302 and not Table.objects.exists()
    assert client_of(person("ann")).get(url).status_code == 405
    assert not Table.objects.exists()


# --- bots give seats back ---------------------------------------------------------------


def test_a_person_takes_a_bots_seat_between_hands_and_the_bot_leaves(room: Room) -> None:
    ann, ben = person("ann"), person("ben")
    table = tables.play_with_bots(room=room, user=ann)
    # RULES §6.3 / DECISIONS: a running hand's seats are fixed.
    with pytest.raises(tables.SeatRefused) as refused:
        tables.sit(table=table, seat=2, user=ben)
    assert "hand is running" in refused.value.message
    assert seat_map(table)[2] == (2, None, True)
    finish_hand(table)
    tables.sit(table=table, seat=2, user=ben)
    assert seat_map(table)[2] == (2, ben.pk, False)
    # The next hand is dealt to ben in seat 2 once both people are ready; no bot there.
    tables.set_ready(table=table, user=ann)
    tables.set_ready(table=table, user=ben)
    table.refresh_from_db()
    assert table.current_hand_id is not None  # five ready: the next hand began
    seats = Hand.objects.get(pk=table.current_hand_id).seats.order_by("seat")
    assert [(s.is_bot, s.user_id) for s in seats][2] == (False, ben.pk)
    assert sum(1 for s in seats if s.is_bot) == 3


def test_quick_match_takes_a_bots_seat_at_a_table_between_hands(room: Room) -> None:
    ann = person("ann")
    table = tables.play_with_bots(room=room, user=ann)
    finish_hand(table)
    ben = person("ben")
    response = client_of(ben).post(reverse("quick_match", args=[room.slug]))
    assert response["Location"] == f"/tables/{table.pk}/"
    assert sum(1 for _, _, bot in seat_map(table) if bot) == 3


# --- private tables ------------------------------------------------------------------


def test_an_invite_link_seats_a_friend_and_the_table_stays_hidden_from_others(
    room: Room,
) -> None:
    owner, friend, stranger = person("own"), person("fri"), person("str")
    owner_client = client_of(owner)
    response = owner_client.post(reverse("private_table", args=[room.slug]))
    table = Table.objects.get()
    assert table.is_private and response["Location"] == f"/tables/{table.pk}/"
    page = owner_client.get(response["Location"]).content.decode()
    link = INVITE_LINK.search(page)
    assert link is not None and "/join/" in link.group(1)
    assert table.invite_code in page and len(table.invite_code) == 6
    path = link.group(1).split("testserver", 1)[-1]

    friend_client = client_of(friend)
    assert "Sit down at this table" in friend_client.get(path).content.decode()
    joined = friend_client.post(path)
    assert joined["Location"] == f"/tables/{table.pk}/"
    assert TableSeat.objects.get(user=friend).table_id == table.pk
    assert INVITE_LINK.search(friend_client.get(joined["Location"]).content.decode())

    other = client_of(stranger)
    room_page = other.get(reverse("room", args=[room.slug])).content.decode()
    assert f"/tables/{table.pk}/" not in room_page
    home = other.get(reverse("home")).content.decode()
    assert f"/tables/{table.pk}/" not in home
    assert other.get(f"/tables/{table.pk}/").status_code == 404
    # Sitting there through the table's own page (its socket's "sit") is refused.
    with pytest.raises(tables.SeatRefused) as refused:
        tables.sit(table=table, seat=3, user=stranger)
    assert "private" in refused.value.message


def test_a_six_digit_code_joins_and_wrong_codes_say_why(room: Room) -> None:
    table = matchmaking.open_private_table(room=room, user=person("own"))
    friend = client_of(person("fri"))
    for code, message in (
        ("12a456", "A table code has six digits."),
        ("", "A table code has six digits."),
        ("000000" if table.invite_code != "000000" else "000001", "No table has that invite"),
    ):
        response = friend.post(reverse("join_by_code"), {"code": code})
        assert any(message in m for m in said(response)), code
        assert TableSeat.objects.filter(table=table, user__isnull=False).count() == 1
    response = friend.post(reverse("join_by_code"), {"code": table.invite_code})
    assert response["Location"] == f"/tables/{table.pk}/"


def test_a_full_private_table_and_a_stale_invite_are_refused_with_a_message(
    room: Room,
) -> None:
    owner = person("own")
    table = matchmaking.open_private_table(room=room, user=owner)
    for name in ("b", "c", "d", "e"):
        matchmaking.join_by_invite(table=table, user=person(name))
    late = client_of(person("late"))
    url = reverse("join", args=[table.invite_token])
    response = late.post(url)
    assert "This table is full." in said(response)
    matchmaking.close_table(table=table, by=owner)
    response = late.post(url)
    assert any("no longer works" in m for m in said(response))
    response = late.post(reverse("join", args=["not-a-token"]))
    assert any("No table has that invite" in m for m in said(response))
    assert not TableSeat.objects.filter(user__username="late").exists()


def test_an_invite_while_seated_elsewhere_is_refused_and_changes_nothing(room: Room) -> None:
    table = matchmaking.open_private_table(room=room, user=person("own"))
    ann = person("ann")
    elsewhere = tables.create_table(room=room)
    tables.sit(table=elsewhere, seat=1, user=ann)
    response = client_of(ann).post(reverse("join", args=[table.invite_token]))
    assert "You are already sitting at a table; stand up there first." in said(response)
    assert TableSeat.objects.get(user=ann).table_id == elsewhere.pk


def test_the_owner_removes_a_player_and_closes_the_table_between_hands_only(
    room: Room,
) -> None:
    owner, friend = person("own"), person("fri")
    table = matchmaking.open_private_table(room=room, user=owner)
    matchmaking.join_by_invite(table=table, user=friend)
    with pytest.raises(tables.SeatRefused, match="Only the table's owner"):
        matchmaking.remove_player(table=table, by=friend, seat=0)
    matchmaking.fill_with_bots(table=table, by=owner)
    tables.set_ready(table=table, user=owner)
    tables.set_ready(table=table, user=friend)
    with pytest.raises(tables.SeatRefused, match="hand is running"):
        matchmaking.remove_player(table=table, by=owner, seat=1)
    finish_hand(table)
    matchmaking.remove_player(table=table, by=owner, seat=1)
    assert not TableSeat.objects.filter(user=friend).exists()
    # The removed friend can no longer open the private table.
    assert client_of(friend).get(f"/tables/{table.pk}/").status_code == 404
    matchmaking.close_table(table=table, by=owner)
    table.refresh_from_db()
    assert (
        table.is_closed and not TableSeat.objects.filter(table=table, user__isnull=False).exists()
    )


def test_filling_with_bots_needs_a_seat_and_an_empty_seat(room: Room) -> None:
    ann, ben = person("ann"), person("ben")
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=ann)
    with pytest.raises(tables.SeatRefused, match="Sit at the table"):
        matchmaking.fill_with_bots(table=table, by=ben)
    tables.set_ready(table=table, user=ann)
    matchmaking.fill_with_bots(table=table, by=ann)
    table.refresh_from_db()
    assert table.current_hand_id is not None  # ann was ready: the bots complete the five
    finish_hand(table)
    with pytest.raises(tables.SeatRefused, match="no empty seat"):
        matchmaking.fill_with_bots(table=table, by=ann)


def test_the_room_lists_tables_waiting_for_people_first_with_open_seats(room: Room) -> None:
    waiting = tables.create_table(room=room)
    tables.sit(table=waiting, seat=0, user=person("ben"))
    playing = tables.play_with_bots(room=room, user=person("ann"))  # the newer table
    page = client_of(person("cat")).get(reverse("room", args=[room.slug])).content.decode()
    assert page.index(f"/tables/{waiting.pk}/") < page.index(f"/tables/{playing.pk}/")
    assert "Open seats: 4" in page
