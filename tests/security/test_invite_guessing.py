"""Codes cannot be walked (docs/SECURITY.md, "Walking the invite codes"): a private table's
six-digit code is one of a million, so tries that seat nobody are limited per address and
per account; past the limit no code is even looked up, and the page says how long to wait.
A person who mistypes a few times is never blocked; a closed table's code names nothing."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from django.conf import LazySettings
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts.models import User
from game.models import Room, Table, TableSeat
from lobby import join_limit, matchmaking, views
from tests.conftest import person

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
WALKER = "203.0.113.7"


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, str]]:
    """Every look-up of an invite the site makes, by the arguments it was made with."""
    made: list[dict[str, str]] = []
    real: Callable[..., Table] = matchmaking.table_for_invite

    def counted(**kwargs: str) -> Table:
        made.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(matchmaking, "table_for_invite", counted)
    return made


def browser(user: User, address: str) -> Client:
    client = Client(headers={"accept-language": "en"}, REMOTE_ADDR=address)
    client.force_login(user)
    return client


def said(response: object) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]  # type: ignore[attr-defined]


def wrong_codes(table: Table, count: int) -> list[str]:
    """``count`` codes in order from 000000, the table's own left out."""
    codes = (f"{n:06d}" for n in range(10**6))
    return [c for c in codes if c != table.invite_code][:count]


def wait_text(settings: LazySettings) -> str:
    return f"please wait {-(-settings.BAOHUANG_JOIN_TRY_WINDOW // 60)} minutes"


@pytest.fixture
def one_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tries of a test fall in one window of the limit, however long the test runs."""
    start = time.time()
    monkeypatch.setattr(join_limit, "time", SimpleNamespace(time=lambda: start))


def guess(user: User, code: str) -> HttpResponse:
    """One guess, from the walker's address, through the view itself (the site's middleware
    would only make ten thousand of them slower; the last ones below go through it all)."""
    request = RequestFactory().post(reverse("join_by_code"), {"code": code}, REMOTE_ADDR=WALKER)
    request.user = user
    request._messages = CookieStorage(request)  # type: ignore[attr-defined]
    return views.join_by_code(request)


def test_ten_thousand_guesses_from_one_address_make_a_few_dozen_lookups_then_a_wait_page(
    room: Room, lookups: list[dict[str, str]], settings: LazySettings, one_window: None
) -> None:
    table = matchmaking.open_private_table(room=room, user=person("own"))
    # Fifty accounts behind one address share its tries: new accounts buy no more of them.
    walkers = [person(f"w{i}") for i in range(50)]
    codes = wrong_codes(table, 10_000)
    statuses = Counter(
        guess(walkers[i % len(walkers)], code).status_code for i, code in enumerate(codes[:-2])
    )
    assert len(lookups) == settings.BAOHUANG_JOIN_TRIES_PER_ADDRESS <= 36
    assert statuses == {302: len(lookups), 429: 10_000 - 2 - len(lookups)}
    # The last two through the whole site, by a new account and by the right code.
    late = browser(person("late"), WALKER)
    last = late.post(reverse("join_by_code"), {"code": codes[-1]})
    right = late.post(reverse("join_by_code"), {"code": table.invite_code})
    assert last.status_code == right.status_code == 429
    assert len(lookups) == settings.BAOHUANG_JOIN_TRIES_PER_ADDRESS
    page = last.content.decode()
    assert "Too many tries" in page and wait_text(settings) in page
    seated = TableSeat.objects.filter(user__isnull=False).values_list("user__username")
    assert list(seated) == [("own",)]


def test_three_mistypes_then_the_right_code_seats_the_person(room: Room) -> None:
    table = matchmaking.open_private_table(room=room, user=person("own"))
    friend = person("fri")
    client = browser(friend, "198.51.100.4")
    for code in wrong_codes(table, 3):
        response = client.post(reverse("join_by_code"), {"code": code})
        assert response.status_code == 302 and response["Location"] == "/"
        assert any("No table has that invite" in m for m in said(response))
    response = client.post(reverse("join_by_code"), {"code": table.invite_code})
    assert response["Location"] == f"/tables/{table.pk}/"
    assert TableSeat.objects.filter(table=table, user=friend).exists()


def test_joining_friends_tables_never_counts_towards_the_limit(
    room: Room, settings: LazySettings, one_window: None
) -> None:
    """A try that seats its player is given back: more joins than the limit, all seated."""
    friend = person("fri")
    client = browser(friend, "198.51.100.4")
    for n in range(settings.BAOHUANG_JOIN_TRIES_PER_ACCOUNT + 3):
        table = matchmaking.open_private_table(room=room, user=person(f"own{n}"))
        response = client.post(reverse("join_by_code"), {"code": table.invite_code})
        assert response["Location"] == f"/tables/{table.pk}/"
        TableSeat.objects.filter(user=friend).update(user=None)  # stands up for the next


def test_one_account_guessing_from_many_addresses_is_limited_too(
    room: Room, lookups: list[dict[str, str]], settings: LazySettings, one_window: None
) -> None:
    table = matchmaking.open_private_table(room=room, user=person("own"))
    walker = person("walker")
    limit = settings.BAOHUANG_JOIN_TRIES_PER_ACCOUNT
    codes = wrong_codes(table, limit + 5)
    responses = [
        browser(walker, f"192.0.2.{i + 1}").post(reverse("join_by_code"), {"code": code})
        for i, code in enumerate(codes)
    ]
    assert [r.status_code for r in responses] == [302] * limit + [429] * 5
    assert len(lookups) == limit
    # Those addresses are not blocked for somebody else: each was used once.
    other = browser(person("other"), "192.0.2.1")
    response = other.post(reverse("join_by_code"), {"code": table.invite_code})
    assert response["Location"] == f"/tables/{table.pk}/"


def test_wrong_invite_links_are_limited_and_a_working_link_is_not(
    room: Room, lookups: list[dict[str, str]], settings: LazySettings, one_window: None
) -> None:
    table = matchmaking.open_private_table(room=room, user=person("own"))
    friend = browser(person("fri"), "198.51.100.9")
    # The invited person may open their link as often as they like.
    for _ in range(settings.BAOHUANG_JOIN_TRIES_PER_ACCOUNT + 5):
        assert friend.get(reverse("join", args=[table.invite_token])).status_code == 200
    walker = browser(person("walker"), WALKER)
    limit = settings.BAOHUANG_JOIN_TRIES_PER_ADDRESS
    statuses = [
        walker.get(reverse("join", args=[f"guess{n}"])).status_code for n in range(limit + 5)
    ]
    assert statuses == [302] * limit + [429] * 5
    assert len([made for made in lookups if made["token"].startswith("guess")]) == limit
    # Nor does the walker's address get in with a real link, while blocked.
    blocked = walker.post(reverse("join", args=[table.invite_token]))
    assert blocked.status_code == 429
    assert not TableSeat.objects.filter(table=table, user__username="walker").exists()


def test_the_wait_page_says_the_same_for_everybody(
    settings: LazySettings, one_window: None
) -> None:
    settings.BAOHUANG_JOIN_TRY_WINDOW = 1200
    settings.BAOHUANG_JOIN_TRIES_PER_ADDRESS = 2
    pages = []
    for name, address in (("ann", "192.0.2.10"), ("ben", "192.0.2.20")):
        client = browser(person(name), address)
        for _ in range(3):
            response = client.post(reverse("join_by_code"), {"code": "999999"})
        assert response.status_code == 429
        pages.append(response.content.decode())
    assert all(wait_text(settings) in page for page in pages)
    assert "20 minutes" in wait_text(settings)
    assert "192.0.2" not in pages[0] + pages[1]


def test_a_closed_tables_code_and_link_no_longer_join(room: Room) -> None:
    owner = person("own")
    table = matchmaking.open_private_table(room=room, user=owner)
    matchmaking.close_table(table=table, by=owner)
    client = browser(person("fri"), "198.51.100.4")
    by_code = client.post(reverse("join_by_code"), {"code": table.invite_code})
    assert any("No table has that invite" in m for m in said(by_code))
    by_link = client.post(reverse("join", args=[table.invite_token]))
    assert any("has been closed" in m for m in said(by_link))
    assert not TableSeat.objects.filter(user__username="fri").exists()


def test_a_closed_tables_code_is_not_given_to_a_new_table_for_a_while(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = person("own")
    old = matchmaking.open_private_table(room=room, user=owner)
    matchmaking.close_table(table=old, by=owner)
    # The draw offers the closed table's code first, then another.
    draws = iter([int(old.invite_code), (int(old.invite_code) + 1) % 10**6])
    monkeypatch.setattr("lobby.matchmaking.secrets.randbelow", lambda _n: next(draws))
    new = matchmaking.open_private_table(room=room, user=person("next"))
    assert new.invite_code != old.invite_code
    # A stranger holding the old code does not reach the new table.
    client = browser(person("fri"), "198.51.100.4")
    response = client.post(reverse("join_by_code"), {"code": old.invite_code})
    assert any("No table has that invite" in m for m in said(response))


def test_an_ipv6_network_counts_as_one_address(
    room: Room, lookups: list[dict[str, str]], settings: LazySettings, one_window: None
) -> None:
    """One subscriber's /64 holds 2⁶⁴ addresses: a walker taking a new one, and a new
    account, for each guess is held to one address's tries; another /64 is not."""
    table = matchmaking.open_private_table(room=room, user=person("own"))
    limit = settings.BAOHUANG_JOIN_TRIES_PER_ADDRESS
    codes = wrong_codes(table, limit + 2)
    statuses = [
        browser(person(f"v{i}"), f"2001:db8:7:7:{i:x}::{i + 1:x}")
        .post(reverse("join_by_code"), {"code": code})
        .status_code
        for i, code in enumerate(codes[:-1])
    ]
    assert statuses == [302] * limit + [429]
    assert len(lookups) == limit
    elsewhere = browser(person("next"), "2001:db8:7:8::1")
    assert elsewhere.post(reverse("join_by_code"), {"code": codes[-1]}).status_code == 302
