"""Self-play: five bots play whole hands through ``apply`` (tests, benchmarks, golden files).

Each bot sees only ``view_for(state, seat)``, exactly as at a real table. The result is the
final state and the replayable :class:`HandLog`, so any hand self-play produces can be saved,
replayed and checked.

Also registers the referee's ``selfplay`` subcommand (``python -m game.engine selfplay``)
through ``cli.register``; ``cli`` imports this module by name when it builds its parser.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Sequence

from .actions import Action
from .bot_levels import DEFAULT_LEVEL, LEVELS, make_bot
from .bots import Bot, SensibleBot
from .cli import EXIT_OK, Subcommand, UsageError, register, whole_number
from .errors import MalformedAction
from .hand import apply, new_hand, to_act
from .outcome import previous_result, settle
from .previous import PreviousResult
from .replay import HandLog
from .roles import Role
from .rules import PRESETS, Rules
from .state import N_SEATS, Phase, State
from .view import view_for

# A hand has at most 168 sets (one card each), each followed by at most four passes, plus
# the role decisions (five abdications, four declarations): about 850 actions. Twice that
# means the loop is not making progress, which is a bug worth an exception, not a hang.
MAX_ACTIONS = 2000


class SelfPlayError(RuntimeError):
    """A self-play hand did not finish within ``MAX_ACTIONS`` actions, or stalled."""


def default_bots(seed: int) -> list[Bot]:
    """Five sensible bots, each with its own generator derived from the hand's seed, so a
    hand is reproducible from ``seed`` alone and the seats do not share one stream."""
    return [SensibleBot(random.Random(seed * N_SEATS + seat)) for seat in range(N_SEATS)]


def play_hand(
    seed: int,
    rules: Rules,
    bots: Sequence[Bot] | None = None,
    previous: PreviousResult | None = None,
) -> tuple[State, HandLog]:
    """Play one complete hand with a bot in every seat; return the final state and its log.

    Raises :class:`SelfPlayError` if the hand does not finish, and whatever ``apply``
    raises if a bot chooses an illegal action (a bot bug must not be hidden).
    """
    seats = list(bots) if bots is not None else default_bots(seed)
    if len(seats) != N_SEATS:
        raise ValueError(f"self-play needs {N_SEATS} bots, got {len(seats)}")
    state = new_hand(seed, rules, previous)
    # Collected in a list and frozen once: HandLog.append copies the tuple every time.
    events: list[tuple[int, Action]] = []
    while state.phase is not Phase.FINISHED:
        if len(events) >= MAX_ACTIONS:
            raise SelfPlayError(f"seed {seed}: no result after {MAX_ACTIONS} actions")
        acting = to_act(state)
        if not acting:
            raise SelfPlayError(f"seed {seed}: nobody to act in phase {state.phase}")
        # Declarations (RULES §3.3) are simultaneous; answering in seat order is as good as
        # any order, since nobody sees an answer before all are in.
        seat = acting[0]
        action = seats[seat].choose(view_for(state, seat))
        state = apply(state, seat, action)
        events.append((seat, action))
    return state, HandLog(seed, rules, tuple(events), previous)


_LETTER = {Role.EMPEROR: "E", Role.GUARD: "G", Role.REBEL: "R"}


def role_letters(state: State) -> str:
    """Roles in finishing order (RULES §5.1), as the referee's ``--places`` writes them."""
    letters = []
    for seat in state.finishing_order:
        role = state.role_of(seat)
        assert role is not None
        letters.append(_LETTER[role])
    return "".join(letters)


def hand_summary(state: State) -> dict[str, object]:
    """One self-play line: seed, declared mode, rebellion, places, payouts per seat. A void
    hand (RULES §10.2, §10.3) has no mode, places or payouts: ``"void": true``."""
    if state.void:
        return {"seed": state.seed, "void": True}
    settlement = settle(state)
    assert state.mode is not None
    return {
        "seed": state.seed,
        "mode": state.mode.value,
        "rebellion": state.rebellion,
        "places": role_letters(state),
        "payouts": [s.payout for s in settlement.seats],
    }


# --- the referee subcommand -----------------------------------------------------------------


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hands", type=whole_number(1), default=1, help="how many hands (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first hand; then +1 each")
    p.add_argument("--preset", choices=PRESETS, default="standard", help="rules (§9.2, §10)")
    p.add_argument("--pass-lock", action="store_true", help="turn on pass-lock (§4.7)")
    p.add_argument("--bots", choices=LEVELS, default=DEFAULT_LEVEL, help="level in every seat")


def _run(args: argparse.Namespace) -> int:
    try:
        rules = Rules.preset(args.preset, pass_lock=args.pass_lock)
        new_hand(args.seed, rules)  # a rule set the engine cannot deal is refused here
    except MalformedAction as exc:
        raise UsageError(str(exc)) from exc
    modes: Counter[str] = Counter()
    rebellions = 0
    voids = 0
    previous: PreviousResult | None = None
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.hands):
        bots = [make_bot(args.bots, random.Random(seed * N_SEATS + s)) for s in range(N_SEATS)]
        # RULES §10.4: the same five bots sit on, so each hand pays the last one's tribute.
        state, _ = play_hand(seed, rules, bots, previous=previous if rules.tribute else None)
        previous = previous_result(state)
        line = hand_summary(state)
        if state.void:
            voids += 1
        else:
            modes[str(line["mode"])] += 1
            rebellions += bool(line["rebellion"])
        print(json.dumps(line))
    seconds = time.perf_counter() - start
    summary = {
        "hands": args.hands,
        "seconds": round(seconds, 3),
        "hands_per_second": round(args.hands / seconds, 1) if seconds > 0 else None,
        "modes": dict(sorted(modes.items())),
        "rebellions": rebellions,
    }
    if voids:
        summary["voids"] = voids
    print(json.dumps(summary))
    return EXIT_OK


register(Subcommand("selfplay", "bots play whole hands; one JSON line per hand", _configure, _run))
