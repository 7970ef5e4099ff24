"""Hand logs: text round-trip and the fold (boardgame.io / lichess: the log is the truth)."""

from __future__ import annotations

import pytest

from game.engine import Action, HandLog, MalformedAction, Play, Rules, replay, states

from .play_helpers import random_hand


def test_a_log_round_trips_through_text_and_replays_to_the_same_state():
    seen, events = random_hand(4, Rules.preset("keep_six", pass_lock=True, stake=3, fee=1))
    log = HandLog(4, seen[0].rules, tuple(events))
    text = log.to_text()
    assert text.startswith("baohuang-hand 1\nseed 4\nrules name=keep_six ")
    assert HandLog.from_text(text) == log
    assert list(states(log)) == seen
    assert replay(log) == seen[-1]


def test_comments_and_blank_lines_are_ignored():
    log = HandLog(1, Rules.preset("standard"), ((0, Action.from_notation("auto on")),))
    text = "# a golden file\n\n" + log.to_text().replace("\n0 auto", "\n# why\n0 auto")
    assert HandLog.from_text(text) == log


@pytest.mark.parametrize(
    "text",
    [
        "",
        "baohuang-hand 1\nseed x\nrules name=standard\n",
        "baohuang-hand 1\nrules name=standard\nseed 1\n",
        "baohuang-hand 1\nseed 1\nrules name=standard\n9 pass\n",
        "baohuang-hand 1\nseed 1\nrules name=standard\n0 dance\n",
        "baohuang-hand 1\nseed 1\nrules name=nonsense\n",
    ],
)
def test_malformed_logs_are_refused(text):
    with pytest.raises(MalformedAction):
        HandLog.from_text(text)


def test_the_state_after_a_play_action_names_physical_cards():
    _, events = random_hand(9)
    plays = [a for _, a in events if isinstance(a, Play)]
    assert plays and all(c.is_physical for a in plays for c in a.cards)


def test_the_draft_copy_carries_every_field():
    # _speed.draft is generated for speed: a forgotten field would break equality here.
    from game.engine._speed import draft

    seen, _ = random_hand(2)
    for state in seen[:: max(1, len(seen) // 10)]:
        copy = draft(state)
        assert copy == state and copy is not state
