"""What an action's database work costs on its own: the server's hop to the database thread.

Builds a fresh SQLite site in a temporary directory and plays a whole hand at each of
``--tables`` tables of five people, one action at a time, each through the
very call a socket's action makes (``lobby.consumers._submit_ringing`` on the database
thread, its ring delivered on the loop afterwards). Prints that call's thread CPU time: the
median, which is an ordinary action's, and the mean and the largest, which a hand's
settlement dominates, and the SQL statements each call ran (an action's, a settlement's).
Then the same for the whole hop, read from the database thread's own
CPU clock: asgiref's hand-over, Django's connection checks before and after, and the call.
Nothing else runs, so this is the floor of what the database thread costs an action in the
server (``python -m bench load`` measures it there, beside everything else).

    .venv/bin/python -m bench submit --tables 6
    .venv/bin/python -m bench submit --tables 6 --busy   # a Python thread busy beside

``--busy`` keeps another thread running Python beside the calls (it holds the GIL in turns,
as the server's event loop does while it renders), to see what sharing the GIL costs them.

``--gap MS`` leaves the process idle for MS milliseconds before each call, as a server whose
tables act once a second is between two actions (20 tables: about 50 ms). Back to back, each
call finds the caches and the core as the last one left them; after an idle gap it does not,
and the same call costs more: this is the figure to compare with the database thread's CPU
per action that ``python -m bench load`` reports (``threads_cpu_ms_per_action``).

    .venv/bin/python -m bench submit --tables 6 --gap 50

``--profile FILE`` runs cProfile around each call and dumps it to FILE, to be read with
``pstats`` (the times printed then include the profiler's own).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.fresh_site import setup_django


def _busy(stop: threading.Event) -> None:
    while not stop.is_set():
        total = 0
        for i in range(20_000):
            total += i
        time.sleep(0)  # let the GIL go, as a loop between two callbacks does


def _deal(tag: str, seed: int) -> int:
    """A running hand at a new table of five people; its id."""
    from bench.seeded_hands import deal, table_of_five

    table, users = table_of_five(tag)
    return deal(table, users, random.Random(seed))


async def _play(
    hand_ids: list[int], gap: float = 0.0, profile: cProfile.Profile | None = None
) -> tuple[list[float], list[float], list[float], list[int], list[int]]:
    """Every hand to its end, one action of each hand in turn; each call's thread CPU, and
    the database thread's CPU over its whole hop (asgiref's hand-over, Django's connection
    checks before and after, the call), read from that thread's clock; and the calls that
    ended a hand (its settlement), apart. ``gap``: seconds of idling before each call."""
    from channels.db import database_sync_to_async
    from django.db import connection

    from bench.seeded_hands import next_action
    from game import engine
    from game.doorbell import RingBox
    from game.models import Hand, HandSeat
    from game.selectors import committed_row, state_of
    from game.senders import Sender
    from lobby.consumers import _submit_ringing

    def _counting(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        statements[-1] += 1
        return execute(sql, params, many, context)

    def timed(rings: RingBox, **kwargs: Any) -> float:
        started = time.thread_time()
        if profile is not None:
            profile.enable()
        try:
            with connection.execute_wrapper(_counting):
                _submit_ringing(rings, **kwargs)
        finally:
            if profile is not None:
                profile.disable()
        return time.thread_time() - started

    def state(hand_id: int) -> engine.State:
        known = committed_row(hand_id)
        return known[1] if known is not None else state_of(Hand.objects.get(pk=hand_id))

    def senders(hand_id: int) -> dict[int, Sender]:
        """Each seat's person, who sends its actions as a socket does (``game.senders``)."""
        rows = HandSeat.objects.filter(hand_id=hand_id).values_list("seat", "user_id")
        return {seat: Sender(user_id=user_id) for seat, user_id in rows}

    timed_async = database_sync_to_async(timed)
    state_async = database_sync_to_async(state)
    sender_of = {h: await database_sync_to_async(senders)(h) for h in hand_ids}
    # The one thread every database_sync_to_async call runs on (thread-sensitive).
    thread_clock = time.pthread_getcpuclockid(await database_sync_to_async(threading.get_ident)())
    costs: list[float] = []
    hops: list[float] = []
    settling: list[float] = []
    last: dict[int, float] = {}  # by hand: its latest call's cost
    statements: list[int] = []  # SQL statements of each call
    last_statements: dict[int, int] = {}
    settling_statements: list[int] = []
    running = list(hand_ids)
    while running:
        for hand_id in list(running):
            now = await state_async(hand_id)
            if now.phase is engine.Phase.FINISHED:
                running.remove(hand_id)
                settling.append(last[hand_id])  # the call that ended it
                settling_statements.append(last_statements[hand_id])
                continue
            seat, action = next_action(now)
            if gap:
                await asyncio.sleep(gap)  # idle, as a server is between two actions
            rings = RingBox()
            statements.append(0)
            before = time.clock_gettime(thread_clock)
            try:
                last[hand_id] = await timed_async(
                    rings,
                    hand_id=hand_id,
                    seat=seat,
                    action=action,
                    expected_version=now.version,
                    sender=sender_of[hand_id][seat],
                )
                costs.append(last[hand_id])
                last_statements[hand_id] = statements[-1]
            finally:
                hops.append(time.clock_gettime(thread_clock) - before)
                rings.deliver()
    return costs, hops, settling, statements, settling_statements


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6, help="hands played side by side")
    parser.add_argument("--seed", type=int, default=1, help="the deals (the same each run)")
    parser.add_argument("--busy", action="store_true", help="a Python thread busy beside")
    parser.add_argument(
        "--gap", type=float, default=0.0, help="milliseconds of idling before each call"
    )
    parser.add_argument("--profile", default="", help="cProfile the calls into this file")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        import lobby.consumers  # noqa: F401  # its doorbell listener, as in the server

        hand_ids = [_deal(f"t{t}", args.seed + t) for t in range(args.tables)]
        stop = threading.Event()
        if args.busy:
            threading.Thread(target=_busy, args=(stop,), daemon=True).start()
        try:
            costs, hops, settling, statements, settling_statements = asyncio.run(
                _play(hand_ids, args.gap / 1000, profile)
            )
        finally:
            stop.set()
    if profile is not None:
        profile.dump_stats(args.profile)
    ms = sorted(c * 1000 for c in costs)
    hop_ms = sorted(c * 1000 for c in hops)
    print(
        f"{len(ms)} actions: submit_action's thread CPU median {statistics.median(ms):.3f} ms,"
        f" mean {statistics.fmean(ms):.3f} ms, largest {', '.join(f'{x:.1f}' for x in ms[-3:])} ms;"
        f" the whole hop median {statistics.median(hop_ms):.3f} ms,"
        f" mean {statistics.fmean(hop_ms):.3f} ms"
        f"{' (a Python thread busy beside)' if args.busy else ''}"
        f"{f' (idle {args.gap:g} ms before each call)' if args.gap else ''}"
    )
    settle_ms = sorted(c * 1000 for c in settling)
    print(
        f"the {len(settle_ms)} calls that settled a hand: median {statistics.median(settle_ms):.1f}"
        f" ms (range {settle_ms[0]:.1f}–{settle_ms[-1]:.1f}); SQL statements: an action's median"
        f" {statistics.median(statements):g}, a settlement's"
        f" {statistics.median(settling_statements):g}"
        f" (range {min(settling_statements)}–{max(settling_statements)})"
    )


if __name__ == "__main__":
    main()
