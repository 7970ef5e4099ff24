"""Action notation (docs/NOTATION.md) and the room rules value (RULES §9.2)."""

from __future__ import annotations

import pytest

from game.engine import Action, MalformedAction, Mark, Play, Rules, parse_cards
from game.engine.actions import AUTO_OFF, AUTO_ON, FLEE, PASS, Guess


@pytest.mark.parametrize(
    "text",
    [
        "ascend",
        "abdicate",
        "open_solo",
        "dark_solo",
        "open_guard",
        "dark_guard",
        "rebel",
        "no_rebel",
        "play 8S 8H SJ*",
        "play 8 8 8 SJ",
        "play BJ* BJ1 2D3",
        "pass",
        "auto on",
        "auto off",
        "flee",
        "mark 3 guard",
        "mark 0 unknown",
    ],
)
def test_every_action_round_trips(text):
    action = Action.from_notation(text)
    assert action.to_notation() == text
    assert Action.from_notation(str(action)) == action


def test_notation_builds_the_expected_values():
    assert Action.from_notation("play 8S SJ*") == Play(parse_cards("8S SJ*"))
    assert Action.from_notation("mark 2 rebel") == Mark(2, Guess.REBEL)
    assert (
        Action.from_notation("auto on") == AUTO_ON and Action.from_notation("auto off") == AUTO_OFF
    )
    assert Action.from_notation(" PASS ") == PASS and Action.from_notation("flee") == FLEE


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "play 5S",
        "pass now",
        "auto",
        "auto maybe",
        "mark 5 guard",
        "mark 1 king",
        "jump",
    ],
)
def test_malformed_actions_are_refused(text):
    with pytest.raises(MalformedAction):
        Action.from_notation(text)


def test_presets_match_the_rules_table():
    # RULES §9.2
    standard, quick, keep_six = (Rules.preset(n) for n in ("standard", "quick", "keep_six"))
    assert (standard.abdication, standard.solo, standard.open_guard, standard.rebellion) == (
        True,
        True,
        True,
        True,
    )
    assert not standard.keep_six and not standard.pass_lock
    assert (quick.abdication, quick.solo, quick.open_guard, quick.rebellion) == (
        False,
        True,
        False,
        False,
    )
    assert keep_six.keep_six and keep_six.abdication and keep_six.rebellion
    # RULES §4.7: pass-lock is a separate switch on any room.
    assert Rules.preset("quick", pass_lock=True).pass_lock
    with pytest.raises(MalformedAction):
        Rules.preset("blitz")


def test_rules_round_trip_through_dict_and_text():
    rules = Rules.preset("keep_six", pass_lock=True, stake=10, fee=3)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_text(rules.to_text()) == rules
    assert rules.to_text() == (
        "name=keep_six abdication=1 solo=1 open_guard=1 rebellion=1 keep_six=1 pass_lock=1 "
        "stake=10 fee=3"
    )
    with pytest.raises(MalformedAction):
        Rules.from_text("stake=ten")
    with pytest.raises(MalformedAction):
        Rules.from_dict({"colour": "red"})
    with pytest.raises(MalformedAction):
        Rules.preset("standard", stake=0)
