"""The Red Ten referee, ``python -m game.engine.redten`` (RULES §11): ``beats``, ``settle``,
``selfplay``. Malformed or impossible input exits 2 with a reason on stderr."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.redten.cli import main

# One Python process per question (a fifth of a second of CPU each): make test asks them all,
# make test-fast leaves them out.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]


def referee(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("previous", "new", "answer"),
    [
        ("4", "5", "yes"),
        ("2", "TH", "yes"),  # 红十 > 2
        ("TS", "J", "yes"),  # 黑10 < J
        ("TH", "TD", "no"),  # equal
        ("TH", "SJ", "yes"),
        ("SJ", "BJ", "yes"),
        ("8 8", "9 9", "yes"),
        ("8 8", "9 9 9", "no"),
        ("A A A A", "TH TD", "yes"),
        ("BJ", "TH TD", "yes"),
        ("2 2", "SJ BJ", "yes"),
        ("TH TD", "SJ BJ", "yes"),
        ("SJ BJ", "TH TD", "no"),
        ("2", "SJ BJ", "no"),  # the double joker is a pair
        ("10S 10C", "JS JH", "yes"),
    ],
)
def test_beats(capsys, previous, new, answer):
    code, out, err = referee(capsys, "beats", previous, new)
    assert (code, out, err) == (0, answer + "\n", "")


@pytest.mark.parametrize(
    ("previous", "new", "reason"),
    [
        ("3", "4", "no 3s"),
        ("4", "3H", "no 3s"),
        ("T", "J", "suit"),
        ("8 9", "J J", "not a set"),
        ("TH TS", "J J", "not a set"),
        ("8 8 8 8 8", "9", "not a set"),
        ("BJ", "BJ", "twice"),  # one big joker in the deck
        ("2 2 2", "2 2", "only 4"),  # five 2s on one table
        ("8X", "9", "cannot read"),
        ("", "9", "not a set"),
    ],
)
def test_beats_refuses_malformed_or_impossible_sets(capsys, previous, new, reason):
    code, out, err = referee(capsys, "beats", previous, new)
    assert code == 2 and out == ""
    assert reason in err


@pytest.mark.parametrize(
    ("argv", "result", "payouts"),
    [
        (["--red", "0,3", "--out", "0,3"], "red", [9, -6, -6, 9, -6]),
        (["--red", "0,3", "--out", "0,1,3"], "red", [6, -4, -4, 6, -4]),
        (["--red", "0,3", "--out", "3,1,2,0"], "red", [3, -2, -2, 3, -2]),
        (["--red", "0,3", "--out", "1,2,4"], "black", [-6, 4, 4, -6, 4]),
        (["--red", "0,3", "--out", "2,0,1,4"], "black", [-3, 2, 2, -3, 2]),
        (["--red", "0,3", "--out", "1,0,3"], "draw", [0, 0, 0, 0, 0]),
        (["--red", "2", "--out", "2"], "red", [-6, -6, 24, -6, -6]),
        (["--red", "2", "--out", "2", "--open"], "red", [-12, -12, 48, -12, -12]),
        (["--red", "2", "--out", "4,0,1,3"], "black", [2, 2, -8, 2, 2]),
        (["--red", "0,3", "--out", "0,3", "--open"], "red", [18, -12, -12, 18, -12]),
        (["--red", "1,4", "--out", "4,0,2,1", "--open", "--coin", "1000"], "red",
         [-4000, 5400, -4000, -4000, 5400]),
        (["--red", "1,4", "--out", "4,0,2,1", "--coin", "1"], "red", [-2, 2.7, -2, -2, 2.7]),
    ],
)  # fmt: skip
def test_settle(capsys, argv, result, payouts):
    code, out, err = referee(capsys, "settle", *argv)
    assert code == 0 and err == ""
    assert json.loads(out) == {"result": result, "payouts": payouts}


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--red", "0,3", "--out", "0,3,1"], "was over"),
        (["--red", "0,3", "--out", "0"], "not over"),
        (["--red", "0,5", "--out", "0"], "not a seat"),
        (["--red", "0,3,4", "--out", "0,3"], "not 3"),
        (["--red", "", "--out", "0"], "one or two seats"),
        (["--red", "0,3", "--out", "0,0,3"], "twice"),
        (["--red", "0,3", "--out", "0,3", "--coin", "0"], "at least 1"),
        (["--red", "0,3", "--out", "0,3", "--coin", "x"], "whole number"),
    ],
)
def test_settle_refuses_impossible_hands(capsys, argv, reason):
    code, out, err = referee(capsys, "settle", *argv)
    assert code == 2 and out == ""
    assert reason in err


def test_selfplay_prints_a_zero_sum_line_per_hand_and_a_summary():
    result = subprocess.run(
        [sys.executable, "-m", "game.engine.redten", "selfplay", "--hands", "12", "--seed", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    hands, summary = lines[:-1], lines[-1]
    assert len(hands) == 12 and summary["hands"] == 12
    assert [h["seed"] for h in hands] == list(range(5, 17))
    for previous, hand in itertools.pairwise(hands):
        assert hand["dealer"] == previous["out"][0]  # file 003 §3
    for hand in hands:
        assert len(hand["payouts"]) == 5 and sum(hand["payouts"]) == 0
        assert hand["result"] in ("red", "black", "draw")
    assert sum(summary["results"].values()) == 12


def test_selfplay_is_reproducible_and_a_coin_room_keeps_a_tenth(capsys):
    code, out_a, _ = referee(capsys, "selfplay", "--hands", "3", "--seed", "1", "--coin", "10")
    code_b, out_b, _ = referee(capsys, "selfplay", "--hands", "3", "--seed", "1", "--coin", "10")
    assert code == code_b == 0
    a = [json.loads(line) for line in out_a.splitlines()[:-1]]
    assert a == [json.loads(line) for line in out_b.splitlines()[:-1]]
    for hand in a:
        lost = -sum(p for p in hand["payouts"] if p < 0)
        assert sum(p for p in hand["payouts"] if p > 0) == pytest.approx(0.9 * lost)
