"""Hidden information (RULES §11 with §3.4's principle; file 003 §2, §4): in 暗打 nobody
learns a red-ten holder's side until a red ten is shown or played. Three oracles over random
hands (hypothesis):

1. knowledge: every seat's view of the sides equals what that seat can work out from the
   public events alone plus its own dealt cards (never more, never less);
2. indistinguishability: moving a hidden red ten to another hidden hand (the rest of the
   state unchanged) leaves every other seat's view exactly the same; during the 亮牌 step,
   other seats' answers change nobody's view;
3. cards: a view carries only the viewer's own cards and cards on the table.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.redten import (
    NO_SHOW,
    SHOW,
    Card,
    Phase,
    Rules,
    State,
    Team,
    apply,
    new_hand,
    view_for,
)
from game.engine.redten.cards import CARDS, HEART_FOUR, RED_TENS
from game.engine.redten.events import Event, deal_events, events_of

from .helpers import play_random

VIEWERS = (None, 0, 1, 2, 3, 4)

cases = st.tuples(st.integers(min_value=0, max_value=2**32), st.sampled_from([0.0, 0.3, 0.9]))


def random_steps(seed: int, show_rate: float):
    """A random hand where each red-ten holder shows with probability ``show_rate``: the
    dealt state and every step (before, seat, action, after), the 亮牌 answers included."""
    rng = random.Random(seed)
    start = state = new_hand(seed, Rules())
    steps = []
    for seat in range(5):
        if state.phase is not Phase.SHOW:
            break
        show = seat in state.ten_holders and rng.random() < show_rate
        action = SHOW if show else NO_SHOW
        after = apply(state, seat, action)
        steps.append((state, seat, action, after))
        state = after
    return start, steps + play_random(state, rng)


def teams_from_events(
    events: list[Event], dealt: tuple[int, tuple[int, ...]] | None
) -> tuple[Team | None, ...]:
    """What a seat can know from public events and its own dealt cards (None: spectator)."""
    holders: dict[Card, int] = {}
    finished_red = None
    for event in events:
        if event.kind in ("show", "play"):
            for card in event.cards:
                if card.is_red_ten and event.seat is not None:
                    holders[card] = event.seat
        if event.kind in ("finished", "four_tens"):
            finished_red = event.red
    if finished_red is not None:
        return tuple(Team.RED if s in finished_red else Team.BLACK for s in range(5))
    me: int | None = None
    cards: tuple[int, ...] = ()
    if dealt is not None:
        me, cards = dealt
        for i in cards:
            if i in RED_TENS:
                holders[CARDS[i]] = me
    if len(holders) == 2:
        red = set(holders.values())
        return tuple(Team.RED if s in red else Team.BLACK for s in range(5))
    teams: list[Team | None] = [None] * 5
    for seat in holders.values():
        teams[seat] = Team.RED
    if me is not None:
        teams[me] = Team.RED if any(i in RED_TENS for i in cards) else Team.BLACK
    return tuple(teams)


@pytest.mark.slow
@given(cases)
@settings(max_examples=30, deadline=None)
def test_each_view_knows_exactly_what_public_events_and_own_cards_tell(case):
    start, steps = random_steps(*case)
    events = list(deal_events(start))
    checked = [(start, list(events))]
    for before, seat, action, after in steps:
        events += events_of(before, seat, action, after)
        checked.append((after, list(events)))
    for state, seen in checked:
        for viewer in VIEWERS:
            dealt = None if viewer is None else (viewer, start.hands[viewer])
            view = view_for(state, viewer)
            assert tuple(sv.team for sv in view.seats) == teams_from_events(seen, dealt)


@given(cases)
@settings(max_examples=30, deadline=None)
def test_moving_a_hidden_red_ten_between_hidden_hands_changes_no_other_view(case):
    _, steps = random_steps(*case)
    rng = random.Random(case[0])
    positions = [after for _, _, _, after in steps if after.phase is Phase.PLAY]
    for state in positions[:: max(1, len(positions) // 12)]:
        for bit, ten in enumerate(RED_TENS):
            if state.public_tens >> bit & 1:
                continue  # shown or played: public, nothing to hide
            u = state.ten_holders[bit]
            if ten not in state.hands[u]:
                continue
            for w in range(5):
                if w == u or not state.hands[w]:
                    continue
                swappable = [i for i in state.hands[w] if i not in RED_TENS and i != HEART_FOUR]
                if not swappable:
                    continue
                other = _swap(state, u, ten, w, rng.choice(swappable))
                for viewer in VIEWERS:
                    if viewer in (u, w):
                        continue
                    assert view_for(other, viewer) == view_for(state, viewer), (viewer, u, w)


def _swap(state: State, u: int, ten: int, w: int, card: int) -> State:
    hands = list(state.hands)
    hands[u] = tuple(sorted((*[i for i in hands[u] if i != ten], card)))
    hands[w] = tuple(sorted((*[i for i in hands[w] if i != card], ten)))
    holders = tuple(w if t == ten else h for t, h in zip(RED_TENS, state.ten_holders, strict=True))
    return replace(state, hands=tuple(hands), ten_holders=holders)  # type: ignore[arg-type]


@given(st.integers(min_value=0, max_value=2**32))
@settings(max_examples=30, deadline=None)
def test_during_the_show_step_other_seats_answers_change_no_view(seed):
    state = new_hand(seed, Rules())
    if state.phase is not Phase.SHOW:
        return
    rng = random.Random(seed)
    for seat in range(4):  # four answers in; the fifth would end the step
        show = seat in state.ten_holders and rng.random() < 0.5
        state = apply(state, seat, SHOW if show else NO_SHOW)
        for viewer in VIEWERS:
            blank = tuple(a if s == viewer else None for s, a in enumerate(state.answers))
            assert view_for(replace(state, answers=blank), viewer) == view_for(state, viewer)


def _cards_in(value: object) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple):
        return [c for item in value for c in _cards_in(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in _cards_in(getattr(value, f.name))]
    return []


@pytest.mark.slow
@given(cases)
@settings(max_examples=20, deadline=None)
def test_a_view_carries_only_its_own_cards_and_cards_on_the_table(case):
    start, steps = random_steps(*case)
    for state in [start] + [after for _, _, _, after in steps]:
        table = {CARDS[i] for _, s in state.played for i in s}
        shown_tens = {CARDS[t] for b, t in enumerate(RED_TENS) if state.public_tens >> b & 1}
        for viewer in VIEWERS:
            own = set() if viewer is None else {CARDS[i] for i in state.hands[viewer]}
            view = view_for(state, viewer)
            assert set(_cards_in(view)) <= own | table | shown_tens
            if viewer is None:
                assert view.hand is None
            else:
                assert view.hand == tuple(CARDS[i] for i in reversed(state.hands[viewer]))
            assert [sv.card_count for sv in view.seats] == [len(h) for h in state.hands]
