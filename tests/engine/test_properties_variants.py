"""Property tests for the §10 variants (hypothesis): every random legal sequence ends, cards
are conserved (attached cards included), replay reproduces every state, settlement is
zero-sum under every scoring, void hands are never settled, and no view leaks a hidden guard
(called or not) or another seat's cards or tribute."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Action,
    AutoPlay,
    HandLog,
    IllegalAction,
    Phase,
    Rules,
    apply,
    new_hand,
    replay,
    settle,
    states,
    to_act,
)
from game.engine.actions import FLEE
from game.engine.hand import decisions
from game.engine.previous import PreviousResult
from game.engine.roles import Role

from .view_checks import assert_view_is_honest

VARIANTS = [
    Rules.preset("lianzhong_classic"),
    Rules.preset("lianzhong_simple"),
    Rules.preset("lianzhong_classic", pass_lock=True, stake=5, fee=1),
    Rules(called_guard=True, scoring="position", jiefeng_request=True, tribute=True),
    Rules(throne="lianzhong_simple", toasting=True, keep_six=True, scoring="position"),
    Rules(abandoned_throne=True, grab_solo=True, scoring="formula", quit_penalty=50),
    Rules(called_guard=True, throne="lianzhong_classic", rebellion=True, tribute=True),
    Rules.preset("duole"),
    Rules(called_guard=True, deck=216, throne="duole", toasting=True, grab_solo=True),
    Rules.preset("duole", pass_lock=True, stake=3),
]
PREVIOUS = PreviousResult(
    (Role.REBEL, Role.EMPEROR, Role.REBEL, Role.GUARD, Role.REBEL), (3, 1, 4, 2, 5), "royalists"
)


def play_random_hand(seed: int, rules: Rules, with_previous: bool) -> HandLog:
    rng = random.Random(seed)
    previous = PREVIOUS if with_previous else None
    state = new_hand(seed, rules, previous)
    events: list[tuple[int, Action]] = []
    for _ in range(5000):
        if state.phase is Phase.FINISHED:
            return HandLog(seed, rules, tuple(events), previous)
        if rng.random() < 0.03:  # a player leaves or toggles auto-play (§6, §10.8)
            seat = rng.randrange(5)
            action: Action = FLEE if rng.random() < 0.3 else AutoPlay(rng.random() < 0.6)
            try:
                state = apply(state, seat, action)
            except IllegalAction:
                continue
            events.append((seat, action))
            continue
        seat = rng.choice(to_act(state))
        options = list(decisions(state, seat))
        action = rng.choice(options)
        state = apply(state, seat, action)
        events.append((seat, action))
    raise AssertionError("the hand did not finish")


hands = st.tuples(
    st.integers(min_value=0, max_value=2**32), st.sampled_from(VARIANTS), st.booleans()
)


@pytest.mark.slow
@given(hands)
@settings(max_examples=30, deadline=None)
def test_random_hands_end_conserve_cards_replay_and_settle_zero_sum(case):
    seed, rules, with_previous = case
    log = play_random_hand(seed, rules, with_previous)
    assert HandLog.from_text(log.to_text()) == log
    last = None
    for state in states(HandLog.from_text(log.to_text())):
        held = [i for h in state.hands for i in h] + list(state.attached)
        held += [i for _, s in state.played for i in s]
        assert sorted(held) == list(range(rules.deck))  # RULES §1.1, §10.2
        last = state
    assert last == replay(log) and last is not None and last.phase is Phase.FINISHED
    if last.void:
        assert last.emperor is None  # §10.3: nobody took the throne; nothing to settle
        return
    assert sorted(p for p in last.places if p is not None) == [1, 2, 3, 4, 5]
    settlement = settle(last)
    assert sum(s.payout for s in settlement.seats) == 0  # zero-sum under every scoring
    for seat in settlement.seats:  # §6.3 / §10.8: the room's penalty, on fled seats only
        assert seat.penalty == (rules.quit_penalty * rules.stake if seat.fled else 0)
    if rules.scoring == "position":
        assert sum(1 for h in last.hands if h) <= 1  # §10.9 played until one is left


@pytest.mark.slow
@given(hands)
@settings(max_examples=15, deadline=None)
def test_no_view_ever_shows_another_seats_cards_a_hidden_guard_or_their_tribute(case):
    seed, rules, with_previous = case
    log = play_random_hand(seed, rules, with_previous)
    for n, state in enumerate(states(log)):
        if n % 3 and state.phase is Phase.PLAY:
            continue
        for viewer in (None, 0, 1, 2, 3, 4):
            assert_view_is_honest(state, viewer)
