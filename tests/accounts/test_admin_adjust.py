"""The admin's 调整星豆 form: a balance never goes below 0 (the guard that every hand's
reservation relies on), a refusal says why and writes nothing, a change says the new
balance."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.services import AdjustmentRefused, adjust_beans, audit_beans

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(staff: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff)
    return client


def test_taking_more_than_the_balance_is_refused_with_the_reason_and_changes_nothing(
    staff_client: Client, alice: User
) -> None:
    url = reverse("admin:accounts_user_adjust_beans", args=[alice.pk])
    rows = LedgerEntry.objects.count()
    refused = staff_client.post(url, {"amount": -20_000, "reason": "chargeback"})
    assert refused.status_code == 200
    html = refused.content.decode()
    assert "cannot go below 0" in html
    assert "take at most 10000" in html
    alice.refresh_from_db()
    assert alice.beans == 10_000
    assert LedgerEntry.objects.count() == rows
    assert audit_beans() == []


def test_a_change_says_the_new_balance(staff_client: Client, alice: User) -> None:
    url = reverse("admin:accounts_user_adjust_beans", args=[alice.pk])
    done = staff_client.post(url, {"amount": -10_000, "reason": "chargeback"})
    assert done.status_code == 302
    said = [str(m) for m in get_messages(done.wsgi_request)]
    assert said == ["Balance adjusted by -10000: the new balance is 0 beans."]
    alice.refresh_from_db()
    assert alice.beans == 0  # down to exactly 0 is allowed
    row = LedgerEntry.objects.filter(user=alice).first()
    assert row is not None and (row.kind, row.balance_after) == (LedgerKind.ADMIN, 0)


def test_the_floor_is_checked_against_the_stored_balance_not_the_callers_copy(
    alice: User, staff: User
) -> None:
    # A hand settled after the admin opened the form: the copy in hand says 1 000 000, the
    # row says 10 000. The service reads the row under its lock.
    stale = User.objects.get(pk=alice.pk)
    stale.beans = 1_000_000
    with pytest.raises(AdjustmentRefused):
        adjust_beans(user=stale, amount=-20_000, reason="chargeback", by=staff)
    alice.refresh_from_db()
    assert alice.beans == 10_000
    assert not LedgerEntry.objects.filter(user=alice, kind=LedgerKind.ADMIN).exists()
