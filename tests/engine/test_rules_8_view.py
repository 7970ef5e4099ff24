"""RULES §3.4, §7.6, §8.1, §8.2: what each seat may see (``view_for``)."""

from __future__ import annotations

import pytest

from game.engine import Guess, Mode, Phase, Question, Role, WrongPhase, format_cards, view_for
from game.engine.cards import GUARD_CARD, STRENGTH

from .play_helpers import STANDARD, act, deal, move_card, play_state, run
from .view_checks import assert_view_is_honest


def _roles(view):
    return [s.role for s in view.seats]


def test_a_seat_sees_its_own_hand_strongest_first_and_nobody_elses():
    state = deal(9)
    view = view_for(state, 1)
    assert view.hand is not None and len(view.hand) == len(state.hands[1])
    assert [c.strength for c in view.hand] == sorted((c.strength for c in view.hand), reverse=True)
    assert {c.index for c in view.hand} == set(state.hands[1])
    assert [s.card_count for s in view.seats] == [len(h) for h in state.hands]
    assert view.version == 0 and view.phase is Phase.THRONE
    assert view.throne_holder == state.throne_holder


def test_a_spectator_sees_no_hand_and_no_choices():
    state = deal(9)
    view = view_for(state, None)
    assert view.hand is None and view.choices == () and view.question is None
    assert_view_is_honest(state, None)


def test_only_the_throne_holder_sees_the_throne_choices():
    state = deal(5, emperor_at=0, guard_at=0)
    assert view_for(state, 0).choices == ("open_solo", "dark_solo", "abdicate")
    assert all(view_for(state, s).choices == () for s in range(1, 5))


def _dark_guard():
    state = act(deal(5, emperor_at=0, guard_at=2), 0, "ascend")
    return run(state, [(2, "dark_guard"), (1, "no_rebel"), (3, "no_rebel"), (4, "no_rebel")])


def test_in_a_dark_hand_everyone_knows_only_the_emperor_and_themselves():
    # RULES §3.4
    state = _dark_guard()
    rebel = view_for(state, 3)
    assert _roles(rebel) == [Role.EMPEROR, None, None, Role.REBEL, None]
    assert rebel.mode is None and not rebel.open
    emperor = view_for(state, 0)
    assert _roles(emperor) == [Role.EMPEROR, None, None, None, None]
    assert emperor.mode is Mode.DARK_GUARD  # he knows only that he is not solo
    spectator = view_for(state, None)
    assert _roles(spectator) == [Role.EMPEROR, None, None, None, None]
    for viewer in (None, 0, 1, 2, 3, 4):
        assert_view_is_honest(state, viewer)


def test_the_guard_knows_everyone():
    # RULES §3.4: the guard knows the emperor and himself, hence the three rebels.
    view = view_for(_dark_guard(), 2)
    assert _roles(view) == [Role.EMPEROR, Role.REBEL, Role.GUARD, Role.REBEL, Role.REBEL]
    assert view.mode is Mode.DARK_GUARD


def test_in_dark_solo_only_the_emperor_knows():
    # RULES §3.4
    state = act(deal(5, emperor_at=0, guard_at=0), 0, "dark_solo")
    state = run(state, [(s, "no_rebel") for s in range(1, 5)])
    emperor = view_for(state, 0)
    assert emperor.mode is Mode.DARK_SOLO and _roles(emperor) == [Role.EMPEROR] + [Role.REBEL] * 4
    rebel = view_for(state, 2)
    assert rebel.mode is None and _roles(rebel) == [Role.EMPEROR, None, Role.REBEL, None, None]


def test_open_hands_show_every_role():
    # RULES §3.3, §7.6
    state = act(deal(5, emperor_at=0, guard_at=2), 0, "ascend")
    state = run(state, [(2, "open_guard"), (1, "no_rebel"), (3, "no_rebel"), (4, "no_rebel")])
    for viewer in (None, 1, 3):
        view = view_for(state, viewer)
        assert view.open and view.mode is Mode.OPEN_GUARD
        assert _roles(view) == [Role.EMPEROR, Role.REBEL, Role.GUARD, Role.REBEL, Role.REBEL]


def test_a_failed_rebel_is_marked_for_everyone():
    state = act(deal(5, emperor_at=0, guard_at=2), 0, "ascend")
    state = run(state, [(2, "dark_guard"), (1, "rebel"), (3, "no_rebel"), (4, "no_rebel")])
    for viewer in (None, 0, 2, 4):
        assert [s.failed_rebel for s in view_for(state, viewer).seats] == [
            False,
            True,
            False,
            False,
            False,
        ]


def test_each_seat_sees_only_its_own_question():
    # RULES §3.3
    state = act(deal(5, emperor_at=0, guard_at=2), 0, "ascend")
    assert view_for(state, 2).question is Question.GUARD
    assert view_for(state, 2).choices == ("open_guard", "dark_guard")
    assert view_for(state, 1).question is Question.REBEL
    assert view_for(state, 0).question is None and view_for(state, None).question is None
    answered = act(state, 1, "rebel")
    assert view_for(answered, 1).question is None and view_for(answered, 1).choices == ()
    # Nobody can see who answered what, nor that seat 1 has answered.
    assert view_for(answered, 3).seats == view_for(state, 3).seats


def _swap_guard_card(state, to_seat):
    """Swap the guard card with an unmarked small joker held by ``to_seat``."""
    other = next(i for i in state.hands[to_seat] if STRENGTH[i] == 10 and i != GUARD_CARD)
    holder = next(s for s in range(5) if GUARD_CARD in state.hands[s])
    return move_card(move_card(state, GUARD_CARD, to_seat), other, holder)


def test_a_dark_solo_looks_exactly_like_a_guard_hand_to_the_others():
    # RULES §3.3/§3.4: the prompt, its timing and the page are the same for an outsider.
    solo = deal(5, emperor_at=0, guard_at=0)
    holder_of_small_joker = next(
        s for s in range(1, 5) if any(STRENGTH[i] == 10 for i in solo.hands[s])
    )
    guard_hand = _swap_guard_card(solo, holder_of_small_joker)
    outsiders = [s for s in range(1, 5) if s != holder_of_small_joker]
    pairs = [(solo, guard_hand)]
    solo, guard_hand = act(solo, 0, "dark_solo"), act(guard_hand, 0, "ascend")
    pairs.append((solo, guard_hand))
    answer = {s: "no_rebel" for s in range(1, 5)}
    for seat in range(1, 5):
        solo = act(solo, seat, answer[seat])
        guard_reply = "dark_guard" if seat == holder_of_small_joker else "no_rebel"
        guard_hand = act(guard_hand, seat, guard_reply)
        pairs.append((solo, guard_hand))
    assert solo.phase is Phase.PLAY
    for a, b in pairs:
        for viewer in [None, *outsiders]:
            assert view_for(a, viewer) == view_for(b, viewer)


def test_peek_is_for_a_player_who_is_out_at_a_known_team_mate():
    # RULES §8.1 and the decision in docs/RULES-DECISIONS.md
    hands = ["8S 7S", "9S", "TS 6H", "JS 6C", "QS 6D"]
    open_hand = play_state(hands, emperor=0, guard=3, mode=Mode.OPEN_GUARD, turn=1)
    open_hand = act(open_hand, 1, "play 9S")  # a rebel goes out
    assert view_for(open_hand, 1).peek_targets == (2, 4)
    view = view_for(open_hand, 1, peek=4)
    assert view.peek_seat == 4 and format_cards(view.peek_cards or ()) == "QS 6D"
    with pytest.raises(WrongPhase):
        view_for(open_hand, 1, peek=0)  # not on the same side
    with pytest.raises(WrongPhase):
        view_for(open_hand, 2, peek=4)  # seat 2 is not out
    # In a dark hand a rebel who is out knows no team-mate: no peek (it would leak the guard).
    dark = act(play_state(hands, emperor=0, guard=3, turn=1), 1, "play 9S")
    assert view_for(dark, 1).peek_targets == ()
    # The guard of a dark hand knows the emperor and may peek at him.
    hands = ["8S 7S", "9S 6S", "TS 6H", "JS", "QS 6D"]
    guard_out = act(play_state(hands, emperor=0, guard=3, turn=3), 3, "play JS")
    assert not guard_out.roles_public and view_for(guard_out, 3).peek_targets == (0,)
    # The emperor of a dark guard hand does not know his guard: no peek.
    hands = ["8S", "9S 6S", "TS 6H", "JS 7S", "QS 6D"]
    emperor_out = act(play_state(hands, emperor=0, guard=3), 0, "play 8S")
    assert view_for(emperor_out, 0).peek_targets == ()
    with pytest.raises(WrongPhase):
        view_for(emperor_out, 0, peek=3)


def test_marks_are_private_to_the_marker():
    # RULES §8.2
    state = run(_dark_guard(), [(3, "mark 2 guard"), (3, "mark 1 rebel")])
    assert [s.mark for s in view_for(state, 3).seats][1:3] == [Guess.REBEL, Guess.GUARD]
    for viewer in (None, 0, 1, 2, 4):
        assert {s.mark for s in view_for(state, viewer).seats} == {Guess.UNKNOWN}
    state = act(state, 3, "mark 2 unknown")
    assert view_for(state, 3).seats[2].mark is Guess.UNKNOWN


def test_marks_are_only_for_dark_hands_and_other_seats():
    with pytest.raises(WrongPhase):
        act(_dark_guard(), 3, "mark 3 rebel")
    open_hand = play_state(["8S", "9S", "TS", "JS", "QS"], mode=Mode.OPEN_GUARD)
    with pytest.raises(WrongPhase):
        act(open_hand, 3, "mark 2 guard")
    with pytest.raises(WrongPhase):
        act(deal(3), 1, "mark 2 guard")  # the throne is not decided yet


def test_when_the_hand_is_over_roles_are_shown_but_cards_stay_hidden():
    state = play_state(["8S", "9S", "6S 6H", "6C", "7S 7H 7C"], emperor=0, guard=1)
    state = run(state, [(0, "play 8S"), (1, "play 9S")])
    view = view_for(state, 3)
    assert view.phase is Phase.FINISHED and view.open
    assert _roles(view) == [Role.EMPEROR, Role.GUARD, Role.REBEL, Role.REBEL, Role.REBEL]
    assert [s.place for s in view.seats] == [1, 2, 4, 3, 5]
    assert_view_is_honest(state, 3)


def test_the_view_shows_the_trick_and_whose_turn_it_is():
    state = play_state(["8S 8H 7S", "9S 9H", "TS", "6S", "6C"], rules=STANDARD)
    state = run(state, [(0, "play 8S 8H"), (1, "play 9S 9H"), (2, "pass")])
    view = view_for(state, 4)
    assert format_cards(view.last_set or ()) == "9S 9H" and view.last_player == 1
    assert view.turn == 3 and not view.leading
    assert [s.passed for s in view.seats] == [False, False, True, False, False]
    assert view_for(state, 3).choices == ("play", "pass")
    assert view_for(state, 4).choices == ()
