"""The review of a finished hand: every step folded from the log, everything face up."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from game.engine import Action, HandLog, Mark, Mode, Phase, Role, replay, settle, states
from game.engine.actions import Guess
from game.engine.cards import N_CARDS
from game.engine.review import replay_steps, review_view, trick_starts

from .play_helpers import KEEP_SIX, STANDARD, random_hand

GOLDEN = Path(__file__).parent / "golden"


def golden(name: str) -> HandLog:
    lines = [
        line
        for line in (GOLDEN / f"{name}.hand").read_text().splitlines()
        if not line.startswith("expect ")
    ]
    return HandLog.from_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_steps_fold_to_the_same_states_as_the_log(seed: int) -> None:
    rules = STANDARD if seed % 2 else KEEP_SIX
    seen, events = random_hand(seed, rules)
    log = HandLog(seed, rules, tuple(events))
    steps = replay_steps(log)
    by_version = {s.version: s for s in seen}
    assert len(steps) == 1 + sum(not isinstance(a, Mark) for _, a in events)
    assert [s.index for s in steps] == list(range(len(steps)))
    for step in steps:
        assert step.state == by_version[step.version]
    assert steps[-1].state == replay(log)
    assert steps[-1].finished and steps[-1].state.phase is Phase.FINISHED
    assert sum(s.finished for s in steps) == 1


def test_the_deal_shows_all_five_hands_face_up() -> None:
    log = golden("dark_guard")
    view = review_view(replay_steps(log)[0].state)
    counts = sorted(len(s.cards) for s in view.seats)
    assert counts == [33, 33, 34, 34, 34]  # RULES §2.2
    assert len({c for s in view.seats for c in s.cards}) == N_CARDS
    for s in view.seats:  # strongest first
        assert [c.strength for c in s.cards] == sorted((c.strength for c in s.cards), reverse=True)
    assert all(s.role is None for s in view.seats)
    assert sum(s.holds_throne for s in view.seats) == 1


def test_roles_are_true_roles_once_the_throne_is_taken() -> None:
    # A dark hand: a player's view would hide the guard; the review shows it.
    steps = replay_steps(golden("dark_guard"))
    taken = next(s for s in steps if s.throne_taken)
    view = review_view(taken.state)
    roles = [s.role for s in view.seats]
    assert roles.count(Role.EMPEROR) == 1 and roles.count(Role.GUARD) == 1
    assert roles.count(Role.REBEL) == 3
    assert view.guard is not None and roles[view.guard] is Role.GUARD


def test_the_throne_and_declarations_come_first_in_order_with_their_seats() -> None:
    steps = replay_steps(golden("abdication"))
    assert [(s.seat, s.kind) for s in steps[1:3]] == [(0, "abdicate"), (1, "dark_solo")]
    assert steps[2].throne_taken and not steps[1].throne_taken
    steps = replay_steps(golden("rebellion"))
    announced = [s for s in steps if s.announced]
    assert len(announced) == 1
    view = review_view(announced[0].state)
    assert view.rebellion and view.phase is Phase.PLAY
    declared = [s for s in steps[: announced[0].index + 1] if s.kind in ("rebel", "no_rebel")]
    assert sum(s.kind == "rebel" for s in declared) >= 2
    answers = {s.seat: s.answer for s in view.seats}
    assert all(answers[s.seat] == s.kind for s in declared if s.seat is not None)


def test_a_failed_rebel_is_announced() -> None:
    steps = replay_steps(golden("failed_rebel"))
    announced = next(s for s in steps if s.announced)
    assert sum(s.failed_rebel for s in review_view(announced.state).seats) == 1


def test_tricks_are_numbered_from_their_leads_and_record_their_sets() -> None:
    steps = replay_steps(golden("jiefeng"))
    starts = trick_starts(steps)
    assert starts and all(steps[i].leads and steps[i].kind == "play" for i in starts)
    assert [steps[i].trick for i in starts] == list(range(1, len(starts) + 1))
    first = steps[starts[0]]
    assert first.trick_sets == ((first.seat, first.cards),)
    # Within a trick every play adds one set; the trick number never goes down.
    for before, after in pairwise(steps):
        assert after.trick >= before.trick
        if after.kind == "play" and not after.leads:
            assert after.trick_sets[:-1] == before.trick_sets
            assert after.trick_sets[-1] == (after.seat, after.cards)
    # The golden hand's event 80 is a jiefeng: nobody beat the set seat 3 went out with.
    jiefeng = [s for s in steps if s.jiefeng]
    assert [(s.version, s.trick_winner, s.next_leader) for s in jiefeng] == [(80, 3, 4)]
    out = [(s.seat, s.went_out) for s in steps if s.went_out is not None]
    assert out[:2] == [(3, 1), (2, 2)]


def test_a_play_step_names_its_physical_cards() -> None:
    steps = replay_steps(golden("jiefeng"))
    play = next(s for s in steps if s.kind == "play")
    assert play.label == "seat 3: play 6C"
    assert [str(c) for c in play.cards] == ["6C"]
    assert steps[0].kind == "deal" and steps[0].seat is None


def test_private_marks_are_folded_but_never_steps() -> None:
    log = golden("dark_guard")
    events = list(log.events)
    # Seat 0 marks seat 1 right after the declarations (marks are legal in a dark hand).
    at = next(i for i, (_, a) in enumerate(events) if a.kind == "play")
    marked = HandLog(log.seed, log.rules, (*events[:at], (0, Mark(1, Guess.GUARD)), *events[at:]))
    plain, with_mark = replay_steps(log), replay_steps(marked)
    assert [(s.seat, s.kind) for s in plain] == [(s.seat, s.kind) for s in with_mark]
    assert "mark" not in {s.kind for s in with_mark}
    assert with_mark[-1].state == replay(marked)
    assert not hasattr(review_view(with_mark[-1].state), "marks")


def test_the_final_step_settles_like_the_log() -> None:
    log = golden("open_solo")
    final = replay_steps(log)[-1]
    assert settle(final.state) == settle(replay(log))
    view = review_view(final.state)
    assert view.effective_mode is Mode.OPEN_SOLO
    assert sorted(s.place for s in view.seats if s.place) == [1, 2, 3, 4, 5]
    assert list(view.finishing_order) == sorted(range(5), key=lambda s: view.seats[s].place or 0)


def test_an_illegal_event_raises_like_replay() -> None:
    log = golden("dark_guard")
    bad = HandLog(log.seed, log.rules, (*log.events[:3], (0, Action.from_notation("pass"))))
    from game.engine import IllegalAction

    with pytest.raises(IllegalAction):
        replay_steps(bad)
    assert len(list(states(log))) == len(log.events) + 1
