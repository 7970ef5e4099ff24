"""RULES §10.1 called guard (叫保): the call, who learns what, and when the guard is revealed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import (
    Action,
    IllegalAction,
    Mode,
    Phase,
    Play,
    Role,
    Rules,
    apply,
    new_hand,
    view_for,
)
from game.engine.actions import ABDICATE, OPEN_SOLO, Call
from game.engine.cards import GUARD_CARD, STRENGTH, cards_of
from game.engine.hand import throne_choices
from game.engine.state import Question, State
from game.engine.throne import callable_identities, identity_of

from .view_checks import assert_view_is_honest

CALLED = Rules(called_guard=True)  # Boke City's throne, a called guard


def test_call_notation_round_trips_and_refuses_jokers_twos_and_decks() -> None:
    call = Action.from_notation("call 8S")
    assert isinstance(call, Call) and call.to_notation() == "call 8S"
    assert Action.from_notation("call 10h").to_notation() == "call TH"
    for bad in ("call 2S", "call SJ", "call BJ*", "call 8", "call 8S2", "call", "call 8S 9S"):
        with pytest.raises(IllegalAction):
            Action.from_notation(bad)


def _deal_with_triple(rules: Rules = CALLED) -> tuple[State, int, Call]:
    """A fresh deal whose emperor-card holder holds exactly three copies of an identity."""
    for seed in range(1, 200):
        state = new_hand(seed, rules)
        holder = state.throne_holder
        triples = [i for i, n in callable_identities(state.hands[holder]) if n == 3]
        if triples:
            return state, holder, Call.of_identity(triples[0])
    raise AssertionError("no deal with a triple")


def _fourth_holder(state: State, identity: int, emperor: int) -> int:
    return next(
        s
        for s in range(5)
        if s != emperor and any(i < 160 and identity_of(i) == identity for i in state.hands[s])
    )


def test_the_throne_offers_exactly_the_triples_and_quads_and_open_solo() -> None:
    state, holder, _ = _deal_with_triple()
    choices = throne_choices(state, holder)
    calls = {a.identity for a in choices if isinstance(a, Call)}
    hand = state.hands[holder]
    for identity in range(36):  # ranks 6..A, four suits: never a 2 (§10.1)
        copies = sum(1 for i in hand if i < 160 and identity_of(i) == identity)
        assert (identity in calls) == (copies >= 3)
    assert OPEN_SOLO in choices and ABDICATE in choices
    assert all(a.kind in ("call", "open_solo", "abdicate") for a in choices)  # no plain ascend
    # His view lists the identities he may call and the kinds once each; nobody else's does.
    view = view_for(state, holder)
    assert view.calls == tuple(a.label for a in choices if isinstance(a, Call))
    assert view.choices == ("call", "open_solo", "abdicate")
    assert all(view_for(state, v).calls == () for v in (None, *range(5)) if v != holder)


def test_calling_a_card_not_held_three_times_is_refused_and_changes_nothing() -> None:
    state, holder, _ = _deal_with_triple()
    held = {identity_of(i) for i in state.hands[holder] if i < 160}
    absent = next(i for i in range(36) if i not in held)
    with pytest.raises(IllegalAction, match="three or four"):
        apply(state, holder, Call.of_identity(absent))
    assert state.phase is Phase.THRONE and state.emperor is None


def test_the_fourth_copy_holder_alone_learns_he_is_the_guard() -> None:
    state, emperor, call = _deal_with_triple()
    after = apply(state, emperor, call)
    guard = _fourth_holder(state, call.identity, emperor)
    assert after.emperor == emperor and after.guard == guard and after.called == call.identity
    for viewer in (None, 0, 1, 2, 3, 4):
        view = view_for(after, viewer)
        assert view.called == call.label  # the call is public
        assert view.seats[emperor].role is Role.EMPEROR
        if viewer == guard:
            assert view.seats[guard].role is Role.GUARD
        else:
            assert view.seats[guard].role is None  # nobody else, the emperor included
            assert view.mode is None or viewer == emperor
        assert_view_is_honest(after, viewer)


def _to_play(state: State) -> State:
    """Answer every declaration darkly, so the hand stays dark."""
    while state.phase is Phase.DECLARE:
        seat = next(s for s in range(5) if state.questions[s] and state.answers[s] is None)
        kind = "dark_guard" if state.questions[seat] is Question.GUARD else "no_rebel"
        state = apply(state, seat, Action.from_notation(kind))
    return state


def test_playing_the_called_card_reveals_the_guard_and_only_then() -> None:
    state, emperor, call = _deal_with_triple()
    state = _to_play(apply(state, emperor, call))
    guard = state.guard
    assert guard is not None and not state.roles_public
    copy = next(i for i in state.hands[guard] if i < 160 and identity_of(i) == call.identity)
    other = next(i for i in state.hands[guard] if STRENGTH[i] < 10 and i != copy)
    # The guard leads a card that is not the called one: still hidden.
    hidden = apply(replace(state, turn=guard), guard, _play(other))
    assert not hidden.roles_public
    assert view_for(hidden, (guard + 1) % 5).seats[guard].role is None
    # He leads the called card itself: revealed to everyone.
    shown = apply(replace(state, turn=guard), guard, _play(copy))
    assert shown.roles_public
    for viewer in (None, 0, 1, 2, 3, 4):
        assert view_for(shown, viewer).seats[guard].role is Role.GUARD


def test_the_emperor_playing_his_own_copy_reveals_nothing() -> None:
    state, emperor, call = _deal_with_triple()
    state = _to_play(apply(state, emperor, call))
    mine = next(i for i in state.hands[emperor] if i < 160 and identity_of(i) == call.identity)
    after = apply(state, emperor, _play(mine))
    assert not after.roles_public


def test_the_small_joker_marked_sj_star_is_plain_in_a_called_room() -> None:
    state, emperor, call = _deal_with_triple()
    state = _to_play(apply(state, emperor, call))
    holder = next(s for s in range(5) if GUARD_CARD in state.hands[s])
    after = apply(replace(state, turn=holder), holder, _play(GUARD_CARD))
    assert not after.roles_public


def test_calling_an_identity_held_four_times_is_dark_solo() -> None:
    state, emperor, call = _deal_with_triple()
    guard = _fourth_holder(state, call.identity, emperor)
    fourth = next(i for i in state.hands[guard] if i < 160 and identity_of(i) == call.identity)
    hands = list(state.hands)
    hands[guard] = tuple(i for i in hands[guard] if i != fourth)
    hands[emperor] = tuple(sorted((*hands[emperor], fourth)))
    state = replace(state, hands=tuple(hands))
    after = apply(state, emperor, call)
    assert after.mode is Mode.DARK_SOLO and after.guard == emperor
    assert view_for(after, emperor).mode is Mode.DARK_SOLO
    for viewer in (None, *(s for s in range(5) if s != emperor)):
        view = view_for(after, viewer)
        assert view.mode is None and view.called == call.label  # dark solo looks dark
        assert_view_is_honest(after, viewer)


def test_a_holder_with_nothing_to_call_may_only_pass_or_go_open_solo() -> None:
    for seed in range(1, 200):
        state = new_hand(seed, CALLED)
        if not callable_identities(state.hands[state.throne_holder]):
            break
    choices = throne_choices(state, state.throne_holder)
    assert set(choices) == {OPEN_SOLO, ABDICATE}


def _play(index: int) -> Action:
    return Play(cards_of((index,)))
