"""Summarise a py-spy raw profile (``bench/load.py --py-spy FILE``) by thread and function.

    .venv/bin/python bench/spy_top.py /tmp/spy.txt --top 30
    .venv/bin/python bench/spy_top.py /tmp/spy.txt --match lobby/ --match game/

Each line of py-spy's raw (collapsed) format is one distinct stack, its frames joined by
";" from the outermost, then a space and how many samples had it. Only samples of busy
threads are recorded (py-spy leaves out idle ones), so the shares are of the server's CPU.
Inclusive: samples with the function anywhere in the stack. Self: samples where it is the
innermost frame.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

FRAME = re.compile(r"^(?P<name>.*?) \((?P<file>[^()]*?)(?::\d+)?\)$")


def short(frame: str) -> str:
    """``function (path/to/module.py)`` with the path cut to what follows site-packages or
    the worktree, and without the line number (one function, many lines)."""
    found = FRAME.match(frame)
    if found is None:
        return frame
    path = found["file"]
    for marker in ("site-packages/", "python3.12/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    else:
        path = "/".join(path.split("/")[-2:])
    return f"{found['name']} ({path})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("raw", type=Path)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--match", action="append", default=[], help="only functions whose")
    args = parser.parse_args()
    threads: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in args.raw.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = stack.split(";")
        thread = next((f for f in frames if f.startswith("thread ")), "?")
        frames = [short(f) for f in frames if not f.startswith(("thread ", "process "))]
        total += count
        threads[thread] += count
        for name in set(frames):
            inclusive[name] += count
        if frames:
            own[frames[-1]] += count
    print(f"{total} samples")
    for thread, count in threads.most_common():
        print(f"  {100 * count / total:5.1f} %  {thread}")

    def show(title: str, counter: Counter[str]) -> None:
        print(title)
        shown = 0
        for name, count in counter.most_common():
            if args.match and not any(m in name for m in args.match):
                continue
            print(f"  {100 * count / total:5.1f} %  {name}")
            shown += 1
            if shown >= args.top:
                break

    show("inclusive", inclusive)
    show("self", own)


if __name__ == "__main__":
    main()
