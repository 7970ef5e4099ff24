"""Decision time of a bot level: milliseconds per decision, CPU and wall clock.

    .venv/bin/python -m bench bots                      # expert, 10 hands
    .venv/bin/python -m bench bots --level normal --hands 50
    .venv/bin/python -m bench bots --preset keep_six --pass-lock

Plays whole hands with one bot of ``--level`` (its seat moving round, one hand each) among
normal bots, and times every decision of that bot: wall time (``perf_counter``) and the
process's CPU time (``process_time``: what one core spends, whatever else runs on the
machine). Prints count, median, p95, p99 and max in milliseconds, for all decisions and for
the ones where the expert actually searched (more than one candidate).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from game.engine.actions import Action
from game.engine.bot_levels import LEVELS, make_bot
from game.engine.bots import Bot
from game.engine.expert import ExpertBot
from game.engine.rules import PRESETS, Rules
from game.engine.selfplay import play_hand
from game.engine.state import N_SEATS
from game.engine.view import View


class Timed:
    """A bot whose every ``choose`` is timed."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.searched: list[float] = []

    def choose(self, view: View) -> Action:
        wall, cpu = time.perf_counter(), time.process_time()
        if isinstance(self.bot, ExpertBot):
            analysis = self.bot.analyse(view)
            action, searched = analysis.action, bool(analysis.values)
        else:
            action, searched = self.bot.choose(view), False
        spent = time.process_time() - cpu
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(spent)
        if searched:
            self.searched.append(spent)
        return action


def figures(samples: list[float]) -> dict[str, float | int]:
    if not samples:
        return {"count": 0}
    ms = sorted(s * 1000 for s in samples)

    def at(q: float) -> float:
        return round(ms[min(len(ms) - 1, int(q * len(ms)))], 1)

    return {
        "count": len(ms),
        "median": round(statistics.median(ms), 1),
        "p95": at(0.95),
        "p99": at(0.99),
        "max": round(ms[-1], 1),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", choices=LEVELS, default="expert")
    p.add_argument("--hands", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--preset", choices=PRESETS, default="standard")
    p.add_argument("--pass-lock", action="store_true")
    args = p.parse_args()
    rules = Rules.preset(args.preset, pass_lock=args.pass_lock)
    timed = Timed(make_bot(args.level, random.Random(args.seed)))
    for seed in range(args.seed, args.seed + args.hands):
        bots: list[Bot] = [
            make_bot("normal", random.Random(seed * N_SEATS + s)) for s in range(N_SEATS)
        ]
        timed.bot = make_bot(args.level, random.Random(seed))
        bots[seed % N_SEATS] = timed
        play_hand(seed, rules, bots)
    out = {
        "level": args.level,
        "hands": args.hands,
        "preset": args.preset,
        "cpu_ms": figures(timed.cpu),
        "wall_ms": figures(timed.wall),
        "searched_cpu_ms": figures(timed.searched),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
