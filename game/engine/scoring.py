"""The other systems' scorings (RULES §10.5 formula, §10.9 position points): zero-sum payouts
per finishing place, like ``settlement._base_payouts`` does for Boke City's tables (§5).

Each function takes the roles in finishing order (index 0 = 1st place) and returns
``(winner, multiple, payouts)``; ``multiple`` is the size of the result in stakes before
the open doubling (the guard's formula value, or the royalists' position sum), 0 in a draw;
in a solo hand 1 when somebody won, as in ``settlement.Settlement``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .roles import Mode, Role

Winner = Literal["royalists", "rebels", "draw"]

# RULES §10.9: points for places 1..5.
POSITION_POINTS = (4, 2, 0, -2, -4)


def _winner(emperor_payout: int) -> Winner:
    if emperor_payout > 0:
        return "royalists"
    if emperor_payout < 0:
        return "rebels"
    return "draw"


def _doubled(mode: Mode, rebellion: bool) -> bool:
    # "Open guard or a standing rebellion doubles everything" (§10.5); §10.9 adds open solo.
    return mode is Mode.OPEN_GUARD or rebellion


def formula_payouts(
    *, mode: Mode, rebellion: bool, places: Sequence[Role], stake: int
) -> tuple[Winner, int, tuple[int, ...]]:
    """RULES §10.5 (Lianzhong). Two against three: guard = 6 − (emperor place + guard
    place), emperor = 2 × guard, each rebel = − guard. Dark solo ±12 / 0 (others ∓3), open
    solo ±24 (others ∓6). Open guard or a standing rebellion doubles everything, a dark solo
    included (file 004: "造反成功后输赢的分数加倍（包括暗独保）")."""
    emperor_place = places.index(Role.EMPEROR) + 1
    factor = 2 if _doubled(mode, rebellion) else 1
    if mode.is_solo:
        if mode is Mode.OPEN_SOLO:
            emperor = 24 if emperor_place == 1 else -24
        else:
            emperor = {1: 12, 2: 0}.get(emperor_place, -12)
        emperor *= factor
        payouts = tuple((emperor if r is Role.EMPEROR else -emperor // 4) * stake for r in places)
        return _winner(emperor), 1 if emperor else 0, payouts
    guard_place = places.index(Role.GUARD) + 1
    guard = (6 - (emperor_place + guard_place)) * factor
    units = {Role.EMPEROR: 2 * guard, Role.GUARD: guard, Role.REBEL: -guard}
    payouts = tuple(units[r] * stake for r in places)
    return _winner(guard), abs(guard) // factor, payouts


def position_payouts(
    *, mode: Mode, rebellion: bool, places: Sequence[Role], stake: int
) -> tuple[Winner, int, tuple[int, ...]]:
    """RULES §10.9 (Duole). Places score +4 +2 0 −2 −4. Two against three: s = the
    royalists' points, emperor +2·s·S, guard +s·S, each rebel −s·S. Solo: p = the emperor's
    points, emperor +4·p·S, each other −p·S. Open guard, open solo or a standing rebellion
    doubles."""
    factor = 2 if _doubled(mode, rebellion) or mode is Mode.OPEN_SOLO else 1
    points = {role: 0 for role in Role}
    for place, role in enumerate(places):
        if role is not Role.REBEL:
            points[role] += POSITION_POINTS[place]
    if mode.is_solo:
        p = points[Role.EMPEROR] * factor
        units = {Role.EMPEROR: 4 * p, Role.REBEL: -p}
        return _winner(p), 1 if p else 0, tuple(units[r] * stake for r in places)
    s = (points[Role.EMPEROR] + points[Role.GUARD]) * factor
    units = {Role.EMPEROR: 2 * s, Role.GUARD: s, Role.REBEL: -s}
    return _winner(s), abs(s) // factor, tuple(units[r] * stake for r in places)
