"""The challenge's pages: the home page's state and time left, refusals said on the page,
the week's and all time's boards, recurring tournaments made by the keeper, and a challenge
hand named as one, not as a tournament's, wherever a page labels it."""

from __future__ import annotations

from datetime import time, timedelta

import pytest
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from challenge import services
from challenge.models import DealPlay, Entrant, Occurrence, Repeat, TournamentSchedule
from game.selectors import player_hand_rows, player_hands
from tests.challenge.helpers import challenge, noon, person, play_out
from tests.tournaments.helpers import tournament
from tournaments import services as tournament_services
from tournaments.models import PrizeShare, Status, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cheap_bots(settings: LazySettings) -> None:
    settings.BAOHUANG_DAILY_BOT_LEVEL = "normal"


def _client(user: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def _home_state(client: Client, challenge_id: int) -> str:
    page = client.get(reverse("home")).content.decode()
    line = page.split(f'id="daily-{challenge_id}"')[1]
    return line.split('data-state="')[1].split('"')[0]


def test_the_home_page_shows_todays_challenge_its_state_and_the_time_left():
    c = challenge(deals=2)
    alice = person("alice")
    client = _client(alice)
    page = client.get(reverse("home")).content.decode()
    assert 'id="daily-time-left" data-until="' in page
    assert _home_state(client, c.pk) == "not-started"
    client.post(reverse("daily_enter", args=[c.pk]))
    client.post(reverse("daily_play", args=[c.pk, 1]))
    play_out(DealPlay.objects.get(entrant__user=alice, deal=0))
    assert _home_state(client, c.pk) == "playing"
    assert "1 of 2 deals played" in client.get(reverse("home")).content.decode()
    client.post(reverse("daily_play", args=[c.pk, 2]))
    play_out(DealPlay.objects.get(entrant__user=alice, deal=1))
    assert _home_state(client, c.pk) == "finished"


def test_a_refusal_is_said_on_the_challenge_page_and_changes_nothing():
    c = challenge(deals=2)
    alice = person("alice")
    client = _client(alice)
    client.post(reverse("daily_enter", args=[c.pk]))
    page = client.post(reverse("daily_enter", args=[c.pk]), follow=True).content.decode()
    assert "You have already entered today&#x27;s challenge." in page
    page = client.post(reverse("daily_play", args=[c.pk, 2]), follow=True).content.decode()
    assert "The deals are played in order: play deal 1 first." in page
    assert Entrant.objects.filter(user=alice).count() == 1
    assert not DealPlay.objects.exists()


def test_the_week_and_all_time_boards_count_the_days_that_are_over():
    c = challenge(deals=1)
    alice = person("alice")
    services.enter(challenge_id=c.pk, user=alice)
    services.play(challenge_id=c.pk, user=alice, deal=0)
    play_out(DealPlay.objects.get(entrant__user=alice))
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    board = client.get(reverse("daily_board", args=["all"])).content.decode()
    assert ">alice<" not in board  # today is not over: its results are still sealed
    services.advance(noon(1))  # the day closes
    for period in ("week", "all"):  # today is in this week
        board = client.get(reverse("daily_board", args=[period])).content.decode()
        assert ">alice<" in board


CHALLENGE_TAG = '<span class="tag tag-tournament">Daily challenge (每日比赛)</span>'


def test_a_challenge_hand_is_labelled_the_daily_challenge_and_never_a_tournament(
    django_assert_max_num_queries,
):
    # Challenge hands are stored as ``Hand.is_tournament`` (no beans move): the pages say
    # what they are, not a tournament the player never entered.
    c = challenge(deals=2)
    alice = person("alice")
    client = _client(alice)
    services.enter(challenge_id=c.pk, user=alice)
    table = services.play(challenge_id=c.pk, user=alice, deal=0)
    at_table = client.get(reverse("table", args=[table.pk])).content.decode()
    challenge_url = reverse("daily_challenge", args=[c.pk])
    assert f'href="{challenge_url}" id="table-tournament" title="Daily challenge (每日比赛) · ' in (
        at_table
    )
    assert "Tournament (比赛)" not in at_table
    first = play_out(DealPlay.objects.get(entrant__user=alice, deal=0))
    # The table's settlement says what moved no beans, and why.
    settled = client.get(reverse("table", args=[table.pk])).content.decode()
    assert "Daily challenge hand (每日比赛局)" in settled
    assert "no beans move, the result is compared with everyone who played these cards" in (settled)
    assert "比赛局)" not in settled.replace("每日比赛局)", "")
    # Her replay, open to her once she has played the deal.
    replay = client.get(reverse("replay", args=[first.pk])).content.decode()
    assert CHALLENGE_TAG in replay and 'id="replay-tournament"' in replay
    assert "A daily challenge hand moves no beans" in replay
    assert "Tournament (比赛)" not in replay and "A tournament hand" not in replay
    services.play(challenge_id=c.pk, user=alice, deal=1)
    second = play_out(DealPlay.objects.get(entrant__user=alice, deal=1))
    services.advance(noon(1))  # the day closes: its hands join her history
    mine = client.get(reverse("my_hands")).content.decode()
    for hand in (first, second):
        row = mine.split(f'data-hand="{hand.pk}"')[1].split("</tr>")[0]
        assert CHALLENGE_TAG in row and "Tournament" not in row
    profile = client.get(f"/players/{alice.username}/").content.decode()
    recent = profile.split('id="recent-hands"')[1].split("</table>")[0]
    assert recent.count("Daily challenge (每日比赛)") == 2 and "Tournament" not in recent
    # The labels of a page of rows: one look-up per app that deals such hands, not per row.
    results = list(player_hands(alice))
    with django_assert_max_num_queries(2):
        rows = player_hand_rows(results)
    assert [r.host_label for r in rows] == ["Daily challenge (每日比赛)"] * 2


def test_the_keeper_makes_each_occurrence_of_a_recurring_tournament_once():
    template = tournament(deals=3, fee=20, prizes=(70, 30))
    # The home page reads the real clock: the start is set hours after it, whenever this runs.
    now = timezone.now()
    at = (
        (now.astimezone(services.site_zone()) + timedelta(hours=6))
        .time()
        .replace(minute=0, second=0, microsecond=0)
    )
    TournamentSchedule.objects.create(
        name="每日夜赛", template=template, repeat=Repeat.DAILY, time=at, open_hours=24
    )
    services.advance(now)
    services.advance(now + timedelta(seconds=10))
    occurrence = Occurrence.objects.get()
    made = occurrence.tournament
    assert made.name == "每日夜赛" and made.status == Status.OPEN
    assert (made.deals, made.entry_fee) == (3, 20)
    assert list(PrizeShare.objects.filter(tournament=made).values_list("percent", flat=True)) == [
        70,
        30,
    ]
    assert made.starts_at == services.next_start(TournamentSchedule.objects.get(), now)
    assert made.starts_at.astimezone(services.site_zone()).time() == at
    # The home page counts down to it.
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("home")).content.decode()
    assert 'id="next-tournament"' in page and "每日夜赛" in page
    # A registered player's page carries the alert for its start; another's does not.
    fan, other = person("fan"), person("other")
    tournament_services.register(tournament_id=made.pk, user=fan)
    assert "data-alert=" in _client(fan).get(reverse("home")).content.decode()
    assert "data-alert=" not in _client(other).get(reverse("home")).content.decode()
    # Weekly: the next one falls on its weekday.
    weekly = TournamentSchedule(
        name="周赛", template=template, repeat=Repeat.WEEKLY, time=time(9, 0), weekday=5
    )
    assert services.next_start(weekly, now).astimezone(services.site_zone()).weekday() == 5
    assert Tournament.objects.count() == 2  # the template and one occurrence
