"""Fair-play decisions on accounts (docs/FAIRPLAY.md): warn, keep apart, suspend.

Each one needs an admin and a reason, and writes one ``FairPlayAction`` row per player in
the same transaction as its effect. None of them touches a balance: the ledger changes only
through ``accounts.services`` with its own reason.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import FairPlayAction, FairPlayKind, KeptApart, User
from accounts.sockets import close_sockets_of


class FairPlayRefused(ValueError):
    """An action without a reason, or about one player twice: nothing was written."""


def _checked(user_a: User, user_b: User, reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise FairPlayRefused(_("Give a reason: every fair-play action is recorded with one."))
    if user_a.pk == user_b.pk:
        raise FairPlayRefused(_("A pair is two different players."))
    return reason


def _record(kind: str, user_a: User, user_b: User, reason: str, by: User) -> FairPlayAction:
    a, b = sorted((user_a, user_b), key=lambda u: u.pk)
    return FairPlayAction.objects.create(
        kind=kind, user_a=a, user_b=b, reason=reason, created_by=by
    )


def warn(*, user_a: User, user_b: User, reason: str, by: User) -> FairPlayAction:
    """Warn both players: each sees the warning once, on their next page
    (``accounts.middleware``); it names neither the other player nor any signal."""
    reason = _checked(user_a, user_b, reason)
    with transaction.atomic():
        User.objects.filter(pk__in=(user_a.pk, user_b.pk)).update(fairplay_warning=True)
        return _record(FairPlayKind.WARN, user_a, user_b, reason, by)


def keep_apart(*, user_a: User, user_b: User, reason: str, by: User) -> FairPlayAction:
    """Quick match will not seat these two together (``selectors.kept_apart``)."""
    reason = _checked(user_a, user_b, reason)
    a, b = sorted((user_a, user_b), key=lambda u: u.pk)
    with transaction.atomic():
        KeptApart.objects.get_or_create(user_a=a, user_b=b)
        return _record(FairPlayKind.KEEP_APART, a, b, reason, by)


def suspend(*, user_a: User, user_b: User, reason: str, by: User) -> FairPlayAction:
    """Suspend both players: inactive (every session ends), flagged as suspended (sign-in
    says so), and their open sockets closed once this commits (``accounts.sockets``). A hand
    they are playing goes on under auto-play (``game.fairplay.suspend_pair``)."""
    reason = _checked(user_a, user_b, reason)
    with transaction.atomic():
        for user in (user_a, user_b):
            User.objects.filter(pk=user.pk).update(suspended=True, is_active=False)
            user.suspended, user.is_active = True, False
            close_sockets_of(user.pk)
        return _record(FairPlayKind.SUSPEND, user_a, user_b, reason, by)
