"""The daily challenge through its services: a day's deals, entering, playing in order,
scoring against the field, the refusals, the day's end."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import LedgerEntry
from challenge import seating, selectors, services
from challenge.models import Challenge, DailyRoom, DealPlay, Entrant
from game import bot_pool, engine
from game.engine.cards import EMPEROR_CARD, GUARD_CARD
from game.keeper import tick_sync
from game.models import Sighting, TableSeat
from game.selectors import sealed_hands
from lobby import tables
from tests.challenge.helpers import challenge, noon, person, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cheap_bots(settings: LazySettings) -> None:
    """The entrants' opponents are 普通 bots here, decided in the test's process (the 高手
    has its own test: test_determinism.py)."""
    settings.BAOHUANG_DAILY_BOT_LEVEL = "normal"


def test_each_marked_room_gets_todays_deals_with_the_seats_rotating_through_the_roles():
    c = challenge(deals=8)
    assert len(c.seeds) == 8 and len(set(c.seeds)) == 8
    rules = engine.Rules()
    kinds = []
    for k, (seed, seat) in enumerate(zip(c.seeds, c.seats, strict=True)):
        hand = engine.new_hand(seed, rules).hands[seat]
        kind = "emperor" if EMPEROR_CARD in hand else "guard" if GUARD_CARD in hand else "rebel"
        assert kind == seating.kind_of("baohuang", k)
        kinds.append(kind)
    assert kinds.count("emperor") == 2 and kinds.count("guard") == 2 and kinds.count("rebel") == 4
    # The keeper's next look opens nothing more.
    services.advance(noon())
    assert Challenge.objects.filter(day=c.day).count() == 1


def test_the_default_rooms_are_the_standard_and_the_red_ten_points_rooms():
    challenge(deals=1)  # creates the rooms
    DailyRoom.objects.all().delete()
    services.advance(noon())
    rooms = set(
        Challenge.objects.filter(day=services.day_of(noon())).values_list("room__slug", flat=True)
    )
    assert rooms == {"standard", "redten"}


def test_enter_play_in_order_and_score_against_the_field():
    c = challenge(deals=2)
    alice, bob = person("alice"), person("bob")
    for user in (alice, bob):
        services.enter(challenge_id=c.pk, user=user)
    table = services.play(challenge_id=c.pk, user=alice, deal=0)
    seats = {s.index: s for s in TableSeat.objects.filter(table=table)}
    assert seats[c.seats[0]].user_id == alice.pk
    assert all(seats[s].is_bot and seats[s].bot_level == "normal" for s in seats if s != c.seats[0])
    play_a = DealPlay.objects.get(entrant__user=alice, deal=0)
    play_out(play_a)
    play_a.refresh_from_db()
    assert play_a.finished and play_a.payout is not None
    # Alone on the deal so far: half the matchpoints.
    assert selectors.day_totals(c)[0].total == Fraction(1, 2)
    services.play(challenge_id=c.pk, user=bob, deal=0)
    # Bob passes in every decision he can (auto-play's choice in play): another result.
    play_b = DealPlay.objects.get(entrant__user=bob, deal=0)
    play_out(play_b, choose=lambda state, seat: engine.autoplay_action(state, seat))
    play_b.refresh_from_db()
    scores = selectors.deal_scores(c, 1)[0]
    a, b = Entrant.objects.get(user=alice).pk, Entrant.objects.get(user=bob).pk
    assert play_a.payout is not None and play_b.payout is not None
    if play_a.payout == play_b.payout:
        assert scores[a] == scores[b] == Fraction(1, 2)
    else:
        better, worse = (a, b) if play_a.payout > play_b.payout else (b, a)
        assert scores[better] == 1 and scores[worse] == 0
    # Both hands moved no beans: the challenge's stakes are its fee and prizes (RULES §12.6).
    assert not LedgerEntry.objects.filter(kind="hand_result").exists()


def test_the_refusals_say_why_and_change_nothing(settings: LazySettings):
    c = challenge(deals=2, fee=50)
    alice = person("alice")
    with pytest.raises(services.ChallengeRefused, match="not entered"):
        services.play(challenge_id=c.pk, user=alice, deal=0)
    services.enter(challenge_id=c.pk, user=alice)
    with pytest.raises(services.ChallengeRefused, match="already entered"):
        services.enter(challenge_id=c.pk, user=alice)
    with pytest.raises(services.ChallengeRefused, match="play deal 1 first"):
        services.play(challenge_id=c.pk, user=alice, deal=1)
    with pytest.raises(services.ChallengeRefused, match="no deal 3"):
        services.play(challenge_id=c.pk, user=alice, deal=2)
    table = services.play(challenge_id=c.pk, user=alice, deal=0)
    # Asking again for the deal he is in leads back to its table; the next one is refused.
    assert services.play(challenge_id=c.pk, user=alice, deal=0).pk == table.pk
    with pytest.raises(services.ChallengeRefused, match="Finish deal 1 first"):
        services.play(challenge_id=c.pk, user=alice, deal=1)
    assert DealPlay.objects.filter(entrant__user=alice).count() == 1
    assert Entrant.objects.filter(user=alice).count() == 1
    assert LedgerEntry.objects.filter(user=alice, kind="tournament").count() == 1

    poor = person("poor")
    poor.beans = 49
    poor.save(update_fields=["beans"])
    with pytest.raises(
        services.ChallengeRefused, match="The entry fee is 50 beans; you have 49 free"
    ):
        services.enter(challenge_id=c.pk, user=poor)
    assert not Entrant.objects.filter(user=poor).exists()

    # Yesterday's challenge can be neither entered nor played.
    yesterday = Challenge.objects.create(
        room=c.room, day=c.day - timedelta(days=1), deals=1, seeds=c.seeds[:1], seats=c.seats[:1]
    )
    with pytest.raises(services.ChallengeRefused, match="is over"):
        services.enter(challenge_id=yesterday.pk, user=poor)
    assert not Entrant.objects.filter(user=poor).exists()


def test_a_second_account_seen_in_the_entrants_browser_is_refused():
    c = challenge(deals=1)
    alice, alt = person("alice"), person("alt")
    Sighting.objects.create(user=alice, browser="b1", address="a1", last_seen=noon())
    Sighting.objects.create(user=alt, browser="b1", address="a2", last_seen=noon())
    services.enter(challenge_id=c.pk, user=alice)
    with pytest.raises(services.ChallengeRefused, match="Another account used in this browser"):
        services.enter(challenge_id=c.pk, user=alt)
    assert not Entrant.objects.filter(user=alt).exists()


def test_the_day_ends_the_deal_in_progress_is_finished_and_unplayed_deals_score_nothing():
    c = challenge(deals=2, fee=100, prizes="100")
    alice, bob = person("alice"), person("bob")
    for user in (alice, bob):
        services.enter(challenge_id=c.pk, user=user)
    services.play(challenge_id=c.pk, user=alice, deal=0)
    play_out(DealPlay.objects.get(entrant__user=alice, deal=0))
    services.play(challenge_id=c.pk, user=alice, deal=1)
    services.play(challenge_id=c.pk, user=bob, deal=0)
    tomorrow = noon(1)
    # Midnight passes: the deals in progress are still his to finish; the day is not closed.
    services.advance(tomorrow)
    c.refresh_from_db()
    assert not c.closed
    with pytest.raises(services.ChallengeRefused, match="is over"):
        services.play(challenge_id=c.pk, user=bob, deal=1, now=tomorrow)
    for play in DealPlay.objects.filter(finished=False):
        play_out(play)
    services.advance(tomorrow + timedelta(seconds=1))
    c.refresh_from_db()
    assert c.closed and c.rated
    rows = selectors.day_totals(c)
    assert sorted(r.played for r in rows) == [1, 2]  # Bob's second deal was never dealt
    winner = Entrant.objects.get(place=1)
    assert winner.prize == 200
    # Its hands are open to everyone now that nobody can play them any more.
    hand_ids = set(DealPlay.objects.values_list("hand_id", flat=True))
    assert not hand_ids & sealed_hands()


def test_the_expert_decision_once_searched_is_reused_for_the_same_deal_and_view():
    state = engine.new_hand(3, engine.Rules())
    view = engine.view_for(state, state.throne_holder)
    action = engine.autoplay_action(state, state.throne_holder)
    assert bot_pool.recall("expert", 7, view) is None
    bot_pool.remember("expert", 7, view, action)
    assert bot_pool.recall("expert", 7, view) == action
    assert bot_pool.recall("expert", 8, view) is None  # another deal's bot


def test_a_red_ten_deal_is_scored_in_matchpoints_and_moves_no_points():
    c = challenge("redten", deals=2)
    alice = person("alice")
    services.enter(challenge_id=c.pk, user=alice)
    table = services.play(challenge_id=c.pk, user=alice, deal=0)
    play = DealPlay.objects.get(entrant__user=alice)
    play_out(play)
    play.refresh_from_db()
    assert play.finished and play.payout is not None
    alice.refresh_from_db()
    assert alice.redten_points == 0 and alice.beans == 10_000  # RULES §12.6
    assert selectors.day_totals(c)[0].total == Fraction(1, 2)
    # The table's page leads to the deal's field and the next deal, not to a next hand.
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(alice)
    page = client.get(reverse("table", args=[table.pk])).content.decode()
    assert 'id="daily-field-link"' in page and 'id="redten-next-button"' not in page


def test_a_deal_he_leaves_is_finished_by_auto_play_and_scored():
    c = challenge(deals=2)
    alice = person("alice")
    services.enter(challenge_id=c.pk, user=alice)
    table = services.play(challenge_id=c.pk, user=alice, deal=0)
    tables.leave(table=table, user=alice)  # mid-deal: he has fled (RULES §6.3)
    play = DealPlay.objects.get(entrant__user=alice)
    clock = timezone.now()
    for _ in range(3000):
        play.refresh_from_db()
        if play.finished:
            break
        clock += timedelta(seconds=1)
        tick_sync(clock, reviews=False)
    assert play.finished and play.payout is not None
    assert selectors.day_totals(c)[0].played == 1
    # He comes back for the next deal the same day.
    services.play(challenge_id=c.pk, user=alice, deal=1)
    assert DealPlay.objects.filter(entrant__user=alice).count() == 2
