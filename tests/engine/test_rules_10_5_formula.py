"""RULES §10.5 formula scoring (Lianzhong), by hand from the formula."""

from __future__ import annotations

import itertools

import pytest

from game.engine.roles import Mode, Role
from game.engine.settlement import role_payouts

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL


def pay(mode: Mode, places: str, *, rebellion: bool = False, stake: int = 1) -> tuple[int, ...]:
    roles = [{"E": E, "G": G, "R": R}[c] for c in places]
    return role_payouts(
        mode=mode, rebellion=rebellion, places=roles, stake=stake, scoring="formula"
    )


@pytest.mark.parametrize(
    ("places", "guard"),
    [
        ("EGRRR", 3),  # 6 − (1 + 2)
        ("ERGRR", 2),
        ("GERRR", 3),
        ("ERRRG", 0),  # 6 − (1 + 5): a draw
        ("RRRGE", -3),  # 6 − (5 + 4)
        ("RGRER", 0),
    ],
)
def test_two_against_three(places: str, guard: int) -> None:
    expected = {"E": 2 * guard, "G": guard, "R": -guard}
    assert pay(Mode.DARK_GUARD, places, stake=10) == tuple(10 * expected[c] for c in places)


def test_open_guard_and_rebellion_double_once() -> None:
    assert pay(Mode.OPEN_GUARD, "EGRRR") == (12, 6, -6, -6, -6)
    assert pay(Mode.DARK_GUARD, "EGRRR", rebellion=True) == (12, 6, -6, -6, -6)
    assert pay(Mode.OPEN_GUARD, "EGRRR", rebellion=True) == (12, 6, -6, -6, -6)


def test_solo() -> None:
    assert pay(Mode.DARK_SOLO, "ERRRR") == (12, -3, -3, -3, -3)
    assert pay(Mode.DARK_SOLO, "RERRR") == (0, 0, 0, 0, 0)
    assert pay(Mode.DARK_SOLO, "RRERR") == (3, 3, -12, 3, 3)
    assert pay(Mode.OPEN_SOLO, "ERRRR") == (24, -6, -6, -6, -6)
    assert pay(Mode.OPEN_SOLO, "RERRR") == (6, -24, 6, 6, 6)
    # file 004: a standing rebellion doubles the dark solo too ("包括暗独保").
    assert pay(Mode.DARK_SOLO, "ERRRR", rebellion=True) == (24, -6, -6, -6, -6)


def test_every_result_is_zero_sum() -> None:
    for mode, rebellion in itertools.product(Mode, (False, True)):
        letters = "ERRRR" if mode.is_solo else "EGRRR"
        for order in set(itertools.permutations(letters)):
            assert sum(pay(mode, "".join(order), rebellion=rebellion, stake=7)) == 0
