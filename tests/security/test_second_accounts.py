"""Second accounts are kept apart (docs/SECURITY.md, "Second accounts"): quick match never
seats two accounts that signed in from one browser, nor, unless the room allows it, two
seen at one network address; at a private table everybody seated is told which seats share
an address before the hand starts, and nobody is told an address, or that they were kept
apart."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import AsyncClient, Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import KeptApart, User
from game.models import Room, Sighting, Table, TableSeat
from lobby import matchmaking
from lobby.sightings import BROWSER_COOKIE
from lobby.table_state import Viewer, load_snapshot, render_pushed, table_context
from lobby.views import SHARED_ADDRESS_NOTE
from tests.conftest import PASSWORD, person

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
HOME, CAFE, ELSEWHERE = "198.51.100.20", "203.0.113.50", "192.0.2.77"


def browser(address: str, user: User | None = None) -> Client:
    """A browser of its own (its own cookies, so its own browser id) at ``address``."""
    client = Client(headers={"accept-language": "en"}, REMOTE_ADDR=address)
    if user is not None:
        client.force_login(user)
    return client


def quick_match(client: Client, room: Room) -> Table:
    response = client.post(reverse("quick_match", args=[room.slug]))
    assert response.status_code == 302
    # Nothing names who was kept apart: at most the neutral note to a player whose own
    # address or browser kept him from a table (tests/lobby/test_keep_apart_note.py).
    assert [str(m) for m in get_messages(response.wsgi_request)] in ([], [SHARED_ADDRESS_NOTE])
    return Table.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def sign_in(client: Client, user: User) -> None:
    """``user`` signs in on ``client``'s browser through the sign-in form (anyone signed in
    there signs out first), and reads the page it leads to."""
    client.post(reverse("account_logout"))
    response = client.post(reverse("account_login"), {"login": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(response["Location"]).context["user"] == user


def test_quick_match_never_seats_two_accounts_that_signed_in_from_one_browser(
    room: Room,
) -> None:
    ann, ben = person("ann"), person("ben")
    shared = browser(HOME)
    sign_in(shared, ben)  # ben once signed in on ann's computer, last week…
    Sighting.objects.filter(user=ben).update(last_seen=timezone.now() - timedelta(days=7))
    sign_in(shared, ann)
    table = quick_match(shared, room)
    # … and now plays from his own phone, somewhere else: never at ann's table.
    elsewhere = quick_match(browser(ELSEWHERE, ben), room)
    assert elsewhere != table
    # A stranger quick-matching meanwhile joins the fullest table, which is ann's or ben's.
    stranger = quick_match(browser(CAFE, person("cat")), room)
    assert stranger in (table, elsewhere)
    by_table = TableSeat.objects.filter(user__isnull=False).values_list("table_id", "user_id")
    assert (table.pk, ben.pk) not in set(by_table)


def test_even_a_room_for_shared_addresses_keeps_one_browsers_accounts_apart(room: Room) -> None:
    room.allow_shared_address = True
    room.save(update_fields=["allow_shared_address"])
    ann, ben = person("ann"), person("ben")
    shared = browser(HOME)
    sign_in(shared, ben)
    sign_in(shared, ann)
    table = quick_match(shared, room)
    assert quick_match(browser(HOME, ben), room) != table


def test_quick_match_keeps_one_address_apart_unless_the_room_allows_it(room: Room) -> None:
    table = quick_match(browser(CAFE, person("ann")), room)
    # Another account at the same address, in another browser: another table.
    second = quick_match(browser(CAFE, person("ben")), room)
    assert second != table
    # Somebody from elsewhere is seated at the fullest table as before.
    assert quick_match(browser(ELSEWHERE, person("cat")), room) in (table, second)
    room.allow_shared_address = True  # an internet café's room
    room.save(update_fields=["allow_shared_address"])
    fourth = quick_match(browser(CAFE, person("dan")), room)
    assert fourth in (table, second)
    assert TableSeat.objects.filter(table=fourth, user__isnull=False).count() >= 2


def test_two_accounts_of_one_address_racing_to_one_table_do_not_both_sit(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept apart even when the second one's list of tables was read before the first one
    sat down: looked at again after sitting, the table locked."""
    table = quick_match(browser(ELSEWHERE, person("host")), room)
    ann, ben = person("ann"), person("ben")
    bens = browser(CAFE, ben)
    listed = matchmaking.waiting_tables(room)  # ben's quick match reads the list…
    assert listed == [table]
    assert quick_match(browser(CAFE, ann), room) == table  # … ann sits down first…
    monkeypatch.setattr(matchmaking, "waiting_tables", lambda *_args: listed)
    # … and ben, pressing with that stale list, is given a table of his own.
    assert quick_match(bens, room) != table
    assert not TableSeat.objects.filter(table=table, user=ben).exists()


def seat_with_code(client: Client, table: Table) -> None:
    response = client.post(reverse("join_by_code"), {"code": table.invite_code})
    assert response["Location"] == f"/tables/{table.pk}/"


def test_a_private_table_marks_seats_that_share_an_address_to_everyone_seated(
    room: Room,
) -> None:
    own, fri, far = person("own"), person("fri"), person("far")
    owner = browser(HOME, own)
    response = owner.post(reverse("private_table", args=[room.slug]))
    table = Table.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    friend, stranger = browser(HOME, fri), browser(ELSEWHERE, far)
    seat_with_code(friend, table)
    seat_with_code(stranger, table)
    seats = dict(TableSeat.objects.filter(table=table).values_list("user_id", "index"))
    expected = (
        f"Seats {seats[own.pk] + 1}, {seats[fri.pk] + 1} (own, fri) are playing from one "
        "network address."
    )
    for client in (owner, friend, stranger):
        page = client.get(reverse("table", args=[table.pk])).content.decode()
        assert expected in page
        assert HOME not in page and ELSEWHERE not in page
    # The frames carry the same mark, to each seat, and no address either.
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None
    for user in (own, fri, far):
        ctx = table_context(snapshot, Viewer(user_id=user.pk, seat=seats[user.pk]))
        frame = render_pushed(ctx, "shared", "en")
        assert expected in frame and 'hx-swap-oob="true"' in frame
        assert HOME not in frame and ELSEWHERE not in frame


def test_a_private_table_of_different_addresses_shows_no_mark(room: Room) -> None:
    own, fri = person("own"), person("fri")
    owner = browser(HOME, own)
    response = owner.post(reverse("private_table", args=[room.slug]))
    table = Table.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    seat_with_code(browser(ELSEWHERE, fri), table)
    page = owner.get(reverse("table", args=[table.pk])).content.decode()
    assert 'id="shared-address" class="shared-address" hidden' in page
    assert "network address" not in page


def test_an_address_is_stored_only_as_a_keyed_hash(room: Room) -> None:
    quick_match(browser(CAFE, person("ann")), room)
    stored = list(Sighting.objects.values_list("browser", "address"))
    assert stored and all(CAFE not in address and len(address) == 32 for _, address in stored)


def test_a_browser_is_given_its_id_once_and_keeps_it() -> None:
    client = Client()
    first = client.get(reverse("home"))
    cookie = first.cookies[BROWSER_COOKIE]
    assert cookie["httponly"] and cookie["max-age"]
    again = client.get(reverse("home"))
    assert BROWSER_COOKIE not in again.cookies
    assert client.cookies[BROWSER_COOKIE].value == cookie.value


async def test_the_async_handler_gives_browsers_their_ids_too() -> None:
    first = await AsyncClient().get(reverse("rules"))
    assert first.status_code == 200 and BROWSER_COOKIE in first.cookies


def test_quick_match_never_seats_a_pair_an_admin_keeps_apart(room: Room) -> None:
    # docs/FAIRPLAY.md: "keep apart" on the fair-play page holds whatever the addresses.
    ann, ben = person("ann"), person("ben")
    KeptApart.objects.create(
        user_a=min(ann, ben, key=lambda u: u.pk), user_b=max(ann, ben, key=lambda u: u.pk)
    )
    table = quick_match(browser(CAFE, ann), room)
    assert quick_match(browser(ELSEWHERE, ben), room) != table
