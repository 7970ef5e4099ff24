"""Writes to players' balances. The only place a balance changes: every change is one
ledger row plus the cached total on the user, in one transaction."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import F

from accounts.models import LedgerEntry, LedgerKind, User


def record_beans(
    *,
    user: User,
    kind: LedgerKind,
    amount: int,
    hand_id: int | None = None,
    reason: str = "",
    created_by: User | None = None,
) -> LedgerEntry:
    """Add ``amount`` (may be negative) to ``user``'s balance and write the ledger row.

    The update is a single ``UPDATE … SET beans = beans + n`` so two concurrent writers
    cannot lose each other's change; ``balance_after`` is read back inside the transaction.
    """
    with transaction.atomic():
        User.objects.filter(pk=user.pk).update(beans=F("beans") + amount)
        balance = User.objects.values_list("beans", flat=True).get(pk=user.pk)
        user.beans = balance
        return LedgerEntry.objects.create(
            user=user,
            kind=kind,
            amount=amount,
            balance_after=balance,
            hand_id=hand_id,
            reason=reason,
            created_by=created_by,
        )


def grant_starting_beans(*, user: User) -> LedgerEntry | None:
    """Give a new player their starting beans, once (idempotent)."""
    with transaction.atomic():
        if LedgerEntry.objects.filter(user=user, kind=LedgerKind.START_GRANT).exists():
            return None
        return record_beans(user=user, kind=LedgerKind.START_GRANT, amount=settings.STARTING_BEANS)
