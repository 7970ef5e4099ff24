"""The daily challenge with bots as entrants: how many deals the duplicate rating needs to
order 高手 > 普通 > 新手.

    .venv/bin/python -m bench daily                         # 6 a level, 8 deals a day, 12 days
    .venv/bin/python -m bench daily --entrants 10 --days 20 --opponents expert

Three groups of entrants, one per bot level (novice, normal, expert), each entrant a bot of
its level with its own seed. Every day draws K deals and seats as the site does
(``challenge.seating``); every entrant plays every deal in its seat against four opponents
of ``--opponents``, each deciding as the site's bots do: a fresh bot of the level seeded
from the deal and the seat (``duplicate.bot_seed``), so every entrant meets the same
opposition. After each deal the ratings move as the site's do (``challenge.rating``). After
each day it prints the share of pairs of entrants from different levels that the ratings
order correctly, and at the end the deals per entrant after which that share stays at or
above 95 %.

The opponents' decisions are reused when an entrant reaches a position another entrant's
table already met (``--no-reuse`` turns that off): it prints how many decisions were asked
and how many were answered from the store. The engine alone: no Django, no database.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from dataclasses import replace
from fractions import Fraction

from challenge import rating, seating
from game.engine import duplicate
from game.engine.actions import Action
from game.engine.bot_levels import make_bot
from game.engine.expert import DEFAULT_BUDGET, ExpertBot
from game.engine.hand import apply, new_hand, to_act
from game.engine.outcome import settle
from game.engine.rules import Rules
from game.engine.state import Phase
from game.engine.view import View, view_for

LEVELS = ("novice", "normal", "expert")
ORDER = {"novice": 0, "normal": 1, "expert": 2}


class Opposition:
    """The site's bots of one level, with its store of decisions taken."""

    def __init__(self, level: str, reuse: bool, budget_scale: float) -> None:
        self.level, self.reuse, self.scale = level, reuse, budget_scale
        self.store: dict[tuple[int, View], Action] = {}
        self.asked = 0
        self.reused = 0

    def decide(self, seed: int, view: View) -> Action:
        self.asked += 1
        key = (seed, view)
        if self.reuse and key in self.store:
            self.reused += 1
            return self.store[key]
        action: Action = _bot(self.level, random.Random(seed), self.scale).choose(view)
        if self.reuse:
            self.store[key] = action
        return action


def _bot(level: str, rng: random.Random, scale: float):  # type: ignore[no-untyped-def]
    if level == "expert" and scale != 1.0:
        budget = replace(
            DEFAULT_BUDGET,
            playout_cards=int(DEFAULT_BUDGET.playout_cards * scale),
            general_playout_cards=int(DEFAULT_BUDGET.general_playout_cards * scale),
            min_worlds=max(2, int(DEFAULT_BUDGET.min_worlds * scale)),
        )
        return ExpertBot(rng, budget=budget)
    return make_bot(level, rng)


def play_deal(
    seed: int,
    rules: Rules,
    seat: int,
    entrant_level: str,
    entrant_seed: int,
    opposition: Opposition,
    scale: float,
) -> Fraction:
    """One entrant's play of the deal: his payout in stakes."""
    state = new_hand(seed, rules)
    while state.phase is not Phase.FINISHED:
        acting = to_act(state)[0]
        view = view_for(state, acting)
        if acting == seat:
            action = _bot(entrant_level, random.Random(entrant_seed), scale).choose(view)
        else:
            action = opposition.decide(duplicate.bot_seed(seed, acting), view)
        state = apply(state, acting, action)
    return Fraction(settle(state).seats[seat].payout, rules.stake)


def ordered_share(ratings: dict[str, rating.Estimate], levels: dict[str, str]) -> float:
    pairs = right = 0
    for a, b in itertools.combinations(ratings, 2):
        if levels[a] == levels[b]:
            continue
        stronger, weaker = (a, b) if ORDER[levels[a]] > ORDER[levels[b]] else (b, a)
        pairs += 1
        right += ratings[stronger].value > ratings[weaker].value
    return right / pairs if pairs else 0.0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--entrants", type=int, default=6, help="entrants per level")
    p.add_argument("--days", type=int, default=12)
    p.add_argument("--deals", type=int, default=8, help="deals a day (K)")
    p.add_argument("--opponents", choices=LEVELS, default="normal")
    p.add_argument(
        "--expert-budget",
        type=float,
        default=0.25,
        help="the expert's search budget, as a share of the site's",
    )
    p.add_argument("--no-reuse", action="store_true")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    rules = Rules()
    draw_rng = random.Random(args.seed)
    levels = {f"{lv}-{i}": lv for lv in LEVELS for i in range(args.entrants)}
    ratings = {name: rating.Estimate() for name in levels}
    opposition = Opposition(args.opponents, not args.no_reuse, args.expert_budget)
    started, cpu = time.perf_counter(), time.process_time()
    history: list[tuple[int, float]] = []
    print(
        f"{len(levels)} entrants ({args.entrants} a level), {args.deals} deals a day, "
        f"opponents {args.opponents}, expert budget x{args.expert_budget}"
    )
    for day in range(args.days):
        seeds, seats = seating.draw_deals(
            args.deals,
            lambda seed, deal: seating.baohuang_seat(seed, rules, deal),
            draw=lambda: draw_rng.getrandbits(62),
        )
        for deal, (seed, seat) in enumerate(zip(seeds, seats, strict=True)):
            payouts: dict[str, Fraction] = {}
            for n, (name, level) in enumerate(levels.items()):
                entrant_seed = hash((args.seed, day, deal, n)) & ((1 << 62) - 1)
                payouts[name] = play_deal(
                    seed, rules, seat, level, entrant_seed, opposition, args.expert_budget
                )
            ratings = rating.deal_update(ratings, payouts)
        played = (day + 1) * args.deals
        share = ordered_share(ratings, levels)
        history.append((played, share))
        means = {
            lv: sum(r.value for n, r in ratings.items() if levels[n] == lv) / args.entrants
            for lv in LEVELS
        }
        print(
            f"day {day + 1:2d}: {played:3d} deals each, pairs ordered {100 * share:5.1f}%  "
            + "  ".join(f"{lv} {means[lv]:6.0f}" for lv in LEVELS)
        )
    reached = next(
        (d for i, (d, _s) in enumerate(history) if all(s >= 0.95 for _d, s in history[i:])),
        None,
    )
    print(f"deals per entrant until >= 95% of pairs stay ordered: {reached or 'not reached'}")
    print(
        f"opponent decisions: {opposition.asked}, reused {opposition.reused} "
        f"({100 * opposition.reused / max(1, opposition.asked):.1f}%)"
    )
    print(f"wall {time.perf_counter() - started:.0f} s, cpu {time.process_time() - cpu:.0f} s")
    return 0
