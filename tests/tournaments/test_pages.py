"""The pages: open tournaments on the home page, registering and leaving from the
tournament's page with a clear message, standings, and a deal's plays side by side only
once every table has finished them."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from game.models import Table
from tests.tournaments.helpers import people, play_all, play_round, registered, tournament
from tournaments import services
from tournaments.models import Entry, Play, Status, Tournament, TournamentTable

pytestmark = pytest.mark.django_db


def client_of(user: User | None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def named(name: str, **kwargs: object) -> Tournament:
    t = tournament(**kwargs)  # type: ignore[arg-type]
    Tournament.objects.filter(pk=t.pk).update(name=name)
    t.refresh_from_db()
    return t


def test_the_home_page_lists_upcoming_running_and_finished_tournaments_near_its_top() -> None:
    upcoming = named("Winter cup")
    cancelled = named("Cancelled cup")
    services.cancel(tournament_id=cancelled.pk)
    running = named("Spring cup", deals=2)
    registered(running, 1, "r")
    services.start(tournament_id=running.pk)
    finished = named("Autumn cup", deals=1)
    Tournament.objects.filter(pk=finished.pk).update(
        status=Status.FINISHED, finished_at=timezone.now()
    )
    long_ago = named("Old cup", deals=1)
    Tournament.objects.filter(pk=long_ago.pk).update(
        status=Status.FINISHED, finished_at=timezone.now() - timedelta(days=30)
    )
    page = client_of(None).get(reverse("home")).content.decode()
    for section, t in (
        ("tournaments-upcoming", upcoming),
        ("tournaments-running", running),
        ("tournaments-recent", finished),
    ):
        listed = re.search(rf'id="{section}">(.*?)</ul>', page, re.S)
        assert listed is not None, section
        assert reverse("tournament", args=[t.pk]) in listed.group(1) and t.name in listed.group(1)
    assert "Cancelled cup" not in page and "Old cup" not in page
    assert page.index('id="open-tournaments"') < page.index("<h2>Rooms</h2>")  # near the top


def test_registering_and_leaving_from_the_page() -> None:
    t = tournament(fee=120)
    (p,) = people(1)
    client = client_of(p)
    page = client.get(reverse("tournament", args=[t.pk])).content.decode()
    assert 'id="tournament-register"' in page
    page = client.post(reverse("tournament_register", args=[t.pk]), follow=True).content.decode()
    assert 'id="tournament-leave"' in page
    p.refresh_from_db()
    assert p.beans == 10_000 - 120
    again = client.post(reverse("tournament_register", args=[t.pk]), follow=True)
    assert "You are already registered for this tournament." in again.content.decode()
    client.post(reverse("tournament_leave", args=[t.pk]))
    p.refresh_from_db()
    assert p.beans == 10_000


def test_a_visitor_cannot_register() -> None:
    t = tournament()
    response = client_of(None).post(reverse("tournament_register", args=[t.pk]))
    assert response.status_code == 302 and "login" in response["Location"]
    assert not Entry.objects.exists()


def test_a_deal_is_shown_side_by_side_once_every_table_played_it() -> None:
    t = tournament(deals=2)
    players = registered(t, 6)
    services.start(tournament_id=t.pk)
    client = client_of(players[0])
    deal = reverse("tournament_deal", args=[t.pk, 1])
    assert client.get(deal).status_code == 404  # being played
    play_round(t)
    page = client.get(deal).content.decode()
    assert "Table 1" in page and "Table 2" in page
    # The cards are drawn as the replay draws a hand, one face per card dealt (RULES §2.2).
    assert page.count('data-held="') == 168
    assert 'class="replay-hand cards"' in page and "css/replay.css" in page
    assert "BJ*" not in page.replace('data-held="BJ*"', "")  # no engine codes as text
    # Each seat's row names the cards once and who held them at each table.
    plays = list(Play.objects.filter(tournament=t, deal=0).order_by("table_index"))
    names = dict(Entry.objects.values_list("pk", "name"))
    for seat in range(5):
        for play in plays:
            assert names[play.entries[seat]] in page
    assert client.get(reverse("tournament_deal", args=[t.pk, 2])).status_code == 404
    standings = client.get(reverse("tournament", args=[t.pk])).content.decode()
    assert deal in standings  # the finished deal's column links to it
    play_all(t)
    final = client.get(reverse("tournament", args=[t.pk])).content.decode()
    assert "Prize" in final
    assert client.get(reverse("tournament_deal", args=[t.pk, 2])).status_code == 200


def test_a_tournament_hand_is_replayed_once_every_table_has_played_its_deal() -> None:
    # Like the deal's side-by-side page: sealed while its cards are being played (at one
    # table, until their second play), then anybody's to replay.
    t = tournament(deals=1)
    players = people(5)
    outsider, *_ = people(1, prefix="x")
    for p in players:
        services.register(tournament_id=t.pk, user=p)
    services.start(tournament_id=t.pk)
    play_round(t)
    hand_id = Play.objects.get(tournament=t, round=0).hand_id
    replay = reverse("replay", args=[hand_id])
    assert client_of(players[0]).get(replay).status_code == 404
    assert client_of(outsider).get(replay).status_code == 404
    play_round(t)
    assert client_of(players[0]).get(replay).status_code == 200
    assert client_of(outsider).get(replay).status_code == 200


def test_a_tournament_table_offers_no_invite_and_no_code_finds_it() -> None:
    # The tournament alone seats its tables: an invite would let an outsider take a bot's
    # seat between rounds and see a deal before his own table played it (RULES §8).
    t = tournament(deals=1)
    players = registered(t, 5)
    services.start(tournament_id=t.pk)
    entry = Entry.objects.get(tournament=t, user=players[0])
    assert entry.table_index is not None
    table_id = TournamentTable.objects.get(tournament=t, index=entry.table_index).table_id
    page = client_of(players[0]).get(reverse("table", args=[table_id])).content.decode()
    assert 'id="invite-code"' not in page and 'id="invite-link"' not in page
    table = Table.objects.get(pk=table_id)
    assert table.is_private and table.invite_token == "" and table.invite_code == ""
