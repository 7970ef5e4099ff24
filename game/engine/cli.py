"""The referee command: ``python -m game.engine SUBCOMMAND ...`` (issue 3, README).

Anyone can check a ruling without the website: ``beats``, ``legal``, ``settle``, ``title``.
Output is plain (``yes``/``no``, one set per line) or one JSON object. Malformed input exits 2
with a message on stderr, the same code argparse uses for usage errors.

Adding a subcommand (``selfplay`` is planned): write a ``configure(parser)`` and a
``run(args) -> int`` and call ``register(Subcommand(...))``, either next to the built-in ones
below or at import time of a module listed in ``_PLUGIN_MODULES`` (``game.engine.selfplay`` is
already listed and imported if it exists). Nothing else needs to change.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.roles import Mode, Role
from game.engine.settlement import role_payouts, validate_roles
from game.engine.titles import title_change

if TYPE_CHECKING:
    from game.engine.cards import Card

EXIT_OK = 0
EXIT_USAGE = 2  # argparse's code for a usage error; the issue asks the same for bad input


class UsageError(Exception):
    """Input the referee cannot judge: printed on stderr, exit code 2."""


@dataclass(frozen=True, slots=True)
class Subcommand:
    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


# The subparser registry, in help order.
SUBCOMMANDS: dict[str, Subcommand] = {}

# Modules that register further subcommands when imported (e.g. "game.engine.selfplay").
# A missing module is skipped so that the referee works while it is being written.
_PLUGIN_MODULES: tuple[str, ...] = ("game.engine.selfplay", "game.engine.tournament")


def register(command: Subcommand) -> Subcommand:
    if command.name in SUBCOMMANDS:
        raise ValueError(f"subcommand {command.name!r} registered twice")
    SUBCOMMANDS[command.name] = command
    return command


# --- beats / legal (the core's cards and sets) -------------------------------------------


def _parse(text: str, what: str) -> tuple[Card, ...]:
    # Imported here so that settle/title keep working whatever state the core is in.
    from game.engine.cards import parse_cards

    try:
        return parse_cards(text)
    except ValueError as exc:  # the core's notation errors are ValueError subclasses
        raise UsageError(f"malformed {what} {text!r}: {exc}") from exc


def _configure_beats(p: argparse.ArgumentParser) -> None:
    p.add_argument("previous", help='the set on the table, e.g. "8 8 8 SJ"')
    p.add_argument("new", help='the set played on it, e.g. "9 9 9 BJ"')


def _parse_set(text: str, what: str) -> tuple[Card, ...]:
    from game.engine.sets import is_set

    cards = _parse(text, what)
    if not is_set(cards):
        # RULES §4.2: one ordinary rank plus jokers, at least one card. The core's beats()
        # would just say "no"; a referee should say the question itself is wrong.
        raise UsageError(f"{what} {text!r} is not a set (RULES §4.2: one rank plus jokers)")
    _check_distinct(cards, what)
    return cards


def _check_distinct(cards: Sequence[Card], what: str) -> None:
    # Physical cards (8S, 8S2, BJ*) are each one of the 168: naming one twice is a typo.
    seen: set[Card] = set()
    for card in cards:
        if card.is_physical and card in seen:
            raise UsageError(f"{what} names the physical card {card} twice")
        seen.add(card)


def _run_beats(args: argparse.Namespace) -> int:
    from game.engine.sets import beats

    previous = _parse_set(args.previous, "previous set")
    new = _parse_set(args.new, "new set")
    print("yes" if beats(previous, new) else "no")
    return EXIT_OK


def _configure_legal(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hand", required=True, help="the player's cards")
    p.add_argument("--previous", help="the set to beat; leave out when leading")
    p.add_argument("--keep-six", action="store_true", help="the keep-six rule is on (§4.8)")
    p.add_argument(
        "--pass-lock-passed",
        action="store_true",
        help="pass-lock is on and this player already passed in this trick (§4.7)",
    )


def _run_legal(args: argparse.Namespace) -> int:
    from game.engine.cards import format_cards
    from game.engine.sets import legal_sets

    hand = _parse(args.hand, "hand")
    if not hand:
        raise UsageError("the hand is empty: a player with no cards has gone out")
    _check_distinct(hand, "the hand")
    previous = None if args.previous is None else _parse_set(args.previous, "previous set")
    if previous is not None:
        _check_distinct([*hand, *previous], "the hand and the previous set together")
    if args.pass_lock_passed:
        # RULES §4.7: a player who passed may not play again in this trick. A leader starts a
        # new trick, so "passed while leading" is a contradiction rather than a ruling.
        if previous is None:
            raise UsageError("--pass-lock-passed needs --previous: a leader has not passed")
        print("pass")
        return EXIT_OK
    for s in legal_sets(hand, previous, keep_six=args.keep_six):
        print(format_cards(s))
    if previous is not None:  # RULES §4.4: the leader may not pass
        print("pass")
    return EXIT_OK


# --- settle / title (this helper's pure tables) ------------------------------------------

_LETTERS = {"E": Role.EMPEROR, "G": Role.GUARD, "R": Role.REBEL}


def _places(text: str, mode: Mode) -> list[Role]:
    letters = "".join(text.split()).upper()
    bad = sorted(set(letters) - set(_LETTERS))
    if bad:
        raise UsageError(f"--places uses the letters E, G and R only, got {''.join(bad)!r}")
    places = [_LETTERS[c] for c in letters]
    try:
        validate_roles(mode, places)
    except ValueError as exc:
        raise UsageError(f"--places {text!r}: {exc}") from exc
    return places


def _add_hand_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mode", required=True, choices=[m.value for m in Mode])
    p.add_argument("--rebellion", action="store_true", help="a standing rebellion (§3.3)")
    p.add_argument(
        "--places",
        required=True,
        help="roles in finishing order, E/G/R, e.g. ERRGR (no G in solo)",
    )


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse ``type=``: a whole number no smaller than ``minimum``.

    Bad input raises ``ArgumentTypeError``, which argparse reports as a usage error (exit 2).
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            if minimum == 0:
                raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    parse.__name__ = f"whole number >= {minimum}"
    return parse


def _configure_settle(p: argparse.ArgumentParser) -> None:
    _add_hand_arguments(p)
    p.add_argument("--stake", required=True, type=whole_number(1), help="base stake S")


def _run_settle(args: argparse.Namespace) -> int:
    mode = Mode(args.mode)
    places = _places(args.places, mode)
    payouts = role_payouts(mode=mode, rebellion=args.rebellion, places=places, stake=args.stake)
    by_role: dict[str, Any] = {"emperor": None, "guard": None, "rebels": []}
    for role, payout in zip(places, payouts, strict=True):
        if role is Role.REBEL:
            by_role["rebels"].append(payout)  # in finishing order
        else:
            by_role[role.value] = payout
    print(json.dumps(by_role, ensure_ascii=False))
    return EXIT_OK


def _configure_title(p: argparse.ArgumentParser) -> None:
    p.add_argument("--role", required=True, choices=[r.value for r in Role])
    p.add_argument("--points", required=True, type=whole_number(0), help="points before")
    _add_hand_arguments(p)


def _run_title(args: argparse.Namespace) -> int:
    mode = Mode(args.mode)
    role = Role(args.role)
    places = _places(args.places, mode)
    if role not in places:
        raise UsageError(f"--role {role.value} is not in --places {args.places!r}")
    change = title_change(
        role=role, mode=mode, rebellion=args.rebellion, places=places, points=args.points
    )
    out = {"delta": change.delta, "points": change.points_after, "title": change.tier_after}
    print(json.dumps(out, ensure_ascii=False))
    return EXIT_OK


register(Subcommand("beats", "does NEW beat PREVIOUS? (§4.3)", _configure_beats, _run_beats))
register(
    Subcommand("legal", "every legal set in hint order (§4.4–§4.9)", _configure_legal, _run_legal)
)
register(
    Subcommand("settle", "beans per role for a hand (§5.2–§5.4)", _configure_settle, _run_settle)
)
register(Subcommand("title", "title points after a hand (§7.1–§7.4)", _configure_title, _run_title))


def _load_plugins() -> None:
    for name in _PLUGIN_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # the plugin exists but is broken: say so loudly
                raise


def build_parser() -> argparse.ArgumentParser:
    _load_plugins()
    parser = argparse.ArgumentParser(
        prog="python -m game.engine",
        description="Baohuang (保皇) referee: rulings from RULES.md.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in SUBCOMMANDS.values():
        sub = subparsers.add_parser(command.name, help=command.help, description=command.help)
        command.configure(sub)
        sub.set_defaults(run=command.run)
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
