"""File 003 §1 (游戏用牌数：一副牌去掉3，共50张牌) and the notation (RULES §1.4, tens by colour)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.errors import MalformedAction
from game.engine.redten import Card, Rank, format_cards, new_hand, parse_cards
from game.engine.redten.cards import CARDS, STRENGTH, check_possible, parse_card
from game.engine.redten.rules import Rules


def test_the_deck_is_one_pack_without_the_3s_fifty_cards():
    # File 003 §1: 一副牌去掉3，共50张牌
    assert len(CARDS) == 50
    assert len(set(CARDS)) == 50
    ranks = Counter(c.rank for c in CARDS)
    assert ranks[Rank.BIG_JOKER] == ranks[Rank.SMALL_JOKER] == 1
    assert all(ranks[r] == 4 for r in Rank if not r.is_joker)
    assert "3" not in {c.rank.symbol for c in CARDS}


def test_each_of_the_five_gets_ten_cards_and_every_card_is_dealt_once():
    for seed in range(20):
        state = new_hand(seed, Rules())
        assert [len(h) for h in state.hands] == [10] * 5
        assert sorted(i for h in state.hands for i in h) == list(range(50))


def test_card_indices_run_in_strength_order():
    # File 003 §6: 大王、小王、红十、2、A、K、Q、J、黑10、9、8、7、6、5、4
    assert list(STRENGTH) == sorted(STRENGTH)
    order = [c for c in CARDS]
    assert format_cards(order[:4]) == "4S 4H 4C 4D"
    assert format_cards(order[-4:]) == "TH TD SJ BJ"


def test_notation_round_trips_for_every_card():
    for card in CARDS:
        assert parse_card(format_card_text := str(card)) == card, format_card_text
    assert parse_cards(format_cards(CARDS)) == CARDS


def test_tens_are_written_with_their_colour_and_10_is_read_as_T():
    assert parse_card("10H") == Card(Rank.TEN, parse_card("TH").suit)
    assert parse_card("TH").is_red_ten and parse_card("td").is_red_ten
    assert not parse_card("TS").is_red_ten and not parse_card("TC").is_red_ten
    with pytest.raises(MalformedAction, match="suit"):
        parse_card("T")


@pytest.mark.parametrize("token", ["3", "3H", "1", "0S", "X", "TX", "BJ*", "8S1", ""])
def test_a_3_or_anything_unreadable_is_refused_with_a_reason(token):
    with pytest.raises(MalformedAction) as info:
        parse_cards(token) if token else parse_card(token)
    assert str(info.value)


def test_more_copies_than_one_deck_holds_are_impossible():
    check_possible(parse_cards("8 8 8 8"))
    for text in ["8 8 8 8 8", "BJ BJ", "TH TH", "TS TC TS", "8S 8S"]:
        with pytest.raises(MalformedAction, match=r"twice|only"):
            check_possible(parse_cards(text))
