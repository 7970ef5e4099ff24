"""What one table push costs the server, per connection (issue 8's hot path).

Not a test: builds a fresh SQLite site in a temporary directory, seats five players at one
table, plays the hand to the middle of the play phase, then times what a connection does on
every doorbell: find the viewer, build the table context, render the fragments. Prints the
per-connection time and query count, split by step and by fragment.

    .venv/bin/python bench/push_bench.py --repeat 200
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup_django(base: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "baohuang_site.settings"
    os.environ["SQLITE_PATH"] = str(base / "db.sqlite3")
    os.environ["BAOHUANG_VAR_DIR"] = str(base / "var")
    os.environ["BAOHUANG_KEEPER_AUTOSTART"] = "0"
    for key in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(key, None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("ensure_rooms", verbosity=0)


def mid_hand_table(plays: int) -> tuple[object, list[object]]:
    from accounts.models import User
    from game import engine
    from game.hands import submit_action
    from game.models import Hand, Room
    from game.selectors import state_of
    from lobby import tables

    room = Room.objects.get(slug="standard")
    table = tables.create_table(room=room)
    users = []
    for seat in range(5):
        user = User.objects.create_user(f"p{seat}", None, "correct horse battery staple")
        tables.sit(table=table, seat=seat, user=user)
        users.append(user)
    for user in users:
        tables.set_ready(table=table, user=user)
    table.refresh_from_db()
    hand = Hand.objects.get(pk=table.current_hand_id)
    done = 0
    while done < plays:
        state = state_of(hand)
        if state.phase is engine.Phase.FINISHED:
            break
        seat = engine.to_act(state)[0]
        action = engine.autoplay_action(state, seat)
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=None)
        hand.refresh_from_db()
        if state.phase is engine.Phase.PLAY:
            done += 1
    return table, users


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, int]:
    """Median milliseconds and queries per call (queries counted on the first call)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    samples = []
    with CaptureQueriesContext(connection) as queries:
        fn()
    count = len(queries.captured_queries)
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--plays", type=int, default=30, help="plays before measuring")
    parser.add_argument("--language", default="zh-hans")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        from django.utils import translation

        from lobby.table_state import (
            FRAGMENTS,
            load_snapshot,
            render_fragment,
            render_seat,
            table_context,
            viewer_in,
        )

        table, users = mid_hand_table(args.plays)
        rows: list[tuple[str, float, int]] = []
        with translation.override(args.language):
            table_id = table.pk  # type: ignore[attr-defined]
            rows.append(
                (
                    "load_snapshot (once per change)",
                    *timed(lambda: load_snapshot(table_id), args.repeat),
                )
            )
            snapshot = load_snapshot(table_id)
            assert snapshot is not None
            viewers = [viewer_in(snapshot, u.pk, None) for u in users]  # type: ignore[attr-defined]

            def per_viewer(name: str, fn: Callable[[object], object]) -> None:
                samples = [timed(lambda v=v: fn(v), args.repeat) for v in viewers]
                rows.append(
                    (name, statistics.mean(ms for ms, _ in samples), max(q for _, q in samples))
                )

            per_viewer("table_context (per connection)", lambda v: table_context(snapshot, v))  # type: ignore[arg-type]
            contexts = {v: table_context(snapshot, v) for v in viewers}  # type: ignore[arg-type]
            for name in (*FRAGMENTS, "hand"):
                per_viewer(
                    f"render {name}", lambda v, name=name: render_fragment(contexts[v], name)
                )  # type: ignore[index]
            per_viewer(
                "render one seat (a push sends the changed ones)",
                lambda v: render_seat(contexts[v], contexts[v].seats[1]),  # type: ignore[index]
            )
        width = max(len(r[0]) for r in rows)
        print(f"{'step':<{width}}  median ms  queries")
        for name, ms, queries in rows:
            print(f"{name:<{width}}  {ms:9.3f}  {queries:7d}")


if __name__ == "__main__":
    main()
