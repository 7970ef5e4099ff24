"""The referee command ``python -m game.engine`` (README).

Every worked example of RULES.md that the referee can answer is asked here, with the answer
taken from the RULES text: §4.3 (beats and its three consequences), §4.4/§4.7/§4.8/§4.9
(legal), §5.2–§5.4 (settle), §7 (title). Malformed input must exit 2 with a message on stderr.
The questions are put to the command's ``main`` in this process; each subcommand is also run
once as ``python -m game.engine`` in a process of its own, which must answer alike
(``test_the_command_answers_alike_in_a_process_of_its_own``)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# A process per question cost a fifth of a second of CPU each, 118 of them: the questions go
# to ``main`` here, and the process is tested once per subcommand.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
HAS_CORE = all(
    importlib.util.find_spec(name) is not None for name in ("game.engine.cards", "game.engine.sets")
)
needs_core = pytest.mark.skipif(not HAS_CORE, reason="the engine core (cards, sets) is not there")


def referee(*args: str) -> subprocess.CompletedProcess[str]:
    """The referee's answer to ``args``, from its ``main`` in this process: what the command
    would print and its exit status (2 for argparse's usage errors too)."""
    from game.engine.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse's usage errors
            code = exc.code if isinstance(exc.code, int) else 2
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def in_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "game.engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )


def answer(*args: str) -> str:
    done = referee(*args)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def assert_malformed(*args: str) -> None:
    done = referee(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.strip(), "a malformed input needs a message on stderr"
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


# --- beats (RULES §4.3) --------------------------------------------------------------------


@needs_core
@pytest.mark.parametrize(
    ("previous", "new", "expected"),
    [
        ("8 8 8 SJ", "9 9 9 BJ", "yes"),  # §4.3: a big joker beats a small one
        ("8 8 8 SJ", "9 9 9 9", "no"),  # §4.3: plain 9 9 9 9 cannot beat 8 8 8 SJ
        ("6 BJ", "BJ BJ", "no"),  # §4.3: a set containing a big joker can never be beaten
        ("BJ", "BJ", "no"),  # §1.3: all big jokers are equal
        ("7 SJ SJ", "8 BJ BJ", "yes"),  # §4.3: X small jokers need at least X big jokers
        ("7 SJ SJ", "8 SJ BJ", "no"),
        ("SJ", "SJ", "no"),  # §1.3: all small jokers are equal
        ("2 2", "SJ SJ", "yes"),  # §1.3: small joker > 2
        ("A", "2", "yes"),  # §1.3: 2 > A
        ("K K", "A A", "yes"),
        ("9 9", "9 9", "no"),  # strictly stronger
        ("8 8", "9 9 9", "no"),  # §4.3: exactly as many cards
        ("T T T", "J J J", "yes"),  # §1.4: T is ten
    ],
)
def test_beats_answers_the_rules_examples(previous: str, new: str, expected: str) -> None:
    assert answer("beats", previous, new) == f"{expected}\n"


@needs_core
@pytest.mark.parametrize(
    ("previous", "new"),
    [
        ("8 8 X", "9 9 9"),  # no such card
        ("3 3", "4 4"),  # 3s, 4s and 5s are removed (§1.1)
        ("8 8", ""),  # no cards
        ("8 9", "T T"),  # §4.2: two ordinary ranks never form one set
        ("8S 8S", "9 9"),  # the same physical card twice
    ],
)
def test_beats_refuses_malformed_notation(previous: str, new: str) -> None:
    assert_malformed("beats", previous, new)


def test_beats_needs_two_arguments() -> None:
    assert_malformed("beats", "8 8")


# --- legal (RULES §4.4, §4.7, §4.8, §4.9) -------------------------------------------------


def strength(line: str) -> tuple[str, ...]:
    """A printed set as its cards' strength labels, suits and marks dropped, sorted."""
    labels = []
    for token in line.split():
        if token.upper().startswith(("SJ", "BJ")):
            labels.append(token[:2].upper())
        else:
            labels.append(next(c for c in token.upper() if c in "6789TJQKA2"))
    return tuple(sorted(labels))


def legal(*args: str) -> list[str]:
    return answer("legal", *args).splitlines()


@needs_core
def test_legal_when_leading_lists_every_set_and_no_pass() -> None:
    # §4.2: N cards of one rank plus jokers; §4.4: a leader may play any set, may not pass.
    lines = legal("--hand", "8 8 SJ")
    assert "pass" not in lines
    expected = {("8",), ("SJ",), ("8", "8"), ("8", "SJ"), ("8", "8", "SJ")}
    assert {strength(line) for line in lines} == {tuple(sorted(s)) for s in expected}
    assert len(lines) == len(expected)


@needs_core
def test_legal_never_mixes_two_ranks() -> None:
    # §4.2: cards of two different ordinary ranks never form one set.
    lines = legal("--hand", "8 9")
    assert sorted(strength(line) for line in lines) == [("8",), ("9",)]


@needs_core
def test_legal_when_following_lists_beating_sets_in_hint_order_then_pass() -> None:
    # §4.3: 9 9 and 9 BJ beat 8 8; 7 BJ does not (7 < 8). §4.9: smallest by strength, then
    # fewest jokers, so 9 9 comes before 9 BJ. §4.4: a follower may pass.
    lines = legal("--hand", "9 9 7 BJ", "--previous", "8 8")
    assert [strength(line) for line in lines[:-1]] == [("9", "9"), ("9", "BJ")]
    assert lines[-1] == "pass"


@needs_core
def test_legal_on_a_big_joker_is_only_pass() -> None:
    # §4.3: a set containing a big joker can never be beaten.
    assert legal("--hand", "BJ BJ 2", "--previous", "BJ") == ["pass"]


@needs_core
def test_legal_under_pass_lock_after_passing_is_only_pass() -> None:
    # §4.7: a player who passed may not play again in the same trick.
    assert legal("--hand", "9 9", "--previous", "8", "--pass-lock-passed") == ["pass"]


@needs_core
def test_legal_under_keep_six() -> None:
    # §4.8: while holding any card other than 6s, no set may contain a 6 ...
    lines = legal("--hand", "6 6 9", "--keep-six")
    assert [strength(line) for line in lines] == [("9",)]
    # ... and the 6s go only as the final set, all at once, with no jokers.
    assert [strength(line) for line in legal("--hand", "6 6", "--keep-six")] == [("6", "6")]
    # Without keep six the 6s are ordinary cards.
    assert ("6",) in {strength(line) for line in legal("--hand", "6 6 9")}


@needs_core
def test_legal_prints_physical_cards_from_the_hand() -> None:
    # §1.4 notation round-trips: the sets printed are made of the hand's own cards. Against a
    # 7, the singles that beat it are an 8 and the big joker (§4.3), the 8 first (§4.9).
    hand = {"8S", "8H2", "BJ*", "6D"}
    lines = legal("--hand", " ".join(sorted(hand)), "--previous", "7")
    assert lines[-1] == "pass"
    assert [strength(line) for line in lines[:-1]] == [("8",), ("BJ",)]
    assert all(line in hand for line in lines[:-1])


@needs_core
@pytest.mark.parametrize(
    "args",
    [
        ("--hand", "8 8 Z"),
        ("--hand", "8S 8S"),  # the same physical card twice
        ("--hand", "9 9", "--previous", "8 9"),  # §4.2: not a set
        ("--hand", "9 9", "--previous", "4"),
        ("--hand", "9 9", "--pass-lock-passed"),  # a leader cannot have passed
        ("--previous", "8"),  # no hand
    ],
)
def test_legal_refuses_malformed_input(args: tuple[str, ...]) -> None:
    assert_malformed("legal", *args)


# --- settle (RULES §5.2–§5.4) ------------------------------------------------------------


def settle(*args: str) -> dict[str, object]:
    result: dict[str, object] = json.loads(answer("settle", *args))
    return result


def test_settle_answers_the_first_worked_example_of_5_4() -> None:
    # S=10, dark guard, places A B B A B -> emperor +20, guard +10, rebels -10 each.
    for places in ("ERRGR", "GRRER"):
        got = settle("--mode", "dark_guard", "--places", places, "--stake", "10")
        assert got == {"emperor": 20, "guard": 10, "rebels": [-10, -10, -10]}


def test_settle_answers_the_second_worked_example_of_5_4() -> None:
    # S=10, open hand, places B B B A A -> emperor -80, guard -40, rebels +40 each.
    for extra in (
        ["--mode", "open_guard"],
        ["--mode", "dark_guard", "--rebellion"],
        ["--mode", "open_guard", "--rebellion"],
    ):
        got = settle(*extra, "--places", "RRREG", "--stake", "10")
        assert got == {"emperor": -80, "guard": -40, "rebels": [40, 40, 40]}


def test_settle_lists_rebels_in_finishing_order_and_guard_null_in_solo() -> None:
    # §5.3: dark solo, emperor first -> +16S, each other -4S.
    got = settle("--mode", "dark_solo", "--places", "ERRRR", "--stake", "10")
    assert got == {"emperor": 160, "guard": None, "rebels": [-40, -40, -40, -40]}
    # §5.3: dark solo opened by rebellion scores as open solo; emperor 2nd loses 32S.
    got = settle("--mode", "dark_solo", "--rebellion", "--places", "RERRR", "--stake", "1")
    assert got == {"emperor": -32, "guard": None, "rebels": [8, 8, 8, 8]}
    # §5.3: dark solo, emperor second -> nobody wins or loses.
    got = settle("--mode", "dark_solo", "--places", "rerrr", "--stake", "10")
    assert got == {"emperor": 0, "guard": None, "rebels": [0, 0, 0, 0]}


def test_settle_a_two_against_three_row_with_m_2() -> None:
    # §5.2 row A A B B B: royalists win, m = 2; dark: emperor 2·m·S, guard m·S, rebels m·S.
    got = settle("--mode", "dark_guard", "--places", "EGRRR", "--stake", "10")
    assert got == {"emperor": 40, "guard": 20, "rebels": [-20, -20, -20]}


@pytest.mark.parametrize(
    "args",
    [
        ("--mode", "dark_guard", "--places", "ERRRR", "--stake", "10"),  # no guard
        ("--mode", "dark_solo", "--places", "EGRRR", "--stake", "10"),  # guard in solo
        ("--mode", "dark_guard", "--places", "EGRR", "--stake", "10"),  # four players
        ("--mode", "dark_guard", "--places", "EGRRX", "--stake", "10"),  # bad letter
        ("--mode", "dark_guard", "--places", "EGRRR", "--stake", "0"),  # stake < 1
        ("--mode", "dark_guard", "--places", "EGRRR", "--stake", "ten"),
        ("--mode", "bright_guard", "--places", "EGRRR", "--stake", "10"),
        ("--places", "EGRRR", "--stake", "10"),  # no mode
    ],
)
def test_settle_refuses_malformed_input(args: tuple[str, ...]) -> None:
    assert_malformed("settle", *args)


# --- title (RULES §7) ----------------------------------------------------------------------


def title(*args: str) -> dict[str, object]:
    result: dict[str, object] = json.loads(answer("title", *args))
    return result


def test_title_a_rebel_win_reaching_a_new_tier() -> None:
    # §7.4: +200 for a win; 1800+ is 山贼头目 (B B B A A: the rebels win).
    got = title("--role", "rebel", "--points", "1700", "--mode", "dark_guard", "--places", "RRREG")
    assert got == {"delta": 200, "points": 1900, "title": "山贼头目"}


def test_title_a_guard_loss_by_the_tier_held_before() -> None:
    # §7.3: 禁军 (300+) loses 60; 300 - 60 = 240 is 捕快.
    got = title("--role", "guard", "--points", "300", "--mode", "open_guard", "--places", "RRRGE")
    assert got == {"delta": -60, "points": 240, "title": "捕快"}


def test_title_emperor_after_guard_gains_nothing() -> None:
    # §7.2: gains only if the emperor went out before the guard.
    got = title("--role", "emperor", "--points", "0", "--mode", "dark_guard", "--places", "GERRR")
    assert got == {"delta": 0, "points": 0, "title": "普通皇帝"}


def test_title_emperor_solo_loss_and_floor() -> None:
    # §7.2: 秦始皇 (10 000+) loses 1100 in open solo -> 8900, 普通皇帝.
    got = title(
        "--role", "emperor", "--points", "10000", "--mode", "open_solo", "--places", "RERRR"
    )
    assert got == {"delta": -1100, "points": 8900, "title": "普通皇帝"}
    # §7.1: never below 0; §7.4 a 拦路小贼 loses 100.
    got = title("--role", "rebel", "--points", "40", "--mode", "dark_solo", "--places", "ERRRR")
    assert got == {"delta": -40, "points": 0, "title": "拦路小贼"}


def test_title_draw_changes_nothing() -> None:
    # §7.2 + §5.2 row A B B B A is a draw.
    got = title("--role", "rebel", "--points", "5400", "--mode", "dark_guard", "--places", "ERRRG")
    assert got == {"delta": 0, "points": 5400, "title": "叛军将领"}


@pytest.mark.parametrize(
    "args",
    [
        ("--role", "guard", "--points", "0", "--mode", "dark_solo", "--places", "ERRRR"),
        ("--role", "rebel", "--points", "-5", "--mode", "dark_guard", "--places", "EGRRR"),
        ("--role", "king", "--points", "0", "--mode", "dark_guard", "--places", "EGRRR"),
        ("--role", "rebel", "--points", "0", "--mode", "dark_guard", "--places", "EGGRR"),
    ],
)
def test_title_refuses_malformed_input(args: tuple[str, ...]) -> None:
    assert_malformed("title", *args)


def test_unknown_subcommand_exits_2() -> None:
    assert_malformed("referee-me")


def test_a_new_subcommand_plugs_into_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    # The place left for `selfplay`: register a Subcommand, main() routes to it.
    from game.engine import cli

    def configure(p):
        p.add_argument("--hands", type=int, required=True)

    def run(args):
        print(f"played {args.hands}")
        return 0

    cli.register(cli.Subcommand("dummy-selfplay", "test only", configure, run))
    try:
        assert cli.main(["dummy-selfplay", "--hands", "3"]) == 0
        assert capsys.readouterr().out == "played 3\n"
        with pytest.raises(ValueError):
            cli.register(cli.Subcommand("dummy-selfplay", "twice", configure, run))
    finally:
        del cli.SUBCOMMANDS["dummy-selfplay"]


@needs_core
@pytest.mark.parametrize(
    "args",
    [
        ("beats", "8 8 8 SJ", "9 9 9 BJ"),
        ("beats", "8 8 X", "9 9 9"),
        ("legal", "--hand", "9 9 7 BJ", "--previous", "8 8"),
        ("settle", "--mode", "dark_guard", "--places", "EGRRR", "--stake", "10"),
        (
            "title",
            "--role",
            "guard",
            "--points",
            "300",
            "--mode",
            "open_guard",
            "--places",
            "RRRGE",
        ),
        ("beats", "8 8"),
        ("referee-me",),
    ],
)
def test_the_command_answers_alike_in_a_process_of_its_own(args: tuple[str, ...]) -> None:
    # `python -m game.engine`: the same output and exit status as its main, in UTF-8, and a
    # refusal is a message on stderr, never a traceback.
    done, here = in_a_process(*args), referee(*args)
    assert (done.returncode, done.stdout) == (here.returncode, here.stdout)
    assert "Traceback" not in done.stderr
    assert bool(done.stderr.strip()) == (done.returncode != 0)
