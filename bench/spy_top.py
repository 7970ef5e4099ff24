"""Summarise a py-spy raw profile (``python -m bench load --py-spy FILE``) by thread and function.

    .venv/bin/python -m bench spy /tmp/spy.txt --top 30
    .venv/bin/python -m bench spy /tmp/spy.txt --match lobby/ --match game/

Each line of py-spy's raw (collapsed) format is one distinct stack, its frames joined by
";" from the outermost, then a space and how many samples had it. Only samples of busy
threads are recorded (py-spy leaves out idle ones), so the shares are of the server's CPU.
Inclusive: samples with the function anywhere in the stack. Self: samples where it is the
innermost frame.

py-spy counts a thread that is runnable but waiting for a core as busy, and some waits
(the database thread's idle worker loop, the event loop's epoll, the collector clock's
wait) are not always recognised
as idle; samples whose innermost frame is such a wait are dropped (``--keep-waits`` keeps
them). ``--bucket NAME=TEXT`` (repeatable, first match wins) sums the samples whose stack
contains TEXT, for a where-the-time-goes table.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

# The database thread's idle worker loop, asyncio's epoll, and the launcher's collector
# clock (baohuang_site.serve: a thread that waits ten minutes between passes).
WAITS = (
    "_worker (futures/thread.py)",
    "EpollSelector.select (selectors.py)",
    "Condition.wait (threading.py)",
)
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
    parser.add_argument(
        "--match", action="append", default=[], help="list only functions containing this"
    )
    parser.add_argument("--bucket", action="append", default=[], help="NAME=TEXT")
    parser.add_argument("--keep-waits", action="store_true")
    args = parser.parse_args()
    buckets = [tuple(b.split("=", 1)) for b in args.bucket]
    in_bucket: Counter[str] = Counter()
    dropped = 0
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
        if frames and frames[-1] in WAITS and not args.keep_waits:
            dropped += count
            continue
        total += count
        joined = ";".join([thread, *frames])
        name = next((name for name, text in buckets if text in joined), "other")
        in_bucket[name] += count
        threads[thread] += count
        for name in set(frames):
            inclusive[name] += count
        if frames:
            own[frames[-1]] += count
    print(f"{total} samples ({dropped} in waits dropped)")
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

    if buckets:
        print("buckets")
        for name, _ in [*buckets, ("other", "")]:
            print(f"  {100 * in_bucket[name] / total:5.1f} %  {name}")
    show("inclusive", inclusive)
    show("self", own)


if __name__ == "__main__":
    main()
