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
import sys


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


def main() -> None:
    loop = install_event_loop()
    from daphne.cli import CommandLineInterface  # after the policy: see the module's text

    print(f"Event loop: {loop}", file=sys.stderr, flush=True)
    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
