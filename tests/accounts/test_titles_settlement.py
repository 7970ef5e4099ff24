"""RULES §7.1–§7.5 through the real settling transaction: every tier boundary in both
directions, points floored at 0, tier rewards paid once, the emperor/guard "emperor out
before guard" condition, and draws. The pure ladders are in tests/engine/test_rules_7_titles.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from accounts.hand_results import HandResult, record_hand_results
from accounts.models import LedgerEntry, LedgerKind, RoleRecord, TierReward, User
from game.engine.roles import Mode, Role
from game.models import Room, SeatResult
from tests.accounts.hands import Outcome, find_outcome, play_people_hand

pytestmark = pytest.mark.django_db

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL


def royal_win_emperor_first(o: Outcome) -> bool:
    return o.two_vs_three and not o.rebellion and o.winner == "royalists" and o.emperor_first


def royal_win_guard_first(o: Outcome) -> bool:
    return o.two_vs_three and not o.rebellion and o.winner == "royalists" and not o.emperor_first


def rebels_win(o: Outcome) -> bool:
    return o.two_vs_three and not o.rebellion and o.winner == "rebels"


def draw(o: Outcome) -> bool:
    return o.two_vs_three and o.winner == "draw"


def solo(mode: Mode, winner: str) -> Callable[[Outcome], bool]:
    return lambda o: o.mode is mode and not o.rebellion and o.winner == winner


@dataclass
class Case:
    """Points before and after per role; rebels listed in seat order. ``rewards``: beans
    paid for tiers first reached, per role, in the same order."""

    outcome: Callable[[Outcome], bool]
    before: dict[Role, list[int]]
    after: dict[Role, list[int]]
    tiers: dict[Role, list[str]] = field(default_factory=dict)
    rewards: dict[Role, list[int]] = field(default_factory=dict)


CASES = {
    # RULES §7.2 +200 into 秦始皇; §7.3 +100 into 禁军 (1000 beans); §7.4 losses by the tier
    # held before: 山贼头目 −120, 山寨大王 −140, 叛军将领 −220, each falling a tier.
    "royal-win-up-禁军-rebels-down": Case(
        royal_win_emperor_first,
        {E: [9800], G: [200], R: [1800, 3600, 5400]},
        {E: [10_000], G: [300], R: [1680, 3460, 5180]},
        {E: ["秦始皇"], G: ["禁军"], R: ["拦路小贼", "山贼头目", "山寨大王"]},
        {E: [0], G: [1000], R: [0, 0, 0]},
    ),
    # 校尉 (2000 beans); 叛军首领 −260 into 叛军将领; 拦路小贼 −100; floored at 0.
    "royal-win-up-校尉-rebels-floor": Case(
        royal_win_emperor_first,
        {E: [10_000], G: [500], R: [12_000, 1799, 50]},
        {E: [10_200], G: [600], R: [11_740, 1699, 0]},
        {E: ["秦始皇"], G: ["校尉"], R: ["叛军将领", "拦路小贼", "拦路小贼"]},
        {E: [0], G: [2000], R: [0, 0, 0]},
    ),
    "royal-win-up-将军": Case(
        royal_win_emperor_first,
        {E: [0], G: [800], R: [0, 0, 0]},
        {E: [200], G: [900], R: [0, 0, 0]},
        {E: ["普通皇帝"], G: ["将军"], R: ["拦路小贼"] * 3},
        {E: [0], G: [0], R: [0, 0, 0]},
    ),
    "royal-win-up-元帅": Case(
        royal_win_emperor_first,
        {E: [9999], G: [1900], R: [0, 0, 0]},
        {E: [10_199], G: [2000], R: [0, 0, 0]},
        {E: ["秦始皇"], G: ["元帅"], R: ["拦路小贼"] * 3},
    ),
    # RULES §7.2/§7.3: the royalists won but the guard went out first: no gain for either,
    # while the rebels still lose.
    "royal-win-guard-first": Case(
        royal_win_guard_first,
        {E: [9800], G: [250], R: [1800, 100, 0]},
        {E: [9800], G: [250], R: [1680, 0, 0]},
        {E: ["普通皇帝"], G: ["捕快"], R: ["拦路小贼"] * 3},
    ),
    # RULES §7.4 +200 into 山贼头目 (1000), 山寨大王 (2000), 叛军将领; §7.2 秦始皇 −220
    # falling to 普通皇帝; §7.3 禁军 −60 falling to 捕快.
    "rebels-win-up": Case(
        rebels_win,
        {E: [10_000], G: [300], R: [1600, 3400, 5200]},
        {E: [9780], G: [240], R: [1800, 3600, 5400]},
        {E: ["普通皇帝"], G: ["捕快"], R: ["山贼头目", "山寨大王", "叛军将领"]},
        {E: [0], G: [0], R: [1000, 2000, 0]},
    ),
    # 普通皇帝 −200; 校尉 −70; 叛军首领; crossing two tiers at once pays the tier crossed.
    "rebels-win-up-叛军首领": Case(
        rebels_win,
        {E: [9999], G: [600], R: [11_800, 0, 1799]},
        {E: [9799], G: [530], R: [12_000, 200, 1999]},
        {E: ["普通皇帝"], G: ["禁军"], R: ["叛军首领", "拦路小贼", "山贼头目"]},
        {E: [0], G: [0], R: [0, 0, 1000]},
    ),
    "rebels-win-将军-down-emperor-floor": Case(
        rebels_win,
        {E: [100], G: [900], R: [0, 0, 0]},
        {E: [0], G: [790], R: [200, 200, 200]},
        {E: ["普通皇帝"], G: ["校尉"], R: ["拦路小贼"] * 3},
    ),
    "rebels-win-元帅-down": Case(
        rebels_win,
        {E: [0], G: [2000], R: [0, 0, 0]},
        {E: [0], G: [1870], R: [200, 200, 200]},
        {E: ["普通皇帝"], G: ["将军"], R: ["拦路小贼"] * 3},
    ),
    "rebels-win-捕快-and-guard-floor": Case(
        rebels_win,
        {E: [0], G: [299], R: [0, 0, 0]},
        {E: [0], G: [249], R: [200, 200, 200]},
    ),
    "rebels-win-guard-floor": Case(
        rebels_win,
        {E: [0], G: [30], R: [0, 0, 0]},
        {E: [0], G: [0], R: [200, 200, 200]},
    ),
    # RULES §7.2: a draw changes nothing, for anyone.
    "draw": Case(
        draw,
        {E: [10_000], G: [300], R: [1800, 0, 12_000]},
        {E: [10_000], G: [300], R: [1800, 0, 12_000]},
        {E: ["秦始皇"], G: ["禁军"], R: ["山贼头目", "拦路小贼", "叛军首领"]},
    ),
    # Solo (§7.2): dark +500 / −500 (秦始皇 −550); open +1000 / −1000 (秦始皇 −1100); the
    # four others play on the rebel ladder.
    "dark-solo-won": Case(
        solo(Mode.DARK_SOLO, "royalists"),
        {E: [9500], R: [1800, 3600, 0, 12_000]},
        {E: [10_000], R: [1680, 3460, 0, 11_740]},
        {E: ["秦始皇"], R: ["拦路小贼", "山贼头目", "拦路小贼", "叛军将领"]},
    ),
    "dark-solo-lost-秦始皇": Case(
        solo(Mode.DARK_SOLO, "rebels"),
        {E: [10_000], R: [1600, 0, 0, 0]},
        {E: [9450], R: [1800, 200, 200, 200]},
        {E: ["普通皇帝"], R: ["山贼头目", "拦路小贼", "拦路小贼", "拦路小贼"]},
        {E: [0], R: [1000, 0, 0, 0]},
    ),
    "dark-solo-lost-普通皇帝": Case(
        solo(Mode.DARK_SOLO, "rebels"),
        {E: [9999], R: [0, 0, 0, 0]},
        {E: [9499], R: [200, 200, 200, 200]},
    ),
    "dark-solo-draw": Case(
        solo(Mode.DARK_SOLO, "draw"),
        {E: [9999], R: [1799, 0, 0, 0]},
        {E: [9999], R: [1799, 0, 0, 0]},
    ),
    "open-solo-won": Case(
        solo(Mode.OPEN_SOLO, "royalists"),
        {E: [9000], R: [0, 100, 5400, 3600]},
        {E: [10_000], R: [0, 0, 5180, 3460]},
        {E: ["秦始皇"]},
    ),
    "open-solo-lost-秦始皇": Case(
        solo(Mode.OPEN_SOLO, "rebels"),
        {E: [10_000], R: [0, 0, 0, 0]},
        {E: [8900], R: [200, 200, 200, 200]},
        {E: ["普通皇帝"]},
    ),
    "open-solo-lost-普通皇帝-floor": Case(
        solo(Mode.OPEN_SOLO, "rebels"),
        {E: [999], R: [0, 0, 0, 0]},
        {E: [0], R: [200, 200, 200, 200]},
    ),
}


@pytest.fixture
def people(db: None) -> list[User]:
    return [User.objects.create_user(f"p{i}") for i in range(5)]


def seat_people(outcome: Outcome, people: list[User], points: dict[Role, list[int]]) -> None:
    for role, values in points.items():
        seats = outcome.seats_of(role)
        assert len(seats) == len(values), f"{len(seats)} {role} seats, {len(values)} values"
        for seat, value in zip(seats, values, strict=True):
            User.objects.filter(pk=people[seat].pk).update(**{f"{role.value}_points": value})


@pytest.mark.parametrize("name", list(CASES))
def test_it_moves_titles_by_rules_7(room: Room, people: list[User], name: str) -> None:
    case = CASES[name]
    outcome = find_outcome(case.outcome)
    seat_people(outcome, people, case.before)

    hand = play_people_hand(room=room, people=people, seed=outcome.seed)

    assert (hand.mode, hand.rebellion) == (outcome.mode.value, outcome.rebellion)
    results = {r.seat: r for r in SeatResult.objects.filter(hand=hand)}
    for role, expected in case.after.items():
        seats = outcome.seats_of(role)
        field_name = f"{role.value}_points"
        after = [getattr(User.objects.get(pk=people[s].pk), field_name) for s in seats]
        assert after == expected, f"{role} points"
        assert [results[s].title_points_after for s in seats] == expected
        assert [results[s].title_points_before for s in seats] == case.before[role]
        if role in case.tiers:
            assert [results[s].title_after for s in seats] == case.tiers[role], f"{role} tiers"
        rewards = case.rewards.get(role, [0] * len(seats))
        assert [results[s].reward for s in seats] == rewards, f"{role} rewards"
        for seat, beans in zip(seats, rewards, strict=True):
            paid = LedgerEntry.objects.filter(user=people[seat], kind=LedgerKind.REWARD)
            assert sum(paid.values_list("amount", flat=True)) == beans
            assert paid.filter(hand_id=hand.pk).count() == (1 if beans else 0)
        # Only the ladder of the role held moves (RULES §7.1).
        for seat in seats:
            for other in (E, G, R):
                if other is not role:
                    assert getattr(User.objects.get(pk=people[seat].pk), f"{other}_points") == 0
    # The win/draw record follows the same result.
    for seat, role in enumerate(outcome.roles):
        record = RoleRecord.objects.get(user=people[seat], role=role.value)
        side = "rebels" if role is R else "royalists"
        assert (record.hands, record.wins, record.draws) == (
            1,
            int(outcome.winner == side),
            int(outcome.winner == "draw"),
        )


def test_it_pays_a_tier_reward_once_even_after_falling_and_climbing_back(
    room: Room, people: list[User]
) -> None:
    """RULES §7.5 "first reaching": 禁军 at 300 pays 1000 beans once per user, ever."""
    up = find_outcome(royal_win_emperor_first)
    down = find_outcome(rebels_win)
    guard = people[0]

    def play_as_guard(outcome: Outcome) -> None:
        seat = outcome.seats_of(G)[0]
        order = [p for p in people if p != guard]
        order.insert(seat, guard)
        play_people_hand(room=room, people=order, seed=outcome.seed)

    User.objects.filter(pk=guard.pk).update(guard_points=250)
    play_as_guard(up)  # 250 → 350: reaches 禁军, paid
    play_as_guard(down)  # 350 → 290: back to 捕快
    play_as_guard(up)  # 290 → 390: 禁军 again, not paid again
    guard.refresh_from_db()
    assert guard.guard_points == 390
    rewards = LedgerEntry.objects.filter(user=guard, kind=LedgerKind.REWARD)
    assert list(rewards.values_list("amount", "reason")) == [(1000, "禁军")]
    assert TierReward.objects.filter(user=guard).count() == 1
    results = SeatResult.objects.filter(user=guard).order_by("hand_id")
    assert [(r.title_before, r.title_after, r.reward) for r in results] == [
        ("捕快", "禁军", 1000),
        ("禁军", "捕快", 0),
        ("捕快", "禁军", 0),
    ]


def test_the_seats_of_two_hands_are_refused_together() -> None:
    """``record_hand_results`` writes one hand's seats (their ledger rows name that hand):
    given seats of two hands it refuses with a clear error and writes nothing."""
    alice, bob = (User.objects.create_user(n) for n in ("alice2", "bob2"))

    def seat(hand_id: int, role: Role) -> HandResult:
        return HandResult(
            hand_id=hand_id,
            role=role,
            place=1,
            fled=False,
            payout=10,
            fee=0,
            penalty=0,
            stake=10,
            mode=Mode.DARK_GUARD,
            rebellion=False,
            places=(E, G, R, R, R),
            won=True,
            draw=False,
        )

    with pytest.raises(ValueError, match="one hand"):
        record_hand_results(
            results=[(alice.pk, seat(1, E)), (bob.pk, seat(2, G))], now=datetime.now(UTC)
        )
    assert not LedgerEntry.objects.exclude(kind=LedgerKind.START_GRANT).exists()
    assert not RoleRecord.objects.exists()
