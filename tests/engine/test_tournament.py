"""Tournaments between bot levels: duplicate deals with the line-up rotated
through every seat, a per-bot mean payout in stakes with its 95 % interval, determinism."""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter

import pytest

from game.engine.cli import main as referee
from game.engine.rules import Rules
from game.engine.state import N_SEATS
from game.engine.tournament import lineups, play_deal, run_tournament, summarise


@pytest.mark.parametrize(
    ("bots", "mirror"),
    [(["expert", "normal"], False), (["expert", "normal"], True), (["a", "b", "c"], False)],
)
def test_every_bot_sits_in_every_seat_equally_often(bots: list[str], mirror: bool) -> None:
    # Duplicate play: luck cancels only if each bot holds each seat's cards equally often.
    plays = lineups(bots, mirror)
    assert len(plays) == N_SEATS * (len(bots) if mirror else 1)
    for bot in bots:
        per_seat = Counter(seat for lineup in plays for seat, b in enumerate(lineup) if b == bot)
        assert set(per_seat) == set(range(N_SEATS))
        assert len(set(per_seat.values())) == 1


def test_two_bots_put_the_first_at_a_table_of_the_second() -> None:
    assert lineups(["expert", "normal"])[0] == ("expert", "normal", "normal", "normal", "normal")
    assert lineups(["expert", "normal"])[1] == ("normal", "expert", "normal", "normal", "normal")


def test_a_deal_is_played_once_per_lineup() -> None:
    result = play_deal(4, ("normal", "novice"), Rules.preset("standard"), False)
    assert len(result.hands) == N_SEATS * N_SEATS
    levels = Counter(level for level, _, _ in result.hands)
    assert levels == {"normal": 5, "novice": 20}
    # Each play is zero-sum (no fee): the five payouts of a line-up add up to nothing.
    for k in range(N_SEATS):
        assert sum(p for _, _, p in result.hands[k * N_SEATS : (k + 1) * N_SEATS]) == 0


@pytest.mark.slow
def test_the_same_seed_gives_the_same_result_and_another_seed_another() -> None:
    rules = Rules.preset("quick")
    first = run_tournament(["normal", "novice"], 6, 10, rules)
    assert run_tournament(["normal", "novice"], 6, 10, rules) == first
    assert run_tournament(["normal", "novice"], 6, 10, rules, jobs=2) == first
    assert run_tournament(["normal", "novice"], 6, 11, rules) != first


def test_the_interval_is_over_deals_and_contains_the_mean() -> None:
    result = summarise([play_deal(d, ("normal", "novice"), Rules(), False) for d in range(8)])
    normal = result["normal"]
    interval = normal["ci95"]
    assert isinstance(interval, list)
    low, high = interval
    mean = normal["mean"]
    assert isinstance(mean, float)
    assert low <= mean <= high and low < high
    assert normal["deals"] == 8 and normal["hands"] == 8 * N_SEATS
    by_role = normal["by_role"]
    assert isinstance(by_role, dict)
    assert sum(v["hands"] for v in by_role.values()) == normal["hands"]


def _run(argv: list[str]) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert referee(argv) == 0
    return out.getvalue().splitlines()


def test_the_command_prints_a_table_and_ends_with_json() -> None:
    argv = ["tournament", "--bots", "normal,novice", "--hands", "5", "--seed", "2"]
    lines = _run(argv)
    last = json.loads(lines[-1])
    assert set(last["bots"]) == {"normal", "novice"}
    for row in last["bots"].values():
        assert {"mean", "ci95", "hands", "by_role"} <= set(row)
    assert any(line.startswith("normal") for line in lines[:-1])
    assert json.loads(_run(argv)[-1]) == last  # same seed, same result
    keep_six = json.loads(_run([*argv, "--preset", "keep_six"])[-1])
    assert keep_six["preset"] == "keep_six" and keep_six["bots"] != last["bots"]


@pytest.mark.parametrize(
    ("bots", "message"),
    [("normal", "two or three"), ("normal,master", "master"), ("a,b,c,d", "two or three")],
)
def test_bad_bot_lists_are_usage_errors(
    bots: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        referee(["tournament", "--bots", bots])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_level_named_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert referee(["tournament", "--bots", "normal,normal", "--hands", "1"]) == 2
    assert "twice" in capsys.readouterr().err
