"""What a finished hand does to one account: the only road from a settlement into accounts.

``record_hand_results`` is called by the game's settlement (``game.settlement``) once a
hand, with every seat held by an account, inside the transaction that ends the hand. For
each seat, in order, it

* moves the title points of the ladder of the role held (RULES §7.1–§7.4) and adds the
  result in stake units to the lifetime result (RULES §7.7; twice a won hand's under a
  double-score card, §12.4),
* writes the ledger rows of the hand result, the table fee and a fled player's penalty,
* pays each tier reached for the first time (RULES §7.5, ``TierReward``),
* counts the hand in the role's win/draw record (``RoleRecord``, for the win rates),
* counts the hand towards the day's tasks, paying completions (``accounts.tasks``).

It does so for every account seat of the hand at once: the accounts' points, lifetime
results and balances are written at the end, one UPDATE an account, and every ledger row of
the hand in one INSERT, each account's rows in the order above
(``accounts.services.record_locked_entries``).

The game passes plain facts (``HandResult``) and reads back what to record on its own row
(``RecordedResult``): accounts knows nothing of hands, seats or events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_EVEN, Decimal

from django.db import transaction

from accounts.models import DailyTask, LedgerKind, RoleRecord, TierReward, User
from accounts.services import LedgerLine, LockedAccountChange, record_locked_entries
from accounts.tasks import HandFacts, advance_tasks, local_day
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
    # RULES §12.4: a double-score card runs for the account: a won hand adds twice its
    # stake units to the general score (set by the game only where props count, §12.6).
    double_score: bool = False


@dataclass(frozen=True, slots=True)
class RecordedResult:
    """What the hand did to the account's titles and rewards (for the hand's record)."""

    title_points_before: int
    title_points_after: int
    title_before: str
    title_after: str
    reward: int
    score_doubled: bool = False  # the double-score card doubled the general score's gain


def stake_units(payout: int, stake: int) -> Decimal:
    """One hand's result in stake units (RULES §7.7), to the cent."""
    return (Decimal(payout) / Decimal(stake)).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)


def record_hand_results(
    *, results: Sequence[tuple[int, HandResult]], now: datetime
) -> list[RecordedResult]:
    """Record each ``(user_id, result)`` of one finished hand (see the module docstring), in
    the order given; what each did to its account's titles and rewards, in the same order.

    The accounts' rows are locked first (in the order of their ids, as every settlement
    locks them, so two settlements cannot deadlock) and stay locked to the end of the
    settling transaction, so what they held when read is what they hold until this hand's
    own writes: those are kept on each ``User`` as they are made, instead of read back, and
    the rows keyed by the accounts (role records, the day's tasks) cannot be written by
    another settlement meanwhile, so they are read once for all the seats and written
    together, without ``get_or_create``'s savepoints. A settlement holds the one database
    thread every table's next action needs (docs/PERFORMANCE.md): its
    statements are shared by the seats where they can be, not repeated for each.
    """
    if len({result.hand_id for _, result in results}) > 1:
        raise ValueError("record_hand_results takes the seats of one hand")
    ids = [user_id for user_id, _ in results]
    day = local_day(now)
    with transaction.atomic(savepoint=False):
        users = {
            u.pk: u for u in User.objects.select_for_update().filter(pk__in=ids).order_by("pk")
        }
        tasks: dict[int, dict[str, DailyTask]] = {user_id: {} for user_id in ids}
        for task_row in DailyTask.objects.filter(user_id__in=ids, day=day):
            tasks[task_row.user_id][task_row.task] = task_row
        records = {(r.user_id, r.role): r for r in RoleRecord.objects.filter(user_id__in=ids)}
        changes: list[LockedAccountChange] = []
        touched_tasks: list[DailyTask] = []
        touched_records: list[RoleRecord] = []
        recorded: list[RecordedResult] = []
        for user_id, result in results:
            user = users[user_id]
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
            gained = stake_units(result.payout, result.stake or 1)
            doubled = result.double_score and result.won and gained > 0
            units = user.lifetime_stake_units + (gained * 2 if doubled else gained)
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
                    user=user,
                    role=result.role.value,
                    tier=tier,
                    beans=beans,
                    hand_id=result.hand_id,
                )
                lines.append(LedgerLine(LedgerKind.REWARD, beans, f"{tier}"))
                reward += beans
            touched_records.append(_counted_in_record(records, user, result))
            facts = HandFacts(
                role=result.role,
                place=result.place,
                won=result.won,
                draw=result.draw,
                fled=result.fled,
            )
            paid, touched = advance_tasks(user=user, facts=facts, day=day, rows=tasks[user_id])
            touched_tasks += touched
            # The seat's ledger rows in this order: result, fee, penalty, tier rewards, tasks.
            changes.append(
                LockedAccountChange(
                    user=user,
                    entries=[x for x in lines + paid if x.amount],
                    also={field: change.points_after, "lifetime_stake_units": units},
                )
            )
            recorded.append(
                RecordedResult(
                    title_points_before=change.points_before,
                    title_points_after=change.points_after,
                    title_before=change.tier_before,
                    title_after=change.tier_after,
                    reward=reward,
                    score_doubled=doubled,
                )
            )
        hand_id = results[0][1].hand_id if results else None
        record_locked_entries(changes=changes, hand_id=hand_id)
        _write(RoleRecord, touched_records, ("hands", "wins", "draws"))
        _write(DailyTask, touched_tasks, ("progress", "completed"))
    return recorded


def _counted_in_record(
    records: dict[tuple[int, str], RoleRecord], user: User, result: HandResult
) -> RoleRecord:
    """One more hand in the role's record: its row moved on, or made with this hand (not
    saved: ``_write`` writes the hand's together)."""
    key = (user.pk, result.role.value)
    record = records.get(key) or RoleRecord(user=user, role=result.role.value)
    records[key] = record
    record.hands += 1
    record.wins += int(result.won)
    record.draws += int(result.draw)
    return record


def _write[M: (RoleRecord, DailyTask)](
    model: type[M], rows: list[M], fields: tuple[str, ...]
) -> None:
    """``rows`` of ``model`` written: the new ones in one INSERT, the others in one UPDATE."""
    new = [row for row in rows if row.pk is None]
    old = [row for row in rows if row.pk is not None]
    if new:
        model.objects.bulk_create(new)
    if old:
        model.objects.bulk_update(old, fields)
