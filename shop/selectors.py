"""Reads of props: the catalogue, what a player holds, what a hand's players hold, and the
beans a player may spend."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from game.models import TableSeat
from game.props import HeldProps
from game.selectors import running_hand_id
from lobby.tables import reserved_beans, worst_loss
from shop.models import EFFECTS, TIMED, Holding, Prop, PropKind

# What each prop does, as RULES §12 fixes it: one line each on the shop page.
DOES: dict[str, Promise] = {
    PropKind.FLASH: _(
        "Play effect: every set you play flashes, for everyone at the table (looks only)."
    ),
    PropKind.RIPPLE: _(
        "Play effect: every set you play sends out ripples, for everyone at the table (looks only)."
    ),
    PropKind.CLEAR_NEGATIVE: _(
        "Sets a negative general score to 0, once (Baohuang only); at 0 or more it is not used."
    ),
    PropKind.DOUBLE_SCORE: _(
        "A hand you win adds twice its stake units to your general score; a lost hand takes"
        " the normal amount (Baohuang only). Runs from the purchase."
    ),
}


@dataclass(frozen=True, slots=True)
class Offer:
    """One prop on the shop page."""

    kind: str
    name: str
    price: int
    timed: bool
    period_days: int
    does: str


def offers() -> list[Offer]:
    """The props on sale, in the catalogue's order."""
    return [
        Offer(
            kind=p.kind,
            name=str(p.get_kind_display()),
            price=p.price,
            timed=p.is_timed,
            period_days=p.period_days,
            does=str(DOES[p.kind]),
        )
        for p in Prop.objects.filter(on_sale=True)
    ]


@dataclass(frozen=True, slots=True)
class Held:
    """One prop a player holds: a timed one's end, or a one-use one's count."""

    kind: str
    name: str
    timed: bool
    runs_until: datetime | None
    left: timedelta | None  # a timed prop's time left
    uses: int


def held_by(user: User, *, now: datetime) -> list[Held]:
    """What ``user`` holds now: timed props still running, one-use props with a use left."""
    rows = (
        Holding.objects.filter(user=user)
        .filter(Q(runs_until__gt=now) | Q(uses__gt=0))
        .order_by("id")
    )
    return [
        Held(
            kind=h.kind,
            name=str(PropKind(h.kind).label),
            timed=h.kind in TIMED,
            runs_until=h.runs_until if h.kind in TIMED else None,
            left=(h.runs_until - now) if h.kind in TIMED and h.runs_until else None,
            uses=h.uses,
        )
        for h in rows
    ]


def props_of(user_ids: Collection[int], when: datetime) -> dict[int, HeldProps]:
    """``game.props.HOLDERS``: what each of ``user_ids`` holds running at ``when``, in one
    query. Holding two play effects at once, the one that started last shows."""
    rows = Holding.objects.filter(
        user_id__in=list(user_ids),
        kind__in=[*EFFECTS, PropKind.DOUBLE_SCORE],
        runs_from__lte=when,
        runs_until__gt=when,
    ).order_by("runs_from", "id")
    effect: dict[int, str] = {}
    double: set[int] = set()
    for user_id, kind in rows.values_list("user_id", "kind"):
        if kind == PropKind.DOUBLE_SCORE:
            double.add(user_id)
        else:
            effect[user_id] = kind
    return {
        uid: HeldProps(effect=effect.get(uid, ""), double_score=uid in double)
        for uid in effect.keys() | double
    }


def beans_held(user: User) -> int:
    """Beans ``user`` may not spend: what his running hands can still cost
    (``lobby.tables.reserved_beans``) and, while he is ready at a table for its next hand,
    what that hand can cost (it starts without asking him again)."""
    held = reserved_beans(user)
    seat = TableSeat.objects.filter(user=user, ready=True).select_related("table__room").first()
    if seat is not None and running_hand_id(seat.table_id) is None:
        room = seat.table.room
        held += max(room.effective_min_balance, worst_loss(room))
    return held
