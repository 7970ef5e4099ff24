"""The shop (RULES §12.1): the page, buying through the ledger, what a player holds, an
admin's prices and grants, 负分清零 (§12.3), and every refusal changing nothing."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.services import audit_beans, record_beans
from game.hands import SeatSpec, start_hand
from game.models import Room
from lobby import tables
from lobby.services import ensure_default_rooms
from shop import services
from shop.models import Holding, Prop, PropHow, PropKind, PropRecord
from tests.conftest import PASSWORD


def client_of(user: User) -> Client:
    """A signed-in browser that asks for English (the site's default is Chinese)."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def buy(client: Client, kind: str, price: int | str) -> tuple[int, str]:
    response = client.post(reverse("shop_buy"), {"kind": kind, "price": str(price)}, follow=True)
    return response.status_code, response.content.decode()


def what_changes(user: User) -> tuple[object, ...]:
    """Everything a refused purchase or use must leave as it was."""
    user.refresh_from_db()
    return (
        user.beans,
        user.lifetime_stake_units,
        LedgerEntry.objects.filter(user=user).count(),
        PropRecord.objects.filter(user=user).count(),
        list(Holding.objects.filter(user=user).values_list("kind", "runs_until", "uses")),
    )


def test_the_shop_lists_every_prop_with_its_price_period_and_use_in_both_languages(
    buyer: User,
) -> None:
    Prop.objects.filter(kind=PropKind.FLASH).update(price=1234, period_days=5)
    client = client_of(buyer)
    for language, flash, days in (("en", "Flash (闪光)", "5-day period"), ("zh-hans", "闪光", "5")):
        with translation.override(language):
            page = client.get(reverse("shop"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        line = page.split('id="offer-flash"')[1].split("</li>")[0]
        assert flash in line and "1234" in line and days in line
    with translation.override("en"):
        page = client.get(reverse("shop"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for kind in PropKind:
        assert f'id="offer-{kind.value}"' in page
    clear = page.split('id="offer-clear_negative"')[1].split("</li>")[0]
    assert "one use" in clear and "Sets a negative general score to 0" in clear
    double = page.split('id="offer-double_score"')[1].split("</li>")[0]
    assert "twice its stake units" in double


def test_buying_takes_the_price_through_the_ledger_and_the_profile_shows_the_prop(
    buyer: User,
) -> None:
    price = Prop.objects.get(kind=PropKind.FLASH).price
    before = buyer.beans
    client = client_of(buyer)
    status, page = buy(client, "flash", price)
    assert status == 200 and "Bought Flash (闪光)" in page
    buyer.refresh_from_db()
    assert buyer.beans == before - price
    entry = LedgerEntry.objects.filter(user=buyer).first()
    assert entry is not None and entry.kind == LedgerKind.PROP and entry.amount == -price
    record = PropRecord.objects.get(user=buyer)
    assert (record.how, record.price, record.ledger_entry_id) == (PropHow.BUY, price, entry.pk)
    assert audit_beans() == []
    profile = client.get(reverse("my_profile"), follow=True).content.decode()
    held = profile.split('id="held-flash"')[1].split("</li>")[0]
    assert "6\xa0days" in held  # the time left, of a 7-day period
    # Another player's profile does not show what he holds.
    other = User.objects.create_user("dave", None, PASSWORD)
    assert (
        'id="props-held"'
        not in client_of(other).get(f"/players/{buyer.username}/").content.decode()
    )


def test_a_timed_prop_bought_again_runs_on_from_its_end(buyer: User) -> None:
    now = timezone.now()
    days = Prop.objects.get(kind=PropKind.DOUBLE_SCORE).period_days
    price = Prop.objects.get(kind=PropKind.DOUBLE_SCORE).price
    services.buy(user=buyer, kind="double_score", seen_price=price, now=now)
    services.buy(user=buyer, kind="double_score", seen_price=price, now=now + timedelta(hours=1))
    holding = Holding.objects.get(user=buyer, kind=PropKind.DOUBLE_SCORE)
    assert holding.runs_from == now
    assert holding.runs_until == now + timedelta(days=2 * days)
    # Once it ran out, a purchase starts a new period from then.
    later = now + timedelta(days=30)
    services.buy(user=buyer, kind="double_score", seen_price=price, now=later)
    holding.refresh_from_db()
    assert (holding.runs_from, holding.runs_until) == (later, later + timedelta(days=days))


def test_a_one_use_prop_is_counted(buyer: User) -> None:
    price = Prop.objects.get(kind=PropKind.CLEAR_NEGATIVE).price
    for _ in range(2):
        services.buy(user=buyer, kind="clear_negative", seen_price=price)
    assert Holding.objects.get(user=buyer, kind=PropKind.CLEAR_NEGATIVE).uses == 2
    page = client_of(buyer).get(reverse("shop")).content.decode()
    assert "uses left: 2" in page.split('id="held-clear_negative"')[1].split("</li>")[0]


def test_too_few_beans_buys_nothing_and_says_why(buyer: User) -> None:
    price = Prop.objects.get(kind=PropKind.RIPPLE).price
    record_beans(user=buyer, kind=LedgerKind.ADMIN, amount=-(buyer.beans - price + 1), reason="t")
    before = what_changes(buyer)
    status, page = buy(client_of(buyer), "ripple", price)
    assert status == 400
    assert f"Ripple (华纹) costs {price} beans; you have {price - 1}." in page
    assert what_changes(buyer) == before


def test_beans_held_for_a_running_hand_cannot_be_spent(buyer: User) -> None:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    others = [User.objects.create_user(f"o{i}", None, PASSWORD) for i in range(4)]
    start_hand(
        room=room,
        table=None,
        seats=[SeatSpec(user=u, is_bot=False, name=u.username) for u in [buyer, *others]],
    )
    held = tables.reserved_beans(buyer)
    assert held > 0
    price = buyer.beans - held + 1  # one bean more than is free
    Prop.objects.filter(kind=PropKind.FLASH).update(price=price)
    before = what_changes(buyer)
    status, page = buy(client_of(buyer), "flash", price)
    assert status == 400
    assert f"of which {held} are held for your hand at a table" in page
    assert what_changes(buyer) == before
    Prop.objects.filter(kind=PropKind.FLASH).update(price=price - 1)  # exactly what is free
    assert buy(client_of(buyer), "flash", price - 1)[0] == 200
    assert audit_beans() == []


def test_beans_a_ready_seat_needs_for_its_next_hand_cannot_be_spent(buyer: User) -> None:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=0, user=buyer)
    tables.set_ready(table=table, user=buyer)
    need = max(room.effective_min_balance, room.worst_loss)
    buyer.refresh_from_db()
    Prop.objects.filter(kind=PropKind.FLASH).update(price=buyer.beans - need + 1)
    before = what_changes(buyer)
    status, page = buy(client_of(buyer), "flash", buyer.beans - need + 1)
    assert status == 400 and f"of which {need} are held" in page
    assert what_changes(buyer) == before


def test_an_unknown_prop_or_a_missing_price_buys_nothing(buyer: User) -> None:
    before = what_changes(buyer)
    client = client_of(buyer)
    status, page = buy(client, "teleport", 10)
    assert status == 400 and "There is no prop called “teleport”." in page
    status, page = buy(client, "flash", "cheap")
    assert status == 400 and "did not say the price you saw" in page
    Prop.objects.filter(kind=PropKind.RIPPLE).update(on_sale=False)
    status, page = buy(client, "ripple", Prop.objects.get(kind=PropKind.RIPPLE).price)
    assert status == 400 and "Ripple (华纹) is not on sale." in page
    assert what_changes(buyer) == before


def test_a_price_changed_while_buying_is_not_paid_and_he_is_told(buyer: User) -> None:
    client = client_of(buyer)
    seen = Prop.objects.get(kind=PropKind.FLASH).price
    Prop.objects.filter(kind=PropKind.FLASH).update(price=seen + 500)  # an admin, meanwhile
    before = what_changes(buyer)
    status, page = buy(client, "flash", seen)
    assert status == 400
    assert f"changed from {seen} to {seen + 500} beans" in page
    assert what_changes(buyer) == before
    assert buy(client, "flash", seen + 500)[0] == 200  # the price on the page he is shown now
    assert LedgerEntry.objects.filter(user=buyer, kind=LedgerKind.PROP).get().amount == -(
        seen + 500
    )


def test_clear_negative_sets_a_negative_score_to_0_once(buyer: User) -> None:
    # RULES §12.3
    User.objects.filter(pk=buyer.pk).update(lifetime_stake_units=Decimal("-37.50"))
    price = Prop.objects.get(kind=PropKind.CLEAR_NEGATIVE).price
    services.buy(user=buyer, kind="clear_negative", seen_price=price)
    client = client_of(buyer)
    profile = client.get(reverse("my_profile"), follow=True).content.decode()
    assert "-37.50 stake units: below 0, the level counts it as 0" in profile
    response = client.post(reverse("shop_use"), {"kind": "clear_negative"}, follow=True)
    assert "Your general score is 0 again." in response.content.decode()
    buyer.refresh_from_db()
    assert buyer.lifetime_stake_units == 0
    assert Holding.objects.get(user=buyer, kind=PropKind.CLEAR_NEGATIVE).uses == 0
    use = PropRecord.objects.get(user=buyer, how=PropHow.USE)
    assert use.score_before == Decimal("-37.50")
    assert (
        'id="general-score"' not in client.get(reverse("my_profile"), follow=True).content.decode()
    )


@pytest.mark.parametrize("score", ["0", "12.25"])
def test_clear_negative_at_0_or_more_is_refused_and_not_spent(buyer: User, score: str) -> None:
    # RULES §12.3: "it cannot be used when the score is 0 or more".
    User.objects.filter(pk=buyer.pk).update(lifetime_stake_units=Decimal(score))
    price = Prop.objects.get(kind=PropKind.CLEAR_NEGATIVE).price
    services.buy(user=buyer, kind="clear_negative", seen_price=price)
    before = what_changes(buyer)
    response = client_of(buyer).post(reverse("shop_use"), {"kind": "clear_negative"})
    assert response.status_code == 400
    assert (
        "not below 0" in response.content.decode()
        and "It was not used." in response.content.decode()
    )
    assert what_changes(buyer) == before


def test_using_a_prop_he_does_not_hold_or_a_timed_one_is_refused(buyer: User) -> None:
    User.objects.filter(pk=buyer.pk).update(lifetime_stake_units=Decimal(-5))
    before = what_changes(buyer)
    client = client_of(buyer)
    response = client.post(reverse("shop_use"), {"kind": "clear_negative"})
    assert response.status_code == 400
    assert "You hold no Clear negative score (负分清零)." in response.content.decode()
    response = client.post(reverse("shop_use"), {"kind": "flash"})
    assert response.status_code == 400 and "works while it runs" in response.content.decode()
    response = client.post(reverse("shop_use"), {"kind": "nothing"})
    assert response.status_code == 400 and "There is no prop" in response.content.decode()
    assert what_changes(buyer) == before


def test_admins_set_prices_and_grant_a_prop_with_a_reason(buyer: User, staff: User) -> None:
    admin = client_of(staff)
    flash = Prop.objects.get(kind=PropKind.FLASH)
    page = admin.get(reverse("admin:shop_prop_change", args=[flash.pk]))
    assert page.status_code == 200
    response = admin.post(
        reverse("admin:shop_prop_change", args=[flash.pk]),
        {"price": "777", "period_days": "3", "on_sale": "on"},
    )
    assert response.status_code == 302
    flash.refresh_from_db()
    assert (flash.price, flash.period_days) == (777, 3)
    beans = buyer.beans
    url = reverse("admin:shop_proprecord_add")
    refused = admin.post(url, {"user": buyer.pk, "kind": "flash", "reason": ""})
    assert refused.status_code == 200 and not Holding.objects.filter(user=buyer).exists()
    response = admin.post(url, {"user": buyer.pk, "kind": "flash", "reason": "tournament helper"})
    assert response.status_code == 302
    grant = PropRecord.objects.get(user=buyer)
    assert (grant.how, grant.reason, grant.created_by_id, grant.days) == (
        PropHow.GRANT,
        "tournament helper",
        staff.pk,
        3,
    )
    page = admin.get(reverse("admin:shop_proprecord_change", args=[grant.pk]))
    assert page.status_code == 200 and "tournament helper" in page.content.decode()
    for listing in ("prop", "holding", "proprecord"):
        assert admin.get(reverse(f"admin:shop_{listing}_changelist")).status_code == 200
    holding = Holding.objects.get(user=buyer, kind=PropKind.FLASH)
    assert holding.runs_until is not None
    assert holding.runs_until > timezone.now() + timedelta(days=2)
    buyer.refresh_from_db()
    assert buyer.beans == beans  # a grant moves no beans
