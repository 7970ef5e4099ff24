"""The cyclic collector's passes in a server process, one line each (issue 15, tenth round).

Not a test, and never on the site's own path: Python imports ``sitecustomize`` from
``PYTHONPATH`` when an interpreter starts, so pointing ``PYTHONPATH`` here makes every
server the bench starts (any commit's: the launcher need not know) log its collections:

    PYTHONPATH=bench/gc_probe GC_PROBE_LOG=/tmp/gc.txt \\
        .venv/bin/python bench/load.py --tables 200 --seconds 20
    .venv/bin/python bench/gc_passes.py /tmp/gc.txt

Each line: the wall-clock time, the generation, the objects in the generations the pass
walks (counted as it starts: that count costs a walk of its own, outside the timed part),
the pass's milliseconds and what it found. A line ``freeze`` marks the launcher's
``gc.freeze()`` at the end of its start-up (bench/gc_passes.py counts what follows as
serving). Only the site's server logs (the bench's own client process and the tools it
runs are left alone).
"""

from __future__ import annotations

import gc
import os
import sys
import time
from typing import Any

_PATH = os.environ.get("GC_PROBE_LOG", "")


def _probe(path: str) -> None:
    started = [0.0, 0]

    def on_pass(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            generation = info["generation"]
            started[1] = sum(len(gc.get_objects(g)) for g in range(generation + 1))
            started[0] = time.perf_counter()
            return
        took = time.perf_counter() - started[0]
        with open(path, "a") as log:
            log.write(
                f"{time.time():.3f} {info['generation']} {started[1]} {took * 1000:.2f}"
                f" {info['collected']}\n"
            )

    gc.callbacks.append(on_pass)
    freeze = gc.freeze

    def marked_freeze() -> None:
        freeze()
        with open(path, "a") as log:
            log.write(f"{time.time():.3f} freeze\n")

    gc.freeze = marked_freeze


if _PATH and "baohuang_site.serve" in sys.orig_argv:
    _probe(_PATH)
