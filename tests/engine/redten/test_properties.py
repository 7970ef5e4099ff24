"""Property tests over whole random Red Ten hands (hypothesis): termination, conservation of
the 50 cards, versions, replay and notation round trips, zero-sum points, coin conservation,
and the bots' self-play."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.redten import (
    HandLog,
    Phase,
    Rules,
    new_hand,
    parse_action,
    replay,
    settle,
    states,
    view_for,
)
from game.engine.redten.bots import AutoPlayBot
from game.engine.redten.hand import autoplay_action, to_act
from game.engine.redten.selfplay import play_hand

from .helpers import play_random

hands = st.tuples(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([None, 0, 1, 2, 3, 4]),
    st.sampled_from([Rules(), Rules(coin=1), Rules(coin=1000)]),
)


def random_log(seed: int, dealer: int | None, rules: Rules) -> HandLog:
    rng = random.Random(seed)
    steps = play_random(new_hand(seed, rules, dealer=dealer), rng)
    return HandLog(seed, rules, dealer, tuple((seat, action) for _, seat, action, _ in steps))


@given(hands)
@settings(max_examples=40, deadline=None)
def test_any_legal_play_ends_and_settles_zero_sum_or_keeps_nine_tenths(case):
    log = random_log(*case)
    final = replay(log)
    assert final.phase is Phase.FINISHED
    s = settle(final)
    assert sum(s.points) == 0  # file 003 §9: every row is zero-sum
    if s.coins is not None:
        lost = -sum(p for p in s.coins if p < 0)
        assert sum(p for p in s.coins if p > 0) == Fraction(9, 10) * lost
    # The losers are exactly the team that did not win; a draw moves nothing.
    if s.outcome.result.value == "draw":
        assert set(s.points) == {0}
    else:
        winners = {seat for seat in range(5) if s.points[seat] > 0}
        team = set(final.red) if s.outcome.result.value == "red" else set(range(5)) - set(final.red)
        assert winners == team


@given(hands)
@settings(max_examples=25, deadline=None)
def test_cards_are_conserved_versions_count_and_the_log_replays_every_state(case):
    log = random_log(*case)
    text = log.to_text()
    assert HandLog.from_text(text) == log
    for _, action in log.events:
        assert parse_action(action.to_notation()) == action
    previous = None
    for state in states(HandLog.from_text(text)):
        held = [i for h in state.hands for i in h] + [i for _, s in state.played for i in s]
        assert sorted(held) == list(range(50))  # file 003 §1: the 50 cards, each once
        if previous is not None:
            assert state.version == previous.version + 1
        previous = state
    assert previous == replay(log)


@given(st.integers(min_value=0, max_value=2**32))
@settings(max_examples=30, deadline=None)
def test_bots_play_whole_hands_legally_and_auto_play_agrees_with_the_engine(seed):
    state, log = play_hand(seed, Rules())  # apply raises if a bot chose an illegal action
    assert state.phase is Phase.FINISHED and replay(log) == state
    bot = AutoPlayBot()
    for s in states(log):
        for seat in to_act(s):
            assert bot.choose(view_for(s, seat)) == autoplay_action(s, seat)
