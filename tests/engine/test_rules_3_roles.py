"""RULES §3: throne, solo, declarations, who knows what (the view side is in test_rules_8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import (
    Mode,
    NotYourTurn,
    Phase,
    Question,
    Role,
    Rules,
    State,
    WrongPhase,
    legal_actions,
)
from game.engine.cards import EMPEROR_CARD, GUARD_CARD

from .play_helpers import QUICK, STANDARD, act, deal, run


def declared(rules: Rules = STANDARD, guard_at: int = 2) -> State:
    return act(deal(5, rules, emperor_at=0, guard_at=guard_at), 0, "ascend")


# --- §3.1 throne ---------------------------------------------------------------------------


def test_ascending_makes_the_holder_emperor():
    # RULES §3.1
    state = act(deal(5, emperor_at=0, guard_at=2), 0, "ascend")
    assert state.emperor == 0 and state.role_of(0) is Role.EMPEROR
    assert state.guard == 2 and state.role_of(2) is Role.GUARD
    assert [state.role_of(s) for s in (1, 3, 4)] == [Role.REBEL] * 3
    assert state.version == 1


def test_abdication_hands_the_emperor_card_itself_to_the_next_player():
    # RULES §3.1
    before = deal(5, emperor_at=0, guard_at=2)
    after = act(before, 0, "abdicate")
    assert EMPEROR_CARD not in after.hands[0] and EMPEROR_CARD in after.hands[1]
    assert len(after.hands[0]) == len(before.hands[0]) - 1
    assert len(after.hands[1]) == len(before.hands[1]) + 1
    assert after.throne_holder == 1 and after.phase is Phase.THRONE
    with pytest.raises(NotYourTurn):
        act(after, 0, "ascend")
    assert act(after, 1, "ascend").emperor == 1


def test_back_round_to_the_first_holder_who_must_ascend():
    # RULES §3.1: "If it comes back round to the first holder, that player must ascend."
    state = run(deal(5, emperor_at=0, guard_at=2), [(s, "abdicate") for s in range(2)])
    # Seat 2 holds the guard card too: its choice is solo or abdicate.
    assert [a.kind for a in legal_actions(state, 2)] == ["open_solo", "dark_solo", "abdicate"]
    state = run(state, [(s, "abdicate") for s in (2, 3, 4)])
    assert state.throne_holder == 0 and EMPEROR_CARD in state.hands[0]
    assert [a.kind for a in legal_actions(state, 0)] == ["ascend"]
    with pytest.raises(WrongPhase, match="must ascend"):
        act(state, 0, "abdicate")
    assert act(state, 0, "ascend").emperor == 0


def test_rooms_may_forbid_abdication():
    # RULES §3.1, §9.2 quick preset
    state = deal(5, QUICK, emperor_at=0, guard_at=2)
    assert [a.kind for a in legal_actions(state, 0)] == ["ascend"]
    with pytest.raises(WrongPhase, match="abdication"):
        act(state, 0, "abdicate")


def test_only_the_holder_chooses_and_only_in_the_throne_phase():
    state = deal(5, emperor_at=0, guard_at=2)
    with pytest.raises(NotYourTurn):
        act(state, 3, "ascend")
    after = act(state, 0, "ascend")
    with pytest.raises(WrongPhase):
        act(after, 0, "ascend")
    with pytest.raises(WrongPhase):
        act(state, 2, "dark_guard")  # declarations have not started


# --- §3.2 solo -----------------------------------------------------------------------------


def test_holder_of_both_cards_chooses_the_kind_of_solo_when_ascending():
    # RULES §3.2 (decision: the solo choice is part of the throne step)
    state = deal(5, emperor_at=0, guard_at=0)
    assert [a.kind for a in legal_actions(state, 0)] == ["open_solo", "dark_solo", "abdicate"]
    with pytest.raises(WrongPhase, match="guard card"):
        act(state, 0, "ascend")


def test_solo_needs_the_guard_card():
    state = deal(5, emperor_at=0, guard_at=2)
    with pytest.raises(WrongPhase, match="solo"):
        act(state, 0, "open_solo")


def test_open_solo_is_announced_and_nobody_is_asked():
    # RULES §3.2, §3.3 "not asked in open solo"
    state = act(deal(5, emperor_at=0, guard_at=0), 0, "open_solo")
    assert state.mode is Mode.OPEN_SOLO and state.is_solo
    assert state.phase is Phase.PLAY and state.turn == 0
    assert state.roles_public
    assert [state.role_of(s) for s in range(1, 5)] == [Role.REBEL] * 4


def test_dark_solo_asks_every_other_seat_the_rebellion_question():
    # RULES §3.3: in dark solo every non-emperor is a rebel.
    state = act(deal(5, emperor_at=0, guard_at=0), 0, "dark_solo")
    assert state.mode is Mode.DARK_SOLO and state.phase is Phase.DECLARE
    assert state.questions == (None, *(Question.REBEL,) * 4)
    assert not state.roles_public


def test_no_solo_room_makes_an_ascending_holder_of_both_cards_dark_solo():
    rules = replace(STANDARD, solo=False)
    state = deal(5, rules, emperor_at=0, guard_at=0)
    assert [a.kind for a in legal_actions(state, 0)] == ["ascend", "abdicate"]
    assert act(state, 0, "ascend").mode is Mode.DARK_SOLO


# --- §3.3 declarations ---------------------------------------------------------------------


def test_the_guard_and_the_rebels_each_get_their_question():
    # RULES §3.3
    state = declared()
    assert state.phase is Phase.DECLARE and state.turn is None
    assert state.questions == (None, Question.REBEL, Question.GUARD, Question.REBEL, Question.REBEL)
    assert [a.kind for a in legal_actions(state, 2)] == ["open_guard", "dark_guard"]
    assert [a.kind for a in legal_actions(state, 1)] == ["rebel", "no_rebel"]
    assert list(legal_actions(state, 0)) == []


def test_the_outcome_waits_for_all_four_answers():
    state = run(declared(), [(2, "open_guard"), (1, "no_rebel"), (3, "no_rebel")])
    assert state.phase is Phase.DECLARE and state.mode is None
    state = act(state, 4, "no_rebel")
    assert state.phase is Phase.PLAY


def test_open_guard_reveals_the_guard_and_opens_the_hand():
    # RULES §3.3
    state = run(declared(), [(2, "open_guard"), (1, "no_rebel"), (3, "no_rebel"), (4, "no_rebel")])
    assert state.mode is Mode.OPEN_GUARD and state.is_open and state.roles_public
    assert not state.rebellion


def test_dark_guard_keeps_the_hand_dark():
    state = run(declared(), [(2, "dark_guard"), (1, "no_rebel"), (3, "no_rebel"), (4, "no_rebel")])
    assert state.mode is Mode.DARK_GUARD and not state.is_open and not state.roles_public
    # RULES §4.1: the emperor leads the first trick.
    assert state.phase is Phase.PLAY and state.turn == 0 and state.last_set is None


def test_two_rebels_make_the_rebellion_stand_and_reveal_everyone():
    # RULES §3.3
    state = run(declared(), [(2, "dark_guard"), (1, "rebel"), (3, "rebel"), (4, "no_rebel")])
    assert state.rebellion and state.is_open and state.roles_public
    assert state.mode is Mode.DARK_GUARD  # scored as open: settlement reads the flag
    assert state.failed_rebels == (False,) * 5


def test_exactly_one_rebel_fails_and_gets_the_public_marker():
    # RULES §3.3
    state = run(declared(), [(2, "dark_guard"), (1, "no_rebel"), (3, "rebel"), (4, "no_rebel")])
    assert not state.rebellion and not state.roles_public
    assert state.failed_rebels == (False, False, False, True, False)
    assert state.mode is Mode.DARK_GUARD


def test_rebellion_in_dark_solo_makes_it_open_solo():
    # RULES §3.3 "in dark solo this makes it open solo"
    state = act(deal(5, emperor_at=0, guard_at=0), 0, "dark_solo")
    state = run(state, [(1, "rebel"), (2, "rebel"), (3, "no_rebel"), (4, "no_rebel")])
    assert state.rebellion and state.effective_mode is Mode.OPEN_SOLO and state.roles_public


def test_each_seat_answers_only_its_own_question_once():
    state = declared()
    with pytest.raises(WrongPhase, match="not the question"):
        act(state, 1, "open_guard")
    with pytest.raises(WrongPhase, match="not the question"):
        act(state, 2, "rebel")
    with pytest.raises(WrongPhase, match="no question"):
        act(state, 0, "no_rebel")
    answered = act(state, 1, "no_rebel")
    with pytest.raises(WrongPhase, match="already answered"):
        act(answered, 1, "rebel")
    with pytest.raises(WrongPhase):
        act(state, 0, "play 6S")  # no play before the declarations end


def test_quick_rooms_ask_nothing():
    # RULES §9.2 quick: dark guard only, no rebellion -> nobody is asked.
    state = act(deal(5, QUICK, emperor_at=0, guard_at=2), 0, "ascend")
    assert state.phase is Phase.PLAY and state.mode is Mode.DARK_GUARD
    solo = act(deal(5, QUICK, emperor_at=0, guard_at=0), 0, "dark_solo")
    assert solo.phase is Phase.PLAY and solo.mode is Mode.DARK_SOLO


def test_a_forbidden_choice_leaves_the_question_with_one_answer():
    # Decision: still asked, so the asked seats stay indistinguishable (RULES §3.3).
    rules = replace(STANDARD, open_guard=False)
    state = declared(rules)
    assert [a.kind for a in legal_actions(state, 2)] == ["dark_guard"]
    with pytest.raises(WrongPhase, match="only dark guard"):
        act(state, 2, "open_guard")
    rules = replace(STANDARD, rebellion=False)
    state = declared(rules)
    assert [a.kind for a in legal_actions(state, 1)] == ["no_rebel"]
    with pytest.raises(WrongPhase, match="rebellion"):
        act(state, 1, "rebel")


def test_the_guard_card_stays_with_its_holder_through_abdication():
    state = run(deal(5, emperor_at=0, guard_at=3), [(0, "abdicate"), (1, "ascend")])
    assert state.emperor == 1 and state.guard == 3 and GUARD_CARD in state.hands[3]
