"""Baohuang engine: self-play hands per second and the cost of each part of an action.

    .venv/bin/python -m bench engine                            # every figure, default sizes
    .venv/bin/python -m bench engine --only selfplay --hands 1000
    .venv/bin/python -m bench engine --profile --hands 300      # cProfile of self-play

Measures, with ``time.perf_counter`` on one core:

* ``beats``: calls per second of ``sets.beats`` (the referee's Card API) and of
  ``sets.beats_strengths`` (what ``apply`` uses), on set pairs drawn from real play;
* ``legal``: microseconds per decision of ``legal_set_indices`` (the engine's and the bots'
  path) and ``legal_sets`` (Card API), on the (hand, trick) pairs of real self-play decisions;
* ``apply_view``: microseconds per action of ``apply`` plus ``view_for`` for all five seats
  (what the server does for every accepted action), replaying recorded hands;
* ``bot``: microseconds per self-play action of each part alone: ``apply``, ``view_for`` of
  the acting seat, ``SensibleBot.choose`` on that view;
* ``selfplay``: whole hands per second (five SensibleBots, ``selfplay.play_hand``), best
  and median of the runs.

The inputs are recorded first, outside the timed loops, and each figure is the best of
``--repeat`` runs (the least disturbed by other processes).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import sys
import time
from collections.abc import Callable

from game.engine.actions import Action, Play
from game.engine.cards import CARDS
from game.engine.hand import apply, new_hand
from game.engine.replay import HandLog
from game.engine.rules import PRESETS, Rules
from game.engine.selfplay import default_bots, play_hand
from game.engine.sets import beats, beats_strengths, legal_set_indices, legal_sets
from game.engine.state import Phase, State
from game.engine.view import view_for


def timed(repeat: int, run: Callable[[], int]) -> tuple[float, float, int]:
    """(best seconds, median seconds, operations) over ``repeat`` runs of ``run`` (which
    returns its count). The best is the least disturbed run; the median shows the load."""
    times = []
    count = 0
    for _ in range(repeat):
        start = time.perf_counter()
        count = run()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), count


def best_of(repeat: int, run: Callable[[], int]) -> tuple[float, int]:
    """(best seconds, operations) over ``repeat`` runs of ``run``."""
    best, _, count = timed(repeat, run)
    return best, count


def record(hands: int, seed: int, rules: Rules) -> list[HandLog]:
    return [play_hand(s, rules)[1] for s in range(seed, seed + hands)]


def decisions(logs: list[HandLog]) -> list[tuple[tuple[int, ...], tuple[int, ...] | None, bool]]:
    """(hand, last set, keep-six) at every play-phase decision of the recorded hands."""
    out = []
    for log in logs:
        state = new_hand(log.seed, log.rules)
        for seat, action in log.events:
            if state.phase is Phase.PLAY:
                out.append((state.hands[seat], state.last_set, log.rules.keep_six))
            state = apply(state, seat, action)
    return out


def bench_beats(logs: list[HandLog], repeat: int) -> dict[str, float]:
    # Every set played on another in real play (all "yes"), and each pair reversed (mostly
    # "no"): the mix a referee and the engine see.
    card_pairs = []
    for log in logs:
        state = new_hand(log.seed, log.rules)
        for seat, action in log.events:
            if isinstance(action, Play) and state.last_set is not None:
                previous = tuple(CARDS[i] for i in state.last_set)
                card_pairs += [(previous, action.cards), (action.cards, previous)]
            state = apply(state, seat, action)
    strength_pairs = [([c.strength for c in p], [c.strength for c in n]) for p, n in card_pairs]

    def run_cards() -> int:
        for p, n in card_pairs:
            beats(p, n)
        return len(card_pairs)

    def run_strengths() -> int:
        for p, n in strength_pairs:
            beats_strengths(p, n)
        return len(strength_pairs)

    t1, n1 = best_of(repeat, run_cards)
    t2, n2 = best_of(repeat, run_strengths)
    return {
        "beats_calls_per_s": round(n1 / t1),
        "beats_strengths_calls_per_s": round(n2 / t2),
        "pairs": n1,
    }


def bench_legal(logs: list[HandLog], repeat: int) -> dict[str, float]:
    points = decisions(logs)
    card_points = [
        (
            tuple(CARDS[i] for i in hand),
            None if last is None else tuple(CARDS[i] for i in last),
            k6,
        )
        for hand, last, k6 in points
    ]

    def run_indices() -> int:
        for hand, last, k6 in points:
            legal_set_indices(hand, last, keep_six=k6)
        return len(points)

    def run_cards() -> int:
        for hand, last, k6 in card_points:
            legal_sets(hand, last, keep_six=k6)
        return len(card_points)

    t1, n1 = best_of(repeat, run_indices)
    t2, n2 = best_of(repeat, run_cards)
    leading = sum(1 for _, last, _ in points if last is None)
    sizes = [len(legal_set_indices(h, la, keep_six=k6)) for h, la, k6 in points]
    return {
        "legal_set_indices_us_per_decision": round(t1 / n1 * 1e6, 2),
        "legal_sets_cards_us_per_decision": round(t2 / n2 * 1e6, 2),
        "decisions": n1,
        "leading_share": round(leading / n1, 3),
        "mean_legal_sets": round(sum(sizes) / len(sizes), 1),
        "max_legal_sets": max(sizes),
    }


def bench_apply_view(logs: list[HandLog], repeat: int) -> dict[str, float]:
    def run(views: bool) -> int:
        n = 0
        for log in logs:
            state = new_hand(log.seed, log.rules)
            for seat, action in log.events:
                state = apply(state, seat, action)
                if views:
                    for s in range(5):
                        view_for(state, s)
                n += 1
        return n

    # apply per kind of action: every recorded (state, seat, action), timed one kind at a time.
    steps: dict[str, list[tuple[State, int, Action]]] = {}
    for log in logs:
        state = new_hand(log.seed, log.rules)
        for seat, action in log.events:
            steps.setdefault(action.kind, []).append((state, seat, action))
            state = apply(state, seat, action)
    per_kind = {}
    for kind in ("play", "pass"):
        todo = steps.get(kind, [])

        def run_kind(todo: list[tuple[State, int, Action]] = todo) -> int:
            for state, seat, action in todo:
                apply(state, seat, action)
            return len(todo)

        tk, nk = best_of(repeat, run_kind)
        per_kind[f"apply_{kind}_us"] = round(tk / max(nk, 1) * 1e6, 2)

    t1, n1 = best_of(repeat, lambda: run(views=False))
    t2, n2 = best_of(repeat, lambda: run(views=True))
    return {
        **per_kind,
        "apply_us_per_action": round(t1 / n1 * 1e6, 2),
        "apply_plus_5_views_us_per_action": round(t2 / n2 * 1e6, 2),
        "view_for_us_per_seat": round((t2 - t1) / n2 / 5 * 1e6, 2),
        "actions": n1,
        "actions_per_hand": round(n1 / len(logs), 1),
    }


def bench_selfplay(hands: int, seed: int, rules: Rules, repeat: int) -> dict[str, float]:
    def run() -> int:
        for s in range(seed, seed + hands):
            play_hand(s, rules)
        return hands

    t, median, n = timed(repeat, run)
    return {
        "hands": n,
        "hands_per_s": round(n / t, 1),
        "ms_per_hand": round(t / n * 1e3, 2),
        "ms_per_hand_median": round(median / n * 1e3, 2),
    }


def bench_bot(logs: list[HandLog], repeat: int) -> dict[str, float]:
    """The three parts of a self-play action, each timed alone on the recorded hands:
    ``apply``, ``view_for`` of the acting seat, and ``SensibleBot.choose`` on that view."""
    steps: list[tuple[State, int, Action]] = []
    for log in logs:
        state = new_hand(log.seed, log.rules)
        for seat, action in log.events:
            steps.append((state, seat, action))
            state = apply(state, seat, action)
    views = [view_for(state, seat) for state, seat, _ in steps]
    bots = default_bots(0)

    def run_apply() -> int:
        for state, seat, action in steps:
            apply(state, seat, action)
        return len(steps)

    def run_view() -> int:
        for state, seat, _ in steps:
            view_for(state, seat)
        return len(steps)

    def run_choose() -> int:
        for view in views:
            assert view.seat is not None
            bots[view.seat].choose(view)
        return len(views)

    out: dict[str, float] = {}
    for name, run in (("apply", run_apply), ("view_for", run_view), ("choose", run_choose)):
        t, n = best_of(repeat, run)
        out[f"{name}_us_per_action"] = round(t / n * 1e6, 2)
    return out


def profile(hands: int, seed: int, rules: Rules, top: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    for s in range(seed, seed + hands):
        play_hand(s, rules)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


BENCHES = ("beats", "legal", "apply_view", "bot", "selfplay")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands recorded / played")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--preset", default="standard", choices=PRESETS)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--only", choices=BENCHES, action="append", help="run only these")
    parser.add_argument("--profile", action="store_true", help="cProfile self-play instead")
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    args = parser.parse_args()
    rules = Rules.preset(args.preset)
    if args.profile:
        print(profile(args.hands, args.seed, rules, args.top))
        return 0
    wanted = args.only or list(BENCHES)
    logs = record(args.hands, args.seed, rules) if set(wanted) - {"selfplay"} else []
    results: dict[str, object] = {
        "python": sys.version.split()[0],
        "preset": args.preset,
        "seed": args.seed,
    }
    if "beats" in wanted:
        results["beats"] = bench_beats(logs, args.repeat)
    if "legal" in wanted:
        results["legal"] = bench_legal(logs, args.repeat)
    if "apply_view" in wanted:
        results["apply_view"] = bench_apply_view(logs, args.repeat)
    if "bot" in wanted:
        results["bot"] = bench_bot(logs, args.repeat)
    if "selfplay" in wanted:
        results["selfplay"] = bench_selfplay(args.hands, args.seed, rules, args.repeat)
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
