"""The Red Ten referee: ``python -m game.engine.redten SUBCOMMAND ...``.

* ``beats PREVIOUS NEW`` → ``yes`` / ``no`` (file 003 §5, §6);
* ``settle --red SEATS --out SEATS [--open] [--coin N]`` → ``{"result", "payouts"}`` (§8, §9);
* ``selfplay --hands N --seed K`` → one JSON line per hand, then a summary line.

Same conventions as the Baohuang referee (``game.engine.cli``): plain output, malformed or
impossible input exits 2 with the reason on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from ..cli import EXIT_OK, EXIT_USAGE, whole_number
from ..errors import MalformedAction
from .cards import Card, check_possible, parse_cards
from .rules import Rules
from .selfplay import hand_summary, next_dealer, play_hand
from .sets import beats, is_set
from .settlement import as_number, coins, outcome, points


class UsageError(Exception):
    """Input the referee cannot judge: printed on stderr, exit code 2."""


def _set(text: str, what: str) -> tuple[Card, ...]:
    try:
        cards = parse_cards(text)
    except MalformedAction as exc:
        raise UsageError(f"{what} {text!r}: {exc}") from exc
    if not is_set(cards):
        raise UsageError(
            f"{what} {text!r} is not a set: one card, two to four of one rank, "
            "TH TD (double red ten) or SJ BJ (double joker)"
        )
    return cards


def _run_beats(args: argparse.Namespace) -> int:
    previous = _set(args.previous, "previous set")
    new = _set(args.new, "new set")
    try:
        # Both sets lie on the table in one trick: together they must fit in one deck.
        check_possible([*previous, *new], "the two sets")
    except MalformedAction as exc:
        raise UsageError(str(exc)) from exc
    print("yes" if beats(previous, new) else "no")
    return EXIT_OK


def _seats(text: str, what: str) -> list[int]:
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    if not parts and what == "--red":
        raise UsageError("--red names one or two seats, e.g. 2 or 0,3")
    seats = []
    for part in parts:
        if part not in ("0", "1", "2", "3", "4"):
            raise UsageError(f"{what}: {part!r} is not a seat 0..4")
        seats.append(int(part))
    return seats


def _run_settle(args: argparse.Namespace) -> int:
    red = _seats(args.red, "--red")
    out = _seats(args.out, "--out")
    try:
        result = outcome(red, out)
    except MalformedAction as exc:
        raise UsageError(str(exc)) from exc
    if args.coin is None:
        payouts: list[int | float] = list(points(result, open_game=args.open))
    else:
        paid = coins(result, open_game=args.open, coefficient=args.coin)
        payouts = [as_number(p) for p in paid]
    print(json.dumps({"result": result.result.value, "payouts": payouts}))
    return EXIT_OK


def _run_selfplay(args: argparse.Namespace) -> int:
    rules = Rules(coin=args.coin or 0)
    results: Counter[str] = Counter()
    opened = four_tens = 0
    dealer: int | None = None
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.hands):
        state, _ = play_hand(seed, rules, dealer=dealer)
        line = hand_summary(state)
        results[str(line["result"])] += 1
        opened += bool(line["open"])
        four_tens += bool(line["four_tens"])
        print(json.dumps(line))
        dealer = next_dealer(state)
    seconds = time.perf_counter() - start
    summary = {
        "hands": args.hands,
        "seconds": round(seconds, 3),
        "hands_per_second": round(args.hands / seconds, 1) if seconds > 0 else None,
        "results": dict(sorted(results.items())),
        "open": opened,
        "four_tens": four_tens,
    }
    print(json.dumps(summary))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.engine.redten",
        description="Red Ten (红十) referee: rulings from file 003 (RULES §11).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("beats", help="does NEW beat PREVIOUS? (tens: TH TD red, TS TC black)")
    p.add_argument("previous", help='the set on the table, e.g. "8 8"')
    p.add_argument("new", help='the set played on it, e.g. "TH TD"')
    p.set_defaults(run=_run_beats)

    p = sub.add_parser("settle", help="result and payouts by seat (file 003 §9)")
    p.add_argument("--red", required=True, help="seats holding the red tens: 2 or 0,3")
    p.add_argument("--out", required=True, help="seats in going-out order until the end")
    p.add_argument("--open", action="store_true", help="明打: somebody showed (doubles)")
    p.add_argument("--coin", type=whole_number(1), help="coin room with coefficient N")
    p.set_defaults(run=_run_settle)

    p = sub.add_parser("selfplay", help="bots play whole hands; one JSON line per hand")
    p.add_argument("--hands", type=whole_number(1), default=1, help="how many hands")
    p.add_argument("--seed", type=int, default=0, help="seed of the first hand; then +1 each")
    p.add_argument("--coin", type=whole_number(1), help="play in a coin room with coefficient N")
    p.set_defaults(run=_run_selfplay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)  # exits 2 on usage errors
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except UsageError as exc:
        print(f"{parser.prog} {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
