"""Summarise the collector's passes that bench/gc_probe logged (issue 15, tenth round).

    .venv/bin/python bench/gc_passes.py /tmp/gc.txt [--actions N]

By generation: how many passes, the objects they walked and the milliseconds they took
(median and largest), the total, and what they found, from the launcher's start-up freeze
on (the passes while Django starts are not the server's work). ``--actions``: the actions
served meanwhile (bench/load.py's ``actions``), for the passes' milliseconds per action.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path)
    parser.add_argument("--actions", type=int, default=0)
    args = parser.parse_args()
    rows = [line.split() for line in args.log.read_text().splitlines() if line.strip()]
    marks = [i for i, row in enumerate(rows) if row[1] == "freeze"]
    rows = rows[marks[0] + 1 :] if marks else rows
    total = 0.0
    for generation in ("0", "1", "2"):
        passes = [r for r in rows if r[1] == generation]
        if not passes:
            print(f"generation {generation}: no pass")
            continue
        walked = [int(r[2]) for r in passes]
        ms = [float(r[3]) for r in passes]
        found = sum(int(r[4]) for r in passes)
        total += sum(ms)
        print(
            f"generation {generation}: {len(passes)} passes, walked {statistics.median(walked):.0f}"
            f" objects at the median (largest {max(walked)}), {statistics.median(ms):.1f} ms"
            f" (largest {max(ms):.1f}, total {sum(ms):.0f}), found {found}"
        )
    line = f"all passes: {total:.0f} ms"
    if args.actions:
        line += f", {total / args.actions:.3f} ms per action"
    print(line)


if __name__ == "__main__":
    main()
