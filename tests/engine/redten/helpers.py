"""Helpers for the Red Ten engine tests: deals from written hands, scripts, random play."""

from __future__ import annotations

import random

from game.engine.redten import Action, Rules, State, apply, parse_action, parse_cards
from game.engine.redten.hand import decisions, start_hand, to_act
from game.engine.redten.state import Phase

POINTS = Rules()


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in parse_cards(text)))


def deal(hands: list[str], *, rules: Rules = POINTS, dealer: int = 0, seed: int = 0) -> State:
    """A hand from written physical hands (♥4 and both red tens must be dealt)."""
    return start_hand(seed, rules, dealer=dealer, hands=[ids(h) for h in hands])


def act(state: State, seat: int, text: str) -> State:
    return apply(state, seat, parse_action(text))


def run(state: State, script: list[tuple[int, str]]) -> State:
    for seat, text in script:
        state = act(state, seat, text)
    return state


def answer_all(state: State, shows: tuple[int, ...] = ()) -> State:
    """Finish the 亮牌 step: the seats in ``shows`` show, everyone else does not."""
    for seat in range(5):
        state = act(state, seat, "show" if seat in shows else "no_show")
    return state


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A random legal decision (plays weighted over passes so hands end)."""
    options = list(decisions(state, seat))
    plays = [a for a in options if a.kind == "play"]
    if plays and (len(plays) == len(options) or rng.random() < 0.7):
        return rng.choice(plays)
    return rng.choice(options)


def play_random(state: State, rng: random.Random) -> list[tuple[State, int, Action, State]]:
    """Random legal play to the end; every step as (before, seat, action, after)."""
    steps: list[tuple[State, int, Action, State]] = []
    for _ in range(2000):
        if state.phase is Phase.FINISHED:
            return steps
        seat = rng.choice(to_act(state))
        action = random_action(state, seat, rng)
        after = apply(state, seat, action)
        steps.append((state, seat, action, after))
        state = after
    raise AssertionError("the hand did not finish")
