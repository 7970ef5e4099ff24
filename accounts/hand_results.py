"""What a finished hand does to one account: the only road from a settlement into accounts.

``record_hand_result`` is called by the game's settlement (``game.settlement``) once for
every seat held by an account, inside the transaction that ends the hand. In order it

* moves the title points of the ladder of the role held (RULES §7.1–§7.4),
* writes the ledger rows of the hand result, the table fee and a fled player's penalty,
* pays each tier reached for the first time (RULES §7.5, ``TierReward``),
* counts the hand in the role's win/draw record (``RoleRecord``, for the win rates),
* adds the result in stake units to the lifetime result (RULES §7.7),
* counts the hand towards the day's tasks, paying completions (``accounts.tasks``).

The game passes plain facts (``HandResult``) and reads back what to record on its own row
(``RecordedResult``): accounts knows nothing of hands, seats or events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_EVEN, Decimal

from django.db import transaction
from django.db.models import F

from accounts.models import LedgerKind, RoleRecord, TierReward, User
from accounts.services import record_beans
from accounts.tasks import HandFacts, record_task_progress
from game.engine import titles
from game.engine.roles import Mode, Role


@dataclass(frozen=True, slots=True)
class HandResult:
    """One account's seat in one finished hand, as the settlement found it."""

    hand_id: int
    role: Role
    place: int  # 1 = 头科
    fled: bool
    payout: int
    fee: int
    penalty: int
    stake: int
    mode: Mode
    rebellion: bool
    places: Sequence[Role]  # the roles in finishing order (index 0 = 1st place)
    won: bool
    draw: bool


@dataclass(frozen=True, slots=True)
class RecordedResult:
    """What the hand did to the account's titles and rewards (for the hand's record)."""

    title_points_before: int
    title_points_after: int
    title_before: str
    title_after: str
    reward: int


def stake_units(payout: int, stake: int) -> Decimal:
    """One hand's result in stake units (RULES §7.7), to the cent."""
    return (Decimal(payout) / Decimal(stake)).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)


def record_hand_result(*, user_id: int, result: HandResult, now: datetime) -> RecordedResult:
    """Record ``result`` for the account ``user_id`` (see the module docstring)."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        field = f"{result.role.value}_points"
        change = titles.title_change(
            role=result.role,
            mode=result.mode,
            rebellion=result.rebellion,
            places=result.places,
            points=getattr(user, field),
        )
        User.objects.filter(pk=user.pk).update(**{field: change.points_after})
        for kind, amount in (
            (LedgerKind.HAND_RESULT, result.payout),
            (LedgerKind.FEE, -result.fee),
            (LedgerKind.PENALTY, -result.penalty),
        ):
            if amount:
                record_beans(user=user, kind=kind, amount=amount, hand_id=result.hand_id)
        reward = 0
        for tier in change.tiers_reached:
            beans = titles.tier_reward(result.role, tier)
            _, first = TierReward.objects.get_or_create(
                user=user,
                role=result.role.value,
                tier=tier,
                defaults={"beans": beans, "hand_id": result.hand_id},
            )
            if first and beans:
                record_beans(
                    user=user,
                    kind=LedgerKind.REWARD,
                    amount=beans,
                    hand_id=result.hand_id,
                    reason=f"{tier}",
                )
                reward += beans
        _count_in_record(user, result)
        # Re-read the locked row for the points and beans this hand just wrote.
        fresh = User.objects.select_for_update().get(pk=user.pk)
        units = fresh.lifetime_stake_units + stake_units(result.payout, result.stake or 1)
        User.objects.filter(pk=user.pk).update(lifetime_stake_units=units)
        facts = HandFacts(
            role=result.role,
            place=result.place,
            won=result.won,
            draw=result.draw,
            fled=result.fled,
        )
        record_task_progress(user=fresh, facts=facts, now=now, hand_id=result.hand_id)
    return RecordedResult(
        title_points_before=change.points_before,
        title_points_after=change.points_after,
        title_before=change.tier_before,
        title_after=change.tier_after,
        reward=reward,
    )


def _count_in_record(user: User, result: HandResult) -> None:
    record, _created = RoleRecord.objects.get_or_create(user=user, role=result.role.value)
    RoleRecord.objects.filter(pk=record.pk).update(
        hands=F("hands") + 1,
        wins=F("wins") + int(result.won),
        draws=F("draws") + int(result.draw),
    )
