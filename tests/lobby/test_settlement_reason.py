"""The settlement's reason in words (display.outcome), against RULES §5 / §10 cases worked
by hand. The winner and multiple come from the engine, as at a table; the explanation must
agree with the hand-worked reading of the rule."""

from __future__ import annotations

import pytest
from django.utils import translation

from display.outcome import OutcomeReason, explain, reason_lines
from game import engine
from game.engine.settlement import SeatOutcome, compute_settlement

E, G, R = engine.Role.EMPEROR, engine.Role.GUARD, engine.Role.REBEL
NAMES = ("甲", "乙", "丙", "丁", "戊")


def _reason(
    mode: engine.Mode,
    order: str,
    *,
    rebellion: bool = False,
    scoring: str = "boke",
    holding: dict[int, int] | None = None,
    fled: frozenset[int] = frozenset(),
) -> OutcomeReason:
    """``order``: the roles by place, first place first ("E R R R G"); seat n took place
    n + 1. ``holding``: cards left per seat (the others went out)."""
    roles = [{"E": E, "G": G, "R": R}[c] for c in order.split()]
    settlement = compute_settlement(
        mode=mode,
        rebellion=rebellion,
        outcomes=[
            SeatOutcome(seat=s, role=roles[s], place=s + 1, fled=s in fled) for s in range(5)
        ],
        stake=10,
        fee=0,
        scoring=scoring,
    )
    holding = holding or {}
    return explain(
        mode=mode,
        rebellion=rebellion,
        scoring=scoring,
        places=[s + 1 for s in range(5)],
        roles=roles,
        cards_left=[holding.get(s, 0) for s in range(5)],
        fled=[s in fled for s in range(5)],
        names=NAMES,
        winner=settlement.winner,
        multiple=settlement.multiple,
    )


def _text(reason: OutcomeReason) -> str:
    with translation.override("en"):
        return " ".join(reason_lines(reason))


def test_emperor_first_guard_last_is_a_draw_because_the_places_add_up_to_six() -> None:
    # RULES §5.2 row A B B B A: the line a player could not read ("皇 反 反 反 保 · 0 倍").
    r = _reason(engine.Mode.DARK_GUARD, "E R R R G", holding={4: 7})
    assert (r.section, r.royal_places, r.value, r.winner, r.multiple) == (
        "§5.2",
        (1, 5),
        6,
        "draw",
        0,
    )
    assert r.ended_by == "rebels_out"  # the three rebels went out, the guard held 7 cards
    text = _text(r)
    assert "1 + 5 = 6" in text and "a draw" in text and "exactly 6 is a draw" in text
    assert "戊" in text and "7 cards" in text


def test_the_rules_worked_example_dark_guard_a_b_b_a_b() -> None:
    # RULES §5.4: S=10, dark guard, places A B B A B → emperor +20, guard +10.
    r = _reason(engine.Mode.DARK_GUARD, "E R R G R", holding={4: 3})
    assert (r.value, r.winner, r.multiple, r.ended_by, r.open_scoring) == (
        5,
        "royalists",
        1,
        "royalists_out",
        False,
    )
    text = _text(r)
    assert "1 + 4 = 5" in text and "the royalists win" in text
    assert "emperor 2, guard 1, each rebel 1" in text
    assert "doubled" not in text


def test_the_rules_worked_example_open_hand_b_b_b_a_a() -> None:
    # RULES §5.4: S=10, open hand, places B B B A A → rebels +40 each: m = 2, doubled.
    r = _reason(engine.Mode.OPEN_GUARD, "R R R E G", holding={3: 2, 4: 5})
    assert (r.value, r.winner, r.multiple, r.ended_by, r.open_scoring) == (
        9,
        "rebels",
        2,
        "rebels_out",
        True,
    )
    text = _text(r)
    assert "4 + 5 = 9" in text and "multiple 2" in text and "emperor 4, guard 2" in text
    assert "doubled" in text


def test_a_rebellion_opens_a_two_against_three_hand_too() -> None:
    r = _reason(engine.Mode.DARK_GUARD, "R E G R R", rebellion=True, holding={3: 1, 4: 4})
    assert (r.value, r.winner, r.open_scoring, r.ended_by) == (
        5,
        "royalists",
        True,
        "royalists_out",
    )


def test_dark_solo_second_place_is_a_draw_and_ended_with_the_emperor_out() -> None:
    # RULES §5.3: dark solo, emperor second → nobody wins or loses; §5.1 the hand ends when
    # the emperor is out.
    r = _reason(engine.Mode.DARK_SOLO, "R E R R R", holding={2: 3, 3: 5, 4: 9})
    assert (r.section, r.winner, r.ended_by, r.royal_places) == (
        "§5.3",
        "draw",
        "emperor_out",
        (2,),
    )
    assert "second is a draw" in _text(r)


def test_dark_solo_ends_when_two_others_are_out() -> None:
    r = _reason(engine.Mode.DARK_SOLO, "R R E R R", holding={2: 4, 3: 5, 4: 6})
    assert (r.winner, r.ended_by) == ("rebels", "two_out")
    assert "better than third" in _text(r)


def test_a_dark_solo_opened_by_rebellion_is_scored_as_open_solo() -> None:
    # RULES §5.3: second place loses 32·S there (no draw); §5.1 open solo ends at once.
    r = _reason(
        engine.Mode.DARK_SOLO, "R E R R R", rebellion=True, holding={1: 2, 2: 3, 3: 4, 4: 5}
    )
    assert (r.winner, r.ended_by, r.opened_by_rebellion, r.open_scoring) == (
        "rebels",
        "anyone_out",
        True,
        True,
    )
    assert "scored as open solo" in _text(r)


def test_an_open_solo_has_its_own_amounts_and_is_not_doubled_again() -> None:
    # RULES §5.3: open solo is 32·S, not dark solo's 16·S doubled by a line of its own.
    r = _reason(engine.Mode.OPEN_SOLO, "E R R R R", holding={1: 3, 2: 4, 3: 5, 4: 6})
    assert (r.winner, r.open_scoring, r.doubled, r.ended_by) == (
        "royalists",
        True,
        False,
        "anyone_out",
    )
    text = _text(r)
    assert "32 × S" in text and "doubled" not in text


def test_formula_doubles_a_dark_solo_opened_by_rebellion() -> None:
    # RULES §10.5 (file 004): a standing rebellion doubles everything, a dark solo included.
    r = _reason(
        engine.Mode.DARK_SOLO,
        "E R R R R",
        rebellion=True,
        scoring="formula",
        holding={1: 3, 2: 4, 3: 5, 4: 6},
    )
    assert (r.section, r.winner, r.doubled) == ("§10.5", "royalists", True)
    assert "every amount is doubled" in _text(r)


def test_formula_scoring_reads_six_minus_the_places() -> None:
    # RULES §10.5: emperor 1st, guard 3rd → guard = 6 − (1 + 3) = 2: royalists win.
    r = _reason(engine.Mode.DARK_GUARD, "E R G R R", scoring="formula", holding={3: 2, 4: 3})
    assert (r.section, r.value, r.winner) == ("§10.5", 2, "royalists")
    assert "6 − (1 + 3) = 2" in _text(r)


def test_position_points_add_the_royalists_points_and_play_to_the_last() -> None:
    # RULES §10.9: emperor 1st (+4), guard 5th (−4): s = 0, a draw; played until one is left.
    r = _reason(engine.Mode.DARK_GUARD, "E R R R G", scoring="position", holding={4: 6})
    assert (r.section, r.value, r.winner, r.ended_by) == ("§10.9", 0, "draw", "one_left")


def test_a_fled_player_is_named_with_the_rule() -> None:
    r = _reason(engine.Mode.DARK_GUARD, "E G R R R", holding={3: 3, 4: 8}, fled=frozenset({4}))
    assert "戊 left the hand" in _text(r) and "§6.3" in _text(r)


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_every_line_is_translated(language: str) -> None:
    r = _reason(engine.Mode.OPEN_GUARD, "E R R R G", holding={4: 7}, fled=frozenset({1}))
    with translation.override(language):
        lines = reason_lines(r)
    assert len(lines) == 6
    english = [line for line in lines if any(w in line for w in ("the ", "hand", " out"))]
    if language == "zh-hans":
        # Each sentence reads in Chinese, not merely a Chinese term inside English.
        assert english == [], english
    else:
        assert english == list(lines)
