"""Second by second, what each server thread was doing (``load --py-spy-seconds``'s profile).

    .venv/bin/python -m bench load --tables 200 --seconds 20 --mid-hand \\
        --py-spy /tmp/spy.json --py-spy-seconds --py-spy-rate 100 --trace /tmp/trace.txt
    .venv/bin/python -m bench spy-seconds /tmp/spy.json --rate 100 --trace /tmp/trace.txt

``python -m bench spy`` sums a whole window; a latency spike lasts a second or two and is lost in
it. With idle samples kept (py-spy's ``--idle``), a thread's n-th sample is its moment
n / rate, so a window can be cut into seconds. For each second and thread this prints how
many samples were busy (not in a wait: ``IDLE``'s innermost frames) and the functions that
took the most of them, each sample counted once, under the first of ``--mark``'s names
found in part of a function's name in its stack (its innermost frame otherwise). With
``--trace``, each second also shows the p50 and p99 of the actions sent in it.

py-spy counts a thread as busy while it waits for the GIL, a core or the disk in a C call
(SQLite's, say), so a thread's busy samples can exceed its CPU: the difference is time the
thread held others up without working.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from bench.spy_top import WAITS

# Function names that say what an action's work is, most specific first.
MARKS = (
    "settle",
    "load_snapshot",
    "submit_action",
    "table_context",
    "_changed_seats",
    "_render",
    "receive",
    "send",
)
# Innermost frames of a thread waiting, not working: ``spy_top``'s waits (speedscope names a
# frame without its file), and the reactor's own ``run``, where the loop waits under uvloop
# (inside its C run loop, so no Python frame of the wait is seen). Whole names only: a
# function that merely has "select" or "wait" in its name is work.
IDLE = frozenset({wait.split(" (")[0] for wait in WAITS} | {"AsyncioSelectorReactor.run"})


def busy_seconds(
    profile: dict[str, object], frames: list[dict[str, str]], rate: int, marks: tuple[str, ...]
) -> list[tuple[int, Counter[str]]]:
    """(busy samples, samples by mark) for each whole second of one thread's samples."""
    samples = profile["samples"]
    assert isinstance(samples, list)
    out = []
    for start in range(0, len(samples) - rate + 1, rate):
        counts: Counter[str] = Counter()
        busy = 0
        for stack in samples[start : start + rate]:
            innermost = frames[stack[-1]]["name"] if stack else ""
            if innermost in IDLE or not stack:
                continue
            busy += 1
            names = {frames[i]["name"] for i in stack}
            mark = next((m for m in marks if any(m in n for n in names)), None)
            counts[mark or innermost] += 1
        out.append((busy, counts))
    return out


def latencies_by_second(trace: Path) -> dict[int, list[float]]:
    """The trace's latencies (ms) by the second of the window they were sent in."""
    seconds: dict[int, list[float]] = defaultdict(list)
    for line in trace.read_text().splitlines():
        sent, latency = line.split()[:2]
        seconds[int(float(sent))].append(float(latency))
    return seconds


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", type=Path, help="py-spy's speedscope file")
    parser.add_argument("--rate", type=int, default=100, help="the samples per second it took")
    parser.add_argument("--trace", type=Path, help="load --trace's file")
    parser.add_argument("--top", type=int, default=4, help="functions shown per second")
    parser.add_argument("--mark", action="append", default=[], help="a name to count under")
    args = parser.parse_args()
    data = json.loads(args.profile.read_text())
    frames = data["shared"]["frames"]
    marks = tuple(args.mark) or MARKS
    latencies = latencies_by_second(args.trace) if args.trace else {}
    for profile in data["profiles"]:
        seconds = busy_seconds(profile, frames, args.rate, marks)
        if not any(busy for busy, _ in seconds):
            continue  # a thread that only waited (the collector's clock)
        print(profile["name"])
        for second, (busy, counts) in enumerate(seconds):
            sent = latencies.get(second)
            lat = ""
            if sent:
                lat = f" p50 {quantile(sent, 0.5):6.1f} p99 {quantile(sent, 0.99):6.1f} ms"
            top = ", ".join(f"{name} {n}" for name, n in counts.most_common(args.top))
            print(f"  {second:3d} s  busy {busy:3d}/{args.rate}{lat}  {top}")


if __name__ == "__main__":
    main()
