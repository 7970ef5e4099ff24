"""Where one socket's push render goes, part by part, timed without a profiler (issue 15).

Not a test. Records one whole hand at each of ``--tables`` tables (bench/render_bench.py's
deals) and replays the snapshots through five table consumers a table, the tables' actions
interleaved, through ``bench/render_bench.py``'s replay. Around the push render
(``TableConsumer._render``) and the parts it calls, a wrapper adds up the wall-clock time
each part took; the figures are microseconds per socket render, the mean over the replay.

    .venv/bin/python bench/render_split.py --tables 6 --rounds 3

Why timers and not cProfile: a profiler charges every Python call its own overhead, so it
overstates the parts made of many small calls (building a context) against the parts made
of few larger ones (a template's render). A wrapper here costs about 0.1 µs a call and
wraps only some twenty calls a render. Parts nest: ``view_for`` and ``hand_context`` are
inside ``table_context``; ``templates`` (Django's ``render_to_string``, wherever it is
called from) is inside the others. Each round replays new tables (fresh names, the same
deals), so the memos keyed by names miss as on a live server's new hands; ``--warm``
replays the first round's tables again instead, every memo hot.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.push_bench import setup_django  # noqa: E402

# (module, attribute, the part's name): the calls timed. Module-level functions are looked
# up by name at each call, so replacing the module's attribute times every caller.
PARTS = (
    ("lobby.consumers", "TableConsumer._render", "render"),
    ("lobby.consumers.render", "table_context", "table_context"),
    ("lobby.table_state", "engine.view_for", "view_for"),
    ("lobby.table_state", "hand_context", "hand_context"),
    ("lobby.presenters", "record_lines", "record_lines"),
    ("lobby.presenters", "counter_cells", "counter_cells"),
    ("lobby.consumers", "TableConsumer._changed_seats", "changed_seats"),
    ("lobby.consumers.render", "render_pushed", "version, status"),
    ("lobby.consumers", "TableConsumer._controls", "controls"),
    ("lobby.consumers", "TableConsumer._center", "center"),
    ("lobby.consumers", "TableConsumer._log", "log"),
    ("lobby.consumers", "TableConsumer._counter", "counter"),
    ("lobby.consumers", "TableConsumer._hand", "hand"),
)
# Django's template render, as each module that renders imported it.
TEMPLATE_CALLERS = (
    "lobby.templatetags.memoized",
    "lobby.table_state",
    "lobby.consumers.render",
    "lobby.consumers.push",
)


def _timed(fn: Callable[..., Any], name: str, spent: dict[str, int]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter_ns()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] = spent.get(name, 0) + time.perf_counter_ns() - started

    return timed


def _wrap(spent: dict[str, int]) -> None:
    import importlib

    for module_name, path, name in PARTS:
        owner: Any = importlib.import_module(module_name)
        *heads, attribute = path.split(".")
        for head in heads:
            owner = getattr(owner, head)
        setattr(owner, attribute, _timed(getattr(owner, attribute), name, spent))
    for module_name in TEMPLATE_CALLERS:
        module = importlib.import_module(module_name)
        module.render_to_string = _timed(module.render_to_string, "templates", spent)  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6, help="tables whose actions interleave")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="the deals (the same each round)")
    parser.add_argument("--language", default="zh-hans")
    parser.add_argument("--warm", action="store_true", help="replay the same tables each round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        import bench.render_bench as rb

        spent: dict[str, int] = {}
        _wrap(spent)
        rounds: list[dict[str, float]] = []
        first: list[list[list[object]]] = []
        for n in range(args.rounds + (1 if args.warm else 0)):
            if args.warm and first:
                tables = first
            else:
                tables = [rb.record(1, f"s{n}t{t}", args.seed + t) for t in range(args.tables)]
                first = first or tables
            # The pages' first frames are not counted: ``measuring`` clears what they took.
            _, actions, _ = rb.replay(tables, args.language, 0, None, measuring=spent.clear)
            if args.warm and n == 0:
                continue  # the round that fills the memos
            renders = actions * 5
            row = {name: ns / renders / 1000 for name, ns in spent.items()}
            rounds.append(row)
            print(
                f"round {len(rounds)}: {renders} renders, µs per socket: "
                + ", ".join(f"{k} {v:.1f}" for k, v in row.items()),
                flush=True,
            )
    names = list(rounds[0])
    summary = {
        name: {
            "median_us": round(statistics.median(r.get(name, 0.0) for r in rounds), 1),
            "share": round(statistics.median(r.get(name, 0.0) / r["render"] for r in rounds), 3),
        }
        for name in names
    }
    print(
        json.dumps(
            {"tables": args.tables, "rounds": len(rounds), "warm": args.warm, "parts": summary}
        )
    )


if __name__ == "__main__":
    main()
