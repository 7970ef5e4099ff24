"""RULES §1: the 168 cards, the emperor and guard cards, strength, notation."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Card, MalformedAction, Rank, Suit, format_cards, parse_cards
from game.engine.cards import (
    CARDS,
    EMPEROR,
    EMPEROR_CARD,
    GUARD,
    GUARD_CARD,
    ORDER,
    STRENGTH,
    sort_by_strength,
)


def test_it_has_168_distinct_cards():
    # RULES §1.1: four 54-card decks without 3, 4, 5.
    assert len(CARDS) == 168
    assert len(set(CARDS)) == 168
    assert [c.index for c in CARDS] == list(range(168))


def test_each_deck_has_40_ranked_cards_and_two_jokers():
    # RULES §1.1: per deck, 6..2 in four suits plus one small and one big joker.
    per_deck = Counter(c.deck for c in CARDS)
    assert per_deck == {0: 42, 1: 42, 2: 42, 3: 42}
    for deck in range(4):
        ranks = Counter(c.rank for c in CARDS if c.deck == deck)
        assert all(ranks[r] == 4 for r in Rank if not r.is_joker)
        assert ranks[Rank.SMALL_JOKER] == 1 and ranks[Rank.BIG_JOKER] == 1
    assert sum(c.rank is Rank.BIG_JOKER for c in CARDS) == 4
    assert sum(c.rank is Rank.SMALL_JOKER for c in CARDS) == 4


def test_emperor_and_guard_cards_are_one_big_and_one_small_joker():
    # RULES §1.2
    assert [c for c in CARDS if c.is_emperor_card] == [EMPEROR]
    assert [c for c in CARDS if c.is_guard_card] == [GUARD]
    assert EMPEROR.rank is Rank.BIG_JOKER and GUARD.rank is Rank.SMALL_JOKER
    assert CARDS[EMPEROR_CARD] == EMPEROR and CARDS[GUARD_CARD] == GUARD
    # In play they are ordinary jokers: same strength as the others.
    assert EMPEROR.strength == parse_cards("BJ2")[0].strength
    assert GUARD.strength == parse_cards("SJ3")[0].strength


def test_strength_order_high_to_low():
    # RULES §1.3: BJ > SJ > 2 > A > K > Q > J > 10 > 9 > 8 > 7 > 6.
    order = parse_cards("BJ SJ 2 A K Q J T 9 8 7 6")
    strengths = [c.strength for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 12


def test_suits_never_matter_for_strength():
    # RULES §1.3
    eights = [c for c in CARDS if c.rank is Rank.EIGHT]
    assert {c.strength for c in eights} == {Rank.EIGHT}
    assert {c.suit for c in eights} == set(Suit)


def test_index_table_is_in_strength_order():
    # The 168 cards' indices are in strength order; the 216-card deck's 3 4 5 (RULES §10.2)
    # come after them, and ``ORDER`` puts every index in strength order.
    assert list(STRENGTH[:168]) == sorted(STRENGTH[:168])
    assert all(STRENGTH[c.index] == c.strength for c in CARDS)
    by_order = sorted(range(len(STRENGTH)), key=ORDER.__getitem__)
    assert [STRENGTH[i] for i in by_order] == sorted(STRENGTH)


@pytest.mark.parametrize(
    ("text", "rank", "suit", "deck"),
    [
        ("8S", Rank.EIGHT, Suit.SPADES, 0),
        ("TH", Rank.TEN, Suit.HEARTS, 0),
        ("10H2", Rank.TEN, Suit.HEARTS, 2),
        ("2D3", Rank.TWO, Suit.DIAMONDS, 3),
        ("BJ*", Rank.BIG_JOKER, None, 0),
        ("SJ*", Rank.SMALL_JOKER, None, 0),
        ("SJ2", Rank.SMALL_JOKER, None, 2),
        ("bj1", Rank.BIG_JOKER, None, 1),
        ("8", Rank.EIGHT, None, None),
        ("SJ", Rank.SMALL_JOKER, None, None),
        ("BJ", Rank.BIG_JOKER, None, None),
    ],
)
def test_it_parses_card_tokens(text, rank, suit, deck):
    # RULES §1.4
    (card,) = parse_cards(text)
    assert (card.rank, card.suit, card.deck) == (rank, suit, deck)


def test_every_physical_card_round_trips():
    # RULES §1.4: each of the 168 cards has its own notation.
    texts = [format_cards([c]) for c in CARDS]
    assert len(set(texts)) == 168
    assert parse_cards(" ".join(texts)) == CARDS
    assert format_cards(CARDS[EMPEROR_CARD : EMPEROR_CARD + 1]) == "BJ*"
    assert format_cards(CARDS[GUARD_CARD : GUARD_CARD + 1]) == "SJ*"


def test_strength_only_notation_round_trips():
    # RULES §1.4: "8 8 8 SJ" — suits left out.
    cards = parse_cards("8 8 8 SJ")
    assert all(not c.is_physical for c in cards)
    assert format_cards(cards) == "8 8 8 SJ"
    assert parse_cards("6, 7,8") == parse_cards("6 7 8")
    assert parse_cards("") == ()


@given(st.lists(st.sampled_from(CARDS), max_size=40))
def test_any_list_of_cards_round_trips(cards):
    assert parse_cards(format_cards(cards)) == tuple(cards)


@pytest.mark.parametrize("bad", ["5S", "3", "8X", "SJ5", "8S4", "BJS", "X", "84", "88"])
def test_malformed_card_raises(bad):
    with pytest.raises(MalformedAction):
        parse_cards(bad)


def test_half_specified_cards_are_refused():
    with pytest.raises(MalformedAction):
        Card(Rank.EIGHT, Suit.SPADES)  # a suit without a deck
    with pytest.raises(MalformedAction):
        Card(Rank.EIGHT, None, 1)  # an ordinary physical card needs a suit
    with pytest.raises(MalformedAction):
        Card(Rank.SMALL_JOKER, Suit.SPADES, 1)
    with pytest.raises(MalformedAction):
        parse_cards("8")[0].index  # noqa: B018 - strength-only cards have no index


def test_sort_by_strength_is_stable_on_equal_ranks():
    cards = parse_cards("BJ* 8S 2H SJ1 8S1")
    assert format_cards(sort_by_strength(cards)) == "8S 8S1 2H SJ1 BJ*"
    assert format_cards(sort_by_strength(cards, descending=True)) == "BJ* SJ1 2H 8S1 8S"
