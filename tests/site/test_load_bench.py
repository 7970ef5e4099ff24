"""The load bench still runs: one real table and the floor, briefly (issue 15).

Not a timing test: it asserts the report's shape and that actions went through at both
servers, never how fast. The figures themselves belong in docs/PERFORMANCE.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"cpu_ms_per_action", "p50_ms", "p99_ms", "bytes_per_action", "actions_per_second"}

pytestmark = pytest.mark.slow


def test_bench_drives_one_real_table_and_the_floor_and_reports_both() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "bench/load.py",
            "--tables",
            "1",
            "--seconds",
            "1",
            "--pace",
            "0.5",
            "--floor",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    for kind in ("real", "floor"):
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
