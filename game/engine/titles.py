"""Rank titles (称号) and the general level (等级): RULES §7.1–§7.5 and §7.7.

Pure tables and functions; no Django. The web layer (``accounts``) stores each user's points
per role, calls :func:`title_change` once per hand in the settling transaction, and pays each
tier reward of :attr:`TitleChange.tiers_reached` at most once per user (RULES §7.5 "first
reaching"), which only it can know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.engine.roles import Mode, Role, is_open_hand
from game.engine.settlement import Winner, hand_result, validate_roles


class HandKind(StrEnum):
    """The three columns of RULES §7.2: how a hand counts for title points."""

    TWO_VS_THREE = "two_vs_three"
    DARK_SOLO = "dark_solo"
    OPEN_SOLO = "open_solo"


def hand_kind(mode: Mode, rebellion: bool) -> HandKind:
    """RULES §7.2 with §5.3: a dark solo opened by rebellion counts as open solo."""
    if not mode.is_solo:
        return HandKind.TWO_VS_THREE
    return HandKind.OPEN_SOLO if is_open_hand(mode, rebellion) else HandKind.DARK_SOLO


@dataclass(frozen=True, slots=True)
class Tier:
    """One rung of a role's ladder.

    ``losses`` are the points lost per lost hand by (two-against-three, dark solo, open solo);
    only the emperor's differ by kind (RULES §7.2), guard and rebel lose the same in any hand.
    """

    name: str
    min_points: int
    losses: tuple[int, int, int]
    reward_beans: int = 0  # RULES §7.5, paid once per user on first reaching the tier
    daily_tasks: int = 0  # RULES §7.5, daily tasks unlocked while holding the tier

    def loss_for(self, kind: HandKind) -> int:
        return self.losses[_KIND_INDEX[kind]]


_KIND_INDEX = {HandKind.TWO_VS_THREE: 0, HandKind.DARK_SOLO: 1, HandKind.OPEN_SOLO: 2}


def _flat(loss: int) -> tuple[int, int, int]:
    return (loss, loss, loss)


# Ladders, lowest tier first.
LADDERS: dict[Role, tuple[Tier, ...]] = {
    # RULES §7.2 (losses listed there as two-against-three / open solo / dark solo).
    Role.EMPEROR: (
        Tier("普通皇帝", 0, (200, 500, 1000)),
        Tier("秦始皇", 10_000, (220, 550, 1100), daily_tasks=20),
    ),
    # RULES §7.3, rewards and daily tasks §7.5.
    Role.GUARD: (
        Tier("捕快", 0, _flat(50)),
        Tier("禁军", 300, _flat(60), reward_beans=1000),
        Tier("校尉", 600, _flat(70), reward_beans=2000),
        Tier("将军", 900, _flat(110), daily_tasks=10),
        Tier("元帅", 2000, _flat(130), daily_tasks=20),
    ),
    # RULES §7.4, rewards and daily tasks §7.5.
    Role.REBEL: (
        Tier("拦路小贼", 0, _flat(100)),
        Tier("山贼头目", 1800, _flat(120), reward_beans=1000),
        Tier("山寨大王", 3600, _flat(140), reward_beans=2000),
        Tier("叛军将领", 5400, _flat(220), daily_tasks=10),
        Tier("叛军首领", 12_000, _flat(260), daily_tasks=20),
    ),
}

# Points gained for a won hand, by kind (RULES §7.2–§7.4).
GAINS: dict[Role, tuple[int, int, int]] = {
    Role.EMPEROR: (200, 500, 1000),
    Role.GUARD: _flat(100),
    Role.REBEL: _flat(200),
}


def tier_for(role: Role, points: int) -> Tier:
    """The tier held with ``points`` on ``role``'s ladder (negative points count as 0)."""
    held = LADDERS[role][0]
    for tier in LADDERS[role]:
        if points >= tier.min_points:
            held = tier
    return held


@dataclass(frozen=True, slots=True)
class TitleChange:
    """The effect of one hand on one player's ladder (the ladder of ``role``)."""

    role: Role
    delta: int  # points_after - points_before (the floor at 0 can make it smaller than the rule)
    points_before: int
    points_after: int
    tier_before: str
    tier_after: str
    # Tiers whose threshold this hand crossed upwards, lowest first. RULES §7.5 pays only the
    # first time a user reaches a tier, so the web layer pays each of these once per user.
    tiers_reached: tuple[str, ...]
    reward_beans: int  # the sum of the rewards of tiers_reached (before the once-per-user check)


def title_change(
    *,
    role: Role,
    mode: Mode,
    rebellion: bool,
    places: Sequence[Role],
    points: int,
    winner: Winner | None = None,
) -> TitleChange:
    """Title points for one player after a hand (RULES §7.1–§7.5).

    ``role`` is the player's role in the hand, ``places`` the roles in finishing order (index 0
    = 1st place) and ``points`` the player's current points on that role's ladder. In a solo
    hand every non-emperor is a rebel and uses the rebel ladder.

    ``winner`` is the result under the room's scoring (``Settlement.winner``) when it is not
    Boke City's §5 (RULES §10.5, §10.9 can differ: a dark-solo emperor second wins on
    position points); the same per-role ladders move (docs/RULES-DECISIONS.md).
    """
    if points < 0:
        raise ValueError(f"title points are never below 0, got {points}")
    if winner is None:
        winner, _ = hand_result(mode=mode, rebellion=rebellion, places=places)
    else:
        validate_roles(mode, places)
    if role is Role.GUARD and mode.is_solo:
        raise ValueError("there is no guard in a solo hand; the others play as rebels")
    kind = hand_kind(mode, rebellion)
    held = tier_for(role, points)
    gain = GAINS[role][_KIND_INDEX[kind]]
    loss = held.loss_for(kind)  # RULES §7.2–§7.4: by the tier held before the hand

    change = 0
    if winner == "draw":
        change = 0  # RULES §7.2: a draw changes nothing (for every role).
    elif role is Role.REBEL:
        change = gain if winner == "rebels" else -loss
    elif winner == "rebels":
        change = -loss
    elif mode.is_solo or places.index(Role.EMPEROR) < places.index(Role.GUARD):
        # RULES §7.2/§7.3: royalists gain only if the emperor went out before the guard
        # (in solo, the emperor gains whenever he won).
        change = gain

    after = max(0, points + change)  # RULES §7.1: never below 0
    reached = tuple(t for t in LADDERS[role] if points < t.min_points <= after)
    return TitleChange(
        role=role,
        delta=after - points,
        points_before=points,
        points_after=after,
        tier_before=held.name,
        tier_after=tier_for(role, after).name,
        tiers_reached=tuple(t.name for t in reached),
        reward_beans=sum(t.reward_beans for t in reached),
    )


def tier_reward(role: Role, tier_name: str) -> int:
    """Beans for first reaching ``tier_name`` on ``role``'s ladder (RULES §7.5)."""
    for tier in LADDERS[role]:
        if tier.name == tier_name:
            return tier.reward_beans
    raise ValueError(f"no tier {tier_name!r} on the {role} ladder")


def daily_task_cap(points_by_role: Mapping[Role, int]) -> int:
    """Daily tasks a user may do (RULES §7.5): the highest unlock among the tiers held counts,
    they do not add up. Roles missing from the mapping count as 0 points."""
    return max(
        (tier_for(role, points_by_role.get(role, 0)).daily_tasks for role in LADDERS),
        default=0,
    )


# RULES §7.7: (lifetime stake units needed, level name), lowest first.
LEVELS: tuple[tuple[int, str], ...] = (
    (10, "家丁"),
    (25, "仗势家丁"),
    (40, "护院"),
    (60, "走狗护院"),
    (80, "拳师"),
    (100, "凶恶拳师"),
    (130, "镖头"),
    (160, "恶霸镖头"),
    (200, "衙役"),
    (250, "横行衙役"),
    (300, "捕快"),
    (350, "追命捕快"),
    (400, "侍卫"),
    (500, "卧底侍卫"),
    (700, "御卫"),
    (1000, "带刀御卫"),
    (1500, "密探"),
    (2000, "大内密探"),
    (2500, "宠臣"),
    (3000, "改良派"),
    (4000, "维新派"),
    (5000, "觉醒者"),
    (10_000, "新青年"),
    (20_000, "革命党"),
    (100_000, "起义军"),
)
NOVICE_LEVEL = "新手"


def general_level(lifetime_stake_units: int) -> str:
    """RULES §7.7: the level for a lifetime result in stake units (新手 below 10).

    The caller sums payout ÷ S per hand; a negative total counts as 0 ("never below 0").
    """
    name = NOVICE_LEVEL
    for threshold, level in LEVELS:
        if lifetime_stake_units >= threshold:
            name = level
    return name
