"""Find self-play hands for the §10 named presets' golden files (a tool, not a test).

Like ``find_golden.py``: it plays seeds with the bots until a hand of the wanted kind turns
up, then derives places and payouts from the log with its own reading of RULES §10.5 (formula)
and §10.9 (position points), independent of the engine's ``scoring.py``, and refuses a hand
where the two disagree. The file carries that derivation as comments.

    .venv/bin/python scripts/find_golden_variants.py --out tests/engine/golden
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.outcome import settle
from game.engine.previous import PreviousResult
from game.engine.replay import HandLog
from game.engine.roles import Mode, Role
from game.engine.rules import Rules
from game.engine.selfplay import play_hand
from game.engine.state import State

STAKE = 10
LETTER = {Role.EMPEROR: "E", Role.GUARD: "G", Role.REBEL: "R"}
PREVIOUS = PreviousResult(
    (Role.REBEL, Role.EMPEROR, Role.REBEL, Role.GUARD, Role.REBEL), (2, 1, 4, 3, 5), "royalists"
)


def formula(state: State) -> tuple[list[int], str]:
    """RULES §10.5 read afresh: guard = 6 − (E place + G place), emperor 2×, rebels −."""
    place = [p or 0 for p in state.places]
    e = state.emperor
    assert e is not None and state.mode is not None
    doubled = state.mode is Mode.OPEN_GUARD or state.rebellion
    f = 2 if doubled else 1
    if state.guard == e:
        pe = place[e]
        unit = (
            (24 if pe == 1 else -24) if state.mode is Mode.OPEN_SOLO else {1: 12, 2: 0}.get(pe, -12)
        )
        unit *= f
        pays = [unit if s == e else -unit // 4 for s in range(5)]
        return [
            p * STAKE for p in pays
        ], f"solo, emperor place {pe}: emperor {unit}, others {-unit // 4} (x S)"
    g = state.guard
    assert g is not None
    value = (6 - (place[e] + place[g])) * f
    pays = [2 * value if s == e else value if s == g else -value for s in range(5)]
    why = f"guard = (6 - ({place[e]} + {place[g]})) x {f} = {value}; "
    why += f"emperor {2 * value}, rebels {-value} (x S)"
    return [p * STAKE for p in pays], why


POINTS = {1: 4, 2: 2, 3: 0, 4: -2, 5: -4}


def position(state: State) -> tuple[list[int], str]:
    """RULES §10.9 read afresh."""
    e, g = state.emperor, state.guard
    place = [p or 0 for p in state.places]
    assert e is not None and state.mode is not None
    f = 2 if state.mode in (Mode.OPEN_GUARD, Mode.OPEN_SOLO) or state.rebellion else 1
    if g == e:
        p = POINTS[place[e]] * f
        return [(4 * p if s == e else -p) * STAKE for s in range(5)], f"solo p = {p}"
    assert g is not None
    total = (POINTS[place[e]] + POINTS[place[g]]) * f
    pays = [2 * total if s == e else total if s == g else -total for s in range(5)]
    return [
        x * STAKE for x in pays
    ], f"s = ({POINTS[place[e]]} + {POINTS[place[g]]}) x {f} = {total}"


KINDS: dict[str, tuple[Rules, Callable[[State, HandLog], bool], bool]] = {
    # Classic: a called guard and the grab round answered by all four, dark guard.
    "lianzhong_classic": (
        Rules.preset("lianzhong_classic", stake=STAKE),
        lambda s, log: (
            s.called is not None
            and s.mode is Mode.DARK_GUARD
            and sum(a.kind == "no_grab" for _, a in log.events) == 4
        ),
        False,
    ),
    # Simple: the throne passed on to the previous seat (上家) before somebody ascended.
    "lianzhong_simple": (
        Rules.preset("lianzhong_simple", stake=STAKE),
        lambda s, log: any(a.kind == "abdicate" for _, a in log.events) and not s.is_solo,
        False,
    ),
    # Duole: 216 cards, tribute from a previous result, and a jiefeng request granted.
    "duole": (
        Rules.preset("duole", stake=STAKE),
        lambda s, log: (
            bool(s.tribute) and any(a.kind == "request" for _, a in log.events) and not s.is_solo
        ),
        True,
    ),
}


def find(name: str) -> tuple[State, HandLog]:
    rules, wanted, with_previous = KINDS[name]
    for seed in range(1, 5000):
        state, log = play_hand(seed, rules, previous=PREVIOUS if with_previous else None)
        if not state.void and wanted(state, log):
            return state, log
    raise SystemExit(f"no {name} hand found")


def write(name: str, out: Path | None) -> None:
    state, log = find(name)
    derive = position if state.rules.scoring == "position" else formula
    pays, why = derive(state)
    engine = [s.payout for s in settle(state).seats]
    if pays != engine:
        raise SystemExit(f"{name}: my reading {pays} != engine {engine}")
    order = state.finishing_order
    roles = "".join(LETTER[r] for r in (state.role_of(s) for s in order) if r)
    comments = [
        f"# Golden hand: {name}. Found by scripts/find_golden_variants.py; "
        "checked against RULES §10.",
        f"# Emperor seat {state.emperor}, guard seat {state.guard}; mode {state.mode}.",
    ]
    if state.called is not None:
        from game.engine.actions import Call

        label = Call.of_identity(state.called).label
        comments.append(f"# Called identity (public, §10.1): {label}")
    if state.tribute:
        comments.append(f"# Tribute (§10.4): (giver, taker, card index) {list(state.tribute)}")
    comments.append(f"# Places (seats, 1st first): {list(order)} = {roles}; {why}")
    text = "\n".join(comments) + "\n" + log.to_text()
    text += f"expect places {' '.join(map(str, order))}\nexpect roles {roles}\n"
    text += f"expect payouts {' '.join(map(str, engine))}\n"
    if out is None:
        print(text)
    else:
        (out / f"{name}.hand").write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path)
    parser.add_argument("--kind", choices=list(KINDS))
    args = parser.parse_args()
    for name in [args.kind] if args.kind else list(KINDS):
        write(name, args.out)


if __name__ == "__main__":
    main()
