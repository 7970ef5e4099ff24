"""The site's server: daphne, with uvloop's event loop under its Twisted reactor.

    .venv/bin/python -m baohuang_site.serve -b 127.0.0.1 -p 8000 baohuang_site.asgi:application

Takes daphne's own arguments. Why not plain ``daphne``: an action's path is mostly event-loop
work (futures the database thread completes, the loop waking for them, the consumers'
tasks), and uvloop does that work in C. In paired runs (docs/PERFORMANCE.md) an action costs
about 4 % less CPU on it.

The loop has to be chosen before daphne is imported: ``daphne.server`` makes the loop its
reactor runs on when it is imported (``asyncio.new_event_loop()``, which asks the policy).
Where uvloop is not installed (it does not build on Windows) the server runs on asyncio's
own loop, and says so on its first line like it says uvloop otherwise.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import threading
from typing import Protocol

# Seconds between the server's full collections of cyclic garbage. Python's own collector
# runs whenever allocations outnumber deallocations by its threshold; a push frees about as
# many objects as it makes (the table's last snapshot, its context, memo entries evicted),
# so that count grows slowly while the young generation holds every object made since the
# last pass: measured at 200 tables, its passes walk up to 245 000 objects, hold every table
# for up to 176 ms and, once the sockets are open, find nothing (docs/PERFORMANCE.md).
# Reference counting frees what an action makes; what little forms cycles (an
# exception kept with its frames, say) waits for the next full pass instead.
# ``BAOHUANG_GC_SECONDS=0`` gives Python's own collector back.
GC_SECONDS = 600


def install_event_loop() -> str:
    """Make uvloop the event loop of what is created next; the loop's name."""
    try:
        import uvloop
    except ImportError:
        return "asyncio"
    # A policy rather than uvloop.run(): daphne creates and runs the loop itself. (Policies
    # are deprecated from Python 3.14; daphne would need a loop factory to replace this.)
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return "uvloop"


def tune_collector(application: str, stop: threading.Event | None = None) -> int:
    """Import the served application, then keep everything made so far out of the cyclic
    collector's passes, and collect cyclic garbage on a clock instead of on allocation
    counts (``GC_SECONDS``); the seconds between two passes (0: Python's own collector).

    What a process imports on start (Django, the templates, the engine's tables) lives as
    long as the process: ``gc.freeze`` spares every later collection from walking it again.
    Importing the application here first, before daphne does (the same module, imported
    once), is what puts it among what is frozen. ``stop`` ends the clock (for tests: the
    server's runs as long as the process)."""
    from daphne.utils import import_by_path

    import_by_path(application)
    gc.collect()
    gc.freeze()
    seconds = collection_seconds(os.environ.get("BAOHUANG_GC_SECONDS", ""))
    if seconds:
        gc.disable()
        threading.Thread(
            target=collect_every,
            args=(seconds, stop or threading.Event()),
            name="gc-clock",
            daemon=True,
        ).start()
    return seconds


class Waits(Protocol):
    def wait(self, timeout: float) -> bool: ...


def collect_every(seconds: int, stop: Waits) -> None:
    """A full collection every ``seconds`` until ``stop`` is set (the launcher's thread; a
    pass holds the GIL, so it pauses the loop as an automatic one would, but once in
    ``seconds`` rather than every few hundred actions)."""
    while not stop.wait(seconds):
        gc.collect()


def collection_seconds(raw: str) -> int:
    """``BAOHUANG_GC_SECONDS`` as seconds (empty: ``GC_SECONDS``); a clear refusal otherwise."""
    if not raw.strip():
        return GC_SECONDS
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise SystemExit(
            "BAOHUANG_GC_SECONDS must be a whole number of seconds, 0 (Python's own collector)"
            f" or more: {raw!r}"
        )
    return value


def collector_label(seconds: int) -> str:
    return f"a full collection every {seconds} s" if seconds else "Python's own collector"


def main() -> None:
    loop = install_event_loop()
    from daphne.cli import CommandLineInterface  # after the policy: see the module's text

    args = CommandLineInterface().parser.parse_args(sys.argv[1:])
    seconds = tune_collector(args.application)
    print(f"Event loop: {loop}; {collector_label(seconds)}", file=sys.stderr, flush=True)
    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
