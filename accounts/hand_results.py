"""What a finished hand does to one account: the only road from a settlement into accounts.

``record_hand_result`` is called by the game's settlement (``game.settlement``) once for
every seat held by an account, inside the transaction that ends the hand. In order it

* moves the title points of the ladder of the role held (RULES §7.1–§7.4) and adds the
  result in stake units to the lifetime result (RULES §7.7), in one statement,
* writes the ledger rows of the hand result, the table fee and a fled player's penalty,
* pays each tier reached for the first time (RULES §7.5, ``TierReward``),
* counts the hand in the role's win/draw record (``RoleRecord``, for the win rates),
* counts the hand towards the day's tasks, paying completions (``accounts.tasks``).

The points, the lifetime result and every ledger row of those payments are written
together at the end, the rows in the order above (``accounts.services.record_entries``).

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
from accounts.services import LedgerLine, record_entries
from accounts.tasks import HandFacts, task_progress
from game.engine import titles
from game.engine.roles import Mode, Role
from game.engine.settlement import Winner


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
    # The winner as the room's scoring gives it (RULES §10.5, §10.9): the title ladders move
    # by it (docs/RULES-DECISIONS.md, titles under the other scorings). None: §5.2's.
    winner: Winner | None = None


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
    """Record ``result`` for the account ``user_id`` (see the module docstring).

    The account's row is locked first and stays locked to the end of the settling
    transaction, so what it held when read is what it holds until this hand's own writes:
    those are kept on ``user`` as they are made, instead of read back, and the rows keyed by
    the account (its role record, its day's tasks) cannot be written by another settlement
    meanwhile, so they are written without ``get_or_create``'s savepoints. A settlement holds
    the one database thread an action needs (docs/PERFORMANCE.md, twelfth round).
    """
    with transaction.atomic(savepoint=False):
        user = User.objects.select_for_update().get(pk=user_id)
        field = f"{result.role.value}_points"
        change = titles.title_change(
            role=result.role,
            mode=result.mode,
            rebellion=result.rebellion,
            places=result.places,
            points=getattr(user, field),
            winner=result.winner,
        )
        # Kept on ``user`` now: the day's task cap is read from the points after the hand.
        setattr(user, field, change.points_after)
        units = user.lifetime_stake_units + stake_units(result.payout, result.stake or 1)
        user.lifetime_stake_units = units
        lines = [
            LedgerLine(LedgerKind.HAND_RESULT, result.payout),
            LedgerLine(LedgerKind.FEE, -result.fee),
            LedgerLine(LedgerKind.PENALTY, -result.penalty),
        ]
        reward = 0
        for tier in change.tiers_reached:
            if TierReward.objects.filter(user=user, role=result.role.value, tier=tier).exists():
                continue  # paid once already, before a fall (RULES §7.5)
            beans = titles.tier_reward(result.role, tier)
            TierReward.objects.create(
                user=user, role=result.role.value, tier=tier, beans=beans, hand_id=result.hand_id
            )
            lines.append(LedgerLine(LedgerKind.REWARD, beans, f"{tier}"))
            reward += beans
        _count_in_record(user, result)
        facts = HandFacts(
            role=result.role,
            place=result.place,
            won=result.won,
            draw=result.draw,
            fled=result.fled,
        )
        lines += task_progress(user=user, facts=facts, now=now)
        # Every ledger row of the seat (result, fee, penalty, tier rewards, tasks, in that
        # order, each row's balance counted on from the last), its title points and its
        # lifetime result: one UPDATE of the locked row and one INSERT, not two statements
        # or three for each payment.
        record_entries(
            user=user,
            entries=[x for x in lines if x.amount],
            hand_id=result.hand_id,
            locked=True,
            also={field: change.points_after, "lifetime_stake_units": units},
        )
    return RecordedResult(
        title_points_before=change.points_before,
        title_points_after=change.points_after,
        title_before=change.tier_before,
        title_after=change.tier_after,
        reward=reward,
    )


def _count_in_record(user: User, result: HandResult) -> None:
    """One more hand in the role's record: its row moved on, or made with this hand (the
    account's row is locked, so no other settlement makes it meanwhile)."""
    won, draw = int(result.won), int(result.draw)
    moved = RoleRecord.objects.filter(user=user, role=result.role.value).update(
        hands=F("hands") + 1, wins=F("wins") + won, draws=F("draws") + draw
    )
    if not moved:
        RoleRecord.objects.create(user=user, role=result.role.value, hands=1, wins=won, draws=draw)
