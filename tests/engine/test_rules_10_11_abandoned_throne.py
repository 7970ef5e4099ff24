"""RULES §10.11 abandoned throne (棄皇): the holder of both marked cards throws the throne on;
if all refuse he plays dark solo, scored as a solo loss of one step less."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import IllegalAction, Mode, Role, Rules, settle
from game.engine.actions import ABDICATE, DARK_SOLO, OPEN_SOLO
from game.engine.cards import EMPEROR_CARD, GUARD_CARD
from game.engine.hand import throne_choices
from game.engine.settlement import role_payouts

from .play_helpers import act, deal, play_state

ABANDON = Rules(abandoned_throne=True)


def test_thrown_on_and_refused_by_all_he_must_play_dark_solo() -> None:
    state = deal(2, ABANDON, emperor_at=1, guard_at=1)
    assert EMPEROR_CARD in state.hands[1] and GUARD_CARD in state.hands[1]
    for seat in (1, 2, 3, 4, 0):
        state = act(state, seat, "abdicate")
    assert state.throne_holder == 1
    assert throne_choices(state, 1) == (DARK_SOLO,)
    with pytest.raises(IllegalAction, match="dark solo"):
        act(state, 1, OPEN_SOLO.kind)
    solo = act(state, 1, "dark_solo")
    assert solo.abandoned and solo.mode is Mode.DARK_SOLO


def test_without_the_switch_the_returned_holder_chooses_as_in_section_3() -> None:
    state = deal(2, Rules(), emperor_at=1, guard_at=1)
    for seat in (1, 2, 3, 4, 0):
        state = act(state, seat, ABDICATE.kind)
    assert set(throne_choices(state, 1)) == {OPEN_SOLO, DARK_SOLO}


def test_the_loss_counts_one_step_less() -> None:
    # Emperor seat 0 in dark solo went out third: a loss (−16·S) in §5.3; abandoned, it is
    # scored as if second: nobody wins or loses.
    finished = play_state(
        ["", "", "", "8S", "9S"], rules=ABANDON, emperor=0, guard=0, mode=Mode.DARK_SOLO
    )
    finished = replace(
        finished, phase=finished.phase.FINISHED, places=(3, 1, 2, 4, 5), abandoned=True
    )
    assert [s.payout for s in settle(finished).seats] == [0, 0, 0, 0, 0]
    fifth = replace(finished, places=(5, 1, 2, 3, 4))
    # Scored as fourth: still a loss, −16 (§5.3: only first wins, second draws).
    assert settle(fifth).for_seat(0).payout == -16
    assert role_payouts(
        mode=Mode.DARK_SOLO,
        rebellion=False,
        places=[Role.REBEL, Role.EMPEROR, *[Role.REBEL] * 3],
        stake=1,
    ) == (0, 0, 0, 0, 0)
