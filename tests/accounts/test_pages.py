"""Profile and leaderboard pages render the right numbers."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from accounts.views import BOARD_PAGE_SIZE
from game.engine.roles import Role
from game.models import Hand, Room
from tests.accounts.hands import find_outcome, play_people_hand, play_with_bots
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_it_shows_a_profile_with_titles_level_balance_hands_and_win_rates(room: Room) -> None:
    alice, *others = (User.objects.create_user(n) for n in ("alice", "b", "c", "d", "e"))
    outcomes = [
        find_outcome(lambda o: o.two_vs_three and o.winner == "royalists" and o.emperor_first),
        find_outcome(lambda o: o.two_vs_three and o.winner == "rebels"),
        find_outcome(lambda o: o.two_vs_three and o.winner == "draw"),
        find_outcome(lambda o: o.mode.is_solo and o.winner == "royalists"),
    ]
    hands = [play_people_hand(room=room, people=[alice, *others], seed=o.seed) for o in outcomes]
    guest_hand = play_with_bots(
        room=room, people=[alice, None, None, None, None], seed=2, guest=True
    )
    # Fix the numbers the page must show.
    User.objects.filter(pk=alice.pk).update(
        emperor_points=10_050,
        guard_points=450,
        rebel_points=0,
        lifetime_stake_units=Decimal("130.50"),
    )
    alice.refresh_from_db()

    response = client_for(others[0]).get(reverse("profile", args=["alice"]))
    assert response.status_code == 200
    html = response.content.decode()
    profile = response.context["profile"]
    # RULES §7.7: 130 whole stake units is 镖头; 恶霸镖头 at 160.
    assert (profile.level.name, profile.level.units, profile.level.next_name) == (
        "镖头",
        130,
        "恶霸镖头",
    )
    assert [(t.role, t.tier, t.points, t.next_tier, t.to_next) for t in profile.titles] == [
        (Role.EMPEROR, "秦始皇", 10_050, None, 0),
        (Role.GUARD, "禁军", 450, "校尉", 150),
        (Role.REBEL, "拦路小贼", 0, "山贼头目", 1800),
    ]
    assert '<progress value="150" max="300">' in html  # 禁军 300 → 校尉 600
    assert f'<span class="beans-amount">{alice.beans}</span>' in html
    assert "镖头" in html and "秦始皇" in html
    # Recent hands link to their replays; the guest hand is not part of any history.
    for hand in hands:
        assert reverse("replay", args=[hand.pk]) in html
    assert reverse("replay", args=[guest_hand.pk]) not in html
    assert [row.hand_id for row in response.context["hands"]] == [h.pk for h in reversed(hands)]
    # Win rates by role, from alice's seat (0) in each hand.
    expected = {role: [0, 0, 0] for role in Role}
    for o in outcomes:
        role = o.roles[0]
        side = "rebels" if role is Role.REBEL else "royalists"
        expected[role][0] += 1
        expected[role][1] += o.winner == side
        expected[role][2] += o.winner == "draw"
    rates = {r.role: [r.hands, r.wins, r.draws] for r in profile.rates}
    assert rates == expected
    assert sum(r.hands for r in profile.rates) == 4
    # Another player's daily tasks are not shown.
    assert response.context["tasks"] is None and 'id="daily-tasks"' not in html

    own = client_for(alice).get(reverse("profile", args=["alice"]))
    assert own.context["tasks"] is not None and 'id="daily-tasks"' in own.content.decode()
    assert Hand.objects.count() == 5


def test_it_shows_a_new_players_profile(alice_client: Client, alice: User) -> None:
    response = alice_client.get(reverse("profile", args=["alice"]))
    html = response.content.decode()
    assert response.status_code == 200
    assert response.context["profile"].level.name == "新手"
    assert "10000" in html and "普通皇帝" in html and "捕快" in html and "拦路小贼" in html
    assert [t.progress for t in response.context["tasks"].tasks] == [0, 0, 0]


def test_it_redirects_me_to_my_profile(alice_client: Client) -> None:
    response = alice_client.get(reverse("my_profile"))
    assert response.status_code == 302
    assert response["Location"] == reverse("profile", args=["alice"]) == "/players/alice/"


def test_profiles_are_for_signed_in_users(alice: User) -> None:
    for url in (reverse("profile", args=["alice"]), reverse("my_profile")):
        response = Client().get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_answers_404_for_nobody(alice_client: Client) -> None:
    assert alice_client.get(reverse("profile", args=["nobody"])).status_code == 404


def test_nobody_can_sign_up_as_me(db: None) -> None:
    response = Client().post(
        reverse("account_signup"),
        {"username": "Me", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert not User.objects.filter(username__iexact="me").exists()


@pytest.fixture
def thirty(db: None) -> list[User]:
    users = [User.objects.create_user(f"u{i:02}") for i in range(30)]
    for i, user in enumerate(users):
        User.objects.filter(pk=user.pk).update(
            emperor_points=100 * i,  # u29 leads
            guard_points=1000 - 10 * i,  # u00 leads
            rebel_points=200 * (i % 3),  # ties: who joined first wins
            beans=5_000 + 7 * i,
        )
    return users


def test_it_ranks_each_board_and_pages_it(thirty: list[User]) -> None:
    client = client_for(thirty[0])
    page1 = client.get(reverse("leaderboards"), {"board": "emperor"})
    rows = page1.context["rows"]
    assert len(rows) == BOARD_PAGE_SIZE == 25
    assert [(r.rank, r.player.username, r.value, r.title) for r in rows[:2]] == [
        (1, "u29", 2900, "普通皇帝"),
        (2, "u28", 2800, "普通皇帝"),
    ]
    page2 = client.get(reverse("leaderboards"), {"board": "emperor", "page": "2"})
    assert [(r.rank, r.player.username) for r in page2.context["rows"]] == [
        (26, "u04"),
        (27, "u03"),
        (28, "u02"),
        (29, "u01"),
        (30, "u00"),
    ]
    html = page2.content.decode()
    assert 'href="?board=emperor&amp;page=1"' in html
    assert reverse("profile", args=["u04"]) in html

    guard = client.get(reverse("leaderboards"), {"board": "guard"}).context["rows"]
    assert [(r.player.username, r.value, r.title) for r in guard[:2]] == [
        ("u00", 1000, "将军"),
        ("u01", 990, "将军"),
    ]
    rebel = client.get(reverse("leaderboards"), {"board": "rebel"}).context["rows"]
    assert [(r.player.username, r.value) for r in rebel[:3]] == [
        ("u02", 400),
        ("u05", 400),
        ("u08", 400),
    ]
    beans = client.get(reverse("leaderboards"), {"board": "beans"})
    assert [(r.player.username, r.value, r.title) for r in beans.context["rows"][:1]] == [
        ("u29", 5_203, "")
    ]
    assert beans.context["board"] == "beans"


def test_leaderboards_fall_back_to_the_emperor_board_and_are_public(thirty: list[User]) -> None:
    response = Client().get(reverse("leaderboards"), {"board": "nonsense", "page": "x"})
    assert response.status_code == 200
    assert response.context["board"] == "emperor"
    assert response.context["rows"][0].player.username == "u29"
    # Visitors see names, but profiles are for signed-in users: no links.
    assert reverse("profile", args=["u29"]) not in response.content.decode()


@pytest.mark.parametrize(
    ("units", "name", "whole", "next_name"),
    [
        ("-42.50", "新手", 0, "家丁"),  # RULES §7.7: never below 0
        ("9.99", "新手", 9, "家丁"),
        ("10", "家丁", 10, "仗势家丁"),
        ("99999.99", "革命党", 99_999, "起义军"),
        ("100000", "起义军", 100_000, None),
    ],
)
def test_the_level_follows_rules_7_7(
    units: str, name: str, whole: int, next_name: str | None
) -> None:
    from accounts.selectors import level_of

    level = level_of(Decimal(units))
    assert (level.name, level.units, level.next_name) == (name, whole, next_name)
