"""What a ledger row's reason means, in words of the reader's language.

A row stores its cause compactly (``accounts.services``): a daily task's code
(``accounts.tasks``), the title tier first reached, a tournament's number and what it paid
for, or an admin's own words. Pages show the words (the admin's ledger, the player's own
bean history), never the stored key; the stored text stays as it is (the ledger is
append-only evidence). A reason this module does not know is shown as stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.tasks import TASKS_BY_CODE

# tournaments.services writes "tournament <id>: <what>".
_TOURNAMENT = re.compile(r"^tournament (\d+): (.*)$")
_PRIZE = re.compile(r"^prize for place (\d+)$")
_HAND_KINDS = (LedgerKind.HAND_RESULT, LedgerKind.FEE, LedgerKind.PENALTY)


def _tournament_what(what: str) -> str:
    if what == "entry fee":
        return _("entry fee")
    if what == "entry fee refunded (left)":
        return _("entry fee refunded (you left before the start)")
    if what == "entry fee refunded (cancelled)":
        return _("entry fee refunded (the tournament was cancelled)")
    prize = _PRIZE.match(what)
    if prize:
        return _("prize for place %(place)s") % {"place": prize.group(1)}
    return what


def reason_words(kind: str, reason: str, hand_id: int | None) -> str:
    """The reason of a row of ``kind`` stored as ``reason``, in words."""
    if kind == LedgerKind.TASK:
        task = TASKS_BY_CODE.get(reason)
        if task is not None:
            return _("Daily task done: %(task)s") % {"task": task.title}
    elif kind == LedgerKind.REWARD and reason:
        return _("First reached the title %(tier)s") % {"tier": reason}
    elif kind == LedgerKind.TOURNAMENT:
        found = _TOURNAMENT.match(reason)
        if found:
            number, what = found.groups()
            return _("Tournament %(number)s: %(what)s") % {
                "number": number,
                "what": _tournament_what(what),
            }
    elif kind == LedgerKind.START_GRANT and not reason:
        return _("Starting beans of a new account")
    elif kind in _HAND_KINDS and not reason and hand_id is not None:
        return _("Hand %(hand)s") % {"hand": hand_id}
    return reason


def entry_reason(entry: LedgerEntry) -> str:
    return reason_words(entry.kind, entry.reason, entry.hand_id)


@dataclass(frozen=True, slots=True)
class BeanChange:
    """One row of a player's bean history, as the profile shows it."""

    at: datetime
    kind: str  # the kind's label, translated
    reason: str
    amount: int
    balance_after: int
    hand_id: int | None


def recent_bean_changes(user: User, limit: int = 15) -> list[BeanChange]:
    """``user``'s latest ledger rows, newest first, with their reasons in words."""
    rows = LedgerEntry.objects.filter(user=user).order_by("-id")[:limit]
    return [
        BeanChange(
            at=row.created_at,
            kind=str(row.get_kind_display()),
            reason=entry_reason(row),
            amount=row.amount,
            balance_after=row.balance_after,
            hand_id=row.hand_id,
        )
        for row in rows
    ]
