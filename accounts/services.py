"""Writes to players' balances. The only place a balance changes: every change is one
ledger row plus the cached total on the user, in one transaction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import F, Sum
from django.utils.translation import gettext as _

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
    """Add ``amount`` (may be negative) to ``user``'s balance and write the ledger row."""
    (entry,) = record_entries(
        user=user,
        entries=[LedgerLine(kind, amount, reason)],
        hand_id=hand_id,
        created_by=created_by,
    )
    return entry


class AdjustmentRefused(ValueError):
    """An admin adjustment that would take a balance below zero: nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def adjust_beans(*, user: User, amount: int, reason: str, by: User) -> LedgerEntry:
    """An admin's change of ``user``'s balance by ``amount``, with its reason.

    Refused, writing nothing, when it would leave the balance below zero: a hand reserves
    what it can cost from the balance before it starts (``lobby.tables``), so a negative
    balance breaks that guard and ``audit_beans`` reports it. The balance is read with the
    row locked (``select_for_update``; SQLite's ``BEGIN IMMEDIATE`` holds the write lock),
    so a hand settling meanwhile cannot slip between the check and the write."""
    with transaction.atomic():
        balance = User.objects.select_for_update().values_list("beans", flat=True).get(pk=user.pk)
        if balance + amount < 0:
            raise AdjustmentRefused(
                _(
                    "The balance is %(balance)s beans: taking %(taken)s would leave "
                    "%(after)s. A balance cannot go below 0; take at most %(balance)s."
                )
                % {"balance": balance, "taken": -amount, "after": balance + amount}
            )
        return record_beans(
            user=user, kind=LedgerKind.ADMIN, amount=amount, reason=reason, created_by=by
        )


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One change to write with ``record_entries``."""

    kind: LedgerKind
    amount: int
    reason: str = ""


def record_entries(
    *,
    user: User,
    entries: Sequence[LedgerLine],
    hand_id: int | None = None,
    created_by: User | None = None,
) -> list[LedgerEntry]:
    """Add each line's amount to ``user``'s balance, in order, and write their ledger rows.

    The update is a single ``UPDATE … SET beans = beans + total`` so two concurrent writers
    cannot lose each other's change; the balance is read back inside the transaction (the
    update holds the row until it ends), and each row's ``balance_after`` counted up to it,
    so the rows chain as if written one by one. A hand's result, fee and penalty are three
    statements, not three each. Inside a caller's transaction (a settlement) no savepoint is
    taken: a failure here fails the caller's whole transaction, which no caller goes on from.
    """
    if not entries:
        return []
    total = sum(line.amount for line in entries)
    with transaction.atomic(savepoint=False):
        User.objects.filter(pk=user.pk).update(beans=F("beans") + total)
        balance = User.objects.values_list("beans", flat=True).get(pk=user.pk)
        user.beans = balance
        rows = _chained_rows(user, entries, balance - total, hand_id, created_by)
        return LedgerEntry.objects.bulk_create(rows)


def _chained_rows(
    user: User,
    entries: Sequence[LedgerLine],
    before: int,
    hand_id: int | None,
    created_by: User | None = None,
) -> list[LedgerEntry]:
    """The ledger rows of ``entries`` for ``user``, unsaved, each row's ``balance_after``
    counted on from ``before``: the rows chain as if written one by one."""
    rows = []
    running = before
    for line in entries:
        running += line.amount
        rows.append(
            LedgerEntry(
                user=user,
                kind=line.kind,
                amount=line.amount,
                balance_after=running,
                hand_id=hand_id,
                reason=line.reason,
                created_by=created_by,
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class LockedAccountChange:
    """One account's part of ``record_locked_entries``: ``user`` was read with
    ``select_for_update`` in the running transaction, and ``user.beans`` is what its row
    holds; ``also`` are other columns of that row to set in the same statement."""

    user: User
    entries: Sequence[LedgerLine]
    also: Mapping[str, object]


def record_locked_entries(
    *, changes: Sequence[LockedAccountChange], hand_id: int | None = None
) -> list[LedgerEntry]:
    """``record_entries`` for several accounts whose rows the caller holds locked (a hand's
    settlement): each account's row one UPDATE (its balance and ``also``), and every
    account's ledger rows one INSERT, in the order of ``changes`` and of each one's lines.

    The balance is not read back: the row was locked before ``user.beans`` was read, so
    nobody else can change it before the commit (on SQLite the settling transaction holds
    the database's write lock from its ``BEGIN IMMEDIATE``). The UPDATE still adds the total
    to the column rather than writing the sum computed here, so even were that not so no
    change to a balance could be lost; a row's ``balance_after`` would be wrong, which
    ``audit_beans`` reports. Must run inside the caller's transaction."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("record_locked_entries needs the transaction its rows were locked in")
    rows: list[LedgerEntry] = []
    for change in changes:
        user = change.user
        total = sum(line.amount for line in change.entries)
        if total or change.also:
            User.objects.filter(pk=user.pk).update(beans=F("beans") + total, **change.also)
        rows += _chained_rows(user, change.entries, user.beans, hand_id)
        user.beans += total
    return LedgerEntry.objects.bulk_create(rows) if rows else []


def grant_starting_beans(*, user: User) -> LedgerEntry | None:
    """Give a new player their starting beans, once (idempotent)."""
    with transaction.atomic():
        if LedgerEntry.objects.filter(user=user, kind=LedgerKind.START_GRANT).exists():
            return None
        return record_beans(user=user, kind=LedgerKind.START_GRANT, amount=settings.STARTING_BEANS)


@dataclass(frozen=True, slots=True)
class LedgerProblem:
    """One difference found by :func:`audit_beans`."""

    username: str
    entry_id: int | None  # the ledger row where the chain breaks; None for the balance itself
    expected: int
    found: int
    what: str

    def __str__(self) -> str:
        where = f" (ledger row {self.entry_id})" if self.entry_id is not None else ""
        return (
            f"{self.username}: {self.what}{where}: expected {self.expected}, found {self.found}"
            f" (difference {self.found - self.expected:+d})"
        )


def audit_beans() -> list[LedgerProblem]:
    """Check every user: balance == sum of ledger rows, each row's ``balance_after`` is the
    previous row's plus its amount (the first row's is its amount), and no balance is below
    zero. Reads only."""
    problems: list[LedgerProblem] = []
    users = User.objects.order_by("pk").values_list("pk", "username", "beans")
    for pk, username, beans in users.iterator():
        running = 0
        rows = LedgerEntry.objects.filter(user_id=pk).order_by("pk")
        for entry_id, amount, after in rows.values_list("pk", "amount", "balance_after"):
            running += amount
            if after != running:
                problems.append(
                    LedgerProblem(username, entry_id, running, after, "balance after the row")
                )
                running = after  # report each break once, not every row after it
        total = LedgerEntry.objects.filter(user_id=pk).aggregate(s=Sum("amount"))["s"] or 0
        if beans != total:
            problems.append(LedgerProblem(username, None, total, beans, "balance vs ledger sum"))
        if beans < 0:
            # A hand reserves what it can cost before it starts (lobby.tables): a balance
            # below zero means that guard was bypassed.
            problems.append(LedgerProblem(username, None, 0, beans, "negative balance"))
    return problems
