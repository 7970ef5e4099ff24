"""What building each viewer's context costs of a push's render (issue 15).

Not a test: records ``--hands`` whole hands at ``--tables`` tables (as bench/render_bench.py
does, the same deals) and replays them through five consumers a table, either as they run
(``--mode full``) or with every viewer's context built before the replay starts
(``--mode ctx``: ``table_context`` then only hands out what was built). Run each under
callgrind and the difference of the two counts is what the contexts cost:

    BENCH_CALLGRIND=1 PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no \\
        --callgrind-out-file=/tmp/full.out .venv/bin/python bench/context_share.py --mode full
    # … and --mode ctx; compare the two PROGRAM TOTALS of callgrind_annotate

The bytes printed at the end are the same in both modes (the contexts are the same values).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.push_bench import setup_django  # noqa: E402


def _given(ready: dict[tuple[int, int | None], Any]) -> Any:
    """A ``table_context`` that hands out the contexts built beforehand."""

    def given(snapshot: Any, viewer: Any, **_: Any) -> Any:
        return ready[(id(snapshot), viewer.seat)]

    return given


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("full", "ctx"), default="full")
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--language", default="zh-hans")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        import bench.render_bench as rb
        import lobby.consumers.render as lc
        from lobby.page_language import rendering_in

        built = lc.table_context
        tables = [rb.record(args.hands, f"c{t}", 1 + t) for t in range(args.tables)]
        sent = 0
        for h in range(args.hands):
            runs: list[tuple[list[Any], list[Any]]] = []
            for hands in tables:
                snapshots = hands[h]
                five: list[Any] = rb.consumers(
                    {s.index: s.user_id for s in snapshots[0].seats},  # type: ignore[attr-defined]
                    args.language,
                )
                for c in five:
                    c._render(snapshots[0], True)
                runs.append((five, snapshots[1:]))
            if args.mode == "ctx":
                ready: dict[tuple[int, int | None], Any] = {}
                for five, chosen in runs:
                    for snapshot in chosen:
                        for c in five:
                            with rendering_in(c.language):
                                ready[(id(snapshot), c.viewer.seat)] = built(
                                    snapshot, c.viewer, peek=c.peek, marks=c.marks
                                )

                lc.table_context = _given(ready)  # type: ignore[assignment]
            rb._callgrind("on")
            for i in range(max(len(chosen) for _, chosen in runs)):
                for five, chosen in runs:
                    if i < len(chosen):
                        for c in five:
                            sent += len(c._render(chosen[i], False).encode())
            rb._callgrind("off")
            lc.table_context = built
        print(f"{args.mode}: {sent} bytes sent in all")


if __name__ == "__main__":
    main()
