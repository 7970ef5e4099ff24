"""The referee's §10 flags: --toasting, --deck 168|216, settle --scoring, and
sets no deck can hold refused (RULES §1.1, §10.2)."""

from __future__ import annotations

import json

import pytest

from tests.engine.test_referee_cli import answer, assert_malformed

# One Python process per question (a fifth of a second of CPU each): make test asks them all,
# make test-fast leaves them out.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    ("previous", "new"),
    [
        ("SJ SJ SJ SJ SJ", "BJ BJ BJ BJ BJ"),  # §1.1: four of each joker
        (" ".join(["8"] * 17), " ".join(["9"] * 17)),  # §1.1: sixteen of each rank
        ("8", "9S 9S"),  # one physical card twice
        ("3 3", "4 4"),  # §1.1: no 3 4 5 in the 168-card deck
    ],
)
def test_beats_refuses_sets_no_deck_can_hold(previous: str, new: str) -> None:
    assert_malformed("beats", previous, new)


def test_sixteen_of_a_rank_and_four_jokers_are_still_judged() -> None:
    assert answer("beats", " ".join(["8"] * 16), " ".join(["9"] * 16)) == "yes\n"
    assert answer("beats", "SJ SJ SJ SJ", "BJ BJ BJ BJ") == "yes\n"


def test_the_216_deck_has_3_4_5_below_the_6() -> None:  # RULES §10.2
    assert answer("beats", "--deck", "216", "3 3", "4 4") == "yes\n"
    assert answer("beats", "--deck", "216", "5 5 5", "6 6 6") == "yes\n"
    assert answer("beats", "--deck", "216", "2", "3") == "no\n"
    assert answer("beats", "--deck", "216", "4 SJ", "5 BJ") == "yes\n"
    assert_malformed("beats", "--deck", "216", "3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3", "4")
    assert_malformed("beats", "--deck", "200", "8", "9")


def test_beats_with_toasting_answers_file_004() -> None:  # RULES §10.6
    assert answer("beats", "BJ 7 7 7 7", "BJ BJ 8 8 8 8") == "no\n"
    assert answer("beats", "--toasting", "BJ 7 7 7 7", "BJ BJ 8 8 8 8") == "yes\n"
    assert answer("beats", "--toasting", "BJ SJ 7 7 7", "BJ BJ BJ SJ 8 8") == "yes\n"
    assert answer("beats", "--toasting", "BJ", "BJ SJ") == "no\n"


def test_legal_with_toasting_lists_longer_follows() -> None:
    out = answer("legal", "--toasting", "--hand", "8 8 8 8 BJ BJ", "--previous", "BJ 7 7 7 7")
    assert out.splitlines() == ["8 8 8 8 BJ BJ", "pass"]
    out = answer("legal", "--hand", "8 8 8 8 BJ BJ", "--previous", "BJ 7 7 7 7")
    assert out.splitlines() == ["pass"]


def test_legal_on_the_216_deck() -> None:
    out = answer("legal", "--deck", "216", "--hand", "3 3 5", "--previous", "4")
    assert out.splitlines() == ["5", "pass"]
    assert_malformed("legal", "--hand", "3 3 5", "--previous", "4")
    assert_malformed("legal", "--hand", " ".join(["K"] * 17))


def settle(*args: str) -> dict[str, object]:
    return json.loads(answer("settle", *args))


def test_settle_default_scoring_is_unchanged() -> None:
    args = ("--mode", "dark_guard", "--places", "ERRGR", "--stake", "10")
    assert settle(*args) == settle(*args, "--scoring", "boke")
    assert settle(*args) == {"emperor": 20, "guard": 10, "rebels": [-10, -10, -10]}  # §5.4


def test_settle_formula_and_position() -> None:
    # §10.5: guard = 6 − (1 + 4) = 1, emperor 2, rebels −1; × S = 10.
    formula = settle(
        "--mode", "dark_guard", "--places", "ERRGR", "--stake", "10", "--scoring", "formula"
    )
    assert formula == {"emperor": 20, "guard": 10, "rebels": [-10, -10, -10]}
    # §10.9: s = 4 + (−2) = 2; open guard doubles: emperor +8, guard +4, rebels −4.
    position = settle(
        "--mode", "open_guard", "--places", "ERRGR", "--stake", "1", "--scoring", "position"
    )
    assert position == {"emperor": 8, "guard": 4, "rebels": [-4, -4, -4]}
    assert_malformed(
        "settle", "--mode", "dark_guard", "--places", "ERRGR", "--stake", "1", "--scoring", "x"
    )


@pytest.mark.parametrize("preset", ["lianzhong_classic", "lianzhong_simple", "duole", "standard"])
def test_selfplay_plays_every_named_preset(preset: str) -> None:
    lines = [
        json.loads(line)
        for line in answer("selfplay", "--preset", preset, "--hands", "3").splitlines()
    ]
    hands, summary = lines[:-1], lines[-1]
    assert [h["seed"] for h in hands] == [0, 1, 2] and summary["hands"] == 3
    for hand in hands:
        if hand.get("void"):
            assert "payouts" not in hand
        else:
            assert sum(hand["payouts"]) == 0 and len(hand["places"]) == 5


def test_selfplay_prints_a_void_hand_without_payouts() -> None:
    # Seed 120 in Lianzhong classic: the emperor card goes round twice untaken (§10.3).
    first = json.loads(
        answer("selfplay", "--preset", "lianzhong_classic", "--seed", "120").splitlines()[0]
    )
    assert first == {"seed": 120, "void": True}
