"""Find self-play hands for the golden files of tests/engine/golden/ (a tool, not a test).

For each kind of hand the golden tests need (dark guard, open guard, rebellion, dark solo,
open solo, abdication, keep-six, pass-lock, jiefeng) it plays seeds with the bots until a hand
of that kind turns up, then re-derives the places and payouts from the log *independently of
the engine* (its own reading of RULES §3, §5.1–§5.4 below) and refuses a hand where the
two disagree. The file it writes carries that derivation as comments, for the reviewer who
checks it by hand against RULES.md.

    .venv/bin/python scripts/find_golden.py --out tests/engine/golden          # write files
    .venv/bin/python scripts/find_golden.py --kind rebellion --show            # just look
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.actions import Play
from game.engine.bots import SensibleBot, Temper
from game.engine.hand import new_hand
from game.engine.outcome import settle
from game.engine.replay import HandLog, states
from game.engine.rules import Rules
from game.engine.selfplay import play_hand
from game.engine.sets import legal_set_indices
from game.engine.state import State

EMPEROR_CARD = 164  # BJ*, RULES §1.2
GUARD_CARD = 160  # SJ*
STAKE = 10

# --- an independent reading of the rules ----------------------------------------------------


@dataclass
class Derivation:
    """What RULES.md says the log's result is, worked out without the engine's end-of-hand
    and settlement code. ``notes`` is the reasoning, written into the golden file."""

    emperor: int
    guard: int  # == emperor in solo
    open_hand: bool
    solo: bool
    places: list[int]  # seats, first place first
    payouts: list[int]  # per seat
    notes: list[str] = field(default_factory=list)

    def role(self, seat: int) -> str:
        if seat == self.emperor:
            return "E"
        return "G" if seat == self.guard else "R"


# RULES §5.2, row by row: royalists' places -> (winner, m).
TABLE = {
    (1, 2): ("A", 2),
    (1, 3): ("A", 1),
    (1, 4): ("A", 1),
    (1, 5): ("draw", 0),
    (2, 3): ("A", 1),
    (2, 4): ("draw", 0),
    (2, 5): ("B", 1),
    (3, 4): ("B", 1),
    (3, 5): ("B", 1),
    (4, 5): ("B", 2),
}


def derive(log: HandLog) -> Derivation:
    start = new_hand(log.seed, log.rules)  # the deal itself (RULES §2.2)
    hands = [set(h) for h in start.hands]
    notes: list[str] = []
    holder = next(s for s in range(5) if EMPEROR_CARD in hands[s])
    emperor = guard = -1
    answers: dict[int, str] = {}
    declared_open_solo = False
    out: list[int] = []
    last_setter = -1
    ended_at = None
    n_events = len(log.events)
    for k, (seat, action) in enumerate(log.events):
        kind = action.kind
        if kind == "abdicate":  # §3.1 the emperor card itself moves on
            hands[seat].discard(EMPEROR_CARD)
            hands[(seat + 1) % 5].add(EMPEROR_CARD)
            notes.append(f"seat {seat} abdicates: BJ* goes to seat {(seat + 1) % 5} (§3.1)")
            holder = (seat + 1) % 5
        elif kind in ("ascend", "open_solo", "dark_solo"):
            emperor = seat
            guard = next(s for s in range(5) if GUARD_CARD in hands[s])
            declared_open_solo = kind == "open_solo"
            notes.append(f"seat {seat} takes the throne ({kind}); SJ* is with seat {guard}")
        elif kind in ("open_guard", "dark_guard", "rebel", "no_rebel"):
            answers[seat] = kind
        elif isinstance(action, Play):
            assert ended_at is None, "a play after the result was fixed"
            cards = {c.index for c in action.cards}
            assert cards <= hands[seat]
            hands[seat] -= cards
            last_setter = seat
            if not hands[seat]:
                out.append(seat)
                notes.append(f"seat {seat} ({'?'}) goes out {len(out)}: event {k + 1}")
                if _fixed(out, emperor, guard, answers, declared_open_solo):
                    ended_at = k
    assert holder == emperor
    rebels = [s for s, a in answers.items() if a == "rebel"]
    rebellion = len(rebels) >= 2  # §3.3
    solo = guard == emperor
    if solo:
        open_hand = declared_open_solo or rebellion
    else:
        open_hand = answers.get(guard) == "open_guard" or rebellion
    assert ended_at == n_events - 1, "the hand must end exactly at its last event (§5.1)"
    # §5.1 the rest: fewest cards first, ties in play order from the last set's player.
    rest = sorted(
        (s for s in range(5) if s not in out),
        key=lambda s: (len(hands[s]), (s - last_setter) % 5),
    )
    places = out + rest
    notes.append(
        "still holding: "
        + ", ".join(f"seat {s} {len(hands[s])} cards" for s in rest)
        + f"; last set by seat {last_setter} (§5.1 ties in play order from it)"
    )
    d = Derivation(emperor, guard, open_hand, solo, places, [0] * 5, notes)
    for i, line in enumerate(d.notes):
        if "(?)" in line:
            d.notes[i] = line.replace("(?)", f"({d.role(int(line.split()[1]))})")
    letters = "".join(d.role(s) for s in places)
    if solo:
        place = places.index(emperor) + 1
        big, small = (32, 8) if open_hand else (16, 4)  # §5.3
        if place == 1:
            sign = 1
        elif place == 2 and not open_hand:
            sign = 0
        else:
            sign = -1
        for s in range(5):
            d.payouts[s] = sign * (big if s == emperor else -small) * STAKE
        d.notes.append(
            f"{'open' if open_hand else 'dark'} solo, places {letters}: emperor {place}"
            f" -> emperor {sign * big * STAKE:+d}, others {-sign * small * STAKE:+d}"
            f" (§5.3, S={STAKE})"
        )
    else:
        royal = tuple(sorted(places.index(s) + 1 for s in (emperor, guard)))
        winner, m = TABLE[royal]  # type: ignore[index]
        e, g, r = (4, 2, 2) if open_hand else (2, 1, 1)
        sign = {"A": 1, "B": -1, "draw": 0}[winner]
        for s in range(5):
            unit = e if s == emperor else g if s == guard else -r
            d.payouts[s] = sign * unit * m * STAKE
        pattern = " ".join("A" if x in "EG" else "B" for x in letters)
        d.notes.append(
            f"{'open' if open_hand else 'dark'} two-against-three, places {letters} = {pattern}:"
            f" winner {winner}, m={m} (§5.2) -> emperor {sign * e * m * STAKE:+d},"
            f" guard {sign * g * m * STAKE:+d}, rebels {-sign * r * m * STAKE:+d} (S={STAKE})"
        )
    return d


def _fixed(
    out: list[int], emperor: int, guard: int, answers: dict[int, str], open_solo: bool
) -> bool:
    """RULES §5.1: is the result fixed once ``out`` are out?"""
    rebellion = sum(a == "rebel" for a in answers.values()) >= 2
    if guard == emperor:
        if open_solo or rebellion:
            return len(out) >= 1
        return emperor in out or len([s for s in out if s != emperor]) >= 2
    rebels = [s for s in range(5) if s not in (emperor, guard)]
    return (emperor in out and guard in out) or all(s in out for s in rebels)


# --- what makes a hand interesting -------------------------------------------------------------


def _guard_hand(s: State) -> bool:
    return s.mode is not None and not s.mode.is_solo


def _kinds(log: HandLog) -> list[str]:
    return [a.kind for _, a in log.events]


def is_jiefeng(log: HandLog, final: State) -> bool:
    """§4.6: somebody went out on a set nobody beat, and the next holder led a new trick."""
    prev: State | None = None
    for st in states(log):
        if (
            prev is not None
            and st.last_set is None
            and prev.last_player is not None
            and not st.hands[prev.last_player]
            and st.turn != prev.last_player
            and st.phase.value == "play"
        ):
            return True
        prev = st
    return False


def is_pass_locked(log: HandLog, final: State) -> bool:
    """§4.7 mattered: a seat had to pass although it held a set that beat the trick."""
    for st, (seat, action) in zip(states(log), log.events, strict=False):
        if (
            action.kind == "pass"
            and st.passed_in_trick >> seat & 1
            and legal_set_indices(st.hands[seat], st.last_set or (), keep_six=False)
        ):
            return True
    return False


def played_sixes(log: HandLog, final: State) -> bool:
    """§4.8: a player went out with their 6s, alone and all together."""
    return any(isinstance(a, Play) and all(c.strength == 0 for c in a.cards) for _, a in log.events)


Finder = Callable[[HandLog, State], bool]


def _plain(mode: str) -> Finder:
    """A hand played in ``mode`` without a rebellion."""
    return lambda log, s: s.mode is not None and s.mode.value == mode and not s.rebellion


KINDS: dict[str, tuple[str, dict[str, bool], Temper, Finder]] = {
    "dark_guard": (
        "standard",
        {},
        Temper(),
        lambda log, s: (
            s.mode is not None
            and s.mode.value == "dark_guard"
            and not s.rebellion
            and "abdicate" not in _kinds(log)
            and "rebel" not in _kinds(log)
        ),
    ),
    "open_guard": ("standard", {}, Temper(), _plain("open_guard")),
    "rebellion": (
        "standard",
        {},
        Temper(rebel=11.0),
        lambda log, s: s.rebellion and s.mode is not None and not s.mode.is_solo,
    ),
    "failed_rebel": (
        "standard",
        {},
        Temper(),
        lambda log, s: sum(s.failed_rebels) == 1 and s.mode is not None and not s.mode.is_solo,
    ),
    "dark_solo": ("standard", {}, Temper(), _plain("dark_solo")),
    "dark_solo_rebellion": (
        "standard",
        {},
        Temper(rebel=10.0),
        lambda log, s: s.mode is not None and s.mode.value == "dark_solo" and s.rebellion,
    ),
    "open_solo": (
        "standard",
        {},
        Temper(open_solo=14.0),
        lambda log, s: s.mode is not None and s.mode.value == "open_solo",
    ),
    "abdication": ("standard", {}, Temper(), lambda log, s: "abdicate" in _kinds(log)),
    "abdication_round": (
        "standard",
        {},
        Temper(abdicate=100.0),  # everybody abdicates: the card comes back round (§3.1)
        lambda log, s: _kinds(log).count("abdicate") == 5,
    ),
    "keep_six": ("keep_six", {}, Temper(), lambda log, s: _guard_hand(s) and played_sixes(log, s)),
    "pass_lock": (
        "standard",
        {"pass_lock": True},
        Temper(),
        lambda log, s: _guard_hand(s) and is_pass_locked(log, s),
    ),
    "jiefeng": (
        "standard",
        {},
        Temper(),
        # Not seed 11 again (the dark guard file): a second, different hand.
        lambda log, s: _guard_hand(s) and log.seed != 11 and is_jiefeng(log, s),
    ),
}


def candidates(kind: str, start: int) -> Iterator[tuple[State, HandLog]]:
    preset, switches, temper, _ = KINDS[kind]
    rules = Rules.preset(preset, stake=STAKE, **switches)
    seed = start
    while True:
        bots = [SensibleBot(random.Random(seed * 5 + i), temper=temper) for i in range(5)]
        yield play_hand(seed, rules, bots)
        seed += 1


def moments(log: HandLog) -> list[str]:
    """Where jiefeng (§4.6) and pass-lock (§4.7) decided something, for the reviewer."""
    notes = []
    all_states = list(states(log))
    for k, (seat, action) in enumerate(log.events):
        before, after = all_states[k], all_states[k + 1]
        if (
            action.kind == "pass"
            and after.last_set is None
            and before.last_player is not None
            and not before.hands[before.last_player]
            and after.phase.value == "play"
        ):
            notes.append(
                f"event {k + 1}: nobody beat the set seat {before.last_player} went out with;"
                f" seat {after.turn}, the next player still holding cards, leads (jiefeng §4.6)"
            )
        if (
            action.kind == "pass"
            and before.rules.pass_lock
            and before.passed_in_trick >> seat & 1
            and legal_set_indices(before.hands[seat], before.last_set or ())
        ):
            notes.append(
                f"event {k + 1}: seat {seat} passes although it holds a beat: it passed earlier"
                " in this trick (pass-lock §4.7)"
            )
    return notes


def golden_text(kind: str, final: State, log: HandLog, d: Derivation) -> str:
    d.notes += moments(log)
    lines = [
        f"# Golden hand: {kind}. Found by scripts/find_golden.py;"
        " checked by hand against RULES.md.",
        f"# Emperor seat {d.emperor}"
        + (" (solo)" if d.solo else f", guard seat {d.guard}")
        + f"; {'open' if d.open_hand else 'dark'} hand.",
    ]
    lines += [f"# {n}" for n in d.notes]
    text = "\n".join(lines) + "\n" + log.to_text()
    text += "expect places " + " ".join(str(s) for s in d.places) + "\n"
    text += "expect roles " + "".join(d.role(s) for s in d.places) + "\n"
    text += "expect payouts " + " ".join(str(p) for p in d.payouts) + "\n"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=sorted(KINDS), action="append")
    parser.add_argument("--start", type=int, default=1, help="first seed to try")
    parser.add_argument("--limit", type=int, default=5000, help="seeds to try per kind")
    parser.add_argument("--max-events", type=int, default=10_000, help="prefer short hands")
    parser.add_argument("--out", type=Path, help="directory for <kind>.hand files")
    parser.add_argument("--show", action="store_true", help="print the file")
    args = parser.parse_args()
    status = 0
    for kind in args.kind or sorted(KINDS):
        finder = KINDS[kind][3]
        found = None
        for tried, (final, log) in enumerate(candidates(kind, args.start)):
            if tried >= args.limit:
                break
            if len(log.events) <= args.max_events and finder(log, final):
                found = (final, log)
                break
        if found is None:
            print(f"{kind}: nothing in {args.limit} seeds", file=sys.stderr)
            status = 1
            continue
        final, log = found
        d = derive(log)
        engine_payouts = [s.payout for s in settle(final).seats]
        if list(final.finishing_order) != d.places or engine_payouts != d.payouts:
            print(
                f"{kind} seed {log.seed}: ENGINE DISAGREES: engine {final.finishing_order}"
                f" {engine_payouts}, rules {d.places} {d.payouts}",
                file=sys.stderr,
            )
            status = 1
            continue
        text = golden_text(kind, final, log, d)
        print(f"{kind}: seed {log.seed}, {len(log.events)} events, places {d.places}")
        if args.show:
            print(text)
        if args.out:
            (args.out / f"{kind}.hand").write_text(text)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
