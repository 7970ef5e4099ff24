"""Golden hands of the §10 named presets (tests/engine/golden/{preset}.hand, written by
scripts/find_golden_variants.py): ``test_golden_hands`` replays every file to its places and
payouts; this module checks each one shows what its system is about."""

from __future__ import annotations

from game.engine import Phase, State, replay

from .test_golden_hands import GOLDEN, Golden, load


def _golden(name: str) -> tuple[Golden, State]:
    golden = load(GOLDEN / f"{name}.hand")
    return golden, replay(golden.log)


def test_lianzhong_classic_calls_the_guard_and_asks_the_grab() -> None:
    golden, state = _golden("lianzhong_classic")
    assert state.rules.name == "lianzhong_classic" and state.phase is Phase.FINISHED
    kinds = [action.kind for _, action in golden.log.events]
    assert "call" in kinds and kinds.count("no_grab") == 4  # §10.1, §10.7
    assert state.called is not None


def test_lianzhong_simple_passes_the_throne_to_the_previous_seat() -> None:
    golden, state = _golden("lianzhong_simple")
    first = next(seat for seat, action in golden.log.events if action.kind == "abdicate")
    second = golden.log.events[1][0]
    assert second == (first - 1) % 5  # §10.3: 上家
    assert state.rules.scoring == "formula" and state.rules.toasting


def test_duole_deals_216_pays_tribute_and_grants_a_jiefeng_request() -> None:
    golden, state = _golden("duole")
    assert state.rules.deck == 216 and golden.log.previous is not None
    assert len(state.tribute) == 3  # §10.4: three losers give one card each
    assert any(action.kind == "request" for _, action in golden.log.events)  # §10.10
    assert sum(1 for hand in state.hands if hand) <= 1  # §10.9: played to the last player
