"""Staff run the site from Django admin: rooms and players."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import LedgerEntry, LedgerKind, User
from game.models import Room
from lobby.services import ensure_default_rooms

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(staff: User) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def test_it_lets_staff_edit_a_rooms_base_stake(staff_client: Client) -> None:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    url = reverse("admin:game_room_change", args=[room.pk])
    form = staff_client.get(url).context["adminform"].form
    data = {name: form.initial.get(name, field.initial) for name, field in form.fields.items()}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data["base_stake"] = 50
    data["pass_lock"] = "on" if room.pass_lock else ""
    data["is_open"] = "on"
    response = staff_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    room.refresh_from_db()
    assert room.base_stake == 50
    # RULES §9.1: the default minimum balance follows the stake: 35·S plus the fee.
    assert room.effective_min_balance == 35 * 50 + room.table_fee


def test_it_keeps_non_staff_out_of_admin(alice_client: Client) -> None:
    response = alice_client.get(reverse("admin:game_room_changelist"))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]


def test_it_lists_players_with_balances_and_title_points(staff_client: Client, alice: User) -> None:
    html = staff_client.get(reverse("admin:accounts_user_changelist")).content.decode()
    assert "alice" in html
    assert "10000" in html.replace(",", "")


def test_it_adjusts_a_balance_only_with_a_reason_and_a_ledger_row(
    staff_client: Client, alice: User, staff: User
) -> None:
    url = reverse("admin:accounts_user_adjust_beans", args=[alice.pk])
    refused = staff_client.post(url, {"amount": 500, "reason": ""})
    assert refused.status_code == 200
    alice.refresh_from_db()
    assert alice.beans == 10_000

    done = staff_client.post(url, {"amount": -300, "reason": "refund dispute #12"})
    assert done.status_code == 302
    alice.refresh_from_db()
    assert alice.beans == 9_700
    row = LedgerEntry.objects.filter(user=alice).first()
    assert row is not None
    assert (row.kind, row.amount, row.balance_after, row.created_by) == (
        LedgerKind.ADMIN,
        -300,
        9_700,
        staff,
    )


def test_it_grants_starting_beans_to_a_user_added_in_admin(staff_client: Client) -> None:
    response = staff_client.post(
        reverse("admin:accounts_user_add"),
        {
            "username": "dave",
            "password1": "x-very-long-pass",
            "password2": "x-very-long-pass",
            "usable_password": "true",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(username="dave").beans == 10_000


def test_it_makes_the_ledger_read_only_in_admin(staff_client: Client, alice: User) -> None:
    entry = LedgerEntry.objects.get(user=alice)
    assert staff_client.get(reverse("admin:accounts_ledgerentry_add")).status_code == 403
    assert (
        staff_client.post(
            reverse("admin:accounts_ledgerentry_delete", args=[entry.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
