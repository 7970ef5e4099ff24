"""Advice on a finished hand: what 高手 would have done at each decision."""

from __future__ import annotations

import pytest

from game.engine import Rules, WrongPhase, new_hand
from game.engine.actions import Play
from game.engine.advice import advise
from game.engine.expert import Budget
from game.engine.outcome import previous_result
from game.engine.replay import HandLog
from game.engine.review import replay_steps
from game.engine.selfplay import play_hand

QUICK = Budget(playout_cards=300, min_worlds=2, max_worlds=3, max_candidates=3)


def test_advice_covers_each_decision_of_the_asked_seat_on_the_review_steps() -> None:
    _, log = play_hand(3, Rules.preset("standard"))
    advice = advise(log, [0], budget=QUICK)
    steps = replay_steps(log)
    mine = [s for s in steps if s.seat == 0]
    assert [a.step for a in advice] == [s.index for s in mine]
    for a in advice:
        step = steps[a.step]
        assert step.seat == 0
        if isinstance(a.played, Play):
            assert sorted(c.index for c in a.played.cards) == sorted(c.index for c in step.cards)
        else:
            assert a.played == step.action
    # Where the expert would have played otherwise, both choices carry an estimate and
    # the difference is the expert's minus the player's.
    differing = [a for a in advice if a.differs and a.played_value is not None]
    assert differing
    for a in differing:
        assert a.expert_value is not None and a.played_value is not None
        assert a.delta == a.expert_value - a.played_value
    agreeing = [a for a in advice if not a.differs]
    assert agreeing and all(a.delta in (None, 0.0) for a in agreeing)


@pytest.mark.slow
def test_advice_is_reproducible() -> None:
    _, log = play_hand(5, Rules.preset("quick"))
    assert advise(log, [2], budget=QUICK) == advise(log, [2], budget=QUICK)


def test_advice_refuses_a_running_hand() -> None:
    # RULES §3.4: advice during a hand would coach a player with the search's estimates.
    _, log = play_hand(4, Rules.preset("standard"))
    running = HandLog(log.seed, log.rules, log.events[:40])
    with pytest.raises(WrongPhase, match="over"):
        advise(running, [0], budget=QUICK)


@pytest.mark.slow
def test_advice_on_a_hand_dealt_after_tribute_covers_every_seat() -> None:
    # RULES §10.4: a Duole hand after a decided one is dealt with the tribute paid; the
    # review rebuilds it as dealt (the log's previous result) and advises every seat's
    # decisions, on the 216-card deck too (§10.2), at the replay's step numbers.
    rules = Rules.preset("duole")
    first, _ = play_hand(3, rules)  # the rebels won: they are paid tribute
    previous = previous_result(first)
    assert previous is not None
    assert new_hand(9, rules, previous).hands != new_hand(9, rules).hands
    _, log = play_hand(9, rules, previous=previous)
    tiny = Budget(playout_cards=100, min_worlds=1, max_worlds=1, max_candidates=2)
    advice = advise(log, budget=tiny)
    steps = replay_steps(log)
    assert {a.seat for a in advice} == {0, 1, 2, 3, 4}
    assert all(steps[a.step].seat == a.seat for a in advice)
    decided = [s.index for s in steps if s.seat is not None and s.kind not in ("auto_on", "flee")]
    assert [a.step for a in advice] == decided
