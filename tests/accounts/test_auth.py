"""Sign up, log in, log out, change and reset a password through the real allauth views."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import LedgerEntry, LedgerKind, User
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_signs_up_with_username_and_password_only() -> None:
    client = Client()
    response = client.post(
        reverse("account_signup"),
        {"username": "carol", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    carol = User.objects.get(username="carol")
    # Signed in straight away, with the starting beans granted through the ledger.
    assert client.get(reverse("home")).context["user"] == carol
    assert carol.beans == settings.STARTING_BEANS == 10_000
    grant = LedgerEntry.objects.get(user=carol)
    assert (grant.kind, grant.amount, grant.balance_after) == (
        LedgerKind.START_GRANT,
        10_000,
        10_000,
    )


def test_it_refuses_a_taken_username(alice: User) -> None:
    response = Client().post(
        reverse("account_signup"),
        {"username": "alice", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert User.objects.filter(username="alice").count() == 1


def test_it_logs_in_and_out(alice: User) -> None:
    client = Client()
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == alice
    client.post(reverse("account_logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_it_refuses_a_wrong_password(alice: User) -> None:
    client = Client()
    response = client.post(reverse("account_login"), {"login": "alice", "password": "nope"})
    assert response.status_code == 200
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_it_changes_the_password(alice: User, alice_client: Client) -> None:
    response = alice_client.post(
        reverse("account_change_password"),
        {
            "oldpassword": PASSWORD,
            "password1": "a new long passphrase",
            "password2": "a new long passphrase",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("a new long passphrase")


def test_it_resets_a_forgotten_password_by_email(alice: User) -> None:
    client = Client()
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/password/reset/key/\S+)", str(mail.outbox[0].body))
    assert link, mail.outbox[0].body
    follow = client.get(link.group(1), follow=True)
    form_url = follow.redirect_chain[-1][0] if follow.redirect_chain else link.group(1)
    response = client.post(
        form_url, {"password1": "brand new passphrase", "password2": "brand new passphrase"}
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("brand new passphrase")


def test_it_shows_login_and_signup_pages_in_the_site_layout() -> None:
    for name in ("account_login", "account_signup"):
        response = Client().get(reverse(name))
        assert response.status_code == 200
        html = response.content.decode()
        assert 'class="site-header"' in html
        assert "css/site.css" in html
