"""A tournament's hands are its own kind (``Hand.is_tournament``): they move no beans and no
titles; once every table has played their deal they are in their players' histories and
replays, labelled as a tournament's, the deal's side-by-side page links each table's replay
and each replay links back to it. Before that, nothing of them shows (RULES §3.4, §8).
Their tables link to the tournament and, between rounds, say what comes next instead of
asking anybody to be ready or offering bots."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import LedgerEntry, LedgerKind, RoleRecord, User
from accounts.services import audit_beans
from game.models import Hand, HandSeat, HandStatus, Room, SeatResult
from lobby import matchmaking, tables
from tests.game.hand_helpers import play_out, played_hand, standard_room
from tests.tournaments.helpers import people, play_all, registered, tournament
from tournaments import services
from tournaments.models import Entry, Play, Tournament, TournamentTable

pytestmark = pytest.mark.django_db


def client_of(user: User, *, staff: bool = False) -> Client:
    if staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def page(user: User, url: str) -> str:
    response = client_of(user).get(url)
    assert response.status_code == 200, (url, response.status_code)
    return str(response.content.decode())


def status(user: User, url: str) -> int:
    return int(client_of(user).get(url).status_code)


@dataclass
class TwoTables:
    """A tournament of six people: five at table 1, one with four bots at table 2."""

    tournament: Tournament
    a: Play  # table 1's play of the first deal
    b: Play  # table 2's
    at_a: User
    at_b: User


def two_tables(deals: int = 2) -> TwoTables:
    t = tournament(deals=deals)
    registered(t, 6)
    services.start(tournament_id=t.pk)
    t.refresh_from_db()
    a, b = Play.objects.filter(tournament=t, round=0).order_by("table_index")
    return TwoTables(t, a, b, person_at(a), person_at(b))


def person_at(play: Play) -> User:
    seat = HandSeat.objects.filter(hand_id=play.hand_id, user__isnull=False).first()
    assert seat is not None and seat.user is not None
    return seat.user


def finish(play: Play) -> None:
    """Play ``play``'s hand to its end and let the keeper's chore record it."""
    people_seats = HandSeat.objects.filter(hand_id=play.hand_id, user__isnull=False)
    play_out(Hand.objects.get(pk=play.hand_id), people={s.seat for s in people_seats})
    services.advance(timezone.now())


def table_of(play: Play) -> str:
    link = TournamentTable.objects.get(tournament_id=play.tournament_id, index=play.table_index)
    return reverse("table", args=[link.table_id])


# --- the flag, beans and titles ------------------------------------------------------------


def test_tournament_hands_are_flagged_and_move_no_beans_and_no_titles() -> None:
    t = tournament(deals=1, fee=100)
    players = registered(t, 5)
    services.start(tournament_id=t.pk)
    play_all(t)
    hands = Hand.objects.filter(pk__in=Play.objects.filter(tournament=t).values("hand_id"))
    assert hands.count() == 2  # one table: the deal twice
    for hand in hands:
        assert hand.is_tournament and not hand.is_guest
        assert hand.status == HandStatus.FINISHED and hand.rules["fee"] == 0
    results = SeatResult.objects.filter(hand__in=hands)
    assert results.count() == 10 and all(r.user_id is not None for r in results)
    for r in results:  # settled without a table fee, and no title moved
        assert r.fee == 0 and r.net == r.payout - r.penalty
        assert r.title_points_before is None and r.title_before == "" and r.reward == 0
    for p in players:
        p.refresh_from_db()
        assert (p.emperor_points, p.guard_points, p.rebel_points) == (0, 0, 0)
        assert p.lifetime_stake_units == 0
    assert not RoleRecord.objects.filter(user__in=players).exists()
    kinds = set(LedgerEntry.objects.filter(user__in=players).values_list("kind", flat=True))
    assert kinds == {LedgerKind.START_GRANT, LedgerKind.TOURNAMENT}
    assert audit_beans() == []


def test_the_migration_flags_the_hands_dealt_before_the_flag_and_no_guest_hand() -> None:
    trial = played_hand(standard_room(), None, is_guest=True)
    setup = two_tables()
    dealt = [setup.a.hand_id, setup.b.hand_id]
    Hand.objects.filter(pk__in=dealt).update(is_tournament=False, is_guest=True)  # as stored
    migration = importlib.import_module("tournaments.migrations.0002_flag_tournament_hands")
    migration.flag(apps, None)
    assert set(Hand.objects.filter(is_tournament=True).values_list("pk", flat=True)) == set(dealt)
    assert not Hand.objects.filter(pk__in=dealt, is_guest=True).exists()
    trial.refresh_from_db()
    assert trial.is_guest and not trial.is_tournament
    migration.unflag(apps, None)
    assert Hand.objects.filter(pk__in=dealt, is_guest=True, is_tournament=False).count() == 2


def test_staff_filter_the_hands_by_the_flag(staff: User) -> None:
    trial = played_hand(standard_room(), None, is_guest=True)
    setup = two_tables()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff)
    listed = client.get(reverse("admin:game_hand_changelist") + "?is_tournament__exact=1")
    html = listed.content.decode()
    for play in (setup.a, setup.b):
        assert reverse("admin:game_hand_change", args=[play.hand_id]) in html
    assert reverse("admin:game_hand_change", args=[trial.pk]) not in html


# --- sealed until every table has played the deal, then a hand like any ------------------


def test_a_hand_shows_nowhere_until_every_table_has_played_its_deal() -> None:
    setup = two_tables()
    finish(setup.a)
    replay = reverse("replay", args=[setup.a.hand_id])
    # Table 1 is done with the deal, table 2 is playing the same cards.
    for who in (setup.at_a, setup.at_b):
        assert status(who, replay) == 404
        assert status(who, reverse("hand_export_json", args=[setup.a.hand_id])) == 404
    mine = page(setup.at_a, reverse("my_hands"))
    assert f'data-hand="{setup.a.hand_id}"' not in mine
    profile = page(setup.at_b, f"/players/{setup.at_a.username}/")
    assert reverse("replay", args=[setup.a.hand_id]) not in profile
    # Staff may look, and are told nobody else can yet; no way to the other tables' cards.
    staff = client_of(people(1, prefix="s")[0], staff=True).get(replay).content.decode()
    assert "Not every table has played this deal yet" in staff
    assert 'id="replay-compare"' not in staff

    finish(setup.b)
    deal = reverse("tournament_deal", args=[setup.tournament.pk, 1])
    for who in (setup.at_a, setup.at_b):
        shown = page(who, replay)
        assert 'id="replay-tournament"' in shown and "春季赛" in shown
        assert '<span class="tag tag-tournament">Tournament (比赛)</span>' in shown
        assert "Daily challenge" not in shown
        assert f'href="{deal}" id="replay-compare"' in shown
    mine = page(setup.at_a, reverse("my_hands"))
    assert f'data-hand="{setup.a.hand_id}"' in mine
    row = mine.split(f'data-hand="{setup.a.hand_id}"')[1].split("</tr>")[0]
    assert "Tournament (比赛)" in row and "Daily challenge" not in row
    assert '<td class="num net">0</td>' in row  # no beans moved
    profile = page(setup.at_b, f"/players/{setup.at_a.username}/")
    assert reverse("replay", args=[setup.a.hand_id]) in profile and "Tournament (比赛)" in profile


def test_a_one_table_deal_stays_sealed_until_its_second_play() -> None:
    # One table plays each deal twice: the first play's replay would show the next one's
    # cards to the very players about to hold them.
    t = tournament(deals=1)
    players = registered(t, 5)
    services.start(tournament_id=t.pk)
    first = Play.objects.get(tournament=t, round=0)
    finish(first)
    assert status(players[0], reverse("replay", args=[first.hand_id])) == 404
    second = Play.objects.get(tournament=t, round=1)
    finish(second)
    for play in (first, second):
        assert status(players[0], reverse("replay", args=[play.hand_id])) == 200


def test_a_room_lists_its_own_tables_hands_not_a_tournaments() -> None:
    setup = two_tables(deals=1)
    finish(setup.a)
    finish(setup.b)
    room_page = page(setup.at_a, reverse("room_hands", args=[setup.tournament.room.slug]))
    for play in (setup.a, setup.b):
        assert reverse("replay", args=[play.hand_id]) not in room_page


def test_the_deal_page_links_every_tables_replay_and_the_replay_links_back() -> None:
    setup = two_tables()
    finish(setup.a)
    finish(setup.b)
    deal_url = reverse("tournament_deal", args=[setup.tournament.pk, 1])
    deal = page(setup.at_a, deal_url)
    for play in (setup.a, setup.b):
        assert f'class="play-replay" href="{reverse("replay", args=[play.hand_id])}"' in deal
    # Table 2's replay, opened from table 1's player's side: back to the deal.
    replay = page(setup.at_a, reverse("replay", args=[setup.b.hand_id]))
    assert f'href="{deal_url}"' in replay


# --- the table between rounds --------------------------------------------------------------


def test_a_tables_page_names_its_tournament_and_says_what_comes_next() -> None:
    setup = two_tables()
    Room.objects.filter(pk=setup.tournament.room_id).update(deal_pause_seconds=60)
    url = reverse("tournament", args=[setup.tournament.pk])
    link = f'href="{url}" id="table-tournament" title="Tournament (比赛) · 春季赛 · Standings">'
    assert link in page(setup.at_a, table_of(setup.a))  # while the hand runs
    finish(setup.a)
    between = page(setup.at_a, table_of(setup.a))
    assert link in between and '<span class="tool-text">春季赛</span>' in between
    assert "Waiting for the other tables to finish this deal." in between
    # Its settlement says what the hand was: no bean result, as no beans moved.
    arithmetic = re.search(r'id="results-arithmetic">(.*?)</p>', between)
    assert arithmetic is not None
    assert "tournament hand (比赛局): no beans move" in arithmetic.group(1)
    assert " net " not in arithmetic.group(1)
    nets = re.findall(r'<td class="num net">(.*?)</td>', between)
    assert len(nets) == 5 and all("Tournament hand (比赛局)" in n for n in nets)
    for offer in ('id="next-hand"', 'id="ready-button"', 'id="fill-bots"', "Not ready"):
        assert offer not in between, offer
    # Its replay and the other table's cards wait for the other table.
    assert 'id="replay-link"' not in between and 'id="compare-link"' not in between
    finish(setup.b)
    paused = page(setup.at_a, table_of(setup.a))
    # The room's pause, counted down, with which hand comes and his place so far.
    setup.tournament.refresh_from_db()
    assert setup.tournament.next_round_at is not None
    at = setup.tournament.next_round_at.isoformat()
    assert f'id="tournament-countdown" data-deadline="{at}"' in paused
    assert "Hand 1 of 2" in paused
    people = Entry.objects.filter(tournament=setup.tournament, is_bot=False).count()
    assert re.search(rf"Your place so far: [1-9]\d* of {people}\.", paused)
    assert "Waiting for the other tables" not in paused
    assert f'id="replay-link" href="{reverse("replay", args=[setup.a.hand_id])}"' in paused
    deal = reverse("tournament_deal", args=[setup.tournament.pk, 1])
    assert f'id="compare-link" href="{deal}"' in paused
    assert 'id="next-hand"' not in paused and 'id="fill-bots"' not in paused


def test_the_table_says_it_in_chinese_first() -> None:
    setup = two_tables()
    finish(setup.a)
    client = Client()  # no language asked for: the site's own
    client.force_login(setup.at_a)
    html = client.get(table_of(setup.a)).content.decode()
    assert "等待其他桌完成本副。" in html and 'title="比赛 · 春季赛 · 排名"' in html


def test_after_the_last_hand_the_table_says_the_tournament_is_over() -> None:
    setup = two_tables(deals=1)
    play_all(setup.tournament)
    over = page(setup.at_b, table_of(setup.b))
    assert "The tournament is over." in over and "Final standings" in over
    assert 'id="next-hand"' not in over and 'id="fill-bots"' not in over


def test_readiness_and_bots_are_refused_at_a_tournaments_table() -> None:
    setup = two_tables()
    finish(setup.a)
    link = TournamentTable.objects.get(tournament=setup.tournament, index=setup.a.table_index)
    table = link.table
    user = setup.at_a
    tables.stand(table=table, user=user)  # leaving is his choice: auto-play takes over
    table.refresh_from_db()
    others = [s.user for s in table.seats.select_related("user") if s.user is not None]
    assert others and table.bot_votes == {}  # nobody is asked about a bot for his seat
    seat = next(s.index for s in table.seats.all() if s.is_empty)
    refusal = "the tournament deals its hands and fills its seats"
    with pytest.raises(tables.SeatRefused, match=refusal):
        tables.add_bot(table=table, seat=seat, by=others[0])
    with pytest.raises(tables.SeatRefused, match=refusal):
        matchmaking.fill_with_bots(table=table, by=others[0])
    with pytest.raises(tables.SeatRefused, match=refusal):
        tables.set_ready(table=table, user=others[0])
    assert table.seats.get(index=seat).is_empty
    assert Entry.objects.filter(tournament=setup.tournament, user=user).exists()
