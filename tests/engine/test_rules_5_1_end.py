"""RULES §5.1: when a hand ends, how the remaining places are given; settle() wiring (§5.4)."""

from __future__ import annotations

import pytest

from game.engine import Mode, Phase, Role, Rules, WrongPhase, seat_outcomes, settle

from .play_helpers import act, play_state, run

STAKE_10 = Rules.preset("standard", stake=10)
SOLO_HANDS = ["8S", "6S", "6H", "6C 6D", "7S 7H"]


def test_a_guard_hand_ends_when_both_royalists_are_out():
    # RULES §5.1; remaining places by fewest cards.
    state = play_state(["8S", "9S", "6S 6H", "6C", "7S 7H 7C"], emperor=0, guard=1)
    state = act(state, 0, "play 8S")
    assert state.phase is Phase.PLAY  # one royalist out is not enough
    state = act(state, 1, "play 9S")
    assert state.phase is Phase.FINISHED and state.turn is None
    assert state.places == (1, 2, 4, 3, 5)
    assert state.finishing_order == (0, 1, 3, 2, 4)


def test_a_guard_hand_ends_when_all_three_rebels_are_out():
    # RULES §5.1
    state = play_state(["7S 7H", "8S", "9S", "6S 6H 6C", "TS"], emperor=0, guard=3, turn=1)
    state = run(state, [(1, "play 8S"), (2, "play 9S")])
    assert state.phase is Phase.PLAY
    state = run(state, [(3, "pass"), (4, "play TS")])
    assert state.phase is Phase.FINISHED
    assert state.places == (4, 1, 2, 5, 3)


def test_ties_go_in_play_order_from_the_player_who_made_the_last_set():
    # RULES §5.1: seat 3 made the last set; seats 4 and 1 tie on two cards: 4 comes first.
    state = play_state(["6S", "7S 7H", "8S", "9S", "TS TH"], emperor=2, guard=3)
    state = run(state, [(2, "play 8S"), (3, "play 9S")])
    assert state.phase is Phase.FINISHED
    assert state.places == (3, 5, 1, 2, 4)


def test_dark_solo_ends_when_the_emperor_is_out():
    # RULES §5.1
    state = play_state(
        ["8S", "6S", "6H", "6C 6D", "7S 7H"], emperor=0, guard=0, mode=Mode.DARK_SOLO
    )
    state = act(state, 0, "play 8S")
    assert state.phase is Phase.FINISHED and state.places[0] == 1
    # Ties in play order from seat 0: seats 1, 2 (one card), then 3, 4 (two cards).
    assert state.places == (1, 2, 3, 4, 5)


def test_dark_solo_ends_when_two_others_are_out():
    # RULES §5.1: the emperor can no longer be better than third.
    hands = ["7S 7H", "8S", "9S", "6S 6H 6C", "TS TH"]
    state = play_state(hands, emperor=0, guard=0, mode=Mode.DARK_SOLO, turn=1)
    state = act(state, 1, "play 8S")
    assert state.phase is Phase.PLAY
    state = act(state, 2, "play 9S")
    assert state.phase is Phase.FINISHED
    # Seats 4 and 0 tie on two cards; play order from seat 2 (last set) reaches 4 first.
    assert state.places == (4, 1, 2, 5, 3)


@pytest.mark.parametrize(("mode", "rebellion"), [(Mode.OPEN_SOLO, False), (Mode.DARK_SOLO, True)])
def test_open_solo_ends_when_anyone_is_out(mode, rebellion):
    # RULES §5.1; a dark solo opened by rebellion is an open solo (§3.3).
    hands = ["7S 7H", "8S", "9S 9H", "6S 6H 6C", "TS TH"]
    state = play_state(hands, emperor=0, guard=0, mode=mode, rebellion=rebellion, turn=1)
    state = act(state, 1, "play 8S")
    assert state.phase is Phase.FINISHED
    # Two cards each for seats 2, 4, 0 (in play order from seat 1), then seat 3.
    assert state.places == (4, 1, 2, 5, 3)


def test_no_action_after_the_end():
    state = play_state(
        ["8S", "6S", "6H", "6C 6D", "7S 7H"], emperor=0, guard=0, mode=Mode.DARK_SOLO
    )
    state = act(state, 0, "play 8S")
    with pytest.raises(WrongPhase, match="over"):
        act(state, 1, "play 6S")


def test_settle_is_only_for_a_finished_hand():
    with pytest.raises(WrongPhase):
        settle(play_state(["8S", "9S", "TS", "JS", "QS"]))


def test_settle_worked_example_dark_guard():
    # RULES §5.4: S=10, dark guard, places A B B A B -> emperor +20, guard +10, rebels -10.
    hands = ["8S", "9S", "TS", "JS", "QS QH"]
    state = play_state(hands, rules=STAKE_10, emperor=0, guard=3)
    state = run(state, [(0, "play 8S"), (1, "play 9S"), (2, "play TS"), (3, "play JS")])
    assert state.phase is Phase.FINISHED and state.places == (1, 2, 3, 4, 5)
    result = settle(state)
    assert [s.payout for s in result.seats] == [20, -10, -10, 10, -10]
    assert [s.role for s in result.seats] == [
        Role.EMPEROR,
        Role.REBEL,
        Role.REBEL,
        Role.GUARD,
        Role.REBEL,
    ]


def test_settle_worked_example_open_hand():
    # RULES §5.4: S=10, open hand, places B B B A A -> emperor -80, guard -40, rebels +40.
    hands = ["7S 7H", "8S", "9S", "6S 6H", "TS"]
    state = play_state(hands, rules=STAKE_10, emperor=0, guard=3, mode=Mode.OPEN_GUARD, turn=1)
    state = run(state, [(1, "play 8S"), (2, "play 9S"), (3, "pass"), (4, "play TS")])
    assert state.places == (4, 1, 2, 5, 3)
    assert [s.payout for s in settle(state).seats] == [-80, 40, 40, -40, 40]


def test_settle_passes_fled_players_and_the_fee_on():
    # RULES §6.3: the fled flag reaches settlement; the fee comes from every player (§5.4).
    rules = Rules.preset("standard", stake=10, fee=2)
    hands = ["8S", "9S", "TS", "JS", "QS QH"]
    state = act(play_state(hands, rules=rules, emperor=0, guard=3), 4, "flee")
    state = run(state, [(0, "play 8S"), (1, "play 9S"), (2, "play TS"), (3, "play JS")])
    assert [o.fled for o in seat_outcomes(state)] == [False, False, False, False, True]
    result = settle(state)
    assert [s.fee for s in result.seats] == [2] * 5
    assert result.seats[4].penalty == 30
    assert sum(s.payout for s in result.seats) == 0
