"""Shared helpers for the core engine tests: build positions, run scripts, play random hands."""

from __future__ import annotations

import random
from dataclasses import replace

from game.engine import Action, Mode, Phase, Play, Rules, State, apply, new_hand
from game.engine.actions import PASS
from game.engine.cards import EMPEROR_CARD, GUARD_CARD, cards_of, format_cards, parse_cards
from game.engine.hand import declaration_choices, legal_play_indices, throne_choices, to_act
from game.engine.state import Question

STANDARD = Rules.preset("standard")
QUICK = Rules.preset("quick")
KEEP_SIX = Rules.preset("keep_six")


def ids(text: str) -> tuple[int, ...]:
    """Physical card notation to sorted card indices."""
    return tuple(sorted(c.index for c in parse_cards(text)))


def act(state: State, seat: int, text: str) -> State:
    return apply(state, seat, Action.from_notation(text))


def run(state: State, script: list[tuple[int, str]]) -> State:
    for seat, text in script:
        state = act(state, seat, text)
    return state


def play_state(
    hands: list[str],
    *,
    rules: Rules = STANDARD,
    emperor: int = 0,
    guard: int = 1,
    mode: Mode = Mode.DARK_GUARD,
    rebellion: bool = False,
    turn: int | None = None,
) -> State:
    """A position in the play phase with the given physical hands (cards need not add up to
    168: these positions test one rule at a time)."""
    base = new_hand(0, rules)
    return replace(
        base,
        phase=Phase.PLAY,
        hands=tuple(ids(h) for h in hands),
        throne_first=emperor,
        throne_holder=emperor,
        emperor=emperor,
        guard=guard,
        mode=mode,
        rebellion=rebellion,
        turn=emperor if turn is None else turn,
    )


def move_card(state: State, card: int, to_seat: int) -> State:
    """Move one card between hands (keeps the 168 cards), to set up a deal for a test."""
    hands = [tuple(i for i in h if i != card) for h in state.hands]
    hands[to_seat] = tuple(sorted((*hands[to_seat], card)))
    return replace(state, hands=tuple(hands))


def deal(
    seed: int = 1,
    rules: Rules = STANDARD,
    *,
    emperor_at: int | None = None,
    guard_at: int | None = None,
) -> State:
    """A fresh deal, optionally with the emperor and/or guard card moved to given seats."""
    state = new_hand(seed, rules)
    if emperor_at is not None:
        state = move_card(state, EMPEROR_CARD, emperor_at)
        state = replace(state, throne_first=emperor_at, throne_holder=emperor_at, turn=emperor_at)
    if guard_at is not None:
        state = move_card(state, GUARD_CARD, guard_at)
    return state


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random decision for ``seat`` (cheap: no list of every Play object)."""
    if state.phase is Phase.THRONE:
        return rng.choice(throne_choices(state, seat))
    if state.phase is Phase.DECLARE:
        return rng.choice(declaration_choices(state, seat))
    sets = legal_play_indices(state, seat)
    can_pass = state.last_set is not None
    if can_pass and (not sets or rng.random() < 0.4):
        return PASS
    return Play(cards_of(rng.choice(sets)))


def random_hand(
    seed: int, rules: Rules = STANDARD, *, max_steps: int = 5000
) -> tuple[list[State], list[tuple[int, Action]]]:
    """Play a whole hand with random legal decisions; returns every state and the events."""
    rng = random.Random(seed)
    state = new_hand(seed, rules)
    seen = [state]
    events: list[tuple[int, Action]] = []
    for _ in range(max_steps):
        if state.phase is Phase.FINISHED:
            return seen, events
        seat = rng.choice(to_act(state))
        action = random_action(state, seat, rng)
        state = apply(state, seat, action)
        seen.append(state)
        events.append((seat, action))
    raise AssertionError("hand did not finish")


def question_of(state: State, seat: int) -> Question | None:
    return state.questions[seat]


def play_cards(action: Action) -> str:
    """The cards of a play action, in notation (fails the test if it is not a play)."""
    assert isinstance(action, Play), f"expected a play, got {action}"
    return format_cards(action.cards)
