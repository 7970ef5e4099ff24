"""RULES §7.1–§7.5 rank titles and §7.7 general level.

The ladders below are copied from the RULES.md text (tier names, thresholds, losses), so a
wrong table in the implementation makes these tests fail.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from game.engine.roles import Mode, Role
from game.engine.titles import (
    daily_task_cap,
    general_level,
    tier_for,
    tier_reward,
    title_change,
)

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL

# RULES §7.2: (name, min points, losses for two-against-three / open solo / dark solo).
EMPEROR_LADDER = [("普通皇帝", 0, (200, 1000, 500)), ("秦始皇", 10_000, (220, 1100, 550))]
# RULES §7.3 and §7.4: (name, min points, loss).
GUARD_LADDER = [
    ("捕快", 0, 50),
    ("禁军", 300, 60),
    ("校尉", 600, 70),
    ("将军", 900, 110),
    ("元帅", 2000, 130),
]
REBEL_LADDER = [
    ("拦路小贼", 0, 100),
    ("山贼头目", 1800, 120),
    ("山寨大王", 3600, 140),
    ("叛军将领", 5400, 220),
    ("叛军首领", 12_000, 260),
]
# RULES §7.5: first-reaching rewards in beans.
REWARDS = {"禁军": 1000, "校尉": 2000, "山贼头目": 1000, "山寨大王": 2000}

# Finishing orders (roles, 1st place first) with the §5.2 outcome they give.
ROYALISTS_WIN_E_FIRST = [E, G, R, R, R]  # A A B B B, emperor before guard
ROYALISTS_WIN_G_FIRST = [G, E, R, R, R]  # A A B B B, guard before emperor
ROYALISTS_LOSE = [R, R, R, E, G]  # B B B A A
DRAWS = [[E, R, R, R, G], [R, G, R, E, R]]  # A B B B A, B A B A B


def change(
    role: Role,
    points: int,
    places: list[Role],
    mode: Mode = Mode.DARK_GUARD,
    rebellion: bool = False,
):
    return title_change(role=role, mode=mode, rebellion=rebellion, places=places, points=points)


def ladder_boundaries():
    for role, ladder in ((E, EMPEROR_LADDER), (G, GUARD_LADDER), (R, REBEL_LADDER)):
        for (below, _, _), (name, threshold, _) in itertools.pairwise(ladder):
            yield role, below, name, threshold


@pytest.mark.parametrize(("role", "below", "name", "threshold"), list(ladder_boundaries()))
def test_tier_for_each_boundary(role: Role, below: str, name: str, threshold: int) -> None:
    # RULES §7.2–§7.4: a tier starts at its threshold; one point less is the tier below.
    assert tier_for(role, threshold).name == name
    assert tier_for(role, threshold - 1).name == below


@pytest.mark.parametrize(("role", "below", "name", "threshold"), list(ladder_boundaries()))
def test_crossing_each_boundary_up_and_down(
    role: Role, below: str, name: str, threshold: int
) -> None:
    # Upwards: one point short of the threshold, then a won hand.
    gain = {E: 200, G: 100, R: 200}[role]  # RULES §7.2 two-against-three, §7.3, §7.4
    win = ROYALISTS_WIN_E_FIRST if role is not R else ROYALISTS_LOSE
    up = change(role, threshold - 1, win)
    assert (up.tier_before, up.tier_after) == (below, name)
    assert up.delta == gain and up.points_after == threshold - 1 + gain
    assert up.tiers_reached == (name,)
    assert up.reward_beans == REWARDS.get(name, 0)
    # Downwards: exactly at the threshold, then a lost hand, losing by the tier held (§7.2-§7.4).
    lose = ROYALISTS_LOSE if role is not R else ROYALISTS_WIN_E_FIRST
    down = change(role, threshold, lose)
    ladder: list[tuple[str, int, Any]] = {  # type: ignore[assignment]
        E: EMPEROR_LADDER,
        G: GUARD_LADDER,
        R: REBEL_LADDER,
    }[role]
    loss = dict((n, lo) for n, _, lo in ladder)[name]
    loss = loss[0] if isinstance(loss, tuple) else loss
    assert down.delta == -loss
    assert (down.tier_before, down.tier_after) == (name, below)
    assert down.tiers_reached == () and down.reward_beans == 0


@pytest.mark.parametrize(("name", "threshold", "loss"), GUARD_LADDER)
def test_guard_loses_by_the_tier_held_before_the_hand(name: str, threshold: int, loss: int):
    # RULES §7.3 (points chosen so that the floor at 0 does not interfere).
    points = max(threshold, loss)
    assert change(G, points, ROYALISTS_LOSE).delta == -loss


@pytest.mark.parametrize(("name", "threshold", "loss"), REBEL_LADDER)
def test_rebel_loses_by_the_tier_held_before_the_hand(name: str, threshold: int, loss: int):
    # RULES §7.4
    points = max(threshold, loss)
    assert change(R, points, ROYALISTS_WIN_E_FIRST).delta == -loss
    # ... also when the royalists' win earns them nothing (guard out first): rebels still lost.
    assert change(R, points, ROYALISTS_WIN_G_FIRST).delta == -loss


@pytest.mark.parametrize(("name", "threshold", "losses"), EMPEROR_LADDER)
def test_emperor_loses_by_tier_and_kind_of_hand(name: str, threshold: int, losses) -> None:
    # RULES §7.2: losses two against three / open solo / dark solo.
    two, open_solo, dark_solo = losses
    points = max(threshold, 5000)
    assert change(E, points, ROYALISTS_LOSE).delta == -two
    assert change(E, points, [R, R, E, R, R], Mode.OPEN_SOLO).delta == -open_solo
    assert change(E, points, [R, R, E, R, R], Mode.DARK_SOLO).delta == -dark_solo
    # A dark solo opened by rebellion scores as open solo (issue; RULES §5.3).
    assert change(E, points, [R, R, E, R, R], Mode.DARK_SOLO, True).delta == -open_solo


def test_emperor_gains_by_kind_of_hand() -> None:
    # RULES §7.2: two against three +200, open solo +1000, dark solo +500.
    assert change(E, 0, ROYALISTS_WIN_E_FIRST).delta == 200
    assert change(E, 0, ROYALISTS_WIN_E_FIRST, Mode.OPEN_GUARD).delta == 200
    assert change(E, 0, [E, R, R, R, R], Mode.OPEN_SOLO).delta == 1000
    assert change(E, 0, [E, R, R, R, R], Mode.DARK_SOLO).delta == 500
    assert change(E, 0, [E, R, R, R, R], Mode.DARK_SOLO, True).delta == 1000


@pytest.mark.parametrize(
    "places",
    [[E, G, R, R, R], [E, R, G, R, R], [E, R, R, G, R], [R, E, G, R, R]],
)
def test_royalists_gain_when_they_win_with_the_emperor_first(places: list[Role]) -> None:
    # RULES §7.2/§7.3: winning rows of §5.2 with the emperor out before the guard.
    assert change(E, 0, places).delta == 200
    assert change(G, 0, places).delta == 100


@pytest.mark.parametrize(
    "places",
    [[G, E, R, R, R], [G, R, E, R, R], [G, R, R, E, R], [R, G, E, R, R]],
)
def test_royalists_gain_nothing_when_the_guard_went_out_first(places: list[Role]) -> None:
    # RULES §7.2/§7.3: the royalists won but the emperor went out after the guard.
    assert change(E, 500, places).delta == 0
    assert change(G, 500, places).delta == 0
    assert change(R, 500, places).delta == -100


@pytest.mark.parametrize("places", DRAWS)
@pytest.mark.parametrize("role", [E, G, R])
def test_draws_change_nothing(places: list[Role], role: Role) -> None:
    # RULES §7.2 "A draw changes nothing"; a dark solo with the emperor 2nd is a draw (§5.3).
    assert change(role, 700, places).delta == 0
    if role is not G:
        assert change(role, 700, [R, E, R, R, R], Mode.DARK_SOLO).delta == 0


def test_solo_uses_the_rebel_ladder_for_the_others() -> None:
    # Issue: the rebel ladder applies to every non-emperor in a solo hand.
    assert change(R, 0, [R, E, R, R, R], Mode.OPEN_SOLO).delta == 200  # open solo lost by 2nd
    assert change(R, 3600, [E, R, R, R, R], Mode.DARK_SOLO).delta == -140
    assert change(R, 0, [R, R, R, R, E], Mode.DARK_SOLO).delta == 200
    with pytest.raises(ValueError):
        change(G, 0, [E, R, R, R, R], Mode.DARK_SOLO)


def test_points_never_go_below_zero() -> None:
    # RULES §7.1
    result = change(R, 30, ROYALISTS_WIN_E_FIRST)
    assert (result.points_after, result.delta) == (0, -30)
    assert change(G, 0, ROYALISTS_LOSE).points_after == 0
    assert change(E, 100, [R, R, E, R, R], Mode.OPEN_SOLO).points_after == 0


def test_rewards_are_reported_for_every_tier_reached() -> None:
    # RULES §7.5: 禁军 1000, 校尉 2000, 山贼头目 1000, 山寨大王 2000.
    for role, ladder in ((G, GUARD_LADDER), (R, REBEL_LADDER)):
        for name, _, _ in ladder:
            assert tier_reward(role, name) == REWARDS.get(name, 0)
    for name, _, _ in EMPEROR_LADDER:
        assert tier_reward(E, name) == 0
    # Reaching 山寨大王 again after falling below: reported again; the web layer pays once.
    again = change(R, 3500, ROYALISTS_LOSE)
    assert again.tiers_reached == ("山寨大王",) and again.reward_beans == 2000
    # Staying inside a tier reaches nothing.
    assert change(R, 1800, ROYALISTS_LOSE).tiers_reached == ()


def test_negative_points_are_refused() -> None:
    with pytest.raises(ValueError):
        change(R, -1, ROYALISTS_LOSE)


def test_daily_task_cap_takes_the_highest_unlock() -> None:
    # RULES §7.5: 秦始皇 20, 将军 10, 元帅 20, 叛军将领 10, 叛军首领 20; the highest counts.
    assert daily_task_cap({}) == 0
    assert daily_task_cap({E: 9_999, G: 899, R: 5_399}) == 0
    assert daily_task_cap({G: 900}) == 10
    assert daily_task_cap({R: 5_400}) == 10
    assert daily_task_cap({G: 900, R: 5_400}) == 10  # not 20: unlocks do not add up
    assert daily_task_cap({G: 2_000}) == 20
    assert daily_task_cap({R: 12_000, G: 900}) == 20
    assert daily_task_cap({E: 10_000}) == 20


# RULES §7.7, verbatim.
LEVELS = [
    ("家丁", 10),
    ("仗势家丁", 25),
    ("护院", 40),
    ("走狗护院", 60),
    ("拳师", 80),
    ("凶恶拳师", 100),
    ("镖头", 130),
    ("恶霸镖头", 160),
    ("衙役", 200),
    ("横行衙役", 250),
    ("捕快", 300),
    ("追命捕快", 350),
    ("侍卫", 400),
    ("卧底侍卫", 500),
    ("御卫", 700),
    ("带刀御卫", 1000),
    ("密探", 1500),
    ("大内密探", 2000),
    ("宠臣", 2500),
    ("改良派", 3000),
    ("维新派", 4000),
    ("觉醒者", 5000),
    ("新青年", 10000),
    ("革命党", 20000),
    ("起义军", 100000),
]


@pytest.mark.parametrize("index", range(len(LEVELS)))
def test_general_level_boundaries(index: int) -> None:
    # RULES §7.7: a level starts at its number; one unit less is the level below (新手 below 10).
    name, threshold = LEVELS[index]
    below = LEVELS[index - 1][0] if index else "新手"
    assert general_level(threshold) == name
    assert general_level(threshold - 1) == below


def test_general_level_extremes() -> None:
    assert general_level(0) == "新手"
    assert general_level(-50) == "新手"
    assert general_level(10**9) == "起义军"
