"""The start of a tournament, for its people (RULES §6.4): announced on every page a
registrant has open, with a link to his table; the tournament's own page changes by itself;
the first deal waits until everyone seated at a table has opened it, or 60 s; whoever is
not at his table when a deal starts begins it disconnected."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from baohuang_site.asgi import application
from baohuang_site.devtools.table_players import cookie_for
from game import presence
from game.clocks import away_since
from game.models import Connection, Hand, TableSeat
from tests.conftest import ORIGIN
from tests.tournaments.helpers import play_round, registered, tournament
from tournaments import services
from tournaments.models import Entry, Play, Status, Tournament, TournamentTable


@pytest.fixture(autouse=True)
def arrival_wait(settings: LazySettings) -> None:
    settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = 60  # RULES §6.4


def page(user: User, url: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(url, follow=True).content.decode()


def table_of(t: Tournament, user: User) -> int:
    entry = Entry.objects.get(tournament=t, user=user)
    assert entry.table_index is not None
    return TournamentTable.objects.get(tournament=t, index=entry.table_index).table_id


def opens_table(user: User, table_id: int) -> None:
    """``user``'s table page is open: his socket keeps his seat present."""
    seat = TableSeat.objects.get(table_id=table_id, user=user).index
    presence.connected(table_id=table_id, seat=seat, channel_name=f"test.{user.pk}.{table_id}")


async def socket(user: User, path: str, cookie: bytes | None = None) -> WebsocketCommunicator:
    cookie = cookie or await sync_to_async(cookie_for)(user)
    ws = WebsocketCommunicator(
        application,
        path,
        headers=[(b"origin", ORIGIN.encode()), (b"cookie", cookie), (b"accept-language", b"en")],
    )
    connected, code = await ws.connect()
    assert connected, code
    return ws


# --- the announcement ------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_registrants_pages_listen_for_the_start_and_then_link_to_his_table() -> None:
    t = tournament(start_when=2)
    (ann,) = registered(t, 1, "ann")
    rules = page(ann, reverse("rules"))
    assert 'ws-connect="/ws/notices/"' in rules  # registered, not started: listening
    assert 'id="site-notice-table"' not in rules
    outsider = User.objects.create_user("zed", None, "x")
    assert 'ws-connect="/ws/notices/"' not in page(outsider, reverse("rules"))
    registered(t, 1, "ben")  # the second registration starts it
    t.refresh_from_db()
    assert t.status == Status.RUNNING
    table_url = reverse("table", args=[table_of(t, ann)])
    for url in (reverse("rules"), reverse("home"), reverse("my_profile")):
        html = page(ann, url)
        assert f'id="site-notice-table" href="{table_url}"' in html, url
        assert 'ws-connect="/ws/notices/"' not in html  # nothing more to wait for
    assert 'id="site-notice-table"' not in page(ann, table_url)  # his table says it itself


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_the_start_is_pushed_to_every_open_page_and_the_tournament_page_updates() -> None:
    t = await sync_to_async(tournament)(start_when=2)
    (ann,) = await sync_to_async(registered)(t, 1, "ann")
    notices = await socket(ann, "/ws/notices/")
    assert 'data-listening="1"' in await notices.receive_from()  # nothing started yet
    # The tournament's page, open in a browser: its session and its CSRF cookie.
    browser = Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True)
    await sync_to_async(browser.force_login)(ann)
    await sync_to_async(browser.get)(reverse("tournament", args=[t.pk]))
    csrf_cookie = browser.cookies["csrftoken"].value
    cookies = f"sessionid={browser.cookies['sessionid'].value}; csrftoken={csrf_cookie}"
    standings = await socket(ann, f"/ws/tournament/{t.pk}/", cookies.encode())
    first = await standings.receive_from()
    assert 'id="tournament-entry"' not in first  # open: the page's own form stays
    await sync_to_async(registered)(t, 1, "ben")  # the second registration starts it
    table_url = reverse("table", args=[await sync_to_async(table_of)(t, ann)])
    told = await notices.receive_from()
    assert 'id="site-notice"' in told and 'hx-swap-oob="true"' in told
    assert f'id="site-notice-table" href="{table_url}"' in told
    pushed = await standings.receive_from()
    while 'id="tournament-entry"' not in pushed:
        pushed = await standings.receive_from()
    assert f'id="tournament-my-table" href="{table_url}"' in pushed
    assert 'id="tournament-leave"' not in pushed and "Leave (fee refunded)" not in pushed
    # The way out of his table comes with it (RULES §6.3), and its form posts: its token is
    # masked from the page's cookie, never the cookie itself.
    assert 'id="leave-my-table"' in pushed and "Leave the tournament" in pushed
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', pushed)
    assert token is not None and token.group(1) != csrf_cookie
    left = await sync_to_async(browser.post)(
        reverse("leave_table"), {"csrfmiddlewaretoken": token.group(1), "back": ""}
    )
    assert left.status_code == 302
    assert not await TableSeat.objects.filter(user=ann).aexists()
    await notices.disconnect()
    await standings.disconnect()


# --- the first deal waits for its people -----------------------------------------------------


@pytest.mark.django_db
def test_the_first_deal_waits_for_everyone_at_the_table_then_60_seconds() -> None:
    t = tournament(deals=1)
    people = registered(t, 6)  # two tables, four bots at the second
    start = timezone.now()
    services.start(tournament_id=t.pk, now=start)
    t.refresh_from_db()
    assert t.next_round_at == start + timedelta(seconds=60)
    assert not Play.objects.filter(tournament=t).exists()  # no clock runs yet
    by_table: dict[int, list[User]] = {}
    for person in people:
        by_table.setdefault(table_of(t, person), []).append(person)
    (full, full_people), (short, short_people) = sorted(
        by_table.items(), key=lambda item: -len(item[1])
    )
    # The table's page says it waits, with the countdown to the latest deal.
    waiting = page(full_people[0], reverse("table", args=[full]))
    assert f'id="tournament-countdown" data-deadline="{t.next_round_at.isoformat()}"' in waiting
    assert "Hand 1 of 1" in waiting and 'id="ready-button"' not in waiting
    standings = page(full_people[0], reverse("tournament", args=[t.pk]))
    assert f'data-deadline="{t.next_round_at.isoformat()}"' in standings  # and on its page
    for person in full_people[:-1]:
        opens_table(person, full)
    services.advance(start + timedelta(seconds=5))
    assert not Play.objects.filter(tournament=t).exists()  # one of them is not there yet
    opens_table(full_people[-1], full)
    services.advance(start + timedelta(seconds=6))
    dealt = Play.objects.get(tournament=t)  # everyone here: this table is dealt
    assert dealt.hand.table_id == full
    assert all(away_since(dealt.hand, seat) is None for seat in range(5))
    # The other table's one person never opens it: dealt at 60 s, his seat disconnected.
    services.advance(start + timedelta(seconds=59))
    assert Play.objects.filter(tournament=t).count() == 1
    services.advance(start + timedelta(seconds=61))
    late = Play.objects.get(tournament=t, table_index=1 - dealt.table_index)
    assert late.hand.table_id == short
    hand = Hand.objects.get(pk=late.hand_id)
    absent = Entry.objects.get(tournament=t, user=short_people[0]).pk
    for seat, entry_id in enumerate(late.entries):
        assert (away_since(hand, seat) is not None) == (entry_id == absent)
    t.refresh_from_db()
    assert t.next_round_at is None


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_a_players_open_table_keeps_him_present_in_each_deals_seat(
    settings: LazySettings,
) -> None:
    # One table: the deal is played twice, the line-up turned one seat the second time.
    settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = 0
    t = await sync_to_async(tournament)(deals=1, start_when=1)
    (ann,) = await sync_to_async(registered)(t, 1, "ann")
    table_id = await sync_to_async(table_of)(t, ann)
    first = await Play.objects.aget(tournament=t, round=0)
    ws = await socket(ann, f"/ws/table/{table_id}/")
    await ws.receive_from()
    seat_of = {c.channel_name: c.seat async for c in Connection.objects.all()}
    assert list(seat_of.values()) == [first.entries.index((await Entry.objects.aget(user=ann)).pk)]
    await sync_to_async(play_round)(t)  # the second play is dealt, ann in another seat
    second = await Play.objects.aget(tournament=t, round=1)
    seat = second.entries.index((await Entry.objects.aget(user=ann)).pk)
    assert seat != first.entries.index((await Entry.objects.aget(user=ann)).pk)
    frame = await ws.receive_from()
    while not re.search(rf'id="seat-{seat}" class="seat [^"]*is-me', frame):
        frame = await ws.receive_from()
    assert [c.seat async for c in Connection.objects.all()] == [seat]
    hand = await Hand.objects.aget(pk=second.hand_id)
    assert away_since(hand, seat) is None  # his table was open when it was dealt (RULES §6.4)
    await ws.disconnect()
