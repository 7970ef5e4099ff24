"""RULES §6: auto-play (entering, the third-time lock), the missed-decision rule (§6.2: a
missed deadline, a fled seat, auto-play's role questions) and fleeing. Auto-play's cards are
the 普通 bot's, chosen by the site: tests/game/test_resilience.py."""

from __future__ import annotations

import pytest

from game.engine import NotYourTurn, WrongPhase, autoplay_action, to_act

from .play_helpers import KEEP_SIX, QUICK, act, deal, play_cards, play_state, run


def test_auto_play_can_be_left_until_it_was_entered_three_times():
    # RULES §6.1
    state = deal(3)
    for _ in range(2):
        state = act(state, 2, "auto on")
        assert state.auto[2]
        state = act(state, 2, "auto off")
        assert not state.auto[2]
    state = act(state, 2, "auto on")
    assert state.auto_count[2] == 3
    with pytest.raises(WrongPhase, match="three times"):
        act(state, 2, "auto off")


def test_auto_play_switches_must_change_something():
    state = deal(3)
    with pytest.raises(WrongPhase):
        act(state, 1, "auto off")
    with pytest.raises(WrongPhase):
        act(act(state, 1, "auto on"), 1, "auto on")


def test_the_missed_decision_rule_ascends_and_never_announces():
    # RULES §6.2: ascend; dark guard; no rebellion (and dark solo for a solo holder).
    state = deal(5, emperor_at=0, guard_at=2)
    assert autoplay_action(state, 0).kind == "ascend"
    with pytest.raises(NotYourTurn):
        autoplay_action(state, 1)
    state = act(state, 0, "ascend")
    assert autoplay_action(state, 2).kind == "dark_guard"
    assert autoplay_action(state, 1).kind == "no_rebel"
    with pytest.raises(WrongPhase):
        autoplay_action(state, 0)
    solo = deal(5, emperor_at=0, guard_at=0)
    assert autoplay_action(solo, 0).kind == "dark_solo"


def test_the_missed_decision_rule_leads_the_weakest_single_and_passes_when_following():
    # RULES §6.2
    state = play_state(["9S 9H 7S SJ1", "TS", "6S", "6H", "6C"])
    assert play_cards(autoplay_action(state, 0)) == "7S"
    state = act(state, 0, "play 9S 9H")
    assert autoplay_action(state, 1).kind == "pass"


def test_the_missed_decision_rule_under_keep_six_plays_all_the_6s_when_nothing_else_is_left():
    # RULES §6.2
    state = play_state(["6S 6H SJ1", "TS"], rules=KEEP_SIX)
    assert play_cards(autoplay_action(state, 0)) == "SJ1"
    state = play_state(["6S 6H 6C", "TS"], rules=KEEP_SIX)
    assert play_cards(autoplay_action(state, 0)) == "6S 6H 6C"


def test_the_missed_decision_rule_alone_finishes_every_hand():
    # RULES §6.2 applied to all five seats of a quick room.
    state = deal(11, QUICK)
    steps = 0
    while to_act(state):
        seat = to_act(state)[0]
        state = act(state, seat, autoplay_action(state, seat).to_notation())
        steps += 1
    assert sorted(p for p in state.places if p is not None) == [1, 2, 3, 4, 5]


def test_a_fled_seat_stays_in_auto_play():
    # RULES §6.3
    state = act(deal(3), 4, "flee")
    assert state.fled[4] and state.auto[4]
    with pytest.raises(WrongPhase, match="left"):
        act(state, 4, "auto off")
    with pytest.raises(WrongPhase, match="already left"):
        act(state, 4, "flee")


def test_leaving_after_going_out_is_not_fleeing():
    # Decision (docs/RULES-DECISIONS.md): an out player cannot hurt the side any more.
    state = play_state(["8S", "9S 9H", "6S", "6H", "6C"])
    state = act(state, 0, "play 8S")
    with pytest.raises(WrongPhase, match="gone out"):
        act(state, 0, "flee")


def test_auto_play_and_fleeing_bump_the_version_but_not_the_turn():
    state = play_state(["8S 7S", "9S 9H", "6S", "6H", "6C"])
    after = run(state, [(3, "auto on"), (2, "flee")])
    assert after.version == state.version + 2
    assert after.turn == state.turn and after.hands == state.hands
