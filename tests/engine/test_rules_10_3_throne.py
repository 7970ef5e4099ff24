"""RULES §10.3 passing the throne in Lianzhong's and Duole's systems, and the void hand."""

from __future__ import annotations

import pytest

from game.engine import (
    Action,
    HandLog,
    IllegalAction,
    Phase,
    Rules,
    apply,
    replay,
    settle,
    view_for,
)
from game.engine.actions import ABDICATE, ASCEND, Call
from game.engine.cards import EMPEROR_CARD, STRENGTH
from game.engine.hand import new_hand, throne_choices
from game.engine.state import State
from game.engine.throne import attached_card, callable_identities

SIMPLE = Rules.preset("lianzhong_simple")
CLASSIC = Rules.preset("lianzhong_classic")
TWO, SJ = 9, 10


def _all_cards(state: State) -> list[int]:
    held = [i for h in state.hands for i in h] + list(state.attached)
    return sorted(held + [i for _, s in state.played for i in s])


def _pass(state: State) -> State:
    return apply(state, state.throne_holder, ABDICATE)


def test_simple_passes_to_the_previous_seat_and_later_passers_add_a_two() -> None:
    state = new_hand(3, SIMPLE)
    first = state.throne_holder
    one = _pass(state)
    assert one.throne_holder == (first - 1) % 5  # 上家
    assert one.attached == ()  # the first passer adds nothing
    two = _pass(one)
    assert two.throne_holder == (first - 2) % 5
    (added,) = two.attached
    passer = one.throne_holder
    had_two = any(STRENGTH[i] == TWO for i in one.hands[passer])
    assert STRENGTH[added] == TWO if had_two else STRENGTH[added] < SJ
    assert added not in two.hands[passer]
    assert _all_cards(two) == list(range(168))  # the attached card travels, not lost
    # Everyone sees what travels with the card.
    for viewer in (None, 0, 1, 2, 3, 4):
        assert [c.index for c in view_for(two, viewer).attached] == [added]
    # Whoever ascends takes the emperor card and every attached card.
    holder = two.throne_holder
    taken = apply(two, holder, ASCEND if ASCEND in throne_choices(two, holder) else _solo(two))
    assert added in taken.hands[holder] and EMPEROR_CARD in taken.hands[holder]
    assert taken.attached == ()


def _solo(state: State) -> Action:
    return throne_choices(state, state.throne_holder)[0]


def test_without_a_two_the_simple_passer_adds_his_strongest_non_joker() -> None:
    hand = (0, 17, 100, 140, 160, 165)  # a 6, a 7, a Q, an A, two jokers: no 2
    assert attached_card(SIMPLE, hand, passes=1) == 140
    assert attached_card(SIMPLE, hand, passes=0) is None  # the first passer adds nothing
    duole = Rules(called_guard=True, deck=216, throne="duole")
    assert attached_card(duole, hand, passes=1) is None  # Duole: a 2 or nothing
    assert attached_card(duole, (*hand[:4], 150), passes=2) == 150
    assert attached_card(CLASSIC, (150,), passes=3) is None  # classic: no 2s


def test_two_full_rounds_without_an_emperor_make_the_hand_void() -> None:
    state = new_hand(5, SIMPLE)
    log = HandLog(5, SIMPLE)
    for _ in range(10):
        seat = state.throne_holder
        state = apply(state, seat, ABDICATE)
        log = log.append(seat, ABDICATE)
    assert state.void and state.phase is Phase.FINISHED
    assert _all_cards(state) == list(range(168))
    assert replay(HandLog.from_text(log.to_text())) == state  # recorded and replayable
    assert all(view_for(state, v).void for v in (None, 0, 1, 2, 3, 4))
    with pytest.raises(IllegalAction, match="void"):
        settle(state)  # and never settled


def _first_deal(rules: Rules, *, can_call: bool) -> State:
    for seed in range(1, 400):
        state = new_hand(seed, rules)
        if bool(callable_identities(state.hands[state.throne_holder])) == can_call:
            return state
    raise AssertionError("no such deal")


def test_classic_passes_without_twos_and_after_one_round_the_holder_must_call() -> None:
    state = _first_deal(CLASSIC, can_call=True)
    first = state.throne_holder
    for _ in range(5):
        state = _pass(state)
    assert state.throne_holder == first and state.attached == ()  # no 2s in classic
    choices = throne_choices(state, first)
    assert ABDICATE not in choices  # he can call: he must take the throne
    assert any(isinstance(a, Call) for a in choices)
    with pytest.raises(IllegalAction, match="must take the throne"):
        apply(state, first, ABDICATE)


def test_classic_holder_with_nothing_to_call_may_still_pass_after_a_round() -> None:
    state = _first_deal(CLASSIC, can_call=False)
    first = state.throne_holder
    for _ in range(5):
        state = _pass(state)
    assert state.throne_holder == first
    assert ABDICATE in throne_choices(state, first)
