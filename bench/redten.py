"""Red Ten engine: self-play hands per second and apply + six views per action.

    .venv/bin/python -m bench redten --hands 500 --repeat 5

Prints JSON: whole self-play hands per second (five SensibleBots, each deciding from its
``view_for``; best and median of the runs), actions per hand, and the cost per action of
``apply`` plus ``view_for`` for all five seats and a spectator (what a server does per
accepted action), replaying the recorded hands. Timer: ``time.perf_counter``; the best run
is the least disturbed by other processes on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from game.engine.redten import Rules, apply, new_hand, view_for
from game.engine.redten.selfplay import play_hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500, help="self-play hands per run")
    parser.add_argument("--repeat", type=int, default=5, help="best of this many runs")
    args = parser.parse_args()
    rules = Rules()
    runs = []
    logs = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        logs = [play_hand(seed, rules)[1] for seed in range(args.hands)]
        runs.append(time.perf_counter() - start)
    actions = sum(len(log.events) for log in logs)
    per_action = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for log in logs:
            state = new_hand(log.seed, rules)
            for seat, action in log.events:
                state = apply(state, seat, action)
                for viewer in (None, 0, 1, 2, 3, 4):
                    view_for(state, viewer)
        per_action.append((time.perf_counter() - start) / actions)
    print(
        json.dumps(
            {
                "hands": args.hands,
                "ms_per_hand_best": round(min(runs) / args.hands * 1000, 3),
                "ms_per_hand_median": round(statistics.median(runs) / args.hands * 1000, 3),
                "hands_per_second_best": round(args.hands / min(runs), 1),
                "actions_per_hand": round(actions / args.hands, 1),
                "apply_and_six_views_us_per_action": round(min(per_action) * 1e6, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
