"""Property tests over whole random hands (hypothesis): conservation, termination, replay,
secrecy of every view, zero-sum settlement."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Action,
    AutoPlay,
    Flee,
    Guess,
    HandLog,
    IllegalAction,
    Mark,
    Phase,
    Rules,
    apply,
    new_hand,
    replay,
    settle,
    states,
    to_act,
)

from .play_helpers import random_action
from .view_checks import assert_view_is_honest

PRESETS = [
    Rules.preset("standard"),
    Rules.preset("quick"),
    Rules.preset("keep_six"),
    Rules.preset("standard", pass_lock=True),
    Rules.preset("keep_six", pass_lock=True, stake=5, fee=1),
]


def _meta_action(rng: random.Random) -> Action:
    kind = rng.random()
    if kind < 0.4:
        return AutoPlay(rng.random() < 0.6)
    if kind < 0.5:
        return Flee()
    return Mark(rng.randrange(5), rng.choice(list(Guess)))


def play_random_hand(seed: int, rules: Rules, meta_rate: float) -> HandLog:
    """Random legal decisions, with random table actions (auto-play, flee, marks) mixed in."""
    rng = random.Random(seed)
    state = new_hand(seed, rules)
    log = HandLog(seed, rules)
    for _ in range(20_000):
        if state.phase is Phase.FINISHED:
            return log
        if rng.random() < meta_rate:
            seat, action = rng.randrange(5), _meta_action(rng)
            try:
                state = apply(state, seat, action)
            except IllegalAction:
                continue
        else:
            seat = rng.choice(to_act(state))
            action = random_action(state, seat, rng)
            state = apply(state, seat, action)
        log = log.append(seat, action)
    raise AssertionError("the hand did not finish")


hands = st.tuples(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from(PRESETS),
    st.sampled_from([0.0, 0.05]),
)


@given(hands)
@settings(max_examples=25, deadline=None)
def test_any_sequence_of_legal_actions_ends_in_a_finished_hand(case):
    seed, rules, meta_rate = case
    log = play_random_hand(seed, rules, meta_rate)
    final = replay(log)
    assert final.phase is Phase.FINISHED
    assert sorted(p for p in final.places if p is not None) == [1, 2, 3, 4, 5]
    # RULES §5.4: zero-sum before fees.
    assert sum(s.payout for s in settle(final).seats) == 0


@given(hands)
@settings(max_examples=15, deadline=None)
def test_cards_are_conserved_versions_count_and_replay_reproduces_every_state(case):
    seed, rules, meta_rate = case
    log = play_random_hand(seed, rules, meta_rate)
    text = log.to_text()
    assert HandLog.from_text(text) == log
    previous = None
    for state in states(HandLog.from_text(text)):
        # RULES §1.1: the 168 cards are all somewhere, once.
        held = [i for h in state.hands for i in h] + [i for _, s in state.played for i in s]
        assert sorted(held) == list(range(168))
        if previous is not None:
            assert state.version == previous.version + 1
        previous = state
    assert previous == replay(log)


@given(hands)
@settings(max_examples=12, deadline=None)
def test_no_view_ever_shows_another_seats_cards_or_a_hidden_guard(case):
    seed, rules, meta_rate = case
    log = play_random_hand(seed, rules, meta_rate)
    for n, state in enumerate(states(log)):
        if n % 3 and state.phase is Phase.PLAY:
            continue  # every role change, and a third of the play, keeps this test fast
        for viewer in (None, 0, 1, 2, 3, 4):
            assert_view_is_honest(state, viewer)
