"""Daily tasks (RULES §7.5): progress per local day, rewards through the ledger, the day's
cap from the highest unlocked title (base 3), reset at local midnight; no tasks for guests."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.conf import LazySettings

from accounts.models import DailyTask, LedgerEntry, LedgerKind, RoleRecord, User
from accounts.selectors import daily_tasks_of
from accounts.tasks import BASE_DAILY_TASKS, HandFacts, local_day, record_task_progress, task_cap
from game.engine.roles import Role
from game.models import Room, SeatResult
from tests.accounts.hands import find_outcome, play_people_hand, play_with_bots

pytestmark = pytest.mark.django_db

# 23:59 and 00:01 in Shanghai (UTC+8) on either side of local midnight; both the same UTC day.
BEFORE_MIDNIGHT = datetime(2026, 3, 1, 15, 59, tzinfo=UTC)
AFTER_MIDNIGHT = datetime(2026, 3, 1, 16, 1, tzinfo=UTC)

PLAYED = HandFacts(role=Role.GUARD, place=3, won=False, draw=False, fled=False)
REBEL_WON_FIRST = HandFacts(role=Role.REBEL, place=1, won=True, draw=False, fled=False)


def task_rewards(user: User) -> list[tuple[int, str]]:
    rows = LedgerEntry.objects.filter(user=user, kind=LedgerKind.TASK).order_by("pk")
    return list(rows.values_list("amount", "reason"))


@pytest.fixture
def user(db: None) -> User:
    return User.objects.create_user("tasker")


def test_it_completes_play_3_hands_on_the_third_hand(user: User) -> None:
    for _ in range(2):
        assert record_task_progress(user=user, facts=PLAYED, now=BEFORE_MIDNIGHT) == []
    paid = record_task_progress(user=user, facts=PLAYED, now=BEFORE_MIDNIGHT)
    assert [(e.amount, e.reason) for e in paid] == [(300, "play3")]
    user.refresh_from_db()
    assert user.beans == 10_300 == paid[0].balance_after
    tasks = daily_tasks_of(user, now=BEFORE_MIDNIGHT)
    assert [(t.task.code, t.progress, t.completed) for t in tasks.tasks] == [
        ("play3", 0, 1),
        ("rebel_win", 0, 0),
        ("first", 0, 0),
    ]
    assert (tasks.done, tasks.cap, tasks.left) == (1, 3, 2)


def test_it_starts_over_at_local_midnight(user: User) -> None:
    for _ in range(2):
        record_task_progress(user=user, facts=PLAYED, now=BEFORE_MIDNIGHT)
    # Two minutes later it is a new day in Shanghai (the same UTC day): progress starts over.
    assert record_task_progress(user=user, facts=PLAYED, now=AFTER_MIDNIGHT) == []
    assert daily_tasks_of(user, now=AFTER_MIDNIGHT).tasks[0].progress == 1
    assert daily_tasks_of(user, now=BEFORE_MIDNIGHT).tasks[0].progress == 2
    assert list(DailyTask.objects.filter(user=user).values_list("day", "progress")) == [
        (datetime(2026, 3, 1).date(), 2),
        (datetime(2026, 3, 2).date(), 1),
    ]


def test_it_uses_the_configured_time_zone(user: User, settings: LazySettings) -> None:
    settings.TIME_ZONE = "Europe/London"  # BAOHUANG_TIME_ZONE
    for _ in range(2):
        record_task_progress(user=user, facts=PLAYED, now=BEFORE_MIDNIGHT)
    # 16:01 UTC is the same day in London: the third hand completes the task.
    assert len(record_task_progress(user=user, facts=PLAYED, now=AFTER_MIDNIGHT)) == 1


def test_it_caps_a_player_without_an_unlock_at_three_a_day(user: User) -> None:
    assert task_cap(user) == BASE_DAILY_TASKS == 3
    # Each rebel win in first place completes two tasks; the third completion reaches the cap.
    for _ in range(5):
        record_task_progress(user=user, facts=REBEL_WON_FIRST, now=BEFORE_MIDNIGHT)
    assert task_rewards(user) == [(300, "rebel_win"), (200, "first"), (300, "rebel_win")]
    assert daily_tasks_of(user, now=BEFORE_MIDNIGHT).left == 0
    # A new local day, a new allowance.
    record_task_progress(user=user, facts=REBEL_WON_FIRST, now=AFTER_MIDNIGHT)
    assert len(task_rewards(user)) == 5


@pytest.mark.parametrize(
    ("points", "cap"),
    [
        ({"guard_points": 899}, 3),  # 校尉: no unlock
        ({"guard_points": 900}, 10),  # 将军
        ({"rebel_points": 5400}, 10),  # 叛军将领
        ({"guard_points": 2000}, 20),  # 元帅
        ({"emperor_points": 10_000}, 20),  # 秦始皇
        ({"rebel_points": 12_000, "guard_points": 900}, 20),  # the highest counts, no sum
    ],
)
def test_it_takes_the_cap_from_the_highest_unlocked_title(
    user: User, points: dict[str, int], cap: int
) -> None:
    User.objects.filter(pk=user.pk).update(**points)
    user.refresh_from_db()
    assert task_cap(user) == cap
    for _ in range(cap):  # up to 2 completions a hand: more than enough hands
        record_task_progress(user=user, facts=REBEL_WON_FIRST, now=BEFORE_MIDNIGHT)
    assert len(task_rewards(user)) == cap
    assert daily_tasks_of(user, now=BEFORE_MIDNIGHT).done == cap


def test_a_fled_player_makes_no_progress(user: User) -> None:
    fled = HandFacts(role=Role.REBEL, place=1, won=True, draw=False, fled=True)
    assert record_task_progress(user=user, facts=fled, now=BEFORE_MIDNIGHT) == []
    assert not DailyTask.objects.exists()


def test_real_hands_count_for_the_day_they_finish(room: Room) -> None:
    people = [User.objects.create_user(f"p{i}") for i in range(5)]
    outcome = find_outcome(lambda o: o.two_vs_three and o.winner == "rebels")
    for _ in range(3):
        play_people_hand(room=room, people=people, seed=outcome.seed, now=BEFORE_MIDNIGHT)
    first_seat = next(
        seat for seat in range(5) if SeatResult.objects.filter(user=people[seat], place=1).exists()
    )
    for seat, person in enumerate(people):
        rebel = outcome.roles[seat] is Role.REBEL
        expected = []
        for hand_no in (1, 2, 3):
            hand_rewards = []
            if rebel:
                hand_rewards.append((300, "rebel_win"))
            if seat == first_seat:
                hand_rewards.append((200, "first"))
            if hand_no == 3:
                hand_rewards.insert(0, (300, "play3"))
            expected += hand_rewards
        # Base cap 3: the day's first three completions are paid, the rest is not.
        assert task_rewards(person) == expected[:3], person.username
        for entry in LedgerEntry.objects.filter(user=person, kind=LedgerKind.TASK):
            assert entry.hand_id is not None
    # The next local day starts a fresh count.
    play_people_hand(room=room, people=people, seed=outcome.seed, now=AFTER_MIDNIGHT)
    assert daily_tasks_of(people[0], now=AFTER_MIDNIGHT).tasks[0].progress == 1


def test_guests_and_bots_get_no_tasks(room: Room) -> None:
    # A guest's trial hand keeps no score, even for a seat tied to an account; bots have none.
    person = User.objects.create_user("visitor")
    hand = play_with_bots(room=room, people=[person, None, None, None, None], seed=1, guest=True)
    assert hand.is_guest and SeatResult.objects.filter(hand=hand).count() == 5
    assert not DailyTask.objects.exists()
    assert not RoleRecord.objects.exists()
    assert not LedgerEntry.objects.exclude(kind=LedgerKind.START_GRANT).exists()
    person.refresh_from_db()
    assert (person.beans, person.lifetime_stake_units) == (10_000, Decimal(0))


def test_a_hand_that_unlocks_a_title_counts_under_the_cap_it_unlocks(room: Room) -> None:
    """RULES §7.5: the cap is the highest unlock held after the hand. A guard one point
    short of 将军 (which unlocks 10 tasks a day) who has used the base allowance of 3 wins a
    hand and rises: the task this very hand completes is paid."""
    people = [User.objects.create_user(f"q{i}") for i in range(5)]
    outcome = find_outcome(lambda o: o.two_vs_three and not o.rebellion and o.winner == "royalists")
    guard = people[outcome.seats_of(Role.GUARD)[0]]
    User.objects.filter(pk=guard.pk).update(guard_points=899)
    day = local_day(BEFORE_MIDNIGHT)
    DailyTask.objects.create(user=guard, day=day, task="rebel_win", completed=BASE_DAILY_TASKS)
    DailyTask.objects.create(user=guard, day=day, task="play3", progress=2)
    play_people_hand(room=room, people=people, seed=outcome.seed, now=BEFORE_MIDNIGHT)
    guard.refresh_from_db()
    assert guard.guard_points >= 900 and task_cap(guard) == 10
    assert task_rewards(guard) == [(300, "play3")]
    assert daily_tasks_of(guard, now=BEFORE_MIDNIGHT).done == BASE_DAILY_TASKS + 1


def test_one_hands_payments_are_chained_in_order_on_the_players_row(room: Room) -> None:
    """A guard whose winning hand pays its result, the table fee, a tier reward (RULES
    §7.5: 禁军 at 300 pays 1000 beans) and a daily task at once: the ledger shows them in
    that order, each row's balance counted on from the one before, the last equal to the
    balance the player sees, and the title points moved in the same settlement."""
    people = [User.objects.create_user(f"r{i}") for i in range(5)]
    outcome = find_outcome(lambda o: o.two_vs_three and not o.rebellion and o.winner == "royalists")
    guard = people[outcome.seats_of(Role.GUARD)[0]]
    User.objects.filter(pk=guard.pk).update(guard_points=299)
    DailyTask.objects.create(user=guard, day=local_day(BEFORE_MIDNIGHT), task="play3", progress=2)
    before = User.objects.get(pk=guard.pk).beans
    play_people_hand(room=room, people=people, seed=outcome.seed, now=BEFORE_MIDNIGHT)
    guard.refresh_from_db()
    rows = list(
        LedgerEntry.objects.filter(user=guard, hand_id__isnull=False)
        .order_by("pk")
        .values_list("kind", "amount", "balance_after", "reason")
    )
    assert [kind for kind, *_ in rows] == [
        LedgerKind.HAND_RESULT,
        LedgerKind.FEE,
        LedgerKind.REWARD,
        LedgerKind.TASK,
    ]
    assert rows[2][1:4:2] == (1000, "禁军") and rows[3][3] == "play3"
    running = before
    for _kind, amount, after, _reason in rows:
        running += amount
        assert after == running
    assert guard.beans == running
    assert guard.guard_points >= 300
