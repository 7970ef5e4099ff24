"""RULES §2: seats, the reproducible deal, play direction."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Phase, new_hand
from game.engine.cards import EMPEROR_CARD

from .play_helpers import QUICK, STANDARD


@given(st.integers(min_value=0, max_value=2**63))
@settings(max_examples=40)
def test_first_three_seats_dealt_get_34_the_others_33(seed):
    # RULES §2.2: one card at a time in play order from a random seat.
    state = new_hand(seed, STANDARD)
    first = state.first_dealt
    sizes = [len(state.hands[(first + k) % 5]) for k in range(5)]
    assert sizes == [34, 34, 34, 33, 33]
    dealt = Counter(i for h in state.hands for i in h)
    assert set(dealt) == set(range(168)) and set(dealt.values()) == {1}


def test_the_deal_is_reproducible_from_the_seed():
    # RULES §2.2
    assert new_hand(42, STANDARD) == new_hand(42, STANDARD)
    assert new_hand(42, STANDARD).hands != new_hand(43, STANDARD).hands
    # The rules do not change the cards.
    assert new_hand(42, QUICK).hands == new_hand(42, STANDARD).hands


def test_the_first_seat_dealt_varies_with_the_seed():
    assert {new_hand(seed, STANDARD).first_dealt for seed in range(60)} == set(range(5))


def test_hands_are_sorted_and_the_emperor_card_holder_chooses_first():
    # RULES §3.1 starts right after the deal.
    state = new_hand(7, STANDARD)
    assert all(list(h) == sorted(h) for h in state.hands)
    assert state.phase is Phase.THRONE
    assert EMPEROR_CARD in state.hands[state.throne_holder]
    assert state.turn == state.throne_holder
    assert state.version == 0
