"""RULES §10.8 quit penalties: Lianzhong 40·S (file 004), community rooms 50·S (file 001),
instead of §6.3's 3·S, as a room setting."""

from __future__ import annotations

import pytest

from game.engine import MalformedAction, Mode, Role, Rules
from game.engine.settlement import SeatOutcome, compute_settlement


def _fled_settlement(quit_penalty: int) -> list[int]:
    roles = (Role.EMPEROR, Role.GUARD, Role.REBEL, Role.REBEL, Role.REBEL)
    outcomes = [SeatOutcome(seat=s, role=roles[s], place=s + 1, fled=(s == 4)) for s in range(5)]
    result = compute_settlement(
        mode=Mode.DARK_GUARD,
        rebellion=False,
        outcomes=outcomes,
        stake=10,
        fee=0,
        quit_penalty=quit_penalty,
    )
    return [s.penalty for s in result.seats]


def test_the_penalty_is_the_rooms_setting_times_the_stake() -> None:
    assert _fled_settlement(3) == [0, 0, 0, 0, 30]  # §6.3
    assert _fled_settlement(40) == [0, 0, 0, 0, 400]  # §10.8 Lianzhong
    assert _fled_settlement(50) == [0, 0, 0, 0, 500]  # §10.8 community rooms


def test_presets_carry_their_systems_penalty() -> None:
    assert Rules.preset("standard").quit_penalty == 3
    assert Rules.preset("lianzhong_classic").quit_penalty == 40
    assert Rules(quit_penalty=50).to_text().endswith("quit_penalty=50")
    with pytest.raises(MalformedAction):
        Rules(quit_penalty=-1)
