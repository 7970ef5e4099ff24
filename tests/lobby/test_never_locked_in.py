"""Never locked in (RULES §6.3): at every phase a seated person can get up or leave. Between
hands he stands up; in a running hand leaving is a flight, and the page names its penalty
before he confirms; every page that leads back to his table offers the way out too; a
finished tournament frees its people at once, their last hand's result still theirs to see."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect
from game.models import HandEvent, HandStatus, Room, Table, TableSeat
from lobby import tables
from tests.conftest import PASSWORD
from tests.game.hand_helpers import standard_room
from tests.lobby.test_between_hands import finished_table, said
from tests.lobby.test_matchmaking_sockets import closing
from tests.tournaments.helpers import play_all, registered, tournament
from tournaments import services
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db(transaction=True)


def seated(user: User) -> bool:
    return TableSeat.objects.filter(user=user).exists()


def page(user: User, url: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return str(response.content.decode())


def post_leave(user: User, back: str = "") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    response = client.post(reverse("leave_table"), {"back": back}, follow=True)
    assert response.status_code == 200
    return str(response.content.decode())


@pytest.mark.sockets
async def test_after_a_hand_he_may_stand_up_beside_next_hand() -> None:
    table, (ann,) = await sync_to_async(finished_table)(("ann",))
    ann_p = Player("ann", ann, 0, await connect(ann, table))
    async with closing([ann_p]):
        first = await ann_p.frame()
        assert 'id="next-hand"' in first and 'id="stand-up"' in first
        await ann_p.send(action="stand")
        await said(ann_p, 'class="spectating"')  # her page shows the table as a watcher's
        assert not await sync_to_async(seated)(ann)
    # Free: a new table elsewhere at once.
    await sync_to_async(tables.play_with_bots)(room=await sync_to_async(standard_room)(), user=ann)


@pytest.mark.sockets
async def test_leaving_a_running_hand_names_the_penalty_first_then_flees(alice: User) -> None:
    room = await sync_to_async(standard_room)()
    table = await sync_to_async(tables.play_with_bots)(room=room, user=alice)
    me = Player("alice", alice, 0, await connect(alice, table))
    async with closing([me]):
        first = await me.frame()
        penalty = 3 * room.base_stake  # RULES §6.3
        assert 'id="leave-consequence"' in first
        assert f"a penalty of {penalty} beans" in first and 'id="leave-button"' in first
        assert "Flee and leave" in first
        await me.send(action="leave")
        await said(me, 'class="spectating"')
    assert not await sync_to_async(seated)(alice)
    flee = HandEvent.objects.filter(hand__table=table, seat=0, action="flee")
    assert await sync_to_async(flee.exists)()


def test_home_and_room_offer_to_leave_between_hands_without_a_warning() -> None:
    table, (ann,) = finished_table(("ann",))
    room = table.room
    for url in (reverse("home"), reverse("room", args=[room.slug])):
        html = page(ann, url)
        assert "Back to my table" in html and 'id="leave-my-table"' in html
        assert "leave-my-table-consequence" not in html  # between hands: he just stands up
    after = post_leave(ann, back=room.slug)
    assert "You left your table." in after and 'id="quick-match"' in after
    assert not seated(ann)


def test_home_names_the_flight_before_leaving_a_running_hand(alice: User) -> None:
    room = standard_room()
    table = tables.play_with_bots(room=room, user=alice)
    html = page(alice, reverse("home"))
    assert 'id="leave-my-table-consequence"' in html
    assert f"a penalty of {3 * room.base_stake} beans" in html and "Flee and leave" in html
    after = post_leave(alice)
    assert "You left your table." in after and "Back to my table" not in after
    assert not seated(alice)
    assert HandEvent.objects.filter(hand__table=table, seat=0, action="flee").exists()


def test_leaving_with_no_seat_says_so_and_changes_nothing(alice: User) -> None:
    html = post_leave(alice)
    assert "You are not sitting at any table." in html
    assert not seated(alice)


def test_a_finished_tournament_frees_its_people_at_once(settings: LazySettings) -> None:
    settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = 0  # dealt at once (the helper's pause is 0)
    t = tournament(deals=1)
    people = registered(t, 1)  # bots fill the table
    services.start(tournament_id=t.pk)
    play_all(t)
    table = TournamentTable.objects.get(tournament=t).table
    table.refresh_from_db()
    assert table.current_hand is not None and table.current_hand.status == HandStatus.FINISHED
    for person in people:
        assert not seated(person)
        home = page(person, reverse("home"))
        assert "Back to my table" not in home and 'id="start-game"' in home
    # The last hand's result stays theirs to see, with the final standings.
    last = page(people[0], reverse("table", args=[table.pk]))
    assert 'id="results-headline"' in last or "Result of the hand" in last
    assert 'id="tournament-standings"' in last and 'id="leave-tournament"' not in last
    # … and nobody else's: the table stays private.
    stranger = User.objects.create_user("stranger", None, PASSWORD)
    client = Client()
    client.force_login(stranger)
    assert client.get(reverse("table", args=[table.pk])).status_code == 404
    Room.objects.get(pk=table.room_id)  # the room is untouched
    assert Table.objects.filter(pk=table.pk).exists()


def test_the_tournament_page_that_leads_to_his_table_offers_the_way_out(
    settings: LazySettings,
) -> None:
    settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = 0  # dealt at once
    t = tournament(deals=1)
    (person,) = registered(t, 1)
    services.start(tournament_id=t.pk)
    html = page(person, reverse("tournament", args=[t.pk]))
    assert 'id="tournament-my-table"' in html and 'id="leave-my-table-menu"' in html
    assert "a bot plays your seat in the deals still to come" in html
    post_leave(person)
    assert not seated(person)
    table = TournamentTable.objects.get(tournament=t).table
    assert HandEvent.objects.filter(hand__table=table, action="flee").exists()
