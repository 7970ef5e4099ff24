"""Tournaments between bot levels with duplicate deals.

``python -m game.engine tournament --bots expert,normal --hands 200 --seed 1``

Duplicate play, as in duplicate bridge: each deal (a hand's seed) is played five times with
the same cards, the line-up rotated one seat each time, so every bot sits in every seat of
every deal equally often and the luck of the cards cancels. The line-up puts the first bot
in one seat and the others in turn in the remaining four (``A,B`` → A B B B B; ``A,B,C`` →
A B C B C): "how does A do at a table of Bs", the question a player choosing a level asks.
``--mirror`` also plays the line-ups with the bots' order shifted (B A A A A, …).

Each bot's score is its mean payout per hand it played, in units of the base stake S
(RULES §5); its 95 % confidence interval treats the deals as the independent samples (the
plays of one deal share its cards): mean ± 1.96 · sd / √deals. Results by role use every
hand the bot played in that role. The last line printed is one JSON object.

Deterministic: the deals and every bot's generator derive from ``--seed`` alone, so the
same command prints the same result (and ``--jobs`` only changes how fast).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from .bot_levels import LEVELS, make_bot
from .cli import EXIT_OK, Subcommand, UsageError, register, whole_number
from .outcome import settle
from .rules import PRESETS, Rules
from .selfplay import play_hand
from .state import N_SEATS

Z95 = 1.96  # normal quantile; the deals are many (a t quantile would differ below ~30)


def lineups(bots: Sequence[str], mirror: bool = False) -> list[tuple[str, ...]]:
    """The seatings of one deal: each base line-up rotated through the five seats."""
    k = len(bots)
    shifts = range(k) if mirror else range(1)
    bases = []
    for shift in shifts:
        order = [bots[(j + shift) % k] for j in range(k)]
        rest = order[1:] or order
        bases.append((order[0], *(rest[i % len(rest)] for i in range(N_SEATS - 1))))
    return [
        tuple(base[(seat - r) % N_SEATS] for seat in range(N_SEATS))
        for base in bases
        for r in range(N_SEATS)
    ]


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal played in every line-up: per seat-hand (bot, role, payout in stakes)."""

    deal: int
    hands: tuple[tuple[str, str, float], ...]


def play_deal(deal: int, bots: tuple[str, ...], rules: Rules, mirror: bool) -> DealResult:
    out: list[tuple[str, str, float]] = []
    for n, lineup in enumerate(lineups(bots, mirror)):
        seated = [
            make_bot(level, random.Random((deal * 64 + n) * N_SEATS + seat))
            for seat, level in enumerate(lineup)
        ]
        state, _ = play_hand(deal, rules, seated)
        settlement = settle(state)
        for seat, level in enumerate(lineup):
            role = state.role_of(seat)
            assert role is not None
            out.append((level, role.value, settlement.seats[seat].payout / rules.stake))
    return DealResult(deal, tuple(out))


@dataclass(slots=True)
class _Tally:
    per_deal: list[float] = field(default_factory=list)
    hands: int = 0
    by_role: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))


def summarise(results: Sequence[DealResult]) -> dict[str, dict[str, object]]:
    """Per bot: mean payout per hand, its 95 % interval over deals, hands, results by role."""
    tallies: dict[str, _Tally] = {}
    for result in results:
        per_bot: dict[str, list[float]] = defaultdict(list)
        for level, role, payout in result.hands:
            per_bot[level].append(payout)
            tally = tallies.setdefault(level, _Tally())
            tally.hands += 1
            tally.by_role[role].append(payout)
        for level, payouts in per_bot.items():
            tallies[level].per_deal.append(sum(payouts) / len(payouts))
    summary: dict[str, dict[str, object]] = {}
    for level, tally in tallies.items():
        mean, low, high = _interval(tally.per_deal)
        summary[level] = {
            "mean": round(mean, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "hands": tally.hands,
            "deals": len(tally.per_deal),
            "by_role": {
                role: {"mean": round(sum(v) / len(v), 4), "hands": len(v)}
                for role, v in sorted(tally.by_role.items())
            },
        }
    return summary


def _interval(samples: Sequence[float]) -> tuple[float, float, float]:
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, mean, mean
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def run_tournament(
    bots: Sequence[str],
    deals: int,
    seed: int,
    rules: Rules,
    *,
    mirror: bool = False,
    jobs: int = 1,
) -> dict[str, dict[str, object]]:
    """Play ``deals`` duplicate deals (seeds ``seed`` …) and summarise them."""
    args = [(d, tuple(bots), rules, mirror) for d in range(seed, seed + deals)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.starmap(play_deal, args, chunksize=1)
    else:
        results = [play_deal(*a) for a in args]
    return summarise(results)


# --- the referee subcommand -----------------------------------------------------------------


def _levels(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    bad = [n for n in names if n not in LEVELS]
    if bad or not 2 <= len(names) <= 3:
        raise argparse.ArgumentTypeError(
            f"--bots takes two or three of {', '.join(LEVELS)}, comma-separated; got {text!r}"
        )
    return names


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", type=_levels, required=True, help="levels, e.g. expert,normal")
    p.add_argument("--hands", type=whole_number(1), default=100, help="deals (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first deal; then +1 each")
    p.add_argument("--preset", choices=PRESETS, default="standard", help="rules (§9.2)")
    p.add_argument("--pass-lock", action="store_true", help="turn on pass-lock (§4.7)")
    p.add_argument("--mirror", action="store_true", help="also play the shifted line-ups")
    p.add_argument("--jobs", type=whole_number(1), default=1, help="worker processes")


def _run(args: argparse.Namespace) -> int:
    bots: list[str] = args.bots
    if len(set(bots)) < len(bots):
        raise UsageError(f"--bots names a level twice: {','.join(bots)}")
    rules = Rules.preset(args.preset, pass_lock=args.pass_lock)
    start = time.perf_counter()
    summary = run_tournament(bots, args.hands, args.seed, rules, mirror=args.mirror, jobs=args.jobs)
    seconds = time.perf_counter() - start
    plays = len(lineups(bots, args.mirror))
    print(f"{args.hands} deals x {plays} line-ups, preset {args.preset}, {seconds:.1f} s")
    print(f"{'bot':<8} {'mean S/hand':>12} {'95% interval':>20} {'hands':>7}  by role")
    for level in bots:
        row = summary[level]
        interval, roles = row["ci95"], row["by_role"]
        assert isinstance(interval, list) and isinstance(roles, dict)
        low, high = interval
        by_role = "  ".join(f"{r} {v['mean']:+.3f} ({v['hands']})" for r, v in roles.items())
        print(
            f"{level:<8} {row['mean']:>+12.3f} {f'[{low:+.3f}, {high:+.3f}]':>20}"
            f" {row['hands']:>7}  {by_role}"
        )
    line = {
        "bots": {level: summary[level] for level in bots},
        "deals": args.hands,
        "seed": args.seed,
        "preset": args.preset,
    }
    print(json.dumps(line, ensure_ascii=False))
    return EXIT_OK


register(Subcommand("tournament", "bot levels play duplicate deals", _configure, _run))
