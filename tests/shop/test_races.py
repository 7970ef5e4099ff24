"""Two requests of one player at once (two tabs, a double click): a prop is used once and
beans are spent once. Run on SQLite here and on PostgreSQL in the lead's pass (row locks:
shop.services locks the player's row, then the holding's)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import OperationalError

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.services import audit_beans, record_beans
from shop import services
from shop.models import Holding, Prop, PropHow, PropKind, PropRecord
from tests.conftest import PASSWORD
from tests.support.at_once import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def split(outcomes: list[object]) -> tuple[list[PropRecord], list[Exception]]:
    """The threads that succeeded, and those refused: told why, or (the in-memory SQLite test
    database, whose loser of the write lock fails at once instead of waiting) locked out."""
    done = [o for o in outcomes if isinstance(o, PropRecord)]
    refused: list[Exception] = [
        o
        for o in outcomes
        if isinstance(o, services.PropRefused)
        or (isinstance(o, OperationalError) and "locked" in str(o))
    ]
    assert len(done) + len(refused) == len(outcomes), outcomes
    return done, refused


def test_clear_negative_used_twice_at_once_clears_once_and_spends_one() -> None:
    services.ensure_catalogue()
    user = User.objects.create_user("racer", None, PASSWORD)
    price = Prop.objects.get(kind=PropKind.CLEAR_NEGATIVE).price
    for _ in range(2):
        services.buy(user=user, kind="clear_negative", seen_price=price)
    User.objects.filter(pk=user.pk).update(lifetime_stake_units=Decimal("-20"))
    done, refused = split(at_once(lambda: services.use(user=user, kind="clear_negative")))
    assert len(done) == 1 and len(refused) == 1
    user.refresh_from_db()
    assert user.lifetime_stake_units == 0
    assert Holding.objects.get(user=user, kind=PropKind.CLEAR_NEGATIVE).uses == 1
    assert PropRecord.objects.filter(user=user, how=PropHow.USE).count() == 1


def test_two_purchases_at_once_with_beans_for_one_buy_one() -> None:
    services.ensure_catalogue()
    user = User.objects.create_user("racer", None, PASSWORD)
    price = Prop.objects.get(kind=PropKind.FLASH).price
    user.refresh_from_db()
    record_beans(user=user, kind=LedgerKind.ADMIN, amount=price + 10 - user.beans, reason="t")
    done, refused = split(at_once(lambda: services.buy(user=user, kind="flash", seen_price=price)))
    assert len(done) == 1 and len(refused) == 1
    user.refresh_from_db()
    assert user.beans == 10
    assert LedgerEntry.objects.filter(user=user, kind=LedgerKind.PROP).count() == 1
    assert audit_beans() == []
