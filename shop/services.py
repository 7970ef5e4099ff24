"""Writes of props (RULES §12): buying, an admin's grant, using 负分清零.

Every write locks the player's row first, then the holding's: a purchase and a use of one
player's props, and a settlement of his hand, take their turns (no lost update, no prop used
twice), and all of them lock players before anything else, so none deadlocks another. A
refusal raises ``PropRefused`` with the reason for the player and writes nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import LedgerKind, User
from accounts.services import record_beans
from shop.models import DEFAULT_CATALOGUE, TIMED, Holding, Prop, PropHow, PropKind, PropRecord
from shop.selectors import beans_held


class PropRefused(Exception):
    """A purchase, grant or use was refused; ``message`` says why, for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _kind(kind: str) -> PropKind:
    try:
        return PropKind(kind)
    except ValueError:
        raise PropRefused(_("There is no prop called “%(kind)s”.") % {"kind": kind}) from None


def _locked_user(user: User) -> User:
    return User.objects.select_for_update().get(pk=user.pk)


def _locked_holding(user: User, kind: PropKind) -> Holding:
    holding, _created = Holding.objects.select_for_update().get_or_create(user=user, kind=kind)
    return holding


def _add(holding: Holding, prop: Prop, now: datetime) -> int:
    """One more of ``prop`` in ``holding`` (saved): a timed prop's period runs on from its end
    while it runs, from ``now`` otherwise; a one-use prop one more use. The days added."""
    if prop.kind in TIMED:
        running = holding.runs_until is not None and holding.runs_until > now
        if not running:
            holding.runs_from = now
        start = holding.runs_until if running and holding.runs_until else now
        holding.runs_until = start + timedelta(days=prop.period_days)
        holding.save(update_fields=["runs_from", "runs_until"])
        return prop.period_days
    holding.uses += 1
    holding.save(update_fields=["uses"])
    return 0


def buy(*, user: User, kind: str, seen_price: int, now: datetime | None = None) -> PropRecord:
    """``user`` buys one ``kind`` at the price he was shown (``seen_price``): its beans are one
    ledger row; a timed prop he holds runs on for another period."""
    now = now or timezone.now()
    prop_kind = _kind(kind)
    with transaction.atomic():
        prop = Prop.objects.filter(kind=prop_kind).first()
        if prop is None or not prop.on_sale:
            raise PropRefused(_("%(prop)s is not on sale.") % {"prop": prop_kind.label})
        if prop.price != seen_price:
            raise PropRefused(
                _(
                    "The price of %(prop)s changed from %(seen)s to %(price)s beans while you"
                    " were buying: nothing was bought. Buy again at the new price if you wish."
                )
                % {"prop": prop_kind.label, "seen": seen_price, "price": prop.price}
            )
        user = _locked_user(user)
        held = beans_held(user)
        if user.beans - held < seen_price:
            if held:
                raise PropRefused(
                    _(
                        "%(prop)s costs %(price)s beans; you have %(have)s, of which %(held)s"
                        " are held for your hand at a table, so %(free)s are free."
                    )
                    % {
                        "prop": prop_kind.label,
                        "price": prop.price,
                        "have": user.beans,
                        "held": held,
                        "free": max(0, user.beans - held),
                    }
                )
            raise PropRefused(
                _("%(prop)s costs %(price)s beans; you have %(have)s.")
                % {"prop": prop_kind.label, "price": prop.price, "have": user.beans}
            )
        days = _add(_locked_holding(user, prop_kind), prop, now)
        entry = record_beans(
            user=user, kind=LedgerKind.PROP, amount=-seen_price, reason=f"prop {prop_kind.value}"
        )
        return PropRecord.objects.create(
            user=user,
            kind=prop_kind,
            how=PropHow.BUY,
            price=seen_price,
            days=days,
            uses=0 if days else 1,
            ledger_entry=entry,
        )


def grant(
    *, user: User, kind: str, reason: str, by: User, now: datetime | None = None
) -> PropRecord:
    """An admin gives ``user`` one ``kind`` (its period, or one use), for ``reason``; no beans
    move, the record names the admin."""
    now = now or timezone.now()
    prop_kind = _kind(kind)
    if not reason.strip():
        raise PropRefused(_("Say why the prop is granted."))
    with transaction.atomic():
        prop = Prop.objects.filter(kind=prop_kind).first()
        if prop is None:
            raise PropRefused(_("%(prop)s is not in the catalogue.") % {"prop": prop_kind.label})
        user = _locked_user(user)
        days = _add(_locked_holding(user, prop_kind), prop, now)
        return PropRecord.objects.create(
            user=user,
            kind=prop_kind,
            how=PropHow.GRANT,
            days=days,
            uses=0 if days else 1,
            reason=reason.strip(),
            created_by=by,
        )


def use(*, user: User, kind: str) -> PropRecord:
    """``user`` uses a one-use prop he holds. 负分清零 (RULES §12.3) sets a negative general
    score to 0; at 0 or more it is refused and not spent."""
    prop_kind = _kind(kind)
    if prop_kind is not PropKind.CLEAR_NEGATIVE:
        raise PropRefused(
            _("%(prop)s is not used by hand: it works while it runs.") % {"prop": prop_kind.label}
        )
    with transaction.atomic():
        user = _locked_user(user)
        holding = Holding.objects.select_for_update().filter(user=user, kind=prop_kind).first()
        if holding is None or holding.uses < 1:
            raise PropRefused(_("You hold no %(prop)s.") % {"prop": prop_kind.label})
        score = user.lifetime_stake_units
        if score >= 0:
            raise PropRefused(
                _(
                    "Your general score is %(score)s, not below 0: %(prop)s clears a negative"
                    " score only. It was not used."
                )
                % {"score": score, "prop": prop_kind.label}
            )
        User.objects.filter(pk=user.pk).update(lifetime_stake_units=Decimal(0))
        holding.uses -= 1
        holding.save(update_fields=["uses"])
        return PropRecord.objects.create(
            user=user, kind=prop_kind, how=PropHow.USE, uses=-1, score_before=score
        )


def ensure_catalogue() -> None:
    """Every prop of RULES §12 in the catalogue (the migration makes them; a flushed test
    database needs them again); prices already set stay."""
    for kind, price, days in DEFAULT_CATALOGUE:
        Prop.objects.get_or_create(kind=kind, defaults={"price": price, "period_days": days})
