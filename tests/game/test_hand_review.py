"""高手's review on the replay of a finished hand: a switch asks for it, a worker
computes it (never the web process), it is stored, and each decision shows what 高手 would
have done, marked where the player differed, with the estimated difference."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse

from accounts.models import User
from game import bot_pool, engine, hand_review
from game.models import AdviceStatus, Hand, HandAdvice, Room
from game.selectors import hand_replay, state_of
from lobby.services import ensure_default_rooms
from tests.game.hand_helpers import played_hand, running_hand, standard_room


@pytest.fixture
def pool(settings: LazySettings) -> Iterator[None]:
    settings.BAOHUANG_REVIEW_BUDGET = (200, 2, 2)  # a small search: the same code path
    yield
    bot_pool.shutdown()


def _finish_review(hand: Hand) -> HandAdvice:
    hand_review.advance_reviews()  # hands the review to a worker
    key = ("advice", hand.pk)
    assert bot_pool.running_job(key)
    bot_pool._jobs[key].result(timeout=300)  # wait on the job itself, not a sleep
    assert hand_review.advance_reviews() == 1  # stores it
    return HandAdvice.objects.get(hand=hand)


@pytest.mark.slow
def test_the_switch_shows_what_the_expert_would_have_done(
    db: None, alice: User, alice_client: Client, pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search_here(*args: object, **kwargs: object) -> object:
        raise AssertionError("the review searched in the web process")

    monkeypatch.setattr("game.engine.expert.evaluate", no_search_here)
    hand = played_hand(standard_room(), alice, seed=13)
    page = alice_client.get(reverse("replay", args=[hand.pk])).content.decode()
    assert 'id="advice-on"' in page
    response = alice_client.post(reverse("hand_advice", args=[hand.pk]), {"step": "5"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"/hands/{hand.pk}/?step=5&advice=1")
    pending = alice_client.get(response["Location"]).content.decode()
    assert "高手正在复盘这手牌" in pending  # computing: the step polls until it is stored
    advice = _finish_review(hand)
    assert advice.status == AdviceStatus.DONE
    entries = advice.entries
    assert {e["seat"] for e in entries} == {0, 1, 2, 3, 4}
    differing = [e for e in entries if e["differs"] and e["delta"] is not None]
    agreeing = [e for e in entries if not e["differs"]]
    assert differing and agreeing
    step = differing[0]["step"]
    fragment = alice_client.get(
        reverse("replay_step", args=[hand.pk, step]) + "?advice=1"
    ).content.decode()
    assert "step-advice differs" in fragment
    assert f"{differing[0]['delta']:+.2f}" in fragment
    same = alice_client.get(
        reverse("replay_step", args=[hand.pk, agreeing[0]["step"]]) + "?advice=1"
    ).content.decode()
    assert "step-advice agrees" in same
    # Without the switch the replay shows no advice; asking again computes nothing new.
    plain = alice_client.get(reverse("replay_step", args=[hand.pk, step])).content.decode()
    assert "step-advice" not in plain
    alice_client.post(reverse("hand_advice", args=[hand.pk]))
    assert HandAdvice.objects.get(hand=hand).status == AdviceStatus.DONE
    assert not bot_pool.running_job(("advice", hand.pk))


def test_no_review_of_a_running_hand(db: None, alice: User, staff: User) -> None:
    hand = running_hand(standard_room(), alice)
    boss = Client()
    boss.force_login(staff)
    response = boss.post(reverse("hand_advice", args=[hand.pk]))
    assert response.status_code == 409
    assert not HandAdvice.objects.filter(hand=hand).exists()
    with pytest.raises(hand_review.AdviceRefused):
        hand_review.request_advice(hand)


def test_asking_needs_a_signed_in_user(db: None, alice: User) -> None:
    hand = played_hand(standard_room(), alice, seed=14)
    response = Client().post(reverse("hand_advice", args=[hand.pk]))
    assert response.status_code == 302 and "login" in response["Location"]
    assert not HandAdvice.objects.filter(hand=hand).exists()


@pytest.mark.slow
def test_a_duole_hand_after_tribute_is_reviewed_for_every_seat(
    db: None, alice: User, pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # RULES §10.4: a Duole hand after a decided one is dealt with the tribute paid. The
    # review folds the hand as the replay does (its previous result included), so every
    # seat's decisions get 高手's opinion at the replay's own steps (RULES §10.2 deck too).
    ensure_default_rooms()
    room = Room.objects.get(slug="duole")
    first = played_hand(room, seed=3)
    previous = engine.previous_result(state_of(first))
    assert previous is not None and previous.winner != "draw"
    monkeypatch.setattr("game.hands._previous_result", lambda table, seats: previous)
    hand = played_hand(room, alice, seed=9)
    assert hand.previous  # dealt after tribute
    hand_review.request_advice(hand)
    advice = _finish_review(hand)
    assert advice.status == AdviceStatus.DONE
    assert {e["seat"] for e in advice.entries} == {0, 1, 2, 3, 4}
    steps = hand_replay(hand).steps
    assert all(steps[e["step"]].seat == e["seat"] for e in advice.entries)
