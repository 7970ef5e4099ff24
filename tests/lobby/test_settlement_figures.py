"""Every figure of the settlement line explains itself: for every system the line's own
arithmetic, read back from the words a player sees, comes to the payout the engine settled,
and the flight rule is named only when somebody on the player's side fled.

Standard, quick and keep six score by RULES §5.2/§5.3, both Lianzhong rule sets by §10.5's
formula (dark and open solo included), Duole by §10.9's position points; a fled player pays
§6.3's penalty (§10.8's in the Lianzhong rooms). Hands come from the engine's self-play, many
seeds a system, some with a seat that flees; and every role, mode, place and flight of each
scoring is run through ``compute_settlement`` as well, so that rare modes are checked too.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Sequence

import pytest
from django.utils import translation

from game import engine
from game.engine.rules import PRESETS
from game.engine.selfplay import default_bots
from game.engine.settlement import SeatOutcome, Settlement, compute_settlement
from lobby.summary import SeatLine, SettlementSummary, summarize_hand

E, G, R = engine.Role.EMPEROR, engine.Role.GUARD, engine.Role.REBEL
STAKE, FEE = 10, 2
NAMES = ("甲", "乙", "丙", "丁", "戊")

SIGNED = r"(0|[+−]\d+)"
SHARE = re.compile(rf"you ((?:\d+ × )+)S (\d+) = {SIGNED}")
FLIGHT = re.compile(
    rf"flight rule \(RULES §6\.3\): .* fled and carry your side's loss, so you get {SIGNED}"
)
FEE_RE = re.compile(rf"fee {SIGNED}")
PENALTY = re.compile(rf"fled penalty (\d+) × S = {SIGNED}")
NET = re.compile(rf"net {SIGNED}")


def number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


def lines_of(settlement: Settlement) -> list[SeatLine]:
    return [
        SeatLine(
            seat=s.seat,
            role=s.role,
            place=s.place,
            payout=s.payout,
            fee=s.fee,
            penalty=s.penalty,
            net=s.net,
            fled=s.fled,
            name=NAMES[s.seat],
        )
        for s in settlement.seats
    ]


def check_line(settlement: Settlement, scoring: str, seat: int) -> SettlementSummary:
    """The line seen at ``seat``, read back figure by figure against the settlement."""
    with translation.override("en"):
        summary = summarize_hand(settlement, scoring=scoring, lines=lines_of(settlement), me=seat)
    line, mine = summary.arithmetic, settlement.seats[seat]
    where = f"{scoring} {settlement.mode} rebellion={settlement.rebellion} seat {seat}: {line}"
    found = SHARE.search(line)
    assert found, where
    factors = [int(f) for f in found.group(1).split(" × ") if f.strip()]
    stake, shown = int(found.group(2)), number(found.group(3))
    sign = 0 if shown == 0 else 1 if shown > 0 else -1
    # The line's product is its result, and is what the presenter's structured share says.
    assert stake == STAKE and abs(shown) == math.prod(factors) * stake, where
    assert summary.share is not None and summary.share.amount == shown, where
    assert tuple(factors) == summary.share.factors, where
    if sign:
        assert summary.outcome == ("win" if sign > 0 else "loss"), where
    # Who fled on the viewer's side, and whether that side lost: only then may the payout
    # differ from the share (RULES §6.3).
    rebel = mine.role is R
    mates = [s for s in settlement.seats if (s.role is R) == rebel]
    side_lost = summary.outcome == "loss"
    flight = FLIGHT.search(line)
    if any(s.fled for s in mates) and side_lost and not all(s.fled for s in mates):
        assert flight, where
        assert set(summary.fled) == {s.seat for s in mates if s.fled}, where
        assert number(flight.group(1)) == mine.payout, where
        others = [NAMES[s.seat] for s in mates if s.fled and s.seat != seat]
        assert all(name in line for name in others), where
    else:
        assert not flight and not summary.fled, where
        assert shown == mine.payout, where
    fee = FEE_RE.search(line)
    assert fee and number(fee.group(1)) == -mine.fee, where
    penalty = PENALTY.search(line)
    if mine.fled:
        assert penalty, where
        assert int(penalty.group(1)) * STAKE == mine.penalty == -number(penalty.group(2)), where
    else:
        assert not penalty, where
    net = NET.search(line)
    assert net and number(net.group(1)) == mine.net == mine.payout - mine.fee - mine.penalty
    # A line names a flight only when there was one.
    if not any(s.fled for s in settlement.seats):
        assert "fled" not in line and "§6.3" not in line, where
    return summary


def play(seed: int, rules: engine.Rules, flee: int | None) -> engine.State:
    """A self-play hand; seat ``flee`` (if any) leaves at its first turn in play, and the
    server plays for it by the missed-decision rule from then on (RULES §6.3)."""
    bots = default_bots(seed)
    state = engine.new_hand(seed, rules)
    for _ in range(3000):
        if state.phase is engine.Phase.FINISHED:
            return state
        seat = engine.to_act(state)[0]
        if seat == flee and state.phase is engine.Phase.PLAY and not state.fled[seat]:
            state = engine.apply(state, seat, engine.Flee())
            continue
        if state.auto[seat]:
            action = engine.autoplay_action(state, seat)
        else:
            action = bots[seat].choose(engine.view_for(state, seat))
        state = engine.apply(state, seat, action)
    raise AssertionError(f"seed {seed}: the hand did not finish")


SEEDS = 60


@pytest.mark.parametrize("preset", PRESETS)
def test_self_play_lines_add_up_to_the_payouts(preset: str) -> None:
    # RULES §5.2/§5.3 (standard, quick, keep six), §10.5 (Lianzhong), §10.9 (Duole), §6.3.
    rules = engine.Rules.preset(preset, stake=STAKE, fee=FEE)
    picker = random.Random(preset)
    modes: set[tuple[engine.Mode, bool]] = set()
    flights = 0
    for seed in range(SEEDS):
        flee = picker.randrange(5) if seed % 2 else None
        state = play(seed, rules, flee)
        if state.void:
            continue
        settlement = engine.settle(state)
        modes.add((settlement.mode, settlement.rebellion))
        flights += any(s.fled for s in settlement.seats)
        for seat in range(5):
            check_line(settlement, rules.scoring, seat)
    assert flights >= SEEDS // 4  # the hands with a flight were checked too
    assert len(modes) >= 2  # more than one kind of hand


def _roles(mode: engine.Mode) -> list[tuple[engine.Role, ...]]:
    """Every placing of the royalists (places are seats: seat n took place n + 1)."""
    out = []
    for emperor in range(5):
        guards = [None] if mode.is_solo else [g for g in range(5) if g != emperor]
        for guard in guards:
            out.append(tuple(E if s == emperor else G if s == guard else R for s in range(5)))
    return out


FLIGHTS: Sequence[frozenset[int]] = (
    frozenset(),
    *(frozenset({s}) for s in range(5)),
    frozenset({2, 3}),
    frozenset({0, 4}),
)


@pytest.mark.parametrize("scoring", ("boke", "formula", "position"))
def test_every_mode_place_and_flight_adds_up(scoring: str) -> None:
    # RULES §5.2, §5.3, §10.5, §10.9; a standing rebellion opens a dark hand (§3.3).
    for mode, rebellion in itertools.product(engine.Mode, (False, True)):
        if rebellion and mode is engine.Mode.OPEN_SOLO:
            continue  # a rebellion is declared in a dark hand only
        for roles, fled in itertools.product(_roles(mode), FLIGHTS):
            settlement = compute_settlement(
                mode=mode,
                rebellion=rebellion,
                outcomes=[
                    SeatOutcome(seat=s, role=roles[s], place=s + 1, fled=s in fled)
                    for s in range(5)
                ],
                stake=STAKE,
                fee=FEE,
                scoring=scoring,
                quit_penalty=40 if scoring == "formula" else 3,
            )
            for seat in range(5):
                check_line(settlement, scoring, seat)


def test_a_lianzhong_dark_solo_rebel_loses_the_formulas_three_stakes() -> None:
    # RULES §10.5: a dark solo emperor first gets +12·S, each other −3·S; nobody fled, so the
    # line names no flight (it read "4 × 1 × 底分 10 = −40 · 按逃跑规则 −30").
    roles = (E, R, R, R, R)
    settlement = compute_settlement(
        mode=engine.Mode.DARK_SOLO,
        rebellion=False,
        outcomes=[SeatOutcome(seat=s, role=roles[s], place=s + 1, fled=False) for s in range(5)],
        stake=STAKE,
        fee=FEE,
        scoring="formula",
        quit_penalty=40,
    )
    rebel = check_line(settlement, "formula", 2)
    emperor = check_line(settlement, "formula", 0)
    assert "you 3 × 1 × S 10 = −30" in rebel.arithmetic
    assert "you 12 × 1 × S 10 = +120" in emperor.arithmetic
    assert "fled" not in rebel.arithmetic


def test_the_formula_and_position_lines_show_the_rules_number() -> None:
    # RULES §10.5: places 1 and 3 → guard value 6 − (1 + 3) = 2; an open guard doubles.
    # RULES §10.9: places 1 and 3 → s = 4 + 0 = 4.
    roles = (E, R, G, R, R)
    outcomes = [SeatOutcome(seat=s, role=roles[s], place=s + 1, fled=False) for s in range(5)]
    formula = compute_settlement(
        mode=engine.Mode.OPEN_GUARD, rebellion=False, outcomes=outcomes, stake=STAKE, fee=FEE,
        scoring="formula",
    )  # fmt: skip
    position = compute_settlement(
        mode=engine.Mode.DARK_GUARD, rebellion=False, outcomes=outcomes, stake=STAKE, fee=FEE,
        scoring="position",
    )  # fmt: skip
    f = check_line(formula, "formula", 0).arithmetic
    p = check_line(position, "position", 1).arithmetic
    assert "formula 6 − (1 + 3) = +2" in f and "open: doubled" in f
    assert "you 2 × 2 × 2 × S 10 = +80" in f
    assert "position points s = +4 + 0 = +4" in p and "you 1 × 4 × S 10 = −40" in p


@pytest.mark.parametrize("scoring", ("boke", "formula", "position"))
def test_the_solo_choices_name_the_rooms_own_stakes(scoring: str) -> None:
    # The choice lines (RULES §3.2) name what first and last place pay under the room's
    # scoring: §5.3 16/32, §10.5 12/24, §10.9 16/32 at the extremes (4 or 8 × ±4 points).
    from game.engine.settlement import role_payouts
    from lobby.presenters import role_choices

    with translation.override("en"):
        choices = {c.kind: c for c in role_choices(("open_solo", "dark_solo"), scoring=scoring)}
    for kind, mode in (("dark_solo", engine.Mode.DARK_SOLO), ("open_solo", engine.Mode.OPEN_SOLO)):
        first = role_payouts(
            mode=mode, rebellion=False, places=(E, R, R, R, R), stake=1, scoring=scoring
        )
        last = role_payouts(
            mode=mode, rebellion=False, places=(R, R, R, R, E), stake=1, scoring=scoring
        )
        text = choices[kind].help
        assert f"+{first[0]}× the stake" in text, text
        assert f"−{-last[4]}×" in text, text
        assert f"{first[0]}× the stake" in choices[kind].confirm
