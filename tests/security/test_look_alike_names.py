"""Look-alike names (docs/SECURITY.md): a name is compared with every account's name after
NFKC and the Unicode TS #39 confusables skeleton, so nobody signs up, or is renamed, into a
name that looks like another player's."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from accounts.usernames import username_key
from tests.conftest import PASSWORD, person

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

REFUSED = "This name looks like another player&#x27;s; choose another."


def _sign_up(name: str) -> str:
    response = Client(headers={"accept-language": "en"}).post(
        reverse("account_signup"), {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    )
    return response.content.decode() if response.status_code == 200 else ""


@pytest.mark.parametrize(
    ("taken", "look_alike"),
    [
        ("boss", "b\u043ess"),  # Cyrillic о
        ("boss", "\uff42\uff4f\uff53\uff53"),  # fullwidth ｂｏｓｓ
        ("tvo0", "tv\u03bf0"),  # Greek ο
        ("tv0", "tvo"),  # a zero for an o
        ("player1", "playerl"),  # a one for an l
        ("boss", "b\u043e\u0455s"),  # Cyrillic о and ѕ
    ],
)
def test_sign_up_refuses_a_name_that_looks_like_a_players(taken: str, look_alike: str) -> None:
    person(taken)
    page = _sign_up(look_alike)
    assert REFUSED in page
    assert not User.objects.filter(username=look_alike).exists()


def test_different_names_are_still_free() -> None:
    person("boss")
    for name in ("bass", "boss2", "李雷"):
        assert _sign_up(name) == ""
        assert User.objects.filter(username=name).exists()


def test_an_admin_cannot_rename_a_player_into_anothers_look_alike() -> None:
    boss, other = person("boss"), person("other")
    admin = User.objects.create_superuser("root", None, PASSWORD)
    client = Client(headers={"accept-language": "en"})
    client.force_login(admin)
    url = reverse("admin:accounts_user_change", args=[other.pk])
    form = {
        "username": "b\u043ess",
        "password": other.password,
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
        "emperor_points": 0,
        "guard_points": 0,
        "rebel_points": 0,
        "ledger-TOTAL_FORMS": 0,
        "ledger-INITIAL_FORMS": 0,
    }
    page = client.post(url, form).content.decode()
    assert REFUSED in page
    other.refresh_from_db()
    assert other.username == "other"
    # Renaming a player within his own name's look-alikes is his own business.
    assert username_key("BOSS") == boss.username_key
