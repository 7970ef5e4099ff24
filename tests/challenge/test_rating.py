"""The duplicate rating: every challenge and tournament deal moves it; shown with its
uncertainty on the profile; the board by rating admits players from a minimum of deals."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse

from challenge import rating, services
from challenge.models import Rating
from tests.challenge.helpers import person
from tests.tournaments.helpers import play_all, registered, tournament
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


def test_a_deal_moves_the_better_result_up_the_worse_down_and_both_grow_surer():
    start = rating.Estimate()
    after = rating.deal_update({"a": start, "b": start}, {"a": Fraction(2), "b": Fraction(-1)})
    assert after["a"].value > start.value > after["b"].value
    assert after["a"].deviation < start.deviation and after["b"].deviation < start.deviation
    # A tie between equals moves nobody's value; a deal played alone changes nothing.
    tied = rating.deal_update({"a": start, "b": start}, {"a": Fraction(1), "b": Fraction(1)})
    assert tied["a"].value == start.value
    assert rating.deal_update({"a": start}, {"a": Fraction(3)}) == {"a": start}


def test_a_deal_counts_as_one_game_whatever_the_size_of_its_field():
    start = rating.Estimate()
    two = rating.deal_update({"a": start, "b": start}, {"a": Fraction(1), "b": Fraction(0)})
    ratings = {f"p{i}": start for i in range(10)}
    payouts = {name: Fraction(0) for name in ratings}
    payouts["p0"] = Fraction(1)
    ten = rating.deal_update(ratings, payouts)
    assert ten["p0"].value == pytest.approx(two["a"].value)


def test_a_finished_tournament_moves_its_peoples_ratings_once(settings: LazySettings):
    settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = 0  # dealt at once (the helper's pause is 0)
    t = tournament(deals=1, fee=0, prizes=())
    people = registered(t, 5)
    tournament_services.start(tournament_id=t.pk)
    play_all(t)
    assert services.rate_tournament(tournament_id=t.pk)
    assert not services.rate_tournament(tournament_id=t.pk)
    # One table: each deal is played twice with the seats rotated, so each person is compared
    # with the one who held his cards the other time.
    rows = Rating.objects.filter(user__in=people)
    assert rows.count() == 5 and all(r.deals >= 1 for r in rows)


def test_the_profile_shows_the_rating_with_its_uncertainty_and_the_board_a_minimum(
    settings: LazySettings,
):
    settings.BAOHUANG_RATING_MIN_DEALS = 2
    alice, bob = person("alice"), person("bob")
    Rating.objects.create(user=alice, value=1612.4, deviation=80, deals=2)
    Rating.objects.create(user=bob, value=1700, deviation=200, deals=1)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(bob)
    page = client.get(reverse("profile", args=["alice"]), follow=True).content.decode()
    assert "1612" in page and "± 160" in page
    board = client.get(reverse("ratings")).content.decode().split('id="rating-board"')[1]
    assert ">alice<" in board and ">bob<" not in board
