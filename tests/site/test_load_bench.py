"""The load bench still runs: one real table and the floor, briefly.

Not a timing test: it asserts the report's shape and that actions went through at both
servers, never how fast. The figures themselves belong in docs/PERFORMANCE.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"cpu_ms_per_action", "p50_ms", "p99_ms", "bytes_per_action", "actions_per_second"}

pytestmark = [pytest.mark.slow, pytest.mark.sockets]


Bench = Callable[..., dict[str, Any]]


@pytest.fixture
def run_bench(migrated_sqlite: Path) -> Bench:
    """``python -m bench load`` run with the given arguments: its report, the JSON of its last
    line. Each real run's site starts from the worker's migrated copy (migrating anew would
    cost every run 3 s of CPU)."""

    def run(*args: str) -> dict[str, Any]:
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "bench",
                "load",
                *args,
                "--sqlite-template",
                str(migrated_sqlite),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert result.returncode == 0, result.stderr
        report: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
        return report

    return run


def test_bench_drives_one_real_table_and_the_floor_and_reports_both(
    run_bench: Bench, tmp_path: Path
) -> None:
    trace = tmp_path / "trace.txt"
    report = run_bench(
        "--tables",
        "1",
        "--seconds",
        "1",
        "--pace",
        "0.5",
        "--floor",
        "--floor-writes",
        "--trace",
        str(trace),
    )
    for kind in ("real", "floor", "floor_writes"):
        figures = report[kind]
        assert KEYS | {"refused"} <= figures.keys()
        assert figures["actions_per_second"] > 0, kind
        assert figures["refused"] == 0, kind
        # Every action reached all five seats, so at least five frames went out per action.
        assert figures["bytes_per_action"] >= 5 * figures["bytes_per_push"] > 0, kind
    # The floor's frames are the size of the real table's pushes measured before it.
    floor_run = report["rounds"][0]["floor"]
    assert floor_run["frame_bytes"] == report["rounds"][0]["real"]["bytes_per_push"]
    # The ratio is reported whenever the floor's CPU time registered at all (a one-second
    # run on an idle machine may spend less than the clock's 10 ms tick).
    assert "cpu_ratio" in report
    if report["floor"]["cpu_ms_per_action"]:
        assert report["cpu_ratio"] > 0
    # The writing floor committed a row for every action it served.
    writing = report["rounds"][0]["floor_writes"]
    assert writing["rows_written"] >= writing["actions"] > 0
    assert "rows_written" not in report["rounds"][0]["floor"]
    # Without --spectators nobody watches.
    assert report["rounds"][0]["real"]["watcher_frames"] == 0
    assert report["rounds"][0]["floor"]["watcher_frames"] == 0
    # Each table's first action in the window, and the rest, have their own p99.
    assert report["real"]["first_p99_ms"] is not None
    # The trace holds every action of the real run: when, how long, which table, what.
    rows = [line.split() for line in trace.read_text().splitlines()]
    assert len(rows) == report["rounds"][0]["real"]["actions"] > 0
    assert {kind for *_, kind in rows} <= {"decide", "play", "pass", "call", "grab"}
    assert all(float(latency) > 0 for _, latency, _, _ in rows)


def test_bench_can_open_its_window_in_the_middle_of_the_tables_hands(run_bench: Bench) -> None:
    # --mid-hand: each table's hand is played to a random point before its sockets connect,
    # so the window meets late tricks and hands ending, not only fresh deals.
    report = run_bench("--tables", "2", "--seconds", "1", "--pace", "0.5", "--mid-hand")
    real = report["rounds"][0]["real"]
    assert real["start_version_median"] > 0
    assert real["actions"] > 0 and real["refused"] == 0


def test_bench_can_have_people_watch_every_table_and_the_floor_alike(run_bench: Bench) -> None:
    # --spectators: signed-in people who hold no seat watch each table from their own
    # sockets; every action's push reaches them too, counted apart from the five seats. The
    # floor's tables get as many more sockets, which its rings reach alike. More watchers
    # than the site lets one address open (40): the bench's all come from one address.
    report = run_bench(
        "--tables", "3", "--seconds", "1", "--pace", "0.5", "--spectators", "15", "--floor"
    )
    for kind in ("real", "floor"):
        run = report["rounds"][0][kind]
        assert run["actions"] > 0 and run["refused"] == 0, kind
        assert run["watchers_closed"] == 0, kind
        # Each action the five seats saw was pushed to all of its table's watchers (the last
        # push of each table may land after the window closed).
        assert run["watcher_frames"] >= 15 * (run["actions"] - 3), kind
        assert run["watcher_bytes_per_action"] > 0, kind
    # Without the flag nobody watches: the first test's run (no --spectators) checks it.


def test_bench_seats_expert_bots_and_reports_the_ratios_of_the_same_round(run_bench: Bench) -> None:
    # The load bench with 高手 at the tables. Two seats of the table are expert
    # bots (added as a person adds them); the people-only run and the bot run alternate,
    # and the report holds both and their ratios. Shape only, never how fast.
    report = run_bench("--tables", "1", "--seconds", "2", "--pace", "0.5", "--bots", "expert")
    assert report["bots"]["level"] == "expert" and report["bots"]["bot_seats"] == 2
    for kind in ("real", "bots"):
        figures = report[kind]
        assert KEYS | {"refused", "cpu_ms_per_change", "bot_cpu_share"} <= figures.keys()
        assert figures["actions_per_second"] > 0, kind
        assert figures["refused"] == 0, kind
    run = report["rounds"][0]
    # People's actions are part of the changes; with bots the bots' actions are too.
    assert run["bots"]["changes"] >= run["bots"]["actions"] > 0
    assert run["real"]["changes"] >= run["real"]["actions"] > 0
    assert {"bots_cpu_ratio", "bots_p99_ratio"} <= run.keys()


def test_an_idle_run_acts_nothing_and_reports_the_cpu_by_the_second(run_bench: Bench) -> None:
    report = run_bench("--tables", "1", "--seconds", "1", "--idle", "--floor")
    for kind in ("real", "floor"):
        figures = report[kind]
        assert figures["actions_per_second"] == 0, kind
        assert figures["cpu_ms_per_action"] is None, kind
        assert figures["cpu_ms_per_second"] is not None and figures["cpu_ms_per_second"] >= 0
