"""bench/spy_seconds.py cuts a py-spy profile into seconds and tells waits from work.

The tool reads where a latency spike's second went; a second counted wrong (a wait taken for
work, a sample filed under the wrong second) would send the next optimisation after the
wrong cost.
"""

from __future__ import annotations

from pathlib import Path

from bench.spy_seconds import busy_seconds, latencies_by_second, quantile

# Frames as py-spy's speedscope file names them: index → {"name": …}.
FRAMES = [
    {"name": "AsyncioSelectorReactor.run"},  # 0: the loop waiting inside uvloop
    {"name": "TableConsumer._render"},  # 1
    {"name": "table_context"},  # 2
    {"name": "submit_action"},  # 3
    {"name": "settle"},  # 4
    {"name": "_worker"},  # 5: the database thread waiting for work
    {"name": "untilConcludes"},  # 6: a socket write, unmarked
]
MARKS = ("settle", "submit_action", "table_context", "_render")


def test_each_second_counts_its_own_busy_samples_under_the_first_mark_found() -> None:
    # Rate 4: second 0 is all waiting; second 1 renders twice (once inside table_context),
    # settles once inside submit_action, and writes to a socket once.
    samples = [[0], [0], [5], [0], [0, 1], [0, 1, 2], [3, 4], [0, 6]]
    seconds = busy_seconds({"samples": samples}, FRAMES, 4, MARKS)
    assert [busy for busy, _ in seconds] == [0, 4]
    counts = seconds[1][1]
    assert counts == {"_render": 1, "table_context": 1, "settle": 1, "untilConcludes": 1}


def test_only_a_whole_waiting_frame_is_a_wait() -> None:
    # The database thread's idle loop and the collector's clock wait; a query builder whose
    # name merely has "select" in it works.
    frames = [{"name": "_worker"}, {"name": "Condition.wait"}, {"name": "QuerySet.select_related"}]
    seconds = busy_seconds({"samples": [[0], [1], [2], [2]]}, frames, 4, MARKS)
    assert seconds == [(2, {"QuerySet.select_related": 2})]


def test_a_part_second_at_the_end_is_left_out() -> None:
    samples = [[1]] * 6  # one second and a half at rate 4
    assert [busy for busy, _ in busy_seconds({"samples": samples}, FRAMES, 4, MARKS)] == [4]


def test_the_trace_is_bucketed_by_the_second_each_action_was_sent(tmp_path: Path) -> None:
    trace = tmp_path / "trace.txt"
    trace.write_text("0.20 10.0 1 play\n0.90 30.0 2 pass\n1.05 200.0 1 decide\n")
    seconds = latencies_by_second(trace)
    assert seconds == {0: [10.0, 30.0], 1: [200.0]}
    assert quantile(seconds[0], 0.5) == 30.0
    assert quantile(seconds[0], 0.99) == 30.0
