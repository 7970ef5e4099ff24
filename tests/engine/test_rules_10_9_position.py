"""RULES §10.9 position points (Duole), by hand from the rule."""

from __future__ import annotations

import itertools

from game.engine.roles import Mode, Role
from game.engine.settlement import role_payouts

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL


def pay(mode: Mode, places: str, *, rebellion: bool = False, stake: int = 1) -> tuple[int, ...]:
    roles = [{"E": E, "G": G, "R": R}[c] for c in places]
    return role_payouts(
        mode=mode, rebellion=rebellion, places=roles, stake=stake, scoring="position"
    )


def test_two_against_three_uses_the_royalists_points() -> None:
    # s = 4 + 2 = 6: emperor +12, guard +6, each rebel −6.
    assert pay(Mode.DARK_GUARD, "EGRRR") == (12, 6, -6, -6, -6)
    # s = 4 + (−4) = 0: a draw.
    assert pay(Mode.DARK_GUARD, "ERRRG") == (0, 0, 0, 0, 0)
    # Guard fourth (−2), emperor last (−4): s = −6, stake 5.
    assert pay(Mode.DARK_GUARD, "RRRGE", stake=5) == (30, 30, 30, -30, -60)


def test_solo_uses_the_emperors_points() -> None:
    assert pay(Mode.DARK_SOLO, "ERRRR") == (16, -4, -4, -4, -4)
    assert pay(Mode.DARK_SOLO, "RRERR") == (0, 0, 0, 0, 0)
    assert pay(Mode.DARK_SOLO, "RRRRE") == (4, 4, 4, 4, -16)
    assert pay(Mode.OPEN_SOLO, "ERRRR") == (32, -8, -8, -8, -8)  # open solo doubles


def test_open_guard_or_rebellion_doubles() -> None:
    assert pay(Mode.OPEN_GUARD, "EGRRR") == (24, 12, -12, -12, -12)
    assert pay(Mode.DARK_GUARD, "EGRRR", rebellion=True) == (24, 12, -12, -12, -12)


def test_every_result_is_zero_sum() -> None:
    for mode, rebellion in itertools.product(Mode, (False, True)):
        letters = "ERRRR" if mode.is_solo else "EGRRR"
        for order in set(itertools.permutations(letters)):
            assert sum(pay(mode, "".join(order), rebellion=rebellion, stake=3)) == 0
