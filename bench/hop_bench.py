"""What handing a call to the database thread costs, apart from the call (issue 15).

Not a test: on uvloop, as the server runs, it hands a function that does nothing to another
thread and awaits it, ``--calls`` times, through channels' ``database_sync_to_async`` (the
site's hop: asgiref picks the thread, copies the context there and back, and Django checks
the connections before and after) and through a bare ``loop.run_in_executor`` on a
one-thread pool (the least a hop can cost). Each is timed back to back and after ``--gap``
milliseconds of idling before each call, as a server is between two actions. Prints the
process's CPU per hop (both threads), alternating the two ways ``--rounds`` times.

    .venv/bin/python bench/hop_bench.py --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.push_bench import setup_django  # noqa: E402


def nothing() -> None:
    return None


async def cpu_per_hop(hop: Callable[[], Awaitable[None]], calls: int, gap: float) -> float:
    """The process's CPU seconds per ``hop()``, idling ``gap`` seconds before each."""
    spent = 0.0
    for _ in range(calls):
        if gap:
            await asyncio.sleep(gap)
        started = time.process_time()
        await hop()
        spent += time.process_time() - started
    return spent / calls


async def measure(rounds: int, calls: int, gap: float) -> dict[str, list[float]]:
    from channels.db import database_sync_to_async

    loop = asyncio.get_running_loop()
    site_hop = database_sync_to_async(nothing)
    pool = ThreadPoolExecutor(max_workers=1)

    def bare_hop() -> Awaitable[None]:
        return loop.run_in_executor(pool, nothing)

    ways: dict[str, Callable[[], Awaitable[None]]] = {
        "database_sync_to_async": site_hop,
        "run_in_executor": bare_hop,
    }
    out: dict[str, list[float]] = {}
    for n in range(rounds):
        order = list(ways) if n % 2 == 0 else list(reversed(ways))  # ABBA
        for name in order:
            for label, idle in (("back to back", 0.0), (f"idle {gap * 1000:g} ms", gap)):
                count = calls if not idle else max(calls // 10, 50)
                key = f"{name}, {label}"
                out.setdefault(key, []).append(await cpu_per_hop(ways[name], count, idle))
    pool.shutdown()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=3000, help="hops per back-to-back run")
    parser.add_argument("--gap", type=float, default=50.0, help="milliseconds of idling")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        try:
            import uvloop

            results = uvloop.run(measure(args.rounds, args.calls, args.gap / 1000))
        except ImportError:
            results = asyncio.run(measure(args.rounds, args.calls, args.gap / 1000))
    for key, values in results.items():
        us = [v * 1e6 for v in values]
        print(
            f"{key}: median {statistics.median(us):.0f} µs of CPU per hop"
            f" (range {min(us):.0f}–{max(us):.0f}, {len(us)} runs)"
        )


if __name__ == "__main__":
    main()
