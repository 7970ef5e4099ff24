"""The site's server: daphne, with uvloop's event loop under its Twisted reactor.

    .venv/bin/python -m baohuang_site.serve -b 127.0.0.1 -p 8000 baohuang_site.asgi:application

Takes daphne's own arguments. Why not plain ``daphne``: an action's path is mostly event-loop
work (futures the database thread completes, the loop waking for them, the consumers'
tasks), and uvloop does that work in C. In paired runs (docs/PERFORMANCE.md, "The hot path,
eighth round") an action cost about 4 % less CPU on it.

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

# The young generation's size before a collection. With Python's 700 it fills many times a
# second, and every tenth of its collections goes on to the older generations, which hold
# the memos and snapshots of every table. A push allocates many short-lived objects that
# reference counting frees anyway; a larger young generation collects the few that live on
# in fewer passes: about 13 % of an action at 200 tables (docs/PERFORMANCE.md, "ninth
# round"). ``BAOHUANG_GC_GEN0=700`` restores Python's own.
GC_GEN0 = 20_000


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


def tune_collector(application: str) -> int:
    """Import the served application, then keep everything made so far out of the cyclic
    collector's passes, and collect the young generation less often; the threshold set.

    What a process imports on start (Django, the templates, the engine's tables) lives as
    long as the process: ``gc.freeze`` spares every later collection from walking it again.
    Importing the application here first, before daphne does (the same module, imported
    once), is what puts it among what is frozen."""
    from daphne.utils import import_by_path

    import_by_path(application)
    gc.collect()
    gc.freeze()
    gen0 = young_generation(os.environ.get("BAOHUANG_GC_GEN0", ""))
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(gen0, gen1, gen2)
    return gen0


def young_generation(raw: str) -> int:
    """``BAOHUANG_GC_GEN0`` as a threshold (empty: ``GC_GEN0``); a clear refusal otherwise."""
    if not raw.strip():
        return GC_GEN0
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise SystemExit(f"BAOHUANG_GC_GEN0 must be a whole number of objects, 1 or more: {raw!r}")
    return value


def main() -> None:
    loop = install_event_loop()
    from daphne.cli import CommandLineInterface  # after the policy: see the module's text

    args = CommandLineInterface().parser.parse_args(sys.argv[1:])
    gen0 = tune_collector(args.application)
    print(f"Event loop: {loop}; young generation: {gen0}", file=sys.stderr, flush=True)
    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
