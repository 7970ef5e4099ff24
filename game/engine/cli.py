"""The referee command: ``python -m game.engine SUBCOMMAND ...`` (README).

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
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.roles import Mode, Role
from game.engine.settlement import SCORINGS, role_payouts, validate_roles
from game.engine.titles import title_change

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
#
# The referee reads cards as ``RefCard`` values: a strength (0 = 6 … 9 = 2, 10 SJ, 11 BJ; the
# 216-card deck's 3 4 5 are −3 −2 −1, below the 6, RULES §10.2), the text to print, and the
# physical identity when one was named. The core's ``Card`` has no 3 4 5, and the referee
# must judge the Duole deck too, so it works on strengths like ``sets`` does.

_LOW_TOKEN = re.compile(r"^([345])([SHCD])?([0-3])?$")
# RULES §1.1 / §10.2: four decks, so at most 16 of each ordinary rank and 4 of each joker.
_COPIES_OF_A_RANK = 16
_COPIES_OF_A_JOKER = 4


@dataclass(frozen=True, slots=True)
class RefCard:
    strength: int
    text: str
    physical: str | None  # a canonical name of the one physical card, or None

    @property
    def sort_key(self) -> tuple[int, str]:
        return (self.strength, self.physical or "")


def _parse(text: str, what: str, deck: int = 168) -> tuple[RefCard, ...]:
    # Imported here so that settle/title keep working whatever state the core is in.
    from game.engine.cards import parse_card

    cards = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        if deck != 216 and _LOW_TOKEN.match(token.upper()):
            raise UsageError(
                f"malformed {what} {text!r}: the 168-card deck has no 3, 4 or 5 "
                "(RULES §1.1); the 216-card deck is --deck 216 (§10.2)"
            )
        try:
            card = parse_card(token, full_deck=deck == 216)
        except ValueError as exc:  # the core's notation errors are ValueError subclasses
            raise UsageError(f"malformed {what} {text!r}: {exc}") from exc
        physical = None
        if card.is_physical:
            physical = f"{card.rank.symbol}{card.suit or ''}{card.deck}"
        cards.append(RefCard(card.strength, str(card), physical))
    return tuple(cards)


def _add_card_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--toasting", action="store_true", help="toasting (烤牌) is on: §10.6")
    p.add_argument(
        "--deck",
        type=int,
        choices=(168, 216),
        default=168,
        help="168 cards (§1.1, default) or the Duole 216 with 3 4 5 (§10.2)",
    )


def _configure_beats(p: argparse.ArgumentParser) -> None:
    p.add_argument("previous", help='the set on the table, e.g. "8 8 8 SJ"')
    p.add_argument("new", help='the set played on it, e.g. "9 9 9 BJ"')
    _add_card_flags(p)


def _parse_set(text: str, what: str, deck: int = 168) -> tuple[RefCard, ...]:
    from game.engine.sets import is_set_strengths

    cards = _parse(text, what, deck)
    if not is_set_strengths([c.strength for c in cards]):
        # RULES §4.2: one ordinary rank plus jokers, at least one card. The core's beats()
        # would just say "no"; a referee should say the question itself is wrong.
        raise UsageError(f"{what} {text!r} is not a set (RULES §4.2: one rank plus jokers)")
    _check_cards(cards, what, deck)
    return cards


def _check_cards(cards: Sequence[RefCard], what: str, deck: int) -> None:
    """Refuse what no deck holds: a physical card named twice, or more copies of a rank
    than the four decks have (RULES §1.1, §10.2: 16 of each rank, 4 of each joker)."""
    seen: set[str] = set()
    for card in cards:
        if card.physical is not None:
            if card.physical in seen:
                raise UsageError(f"{what} names the physical card {card.text} twice")
            seen.add(card.physical)
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.strength] = counts.get(card.strength, 0) + 1
    for strength, count in counts.items():
        joker = strength >= 10
        most = _COPIES_OF_A_JOKER if joker else _COPIES_OF_A_RANK
        if count > most:
            name = next(c.text for c in cards if c.strength == strength)
            kind = "of each joker" if joker else "of each rank"
            raise UsageError(
                f"{what} has {count} cards like {name}: the {deck}-card deck has only "
                f"{most} {kind} (RULES §1.1{', §10.2' if deck == 216 else ''})"
            )


def _run_beats(args: argparse.Namespace) -> int:
    from game.engine.variant_sets import beats_with

    previous = _parse_set(args.previous, "previous set", args.deck)
    new = _parse_set(args.new, "new set", args.deck)
    verdict = beats_with(
        [c.strength for c in previous], [c.strength for c in new], toasting=args.toasting
    )
    print("yes" if verdict else "no")
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
    _add_card_flags(p)


def _run_legal(args: argparse.Namespace) -> int:
    from game.engine.cards import format_cards, parse_cards
    from game.engine.sets import legal_sets
    from game.engine.variant_sets import buckets_by, general_sets

    deck: int = args.deck
    hand = _parse(args.hand, "hand", deck)
    if not hand:
        raise UsageError("the hand is empty: a player with no cards has gone out")
    _check_cards(hand, "the hand", deck)
    previous = None if args.previous is None else _parse_set(args.previous, "previous set", deck)
    if previous is not None:
        _check_cards([*hand, *previous], "the hand and the previous set together", deck)
    if args.keep_six and deck == 216:
        raise UsageError("keep six (§4.8) is not played with the 216-card deck (§10.2)")
    if args.pass_lock_passed:
        # RULES §4.7: a player who passed may not play again in this trick. A leader starts a
        # new trick, so "passed while leading" is a contradiction rather than a ruling.
        if previous is None:
            raise UsageError("--pass-lock-passed needs --previous: a leader has not passed")
        print("pass")
        return EXIT_OK
    if deck == 168 and not args.toasting:
        # Boke City's rules: the core's own enumeration, exactly as before the variants.
        core_hand = parse_cards(args.hand)
        core_previous = None if args.previous is None else parse_cards(args.previous)
        for s in legal_sets(core_hand, core_previous, keep_six=args.keep_six):
            print(format_cards(s))
    else:
        ordered = sorted(hand, key=lambda c: c.sort_key)
        sets = general_sets(
            buckets_by(ordered, lambda c: c.strength),
            None if previous is None else [c.strength for c in previous],
            toasting=args.toasting,
            keep_six=args.keep_six,
        )
        for cards in sets:
            print(" ".join(c.text for c in sorted(cards, key=lambda c: c.sort_key)))
    if previous is not None:  # RULES §4.4: the leader may not pass
        print("pass")
    return EXIT_OK


# --- settle / title (the engine's pure tables) --------------------------------------------

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
    p.add_argument(
        "--scoring",
        choices=SCORINGS,
        default="boke",
        help="boke (§5, default), formula (Lianzhong §10.5) or position (Duole §10.9)",
    )


def _run_settle(args: argparse.Namespace) -> int:
    mode = Mode(args.mode)
    places = _places(args.places, mode)
    payouts = role_payouts(
        mode=mode,
        rebellion=args.rebellion,
        places=places,
        stake=args.stake,
        scoring=args.scoring,
    )
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
