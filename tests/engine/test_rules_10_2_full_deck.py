"""RULES §10.2 the full deck (Duole): 216 cards with 3 4 5, 43 each, the emperor card to a
random first chooser, refusals, and the void hand."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Action, HandLog, MalformedAction, Phase, Rules, apply, replay, view_for
from game.engine.actions import ABDICATE, Call
from game.engine.cards import EMPEROR_CARD, FULL_CARDS, STRENGTH, LowRank, parse_card
from game.engine.hand import new_hand, throne_choices
from game.engine.selfplay import play_hand
from game.engine.sets import beats_strengths
from game.engine.state import State

DUOLE = Rules.preset("duole")


def test_the_full_deck_is_216_distinct_cards_with_3_4_5_below_the_6() -> None:
    assert len(FULL_CARDS) == 216 and len(set(FULL_CARDS)) == 216
    assert [c.index for c in FULL_CARDS] == list(range(216))
    ranks = Counter(c.rank for c in FULL_CARDS)
    assert all(ranks[r] == 16 for r in LowRank)
    three, six = parse_card("3S", full_deck=True), parse_card("6S")
    assert three.strength < parse_card("4", full_deck=True).strength < six.strength
    assert beats_strengths([three.strength], [parse_card("5", full_deck=True).strength])
    assert str(parse_card("5D2", full_deck=True)) == "5D2"
    with pytest.raises(MalformedAction):
        parse_card("3S")  # the 168-card deck has no 3 (RULES §1.1)


def test_the_deal_gives_43_each_and_the_emperor_card_to_a_random_seat() -> None:
    choosers = set()
    for seed in range(40):
        state = new_hand(seed, DUOLE)
        sizes = sorted(len(h) for h in state.hands)
        assert sizes == [43, 43, 43, 43, 44]
        holder = state.throne_holder
        assert EMPEROR_CARD in state.hands[holder] and len(state.hands[holder]) == 44
        assert sorted(i for h in state.hands for i in h) == list(range(216))
        # Each hand is kept weakest first (3s first), so views show strongest first.
        for hand in state.hands:
            assert [STRENGTH[i] for i in hand] == sorted(STRENGTH[i] for i in hand)
        choosers.add(holder)
    assert choosers == {0, 1, 2, 3, 4}


def test_a_three_four_or_five_can_be_called() -> None:
    assert Action.from_notation("call 3S", full_deck=True) == Call.of("3S", full_deck=True)
    with pytest.raises(MalformedAction):
        Action.from_notation("call 3S")  # not in the 168-card deck


def _refuse(state: State) -> State:
    return apply(state, state.throne_holder, ABDICATE)


def test_all_five_refuse_the_card_and_the_twos_go_back_to_the_first_chooser() -> None:
    state = new_hand(7, DUOLE)
    first = state.throne_holder
    twos_before = [sum(1 for i in h if STRENGTH[i] == 9) for h in state.hands]
    for k in range(5):
        assert ABDICATE in throne_choices(state, state.throne_holder)
        state = _refuse(state)
        assert state.throne_holder == (first - k - 1) % 5  # clockwise, 上家
    assert state.throne_holder == first and state.phase is Phase.THRONE
    # The first refuser adds nothing; each later one a 2 if he has one.
    expected = sum(1 for k in range(1, 5) if twos_before[(first - k) % 5])
    assert len(state.attached) == expected
    assert all(STRENGTH[i] == 9 for i in state.attached)
    assert all(len(view_for(state, v).attached) == expected for v in (None, 0, 1, 2, 3, 4))
    # He refuses again: the hand is void, recorded and replayable, never settled.
    void = _refuse(state)
    assert void.void and void.phase is Phase.FINISHED
    assert sorted([*(i for h in void.hands for i in h), *void.attached]) == list(range(216))
    replayed = HandLog.from_text(
        HandLog(
            7, DUOLE, tuple((s, ABDICATE) for s in [(first - k) % 5 for k in range(6)])
        ).to_text()
    )
    assert replay(replayed) == void


def test_a_duole_log_with_3_4_5_round_trips() -> None:
    state, log = play_hand(3, DUOLE)
    text = log.to_text()
    assert "deck=216" in text
    assert replay(HandLog.from_text(text)) == state
