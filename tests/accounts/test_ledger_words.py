"""Ledger reasons are words, not stored keys: in the admin's ledger and the player's own
bean history on the profile."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.ledger_words import reason_words
from accounts.models import LedgerKind, User
from accounts.services import LedgerLine, record_entries

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "stored", "hand_id", "words"),
    [
        (LedgerKind.TASK, "rebel_win", 7, "Daily task done: Win a hand as a rebel"),
        (LedgerKind.TASK, "play3", 7, "Daily task done: Play 3 hands"),
        (LedgerKind.REWARD, "禁军", 7, "First reached the title 禁军"),
        (LedgerKind.TOURNAMENT, "tournament 4: entry fee", None, "Tournament 4: entry fee"),
        (
            LedgerKind.TOURNAMENT,
            "tournament 4: prize for place 2",
            None,
            "Tournament 4: prize for place 2",
        ),
        (
            LedgerKind.TOURNAMENT,
            "tournament 4: entry fee refunded (cancelled)",
            None,
            "Tournament 4: entry fee refunded (the tournament was cancelled)",
        ),
        (LedgerKind.START_GRANT, "", None, "Starting beans of a new account"),
        (LedgerKind.HAND_RESULT, "", 12, "Hand 12"),
        (LedgerKind.ADMIN, "refund dispute #12", None, "refund dispute #12"),
        ("unknown-kind", "as stored", None, "as stored"),
    ],
)
def test_each_stored_reason_reads_as_words(
    kind: str, stored: str, hand_id: int | None, words: str
) -> None:
    with translation.override("en"):
        assert reason_words(kind, stored, hand_id) == words


def _task_reward(user: User) -> int:
    (row,) = record_entries(user=user, entries=[LedgerLine(LedgerKind.TASK, 300, "rebel_win")])
    return row.pk


def test_the_admin_ledger_shows_words(staff: User, alice: User) -> None:
    row = _task_reward(alice)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff)
    for url in (
        reverse("admin:accounts_ledgerentry_changelist"),
        reverse("admin:accounts_ledgerentry_change", args=[row]),
        reverse("admin:accounts_user_change", args=[alice.pk]),
    ):
        html = client.get(url).content.decode()
        assert "Daily task done: Win a hand as a rebel" in html, url
        assert "rebel_win" not in html, url


def test_the_profile_shows_its_owner_where_beans_came_from(alice: User, bob: User) -> None:
    _task_reward(alice)
    own = Client(HTTP_ACCEPT_LANGUAGE="en")
    own.force_login(alice)
    html = own.get(reverse("profile", args=["alice"])).content.decode()
    history = html.split('id="bean-history"', 1)[1].split("</section>", 1)[0]
    assert "Daily task done: Win a hand as a rebel" in history
    assert "Starting beans of a new account" in history
    assert "rebel_win" not in history
    # Somebody else's history is theirs: another player's view of the profile has none.
    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    other.force_login(bob)
    html = other.get(reverse("profile", args=["alice"])).content.decode()
    assert 'id="bean-history"' not in html
