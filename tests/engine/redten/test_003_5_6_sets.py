"""File 003 §5 牌型 and §6 牌型的比较: single, pair, triple, quad, double red ten, double
joker; strength 大王 > 小王 > 红十 > 2 > A > … > 黑10 > … > 4; the double red ten beats
everything but the double joker; the double joker is the strongest pair."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from game.engine.errors import DoesNotBeat, InvalidSet
from game.engine.redten import SetType, beats, legal_sets, parse_cards, set_type

from .helpers import act, answer_all, deal


def b(previous: str, new: str) -> bool:
    return beats(parse_cards(previous), parse_cards(new))


def kind(text: str) -> SetType | None:
    return set_type([c.strength for c in parse_cards(text)])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4", SetType.SINGLE),
        ("TH", SetType.SINGLE),
        ("BJ", SetType.SINGLE),
        ("8 8", SetType.PAIR),
        ("TS TC", SetType.PAIR),  # two black tens are an ordinary pair
        ("K K K", SetType.TRIPLE),
        ("2 2 2 2", SetType.QUAD),
        ("TH TD", SetType.DOUBLE_RED_TEN),
        ("SJ BJ", SetType.DOUBLE_JOKER),
        ("BJ SJ", SetType.DOUBLE_JOKER),
        ("TH TS", None),  # a red and a black ten are different ranks (§6)
        ("8 9", None),
        ("8 SJ", None),  # no jokers attached in Red Ten
        ("5 5 5 5 5", None),
        ("TH TD SJ BJ", None),
    ],
)
def test_set_types(text, expected):
    assert kind(text) is expected


def test_single_strength_order_from_file_003():
    # §6 大王、小王、红十、2、A、K、Q、J、黑10、9、8、7、6、5、4
    order = ["BJ", "SJ", "TH", "2", "A", "K", "Q", "J", "TS", "9", "8", "7", "6", "5", "4"]
    for stronger, weaker in pairwise(order):
        assert b(weaker, stronger), (weaker, stronger)
        assert not b(stronger, weaker), (stronger, weaker)
    assert not b("TH", "TD") and not b("TD", "TH")  # suits do not matter (大小不区分花色)
    assert not b("TS", "TC") and not b("8S", "8H")


def test_same_type_compares_by_strength_and_types_never_mix():
    assert b("8 8", "9 9") and not b("9 9", "8 8") and not b("9 9", "9 9")
    assert b("K K K", "A A A") and b("5 5 5 5", "6 6 6 6")
    assert b("TS TC", "J J") and b("9 9", "TS TC")
    # §6 其余牌型，牌型不相同的情况下不能比较大小
    assert not b("4", "5 5") and not b("4 4", "A A A") and not b("8 8 8", "2 2 2 2")
    assert not b("4 4 4 4", "2")


def test_double_red_ten_beats_every_type_but_the_double_joker():
    # §6 双红十比双王小，可以管除双王外任意的牌型
    for previous in ["2", "BJ", "SJ", "2 2", "2 2 2", "2 2 2 2", "A A A A"]:
        assert b(previous, "TH TD"), previous
    assert not b("SJ BJ", "TH TD")


def test_double_joker_is_the_strongest_pair_and_beats_the_double_red_ten():
    # §6 双王属于对子牌型，是对子牌型中最大的牌，且比双红十大
    assert b("2 2", "SJ BJ") and b("TS TC", "SJ BJ") and b("TH TD", "SJ BJ")
    for previous in ["2", "A A A", "2 2 2 2", "SJ BJ"]:  # a pair: not on other types
        assert not b(previous, "SJ BJ"), previous
    for new in ["2 2", "TH TD", "2 2 2 2"]:  # nothing beats it
        assert not b("SJ BJ", new)


def test_a_set_that_is_none_never_beats_or_is_beaten():
    assert not b("8 9", "J J") and not b("J J", "8 9") and not b("", "8")


def test_legal_sets_when_leading_list_weakest_first_whole_groups_first_bombs_in_place():
    hand = parse_cards("4S 4H 9C TH TD SJ BJ")
    sets = [" ".join(map(str, s)) for s in legal_sets(hand, None)]
    assert sets == ["4S 4H", "4H", "9C", "TH TD", "TD", "SJ", "BJ", "SJ BJ"]


def test_legal_sets_when_following_cheapest_first_then_the_bombs():
    hand = parse_cards("5S 5H 9C 9D TH TD SJ BJ")
    sets = [" ".join(map(str, s)) for s in legal_sets(hand, parse_cards("8 8"))]
    assert sets == ["9C 9D", "TH TD", "SJ BJ"]
    sets = [" ".join(map(str, s)) for s in legal_sets(hand, parse_cards("2"))]
    assert sets == ["TD", "SJ", "BJ", "TH TD"]
    assert legal_sets(hand, parse_cards("SJ BJ")) == []
    assert [" ".join(map(str, s)) for s in legal_sets(hand, parse_cards("TH TD"))] == ["SJ BJ"]


def test_legal_sets_are_exactly_the_beating_sets_a_brute_force_finds():
    hand = parse_cards("4S 4H 4C 7D 7S TS TC TH JD JS JH JC 2S SJ")
    for previous in ["5", "7 7", "9 9 9", "8 8 8 8", "TS TC", "K", "2 2", "TH TD"]:
        prev = parse_cards(previous)
        listed = [tuple(c.strength for c in s) for s in legal_sets(hand, prev)]
        brute = {
            tuple(c.strength for c in combo)
            for n in (1, 2, 3, 4)
            for combo in combinations(hand, n)
            if beats(prev, combo)
        }
        assert len(listed) == len(set(listed))  # one canonical pick per set
        assert set(listed) == brute, previous


def test_the_engine_refuses_a_non_set_and_a_set_that_does_not_beat():
    state = answer_all(deal(["4H 4S 9S", "TH 5S", "6S 6C", "TD 7S 8S", "8H 9H"]))
    with pytest.raises(InvalidSet):
        act(state, 0, "play 4H 9S")
    state = act(state, 0, "play 4H 4S")
    with pytest.raises(DoesNotBeat):
        act(state, 1, "play 5S")
    state = act(state, 1, "pass")
    state = act(state, 2, "play 6S 6C")
    assert state.last_player == 2
