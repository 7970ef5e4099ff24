"""File 003 §10 等级设定: the military ladder, 20 levels by points."""

from __future__ import annotations

import pytest

from game.engine.redten import LEVELS, level_for


def test_twenty_levels_in_order_from_private_to_general():
    assert [lv.number for lv in LEVELS] == list(range(1, 21))
    assert LEVELS[0].title == "列兵" and LEVELS[-1].title == "上将"
    thresholds = [lv.threshold for lv in LEVELS]
    assert thresholds == sorted(thresholds) and len(set(thresholds)) == 20
    assert thresholds[1:] == [
        100, 300, 800, 1500, 2200, 3000, 4000, 5500, 7700, 10000,
        14000, 20000, 30000, 45000, 72000, 100000, 150000, 300000, 500000,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("points", "number", "title"),
    [
        (-50, 1, "列兵"),
        (0, 1, "列兵"),
        (99, 1, "列兵"),  # "列兵 <10" read as below 100 (docs/RULES-DECISIONS.md)
        (100, 2, "下等兵"),
        (7699, 9, "总军士长"),
        (7700, 10, "准尉"),
        (499_999, 19, "中将"),
        (500_000, 20, "上将"),
        (10**9, 20, "上将"),
    ],
)
def test_level_for_points(points, number, title):
    level = level_for(points)
    assert (level.number, level.title) == (number, title)
