"""The beans ledger: after many real hands — fees, a fled penalty, tier rewards,
daily-task rewards and an admin adjustment — every balance equals its ledger, the chain of
``balance_after`` holds, ``audit_beans`` finds nothing, and every hand's payouts are zero-sum
before fees and penalties. A tampered balance or ledger row is reported."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import F, Sum
from django.test import Client
from django.urls import reverse

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.services import audit_beans
from game.models import Hand, HandStatus, Room, SeatResult
from tests.accounts.hands import find_outcome, play_people_hand, play_with_bots

pytestmark = pytest.mark.django_db


def ledger_sum(user: User) -> int:
    total: int = LedgerEntry.objects.filter(user=user).aggregate(s=Sum("amount"))["s"] or 0
    return total


def run_audit() -> str:
    out = StringIO()
    call_command("audit_beans", stdout=out)
    return out.getvalue()


@pytest.mark.slow
def test_it_keeps_every_balance_equal_to_its_ledger_over_many_hands(room: Room) -> None:
    alice, bob, carol, dave, erin = (User.objects.create_user(n) for n in "abcde")
    staff = User.objects.create_superuser("boss", "boss@example.org", "pw")
    # Near a rewarding tier on every ladder, so winning hands pay tier rewards (§7.5).
    User.objects.update(guard_points=299, rebel_points=1799)

    # Hands with bots run by the keeper; alice flees the third one (RULES §6.3).
    for seed in range(1, 7):
        people = [alice, bob, None, carol, None]
        play_with_bots(room=room, people=people, seed=seed, flee=alice if seed == 3 else None)
    # Hands of five people with outcomes that pay a tier reward on each side.
    for wanted in (
        lambda o: o.two_vs_three and o.winner == "royalists" and o.emperor_first,
        lambda o: o.two_vs_three and o.winner == "rebels",
    ):
        outcome = find_outcome(wanted)
        play_people_hand(room=room, people=[alice, bob, carol, dave, erin], seed=outcome.seed)
    # An admin adjustment through the admin form (a reason is required).
    client = Client()
    client.force_login(staff)
    url = reverse("admin:accounts_user_adjust_beans", args=[bob.pk])
    assert client.post(url, {"amount": "-1234", "reason": ""}).status_code == 200  # refused
    assert client.post(url, {"amount": "-1234", "reason": "refund"}).status_code == 302

    kinds = set(LedgerEntry.objects.values_list("kind", flat=True))
    assert kinds == {
        LedgerKind.START_GRANT,
        LedgerKind.HAND_RESULT,
        LedgerKind.FEE,
        LedgerKind.PENALTY,
        LedgerKind.REWARD,
        LedgerKind.TASK,
        LedgerKind.ADMIN,
    }
    assert SeatResult.objects.filter(user=alice, fled=True, penalty__gt=0).exists()

    hands = Hand.objects.filter(status=HandStatus.FINISHED)
    assert hands.count() == 8
    for hand in hands:
        results = list(SeatResult.objects.filter(hand=hand))
        # RULES §5.4: zero-sum before fees and penalties, bots' seats included.
        assert sum(r.payout for r in results) == 0
        for r in results:
            assert r.net == r.payout - r.fee - r.penalty
            assert r.fee == room.table_fee
            if r.user_id is None:
                continue  # a bot: the house, no balance (docs/DECISIONS.md)
            rows = LedgerEntry.objects.filter(user_id=r.user_id, hand_id=hand.pk)
            by_kind = {
                k: sum(rows.filter(kind=k).values_list("amount", flat=True))
                for k in (
                    LedgerKind.HAND_RESULT,
                    LedgerKind.FEE,
                    LedgerKind.PENALTY,
                    LedgerKind.REWARD,
                )
            }
            assert by_kind == {
                LedgerKind.HAND_RESULT: r.payout,
                LedgerKind.FEE: -r.fee,
                LedgerKind.PENALTY: -r.penalty,
                LedgerKind.REWARD: r.reward,
            }

        # Ledger rows of a hand belong to the accounts that played it, nobody else.
        players = {r.user_id for r in results if r.user_id is not None}
        assert (
            set(LedgerEntry.objects.filter(hand_id=hand.pk).values_list("user_id", flat=True))
            <= players
        )

    for user in User.objects.all():
        assert user.beans == ledger_sum(user), user.username
        # RULES §7.7: the lifetime result is the sum of payout ÷ S over the user's hands.
        payouts = SeatResult.objects.filter(user=user).aggregate(s=Sum("payout"))["s"] or 0
        assert user.lifetime_stake_units == Decimal(payouts) / room.base_stake
    bob.refresh_from_db()
    assert LedgerEntry.objects.filter(user=bob, kind=LedgerKind.ADMIN).get().amount == -1234
    assert audit_beans() == []
    assert "Every balance equals its ledger." in run_audit()


@pytest.fixture
def alice(db: None) -> User:
    return User.objects.create_user("alice")  # no password: no slow hashing


def test_it_reports_a_tampered_balance(alice: User) -> None:
    User.objects.create_user("bob")
    assert run_audit().strip() == "Every balance equals its ledger."
    User.objects.filter(pk=alice.pk).update(beans=F("beans") + 5)
    out = StringIO()
    with pytest.raises(CommandError, match="1 difference"):
        call_command("audit_beans", stdout=out)
    assert out.getvalue().splitlines() == [
        "alice: balance vs ledger sum: expected 10000, found 10005 (difference +5)"
    ]


def test_it_reports_a_broken_balance_after_chain(alice: User) -> None:
    from accounts.services import record_beans

    record_beans(user=alice, kind=LedgerKind.ADMIN, amount=50, reason="gift")
    last = record_beans(user=alice, kind=LedgerKind.ADMIN, amount=-20, reason="oops")
    # Someone edits the middle row's amount behind the ledger's back: the sum and the chain
    # no longer agree with the balance.
    middle = LedgerEntry.objects.filter(user=alice).order_by("pk")[1]
    LedgerEntry.objects.filter(pk=middle.pk).update(amount=70)
    problems = audit_beans()
    assert [(p.entry_id, p.expected, p.found) for p in problems] == [
        (middle.pk, 10_070, 10_050),
        (None, 10_050, 10_030),
    ]
    assert last.balance_after == 10_030
    with pytest.raises(CommandError):
        run_audit()
