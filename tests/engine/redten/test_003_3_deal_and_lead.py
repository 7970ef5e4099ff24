"""File 003 §2–§3: deal counter-clockwise from the last hand's first place (a random seat
for a first hand), the holder of ♥4 leads, play goes counter-clockwise (seat + 1)."""

from __future__ import annotations

import pytest

from game.engine.errors import MalformedAction, NotYourTurn
from game.engine.redten import Phase, Rules, new_hand, view_for
from game.engine.redten.cards import HEART_FOUR
from game.engine.redten.hand import deal_order
from game.engine.redten.selfplay import next_dealer, play_hand

from .helpers import act, answer_all, deal


def test_the_dealer_gets_the_first_card_then_counter_clockwise_one_at_a_time():
    # §3 发牌：从上一局的第一名开始逆时针发牌
    _, deck = deal_order(7)
    for dealer in range(5):
        state = new_hand(7, Rules(), dealer=dealer)
        assert state.dealer == dealer
        for i, card in enumerate(deck):
            assert card in state.hands[(dealer + i) % 5]


def test_a_first_hand_is_dealt_from_a_seat_drawn_from_the_seed():
    # §3 如果是第一局、新局则随机选择一个玩家开始逆时针发牌
    dealers = {new_hand(seed, Rules()).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3, 4}
    assert new_hand(11, Rules()) == new_hand(11, Rules())  # reproducible from the seed


def test_a_session_deals_the_next_hand_from_the_last_hands_first_place():
    state, _ = play_hand(3, Rules())
    first = state.out_order[0]
    assert next_dealer(state) == first
    following, _ = play_hand(4, Rules(), dealer=next_dealer(state))
    assert following.dealer == first


def test_a_dealer_that_is_not_a_seat_is_refused():
    with pytest.raises(MalformedAction):
        new_hand(1, Rules(), dealer=5)


def test_the_holder_of_the_four_of_hearts_leads_whoever_dealt():
    # §3 出牌顺序：手中有红桃4的玩家先出牌
    for seed in range(15):
        state = answer_all(new_hand(seed, Rules()))
        holder = next(s for s in range(5) if HEART_FOUR in state.hands[s])
        assert state.phase is Phase.PLAY and state.turn == holder == state.leader
        assert view_for(state, None).turn == holder


def test_play_goes_counter_clockwise_and_nobody_else_may_act():
    state = answer_all(deal(["4S", "TH 5S", "4H 6S", "TD 7S", "8S 9S"]))
    assert state.turn == 2
    with pytest.raises(NotYourTurn):
        act(state, 1, "play 5S")
    state = act(state, 2, "play 4H")
    assert state.turn == 3  # the player after seat i is seat (i + 1) mod 5
    state = act(state, 3, "play 7S")
    assert state.turn == 4
