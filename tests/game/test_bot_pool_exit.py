"""A web process killed outright takes its 高手 thinking workers with it, and
multiprocessing's resource tracker with them: nothing of a dead server keeps running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A web process's pool with one worker started, as the keeper starts it for a 高手 seat.
PARENT = """
import json, os, sys, time
from multiprocessing import resource_tracker
from game import bot_pool
bot_pool.submit_job(("probe", 1), os.getpid)
while not (done := bot_pool.job_result(("probe", 1)))[0]:
    time.sleep(0.01)
print(json.dumps({"worker": done[1], "tracker": resource_tracker._resource_tracker._pid}))
sys.stdout.flush()
time.sleep(600)
"""


def running(pid: int) -> bool:
    """Is ``pid`` a live process (a zombie nobody reaped has ended)?"""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_a_killed_web_process_leaves_no_worker_or_tracker() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    pids = json.loads(parent.stdout.readline())
    children = [pids["worker"], pids["tracker"]]
    assert all(running(pid) for pid in children)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 30  # a bound for a failing run, not a timing: see below
    while any(running(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    # Without the worker's watch both stay (measured: still running 13 minutes later).
    left = [pid for pid in children if running(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []
