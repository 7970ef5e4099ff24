"""Colluders among honest bots: the fair-play signals' proving ground (docs/FAIRPLAY.md).

A :class:`ColludingBot` is the sensible bot (普通) that also sees its partner's cards and
plays for him: it treats him as an ally whatever the roles, never beats his sets, and
leaves a trick to him when he can take it more cheaply. It is a bench/test bot, never
seated on the site.

``sessions`` seats a pool of players (two colluders and honest bots of the same level) five
at a time at random, hand after hand, like a busy room. Run as a script it measures how
often honest pairs are listed::

    python -m bench.colluders --pools 20 --hands 300 [--judge]
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.engine import Action, Rules, View, apply, new_hand, to_act, view_for
from game.engine.actions import PASS, Play
from game.engine.bots import Seen, SensibleBot, seen_from_view
from game.engine.cards import STRENGTH, Rank, indices_of
from game.engine.collusion import GiftJudge, HandSignals, Tally, expert_judge, hand_signals
from game.engine.collusion_score import PairFacts, PairScore, Results, score
from game.engine.expert import Budget
from game.engine.replay import HandLog
from game.engine.sets import legal_set_indices
from game.engine.state import N_SEATS, Phase

COLLUDERS = (0, 1)  # pool indices of the colluding pair
# The expert judge the bench uses: a small search (docs/FAIRPLAY.md gives its cost).
JUDGE_BUDGET = Budget(playout_cards=600, min_worlds=4, max_worlds=8, max_candidates=3)


class ColludingBot(SensibleBot):
    """普通 plus its partner's cards: spares the partner's sets, treats him as an ally, and
    leaves an opponent's set to the partner when he can beat it and it would cost us a 2
    or a joker."""

    def __init__(self, rng: random.Random, partner: int) -> None:
        super().__init__(rng)
        self.partner = partner  # the partner's seat in this hand
        self.partner_hand: tuple[int, ...] = ()

    def choose_with(self, view: View, partner_view: View) -> Action:
        seen = seen_from_view(view)
        self.partner_hand = seen_from_view(partner_view).hand
        return self.decide(seen._replace(allies=seen.allies | {self.partner}))

    def decide(self, seen: Seen) -> Action:
        if seen.phase is not Phase.PLAY or seen.last_set is None:
            return super().decide(seen)
        going_out = len(seen.hand) == len(seen.last_set)  # never given away
        if seen.last_player == self.partner and not going_out:
            return PASS
        action = super().decide(seen)
        if (
            isinstance(action, Play)
            and not going_out
            and _dear(action)
            and self.partner in _still_to_act(seen)
            and legal_set_indices(self.partner_hand, seen.last_set, keep_six=seen.keep_six)
        ):
            return PASS  # the partner beats it more cheaply
        return action


def _dear(play: Play) -> bool:
    return any(STRENGTH[i] >= int(Rank.TWO) for i in indices_of(play.cards))


def _still_to_act(seen: Seen) -> set[int]:
    """Seats after this one, up to the set's player, that still hold cards (RULES §4.4)."""
    out = set()
    seat = (seen.seat + 1) % N_SEATS
    while seat != seen.last_player and seat != seen.seat:
        if seen.counts[seat]:
            out.add(seat)
        seat = (seat + 1) % N_SEATS
    return out


@dataclass(frozen=True, slots=True)
class PlayedHand:
    log: HandLog
    players: tuple[int, ...]  # pool index per seat


def play(seed: int, players: Sequence[int], rules: Rules) -> PlayedHand:
    """One hand: colluders (pool indices in ``COLLUDERS``) seated together play for each
    other; everyone else is 普通 deciding from its own view."""
    seats_of = {p: s for s, p in enumerate(players)}
    together = all(c in seats_of for c in COLLUDERS)
    bots: list[SensibleBot] = []
    for player in players:
        rng = random.Random(seed * 97 + player)
        if together and player in COLLUDERS:
            other = COLLUDERS[1 - COLLUDERS.index(player)]
            bots.append(ColludingBot(rng, seats_of[other]))
        else:
            bots.append(SensibleBot(rng))
    state = new_hand(seed, rules)
    events: list[tuple[int, Action]] = []
    while state.phase is not Phase.FINISHED:
        seat = to_act(state)[0]
        bot = bots[seat]
        view = view_for(state, seat)
        if isinstance(bot, ColludingBot):
            action = bot.choose_with(view, view_for(state, bot.partner))
        else:
            action = bot.choose(view)
        state = apply(state, seat, action)
        events.append((seat, action))
    return PlayedHand(HandLog(seed, rules, tuple(events)), tuple(players))


def session(seed: int, pool: int, hands: int, rules: Rules | None = None) -> Iterator[PlayedHand]:
    """``hands`` hands, each seating five of ``pool`` players at random."""
    rng = random.Random(seed)
    rules = rules or Rules.preset("standard")
    for n in range(hands):
        players = rng.sample(range(pool), N_SEATS)
        yield play(seed * 100_003 + n, players, rules)


# --- the same sums the job keeps, in memory -------------------------------------------------


@dataclass
class Sums:
    pair_tally: dict[tuple[int, int], Tally]
    all_tally: dict[int, Tally]
    pair_results: dict[tuple[int, int], tuple[Results, Results, Results]]
    all_results: dict[int, Results]
    shared: dict[tuple[int, int], int]


def _plus(r: Results, x: float) -> Results:
    return Results(r.hands + 1, r.total + x, r.squares + x * x)


def add_up(hands: Sequence[tuple[PlayedHand, HandSignals]]) -> Sums:
    sums = Sums({}, {}, {}, {}, {})
    for played, signals in hands:
        who = played.players
        for x, y in itertools.permutations(range(N_SEATS), 2):
            key = (who[x], who[y])
            t = signals.tally(x, y)
            sums.pair_tally[key] = sums.pair_tally.get(key, Tally()) + t
            sums.all_tally[who[x]] = sums.all_tally.get(who[x], Tally()) + t
        for x, y in itertools.combinations(range(N_SEATS), 2):
            a, b = sorted((who[x], who[y]))
            sums.shared[(a, b)] = sums.shared.get((a, b), 0) + 1
        if signals.payouts is None:
            continue
        pay = dict(zip(who, signals.payouts, strict=True))
        for p, v in pay.items():
            sums.all_results[p] = _plus(sums.all_results.get(p, Results()), v)
        for a, b in itertools.combinations(sorted(who), 2):
            both, ra, rb = sums.pair_results.get((a, b), (Results(), Results(), Results()))
            sums.pair_results[(a, b)] = (
                _plus(both, pay[a] + pay[b]),
                _plus(ra, pay[a]),
                _plus(rb, pay[b]),
            )
    return sums


def scores(sums: Sums) -> dict[tuple[int, int], PairScore]:
    out = {}
    for (a, b), _ in sums.shared.items():
        together, ra, rb = sums.pair_results.get((a, b), (Results(), Results(), Results()))
        facts = PairFacts(
            a_on_b=sums.pair_tally.get((a, b), Tally()),
            b_on_a=sums.pair_tally.get((b, a), Tally()),
            a_all=sums.all_tally.get(a, Tally()),
            b_all=sums.all_tally.get(b, Tally()),
            together=together,
            a_with_b=ra,
            b_with_a=rb,
            a_all_results=sums.all_results.get(a, Results()),
            b_all_results=sums.all_results.get(b, Results()),
        )
        out[(a, b)] = score(facts)
    return out


def measure(seed: int, pool: int, hands: int, judge: GiftJudge | None) -> Sums:
    played = [(h, hand_signals(h.log, judge=judge)) for h in session(seed, pool, hands)]
    return add_up(played)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pools", type=int, default=10, help="independent pools (sessions)")
    p.add_argument("--pool", type=int, default=8, help="players per pool")
    p.add_argument("--hands", type=int, default=300, help="hands per pool")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--judge", action="store_true", help="let the expert judge every pass")
    args = p.parse_args(argv)
    judge = expert_judge(JUDGE_BUDGET) if args.judge else None
    honest: list[PairScore] = []
    flagged = colluders_top = colluders_flagged = 0
    start = time.perf_counter()
    for k in range(args.pools):
        sums = measure(args.seed + k, args.pool, args.hands, judge)
        ranked = sorted(scores(sums).items(), key=lambda kv: -kv[1].total)
        colluders_top += ranked[0][0] == COLLUDERS
        for rank, (pair, s) in enumerate(ranked, start=1):
            listed = s.flagged(sums.shared[pair])
            if pair == COLLUDERS:
                colluders_flagged += listed
                print(f"pool {k}: colluders rank {rank}, {_shown(s)}", flush=True)
            else:
                honest.append(s)
                flagged += listed
    seconds = time.perf_counter() - start
    print(
        f"pools {args.pools} x {args.hands} hands, pool of {args.pool}, judge={args.judge}: "
        f"colluders top {colluders_top}/{args.pools}, listed {colluders_flagged}/{args.pools}; "
        f"honest pairs listed {flagged}/{len(honest)} = {flagged / max(1, len(honest)):.4f}; "
        f"{seconds:.0f} s"
    )
    for name in ("holding_back", "gifts", "results", "hidden_roles", "total"):
        values = [getattr(s, name) for s in honest]
        mean = sum(values) / len(values)
        sd = (sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)) ** 0.5
        print(f"honest {name}: mean {mean:+.2f} sd {sd:.2f} max {max(values):+.2f}")


def _shown(s: PairScore) -> str:
    return (
        f"holding back {s.holding_back:+.1f}, gifts {s.gifts:+.1f}, results {s.results:+.1f}, "
        f"hidden roles {s.hidden_roles:+.1f}, score {s.total:+.1f}"
    )


if __name__ == "__main__":
    main()
