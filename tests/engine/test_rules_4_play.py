"""RULES §4: sets, beating, turns, tricks, jiefeng, pass-lock, keep six, hints."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    DoesNotBeat,
    IllegalAction,
    InvalidSet,
    KeepSixViolation,
    MalformedAction,
    NotInHand,
    NotYourTurn,
    PassLocked,
    Phase,
    Play,
    Rules,
    WrongPhase,
    beats,
    format_cards,
    hint,
    is_set,
    legal_actions,
    legal_sets,
    parse_cards,
)
from game.engine.cards import STRENGTH_CARDS

from .play_helpers import KEEP_SIX, STANDARD, act, ids, play_cards, play_state, run

PASS_LOCK = Rules.preset("standard", pass_lock=True)


def C(text):
    return parse_cards(text)


# --- §4.2 sets -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["8", "8 8 8", "SJ", "BJ", "SJ BJ", "8 8 SJ BJ BJ", "2 2 2 2 SJ", "6S 6H1 SJ*"]
)
def test_one_rank_plus_any_jokers_is_a_set(text):
    # RULES §4.2
    assert is_set(C(text))


@pytest.mark.parametrize("text", ["", "8 9", "8 8 9 SJ", "2 A", "6 SJ 7"])
def test_two_ranks_never_form_a_set(text):
    # RULES §4.2
    assert not is_set(C(text))


# --- §4.3 beating: every worked example --------------------------------------------------------


@pytest.mark.parametrize(
    ("previous", "new", "expected"),
    [
        # RULES §4.3 "plain 9 9 9 9 cannot beat 8 8 8 SJ"
        ("8 8 8 SJ", "9 9 9 9", False),
        # RULES §4.3: one small joker is beaten by a set with a big joker: 9 9 9 BJ
        ("8 8 8 SJ", "9 9 9 BJ", True),
        # "a set containing a big joker can never be beaten"
        ("8 BJ", "BJ BJ", False),
        ("BJ", "BJ", False),
        ("6 6 6 BJ", "2 2 BJ BJ", False),
        # "a set with X small jokers can be beaten only by a set with at least X big jokers"
        ("8 8 SJ SJ", "9 9 BJ BJ", True),
        ("8 8 SJ SJ", "9 9 SJ BJ", False),
        ("8 8 SJ SJ", "A BJ BJ BJ", True),
        ("SJ", "BJ", True),
        ("SJ SJ", "SJ BJ", False),
        # same number of cards (张数相同)
        ("8 8", "9 9 9", False),
        ("8 8 8", "9 9", False),
        ("8 8 8 8 8", "9 9 9 9 9", True),
        # each card strictly stronger (步步高): equal is not enough
        ("8 8", "8 8", False),
        ("8 8", "9 9", True),
        # source 000 examples: 888 by 999, by three jokers, or by jokers + 9s or higher
        ("8 8 8", "9 9 9", True),
        ("8 8 8", "SJ SJ SJ", True),
        ("8 8 8", "9 9 SJ", True),
        ("8 8 8", "8 8 SJ", False),
        ("2 2", "SJ SJ", True),
        ("2 2", "A BJ", False),
        # suits never matter
        ("8S 8H", "9S1 9S2", True),
        # not sets
        ("8 9", "T T", False),
        ("8 8", "9 T", False),
    ],
)
def test_beats(previous, new, expected):
    assert beats(C(previous), C(new)) is expected


# --- §4.4 turns, and the error tree -----------------------------------------------------------

HANDS = ["7S 8S 8H 9S", "9H TS TH", "JS JH QS", "QH KS KH", "AS 2S 2H"]


def test_the_leader_may_play_any_set_but_may_not_pass():
    # RULES §4.4
    state = play_state(HANDS)
    with pytest.raises(WrongPhase, match="lead"):
        act(state, 0, "pass")
    after = act(state, 0, "play 8S 8H")
    assert after.last_set == ids("8S 8H") and after.last_player == 0 and after.turn == 1
    assert after.hands[0] == ids("7S 9S")
    assert after.version == state.version + 1


def test_the_next_player_beats_or_passes():
    state = act(play_state(HANDS), 0, "play 8S 8H")
    with pytest.raises(DoesNotBeat):
        act(state, 1, "play 9H")  # one card against two
    state = act(state, 1, "play TS TH")
    assert state.turn == 2
    state = act(state, 2, "pass")
    assert state.turn == 3 and state.seat_passed(2)


@pytest.mark.parametrize(
    ("seat", "text", "error"),
    [
        (0, "play 8S 9S", InvalidSet),
        (0, "play 2S", NotInHand),
        (0, "play 8S 8S", MalformedAction),
        (0, "play 8 8 8", NotInHand),
        (1, "play 9H", NotYourTurn),
        (0, "ascend", WrongPhase),
        (0, "open_guard", WrongPhase),
        (0, "pass", WrongPhase),
        (7, "pass", MalformedAction),
    ],
)
def test_each_illegal_action_raises_its_own_error_and_changes_nothing(seat, text, error):
    state = play_state(HANDS)
    snapshot = hash(state)
    with pytest.raises(error) as raised:
        act(state, seat, text)
    assert isinstance(raised.value, IllegalAction) and isinstance(raised.value, ValueError)
    assert str(raised.value)  # a message a player can read
    assert hash(state) == snapshot and state == play_state(HANDS)


def test_does_not_beat_keep_six_and_pass_lock_are_their_own_errors():
    state = act(play_state(HANDS), 0, "play 9S")
    with pytest.raises(DoesNotBeat):
        act(state, 1, "play 9H")
    six = play_state(["6S 6H 8S", "9H"], rules=KEEP_SIX)
    with pytest.raises(KeepSixViolation):
        act(six, 0, "play 6S 6H")
    locked = _locked_position(PASS_LOCK)
    assert locked.turn == 1
    with pytest.raises(PassLocked):
        act(locked, 1, "play AS")


def test_an_unparseable_action_is_malformed():
    with pytest.raises(MalformedAction):
        act(play_state(HANDS), 0, "throw 8S")


def test_players_who_are_out_are_skipped():
    # RULES §4.4
    state = play_state(["8S", "9S 9H", "TS", "JS JH", "QS QH"], turn=0)
    state = act(state, 0, "play 8S")  # seat 0 goes out
    assert state.places[0] == 1
    state = run(state, [(1, "play 9S"), (2, "play TS")])  # seat 2 goes out
    assert state.places[2] == 2
    state = run(state, [(3, "pass"), (4, "pass")])
    assert state.turn == 1  # seat 0 is out and skipped
    state = act(state, 1, "pass")
    # Seat 2 went out with TS and nobody beat it: jiefeng to the next holder after seat 2.
    assert state.turn == 3 and state.last_set is None


# --- §4.5 end of a trick ----------------------------------------------------------------------


def test_when_everyone_else_passed_the_last_player_leads():
    # RULES §4.5
    state = run(play_state(HANDS), [(0, "play 7S"), (1, "play 9H"), (2, "pass")])
    state = run(state, [(3, "pass"), (4, "pass"), (0, "pass")])
    assert state.turn == 1 and state.last_set is None and state.passed == 0


# --- §4.6 going out and jiefeng ---------------------------------------------------------------


def test_going_out_takes_the_next_place_and_jiefeng_goes_to_the_next_holder():
    # RULES §4.6: seat 0 goes out; nobody beats; seat 1 (next holder) leads anything.
    state = play_state(["KS", "7S 7H", "8S", "9S", "TS"])
    state = act(state, 0, "play KS")
    assert state.places[0] == 1 and state.hands[0] == ()
    state = run(state, [(1, "pass"), (2, "pass"), (3, "pass"), (4, "pass")])
    assert state.turn == 1 and state.last_set is None and state.phase is Phase.PLAY
    assert act(state, 1, "play 7S 7H").places[1] == 2


def test_jiefeng_skips_players_who_are_out():
    # Seat 1 went out earlier; seat 0 goes out, nobody beats: the lead goes to seat 2.
    state = play_state(["KS", "", "8S 8H", "9S", "TS"], emperor=0, guard=3)
    state = replace(state, places=(None, 1, None, None, None))
    state = act(state, 0, "play KS")
    assert state.places[0] == 2
    state = run(state, [(2, "pass"), (3, "pass"), (4, "pass")])
    assert state.turn == 2 and state.last_set is None


def test_a_player_who_goes_out_can_still_be_beaten():
    state = play_state(["8S", "9S 7S", "6S", "6H", "6C"])
    state = run(state, [(0, "play 8S"), (1, "play 9S")])
    state = run(state, [(2, "pass"), (3, "pass"), (4, "pass")])
    assert state.turn == 1 and state.last_set is None  # the trick went to its last player


# --- §4.7 pass-lock ---------------------------------------------------------------------------


LOCK_HANDS = ["7S 8S", "9H AS AH", "JS JH QS", "QH KS KH", "AS1 2S 2H"]


def _locked_position(rules):
    return run(
        play_state(LOCK_HANDS, rules=rules),
        [(0, "play 7S"), (1, "pass"), (2, "play JS"), (3, "pass"), (4, "pass"), (0, "pass")],
    )


def test_pass_lock_stops_a_player_who_passed_from_playing_in_the_trick():
    # RULES §4.7
    state = _locked_position(PASS_LOCK)
    assert state.turn == 1
    assert [a.kind for a in legal_actions(state, 1)] == ["pass"]
    assert hint(state, 1, 0).kind == "pass"
    state = act(state, 1, "pass")
    assert state.turn == 2 and state.last_set is None  # seat 2 wins the trick
    # A new trick unlocks everyone.
    state = run(state, [(2, "play JH"), (3, "play KS")])
    assert state.turn == 4


def test_without_pass_lock_a_player_who_passed_may_play_again():
    state = _locked_position(STANDARD)
    assert state.turn == 1
    assert Play(C("AH")) in legal_actions(state, 1)
    assert act(state, 1, "play AS").last_player == 1


# --- §4.8 keep six ----------------------------------------------------------------------------


def test_keep_six_forbids_6s_while_other_cards_remain():
    # RULES §4.8
    state = play_state(["6S 6H 6C 8S", "9H"], rules=KEEP_SIX)
    with pytest.raises(KeepSixViolation):
        act(state, 0, "play 6S")
    # Without keep-six the 6s lead like any rank; with it, only the 8 may go first.
    assert any("6" in [c.rank.symbol for c in s] for s in legal_sets(C("6 6 6 8"), None))
    assert [format_cards(s) for s in legal_sets(C("6 6 6 8"), None, keep_six=True)] == ["8"]
    state = act(state, 0, "play 8S")
    assert state.hands[0] == ids("6S 6H 6C")


def test_keep_six_final_set_is_all_the_6s_and_nothing_else():
    # RULES §4.8
    only_sixes = play_state(["6S 6H 6C", "9H"], rules=KEEP_SIX)
    with pytest.raises(KeepSixViolation):
        act(only_sixes, 0, "play 6S 6H")
    assert act(only_sixes, 0, "play 6S 6H 6C").places[0] == 1
    with_joker = play_state(["6S 6H SJ1", "9H"], rules=KEEP_SIX)
    with pytest.raises(KeepSixViolation):
        act(with_joker, 0, "play 6S 6H SJ1")
    assert [format_cards(s) for s in legal_sets(C("6 6 SJ"), None, keep_six=True)] == ["SJ"]
    assert [format_cards(s) for s in legal_sets(C("6 6"), None, keep_six=True)] == ["6 6"]
    # A hand of only 6s can never follow (nothing is weaker than a 6).
    assert legal_sets(C("6 6"), C("7 7"), keep_six=True) == []


def test_without_keep_six_6s_play_like_any_rank():
    state = play_state(["6S 6H 8S", "9H"])
    assert act(state, 0, "play 6S 6H").hands[0] == ids("8S")


# --- §4.9 hint ----------------------------------------------------------------------------------


def test_hint_orders_by_strength_then_fewest_jokers():
    # RULES §4.9
    found = [format_cards(s) for s in legal_sets(C("9 9 9 T T T T SJ BJ BJ"), C("8 8 8 SJ"))]
    assert found == [
        "9 9 9 BJ",
        "9 9 SJ BJ",
        "9 9 BJ BJ",
        "9 SJ BJ BJ",
        "T T T BJ",
        "T T SJ BJ",
        "T T BJ BJ",
        "T SJ BJ BJ",
    ]
    assert [format_cards(s) for s in legal_sets(C("7 9 9 SJ BJ"), C("8"))] == [
        "9",
        "SJ",
        "BJ",
    ]


def test_hint_when_leading_lists_weakest_rank_first_whole_rank_first():
    found = [format_cards(s) for s in legal_sets(C("8 8 SJ"), None)]
    assert found == ["8 8", "8", "8 8 SJ", "8 SJ", "SJ"]


def test_hint_cycles_and_says_pass_when_nothing_beats():
    # RULES §4.9
    state = act(play_state(["9S", "TS JS JH", "6S", "6H", "6C"]), 0, "play 9S")
    assert [play_cards(hint(state, 1, n)) for n in range(3)] == ["TS", "JH", "TS"]
    state = act(state, 1, "play JH")
    assert hint(state, 2, 0).kind == "pass"
    assert hint(state, 2, 5).kind == "pass"
    with pytest.raises(NotYourTurn):
        hint(state, 3, 0)


def test_hints_keep_the_marked_jokers_for_last():
    # Decision: a hint never shows the guard card while an unmarked small joker will do.
    state = play_state(["SJ* SJ1 7S", "6S"])
    hints = [play_cards(hint(state, 0, n)) for n in range(5)]
    assert hints == ["7S", "7S SJ1", "7S SJ* SJ1", "SJ1", "SJ* SJ1"]
    played = act(state, 0, "play SJ")  # strength-only: the engine picks SJ1
    assert played.last_set == ids("SJ1") and not played.guard_card_shown


def test_playing_the_guard_card_reveals_the_guard():
    # Decision: the guard card is marked; once on the table its holder is public.
    state = play_state(["7S", "SJ* 8S", "6S", "6H", "6C"], emperor=0, guard=1)
    assert not state.roles_public
    state = run(state, [(0, "play 7S"), (1, "play SJ*")])
    assert state.guard_card_shown and state.roles_public


# --- legal actions ------------------------------------------------------------------------------


def test_legal_actions_contains_any_concrete_selection():
    state = play_state(["8S 8H 8C 9S", "9H"])
    legal = legal_actions(state, 0)
    canonical = [format_cards(a.cards) for a in legal if isinstance(a, Play)]
    assert "8S" not in canonical  # one canonical pick per set...
    assert Play(C("8S")) in legal  # ...but every physical choice is legal
    assert Play(C("8S 8C")) in legal
    assert Play(C("8S 9S")) not in legal
    assert Play(C("2S")) not in legal
    assert "pass" not in [a.kind for a in legal]  # leading
    assert not legal_actions(state, 1) and list(legal_actions(state, 1)) == []


def _brute_force(hand, previous, keep_six):
    """Every distinct strength multiset drawn from ``hand`` that is a legal play."""
    counts = Counter(c.strength for c in hand)
    kinds = sorted(counts)
    found = set()
    for take in product(*(range(counts[k] + 1) for k in kinds)):
        cards = [STRENGTH_CARDS[k] for k, n in zip(kinds, take, strict=True) for _ in range(n)]
        if not is_set(cards):
            continue
        if previous is not None and not beats(previous, cards):
            continue
        strengths = sorted(c.strength for c in cards)
        only_sixes = all(c.strength == 0 for c in hand) and len(strengths) == len(hand)
        if keep_six and 0 in strengths and not only_sixes:
            continue
        found.add(tuple(strengths))
    return found


strength_cards = st.sampled_from(STRENGTH_CARDS)


@st.composite
def a_set(draw):
    rank = draw(st.sampled_from(STRENGTH_CARDS[:10]))
    n = draw(st.integers(0, 4))
    x = draw(st.integers(0, 2))
    y = draw(st.integers(0, 2))
    if n + x + y == 0:
        n = 1
    return (rank,) * n + (STRENGTH_CARDS[10],) * x + (STRENGTH_CARDS[11],) * y


@given(
    st.lists(strength_cards, max_size=12),
    st.one_of(st.none(), a_set()),
    st.booleans(),
)
@settings(max_examples=150, deadline=None)
def test_legal_sets_are_exactly_the_legal_plays_in_hint_order(hand, previous, keep_six):
    # RULES §4.2, §4.3, §4.8, §4.9
    found = legal_sets(hand, previous, keep_six=keep_six)
    as_strengths = [tuple(sorted(c.strength for c in s)) for s in found]
    assert len(set(as_strengths)) == len(as_strengths)  # one per distinct set
    assert set(as_strengths) == _brute_force(hand, previous, keep_six)
    # Hint order: weakest ordinary rank first, then fewest jokers.
    keys = []
    for s in as_strengths:
        ordinary = [v for v in s if v < 10]
        keys.append((ordinary[0] if ordinary else min(s), sum(v >= 10 for v in s)))
    assert keys == sorted(keys)
    # The picks come from the hand.
    for picked in found:
        assert not Counter(picked) - Counter(hand)
