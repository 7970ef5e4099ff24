"""File 003 §7 接风: with both red tens shown (全亮), a player who goes out on a set nobody
beats hands the lead to the next player of their own team counter-clockwise who still holds
cards; otherwise the lead goes, as in Baohuang, to the next player still holding cards."""

from __future__ import annotations

from game.engine.redten import Phase

from .helpers import answer_all, deal, run

# Red: seats 1 (TH) and 4 (TD). Seat 0 leads (♥4).
HANDS = ["4H 5H", "TH", "6S 6C", "7S 7C", "TD 8S"]


def test_both_shown_the_lead_passes_to_the_next_team_mate():
    state = answer_all(deal(HANDS), shows=(1, 4))
    state = run(state, [(0, "play 4H"), (1, "play TH")])  # seat 1 is out, first
    assert state.places[1] == 1
    state = run(state, [(2, "pass"), (3, "pass"), (4, "pass"), (0, "pass")])
    # Nobody beat the ten: seat 4, seat 1's team-mate, leads (not seat 2, the next seat).
    assert state.phase is Phase.PLAY
    assert state.turn == 4 and state.last_set is None


def test_a_black_player_going_out_hands_the_lead_to_the_next_black_player():
    hands = ["4H 5H", "TH 9S 9C", "6S", "7S 7C", "TD 8S"]
    state = answer_all(deal(hands), shows=(1, 4))
    state = run(state, [(0, "play 4H"), (1, "pass"), (2, "play 6S")])  # seat 2 out
    state = run(state, [(3, "pass"), (4, "pass"), (0, "pass"), (1, "pass")])
    assert state.turn == 3  # the next black seat after 2 (3 is black)
    hands = ["4H 5H", "TH 9S 9C", "7S 7C", "6S", "TD 8S"]
    state = answer_all(deal(hands), shows=(1, 4))
    state = run(state, [(0, "play 4H"), (1, "pass"), (2, "pass"), (3, "play 6S")])
    state = run(state, [(4, "pass"), (0, "pass"), (1, "pass"), (2, "pass")])
    assert state.turn == 0  # after 3: seat 4 is red, seat 0 is the next black one


def test_only_one_shown_or_a_dark_game_the_lead_goes_to_the_next_holder():
    for shows in [(), (1,), (4,)]:
        state = answer_all(deal(HANDS), shows=shows)
        state = run(state, [(0, "play 4H"), (1, "play TH")])
        state = run(state, [(2, "pass"), (3, "pass"), (4, "pass"), (0, "pass")])
        assert state.turn == 2, shows


def test_a_beaten_last_set_is_no_jiefeng_play_goes_on():
    state = answer_all(deal(["4H 5H", "8H", "9S 6C", "7S 7C", "TD TH"]), shows=(4,))
    state = run(state, [(0, "play 4H"), (1, "play 8H"), (2, "play 9S")])  # 1 out, beaten
    state = run(state, [(3, "pass"), (4, "pass"), (0, "pass")])
    assert state.turn == 2 and state.last_set is None  # seat 2 won the trick
