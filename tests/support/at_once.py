"""Run the same database work from several threads released together (races on a row)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections


def at_once(work: Callable[[], object], threads: int = 2) -> list[object]:
    """Each thread's result of ``work``, or the exception it raised, in the order they ended.

    The threads wait on one barrier so they start together, and each closes its own
    database connections (a thread's connection is not the test's)."""
    barrier = threading.Barrier(threads)
    outcomes: list[object] = []

    def run() -> None:
        try:
            barrier.wait()
            outcomes.append(work())
        except BaseException as error:
            outcomes.append(error)
        finally:
            connections.close_all()

    started = [threading.Thread(target=run) for _ in range(threads)]
    for t in started:
        t.start()
    for t in started:
        t.join()
    return outcomes
