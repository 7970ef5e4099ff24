"""The bots play every §10 option legally: 1 000 self-play hands of each named preset, each
hand after the last at the same table (so tribute is paid), through ``apply`` (an illegal
action would raise)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Rules
from game.engine.actions import Call
from game.engine.outcome import previous_result
from game.engine.previous import PreviousResult
from game.engine.selfplay import play_hand

HANDS = 1000

CASES = {
    "lianzhong_classic": Rules.preset("lianzhong_classic"),
    "lianzhong_simple": Rules.preset("lianzhong_simple"),
    "duole": Rules.preset("duole"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_a_thousand_bot_hands_without_an_illegal_action(name: str) -> None:
    rules = CASES[name]
    kinds: Counter[str] = Counter()
    tributes = voids = 0
    previous: PreviousResult | None = None
    for seed in range(HANDS):
        state, log = play_hand(seed, rules, previous=previous if rules.tribute else None)
        previous = previous_result(state)
        kinds.update(action.kind for _, action in log.events)
        tributes += bool(state.tribute)
        voids += state.void
    assert voids < HANDS // 10  # bots take the throne far more often than not
    if rules.called_guard:
        assert kinds[Call.kind] > HANDS // 2
    if rules.grab_solo:
        assert kinds["no_grab"] > 0
    if rules.tribute:
        assert tributes > HANDS // 2
    if rules.jiefeng_request:
        assert kinds["request"] > 0
    if rules.throne != "boke":
        assert kinds["abdicate"] > 0
