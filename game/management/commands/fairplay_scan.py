"""``manage.py fairplay_scan``: count newly finished hands into the fair-play pairs
(docs/FAIRPLAY.md) now. The deadline keepers run the scan by themselves
(``game.fairplay_schedule``); this command is for a pass at once, or, with ``--every`` and
``BAOHUANG_FAIRPLAY_SCAN_EVERY=0``, for a process of its own (with ``--judge``, say)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from game.engine.collusion import expert_judge
from game.engine.expert import Budget
from game.fairplay import scan
from game.fairplay_schedule import record_pass

# The expert's budget for judging passes (docs/FAIRPLAY.md: about a quarter second a hand).
JUDGE_BUDGET = Budget(playout_cards=600, min_worlds=4, max_worlds=8, max_candidates=3)


class Command(BaseCommand):
    help = "Count finished hands into the fair-play signals of every pair of players."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--limit", type=int, default=500, help="hands per pass")
        parser.add_argument(
            "--judge", action="store_true", help="let the expert value every pass (slower)"
        )
        parser.add_argument(
            "--every", type=float, default=0.0, help="seconds between passes (0: one pass)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        judge = expert_judge(JUDGE_BUDGET) if options["judge"] else None
        while True:
            counted = scan(limit=options["limit"], judge=judge)
            record_pass(counted=counted, limit=options["limit"])
            self.stdout.write(f"fair play: {counted} hands counted")
            if options["every"] <= 0:
                return
            if counted < options["limit"]:
                time.sleep(options["every"])
