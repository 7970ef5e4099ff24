"""Seats and status lines are rendered once and shared by the players who see them alike
(lobby/templatetags/memoized.py); sharing must never hand one player another's view."""

from __future__ import annotations

import re

from django.utils import translation

from game import engine
from lobby.presenters import Occupant, TableContext, hand_context
from lobby.templatetags import memoized

NAMES = ("ann", "bob", "cat", "dan", "eve")


def dark_guard_hand() -> engine.State:
    """A hand in its play phase where the emperor ascended and the guard stayed dark."""
    for seed in range(200):
        state = engine.new_hand(seed, engine.Rules())
        state = engine.apply(state, state.throne_holder, engine.Ascend())
        if state.guard == state.emperor:
            continue  # one player holds both cards: no guard to hide
        while state.phase is not engine.Phase.PLAY:
            seat = engine.to_act(state)[0]
            asked = state.questions[seat]
            action = engine.DarkGuard() if asked is engine.Question.GUARD else engine.NoRebel()
            state = engine.apply(state, seat, action)
        return state
    raise AssertionError("no seed below 200 deals the two cards to different players")


def context_for(state: engine.State, seat: int) -> TableContext:
    return hand_context(
        table_id=1,
        hand_id=1,
        view=engine.view_for(state, seat),
        occupants=[Occupant(name, is_me=s == seat) for s, name in enumerate(NAMES)],
        deadlines=[None] * 5,
    )


def seat_html(ctx: TableContext, index: int) -> str:
    seat = next(s for s in ctx.seats if s.index == index)
    return str(memoized.seat(seat, ctx, oob=True))


def without_position(html: str) -> str:
    return re.sub(r"seat--[a-z-]+", "seat--?", html, count=1)


def test_two_rebels_see_the_emperors_seat_alike_but_each_from_their_own_chair() -> None:
    # RULES §3.4: the emperor is public once he ascends.
    state = dark_guard_hand()
    emperor, guard = state.emperor, state.guard
    assert emperor is not None
    rebels = [s for s in range(5) if s not in (emperor, guard)]
    with translation.override("en"):
        first, second = (seat_html(context_for(state, r), emperor) for r in rebels[:2])
    assert "role-emperor" in first
    assert without_position(first) == without_position(second)
    # Counter-clockwise from each viewer: two different chairs put the emperor elsewhere.
    assert first != second


def test_the_dark_guards_own_seat_is_not_what_the_others_are_shown() -> None:
    # RULES §3.4: a dark guard is known to nobody but himself.
    state = dark_guard_hand()
    guard = state.guard
    assert guard is not None
    with translation.override("en"):
        own = seat_html(context_for(state, guard), guard)  # rendered (and cached) first
        others = [seat_html(context_for(state, s), guard) for s in range(5) if s != guard]
    assert "role-guard" in own
    for html in others:
        assert "role-guard" not in html and "tag-me" not in html


def test_only_the_player_to_act_is_told_it_is_their_turn() -> None:
    state = dark_guard_hand()
    actor = engine.to_act(state)[0]
    with translation.override("en"):
        lines = {s: str(memoized.status(context_for(state, s), True)) for s in range(5)}
    assert "Your turn" in lines[actor]
    others = [lines[s] for s in range(5) if s != actor]
    assert all("Your turn" not in line and f"{NAMES[actor]} to play" in line for line in others)
