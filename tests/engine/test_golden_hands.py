"""Golden hands: whole recorded hands replayed through the engine (python-chess perft style).

Each ``tests/engine/golden/<kind>.hand`` file is, in this order:

1. ``#`` comment lines: the hand's derivation by hand from RULES.md (who holds the throne and
   the guard card, who went out when, why the hand ended, the §5.2/§5.3 row and amounts).
   ``HandLog.from_text`` ignores them.
2. The engine's hand log exactly as ``replay.HandLog.to_text()`` writes it: a header line,
   ``seed N``, ``rules ...``, then one ``SEAT ACTION`` line per accepted action.
3. Three expectation lines (not part of the log; this module strips them):
   ``expect places S S S S S``  seats in finishing order, 1st place first (RULES §5.1);
   ``expect roles XXXXX``       E/G/R in finishing order, as the referee's ``--places``;
   ``expect payouts P P P P P`` zero-sum payout per seat 0..4, before fees (§5.2–§5.4).

The files were found by ``scripts/find_golden.py`` (self-play, stake 10), whose own reading of
§3, §5.1–§5.4, independent of the engine, produced the expectations and the comments; each file
was then checked by hand. Replaying must reproduce them exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine import HandLog, Mode, PassLocked, Phase, Play, Role, State, replay, settle
from game.engine.hand import apply, new_hand

GOLDEN = Path(__file__).parent / "golden"
LETTER = {Role.EMPEROR: "E", Role.GUARD: "G", Role.REBEL: "R"}

# At least one golden hand of each of these kinds.
REQUIRED = (
    "dark_guard",
    "open_guard",
    "rebellion",
    "dark_solo",
    "open_solo",
    "abdication",
    "abdication_round",
    "keep_six",
    "pass_lock",
    "jiefeng",
)


@dataclass(frozen=True)
class Golden:
    name: str
    log_text: str  # exactly HandLog.to_text() (comments removed)
    places: tuple[int, ...]
    roles: str
    payouts: tuple[int, ...]

    @property
    def log(self) -> HandLog:
        return HandLog.from_text(self.log_text)


def load(path: Path) -> Golden:
    log_lines: list[str] = []
    expect: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("expect "):
            _, key, *values = line.split()
            expect[key] = values
        else:
            log_lines.append(line)
    return Golden(
        name=path.stem,
        log_text="\n".join(log_lines) + "\n",
        places=tuple(int(s) for s in expect["places"]),
        roles="".join(expect["roles"]),
        payouts=tuple(int(p) for p in expect["payouts"]),
    )


FILES = sorted(GOLDEN.glob("*.hand"))


def test_it_has_a_golden_hand_of_every_required_kind() -> None:
    assert {p.stem for p in FILES} >= set(REQUIRED)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_it_replays_to_the_expected_places_and_payouts(path: Path) -> None:
    golden = load(path)
    log = golden.log
    assert log.to_text() == golden.log_text  # the file is the engine's own log format
    state = replay(log)
    assert state.phase is Phase.FINISHED  # RULES §5.1: the log ends where the result is fixed
    assert state.finishing_order == golden.places  # RULES §5.1
    roles = "".join(LETTER[r] for r in (state.role_of(s) for s in golden.places) if r)
    assert roles == golden.roles
    settlement = settle(state)
    assert tuple(s.payout for s in settlement.seats) == golden.payouts  # RULES §5.2–§5.4
    assert sum(golden.payouts) == 0  # RULES §5.4 zero-sum before the fee


def _final(name: str) -> tuple[Golden, State]:
    golden = load(GOLDEN / f"{name}.hand")
    return golden, replay(golden.log)


def test_dark_guard_is_the_worked_example_of_rules_5_4() -> None:
    # RULES §5.4: S=10, dark guard, places A B B A B -> emperor +20, guard +10, rebels -10.
    golden, state = _final("dark_guard")
    assert state.mode is Mode.DARK_GUARD and not state.rebellion
    assert golden.roles == "ERRGR"
    assert sorted(golden.payouts) == [-10, -10, -10, 10, 20]


def test_open_guard_scores_double() -> None:
    # RULES §3.3, §5.2: the guard revealed; an open hand pays 4/2/2 per m.
    _, state = _final("open_guard")
    assert state.mode is Mode.OPEN_GUARD and state.is_open


def test_rebellion_opens_a_guard_hand() -> None:
    # RULES §3.3: two or more rebels declared -> every identity public, the hand is open.
    golden, state = _final("rebellion")
    assert state.rebellion and state.mode is Mode.DARK_GUARD and state.roles_public
    rebels = [seat for seat, action in golden.log.events if action.kind == "rebel"]
    assert len(rebels) >= 2


def test_dark_solo_ends_when_two_others_are_out() -> None:
    # RULES §5.1: in dark solo the hand ends when two others are out; §5.3 emperor 3rd loses.
    golden, state = _final("dark_solo")
    assert state.mode is Mode.DARK_SOLO and not state.rebellion
    assert golden.roles.index("E") == 2


def test_a_rebellion_in_dark_solo_makes_it_open_solo() -> None:
    # RULES §3.3 (in dark solo a rebellion makes it open solo), §5.1 open solo ends at the
    # first player out, §5.3 the emperor second loses 32·S (no draw in open solo).
    golden, state = _final("dark_solo_rebellion")
    assert state.mode is Mode.DARK_SOLO and state.rebellion
    assert golden.roles == "RERRR"
    assert golden.payouts[state.emperor or 0] == -320


def test_open_solo_ends_at_the_first_player_out() -> None:
    # RULES §5.1 open solo: the hand ends when anyone is out.
    _, state = _final("open_solo")
    assert state.mode is Mode.OPEN_SOLO
    assert sum(1 for s in range(5) if not state.hands[s]) == 1


def test_abdication_hands_the_emperor_card_on() -> None:
    # RULES §3.1: abdicating moves the emperor card itself to the next player.
    golden, state = _final("abdication")
    first, action = golden.log.events[0]
    assert action.kind == "abdicate"
    assert state.emperor == (first + 1) % 5


def test_a_full_abdication_round_forces_the_first_holder_to_ascend() -> None:
    # RULES §3.1: if the card comes back round to the first holder, that player must ascend.
    golden, state = _final("abdication_round")
    kinds = [a.kind for _, a in golden.log.events[:6]]
    assert kinds == ["abdicate"] * 5 + ["ascend"]
    assert state.emperor == golden.log.events[0][0]


def test_keep_six_sixes_go_out_last_and_alone() -> None:
    # RULES §4.8: a set with a 6 is all of the player's 6s, nothing else, as the final set.
    golden, state = _final("keep_six")
    assert state.rules.keep_six
    sixes = [a for _, a in golden.log.events if a.kind == "play" and "6" in str(a)]
    assert sixes
    for action in sixes:
        assert isinstance(action, Play) and all(c.strength == 0 for c in action.cards)


def test_pass_lock_changes_the_dark_guard_hand() -> None:
    # RULES §4.7: the pass-lock golden hand is the dark-guard deal under pass-lock. Replaying
    # the unlocked hand's actions under pass-lock must be refused exactly where a seat that
    # had passed in the trick played again.
    plain = load(GOLDEN / "dark_guard.hand").log
    locked = load(GOLDEN / "pass_lock.hand").log
    assert locked.rules.pass_lock and not plain.rules.pass_lock and plain.seed == locked.seed
    state = new_hand(plain.seed, locked.rules)
    refused = False
    for seat, action in plain.events:
        try:
            state = apply(state, seat, action)
        except PassLocked:
            refused = True
            break
    assert refused


def test_jiefeng_gives_the_lead_to_the_next_holder() -> None:
    # RULES §4.6: nobody beat the set a player went out with -> the next player after them
    # still holding cards leads a new trick.
    golden = load(GOLDEN / "jiefeng.hand")
    state = new_hand(golden.log.seed, golden.log.rules)
    seen = False
    for seat, action in golden.log.events:
        before, state = state, apply(state, seat, action)
        out = before.last_player
        if (
            action.kind == "pass"
            and state.last_set is None
            and out is not None
            and not before.hands[out]
            and state.phase is Phase.PLAY
        ):
            expected = next((out + k) % 5 for k in range(1, 5) if state.hands[(out + k) % 5])
            assert state.turn == expected
            seen = True
    assert seen
