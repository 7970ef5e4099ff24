"""RULES §10.6 toasting (烤牌): every file-004 example, and what toasting must not change."""

from __future__ import annotations

import pytest

from game.engine.cards import parse_cards
from game.engine.sets import beats_strengths
from game.engine.toasting import beats_toasting
from game.engine.variant_sets import buckets_by, general_sets


def toasts(previous: str, new: str) -> bool:
    return beats_toasting(
        [c.strength for c in parse_cards(previous)], [c.strength for c in parse_cards(new)]
    )


# RULES §10.6 / file 004: the joker rules and every derived combination, then the full sets.
FILE_004_EXAMPLES = [
    ("SJ", "BJ"),  # rule 1: 1 BJ > 1 SJ
    ("BJ", "BJ BJ"),  # rule 2: 2 BJ > 1 BJ
    ("SJ", "SJ SJ"),  # rule 3: 2 SJ > 1 SJ
    ("BJ", "SJ SJ SJ"),  # rule 4: 3 SJ > 1 BJ
    ("BJ SJ", "BJ BJ SJ SJ"),  # derived 1
    ("BJ BJ", "BJ BJ SJ SJ SJ"),  # derived 2
    ("BJ SJ", "BJ BJ BJ"),  # derived 3
    ("SJ SJ", "BJ SJ SJ"),  # derived 4
    ("BJ SJ", "BJ SJ SJ SJ"),  # derived 5
    ("BJ SJ SJ", "BJ BJ BJ SJ SJ"),  # derived 6
    ("BJ 7 7 7 7", "BJ BJ 8 8 8 8"),  # 2 BJ with 8888 over 1 BJ with 7777
    ("BJ SJ 7 7 7", "BJ BJ BJ SJ 8 8"),  # 3 BJ + 1 SJ with 88 over 1 BJ + 1 SJ with 777
]


@pytest.mark.parametrize(("previous", "new"), FILE_004_EXAMPLES)
def test_every_file_004_example_beats(previous: str, new: str) -> None:
    assert toasts(previous, new)
    # ... and never the other way round: toasting is an order, not a tie.
    assert not toasts(new, previous)


@pytest.mark.parametrize(
    ("previous", "new"),
    [
        ("BJ", "BJ SJ"),  # a mixed pair is no toast of a big joker (not in file 004)
        ("BJ", "SJ SJ"),  # two small jokers toast a small joker only
        ("8 8 8 SJ", "9 9 9 9"),  # 004 rule 4: no joker, no toast; §4.3 still says no
        ("7 7 7", "8 8 8 8"),  # toasting is about jokers: more plain cards never beat
        ("BJ 7 7", "BJ BJ 7 7"),  # the plain cards must still each be stronger
        ("SJ", "2 2"),  # 2s are no jokers
        ("BJ BJ", "BJ BJ BJ"),  # two big jokers each need their own toast
    ],
)
def test_what_toasting_does_not_allow(previous: str, new: str) -> None:
    assert not toasts(previous, new)


@pytest.mark.parametrize(
    ("previous", "new"),
    [("8 8 8 SJ", "9 9 9 BJ"), ("2 2", "SJ SJ"), ("K K", "A A"), ("7 SJ SJ", "8 BJ BJ")],
)
def test_toasting_keeps_every_section_4_3_win(previous: str, new: str) -> None:
    p = [c.strength for c in parse_cards(previous)]
    n = [c.strength for c in parse_cards(new)]
    assert beats_strengths(p, n) and beats_toasting(p, n)


def test_legal_sets_under_toasting_include_longer_follows() -> None:
    hand = parse_cards("8 8 8 8 BJ BJ SJ")
    previous = [c.strength for c in parse_cards("BJ 7 7 7 7")]
    sets = general_sets(buckets_by(hand, lambda c: c.strength), previous, toasting=True)
    texts = {" ".join(c.rank.symbol for c in s) for s in sets}
    assert "8 8 8 8 BJ BJ" in texts
    assert all(beats_toasting(previous, [c.strength for c in s]) for s in sets)
