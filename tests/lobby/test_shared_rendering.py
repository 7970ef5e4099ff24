"""Seats and status lines are rendered once and shared by the players who see them alike
(lobby/templatetags/memoized.py); sharing must never hand one player another's view."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime

from django.utils import translation

from game import engine
from game.engine.cards import cards_of
from lobby import presenters
from lobby.consumers import SEAT_PARTS, split_parts
from lobby.play_log import PublicEvent
from lobby.presenters import Occupant, SeatInfo, TableContext, hand_context, record_lines
from lobby.table_state import PART_FIELDS, SHELL_FIELDS, render_seat, seat_parts, shell_key
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


def context_for(
    state: engine.State,
    seat: int | None,
    deadlines: list[datetime | None] | None = None,
    occupants: list[Occupant] | None = None,
) -> TableContext:
    return hand_context(
        table_id=1,
        hand_id=1,
        view=engine.view_for(state, seat),
        occupants=occupants or [Occupant(name, is_me=s == seat) for s, name in enumerate(NAMES)],
        deadlines=deadlines or [None] * 5,
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


def test_each_move_shows_its_own_deadline_though_the_rest_is_rendered_once() -> None:
    # The status line and the seat clocks are cached without their deadline, which is put in
    # afterwards (lobby/templatetags/memoized.py): two moves apart the clocks must still say
    # two different moments, each the one its context holds.
    state = dark_guard_hand()
    actor = engine.to_act(state)[0]
    first, second = (
        datetime(2026, 12, 2, 3, 0, 5, tzinfo=UTC),
        datetime(2026, 12, 2, 3, 0, 35, tzinfo=UTC),
    )
    with translation.override("en"):
        for when in (first, second, first):
            deadlines = [when if s == actor else None for s in range(5)]
            for viewer in (actor, (actor + 1) % 5):
                ctx = context_for(state, viewer, deadlines)
                stamp = f'data-deadline="{when.isoformat()}"'
                assert stamp in str(memoized.status(ctx, True))
                clock = next(s for s in ctx.seats if s.index == actor)
                assert str(memoized.seat_clock(clock)).count(stamp) == 1
                assert "deadline-slot" not in str(memoized.seat(clock, ctx, oob=True))


def test_each_table_names_its_own_player_to_act_though_the_line_is_rendered_once() -> None:
    # The status line is cached without the actor's name, which is put in afterwards
    # (lobby/templatetags/memoized.py): two tables in the same state, their players named
    # differently, taken in turn, must each name their own player, escaped as the template
    # escapes it, and never the other table's.
    state = dark_guard_hand()
    actor = engine.to_act(state)[0]
    viewer = (actor + 1) % 5
    odd = list(NAMES)
    odd[actor] = "O'Neil & <co>"
    shown = {NAMES[actor]: NAMES[actor], odd[actor]: "O&#x27;Neil &amp; &lt;co&gt;"}
    with translation.override("en"):
        for names in (NAMES, odd, NAMES, odd):
            ctx = hand_context(
                table_id=1,
                hand_id=1,
                view=engine.view_for(state, viewer),
                occupants=[Occupant(name, is_me=s == viewer) for s, name in enumerate(names)],
                deadlines=[None] * 5,
            )
            line = str(memoized.status(ctx, True))
            other = odd[actor] if names is NAMES else NAMES[actor]
            assert f"{shown[names[actor]]} to play" in line
            assert f"{shown[other]} to play" not in line
            assert "\x00" not in line and "actor-name" not in line


def test_every_field_of_a_seat_is_read_by_its_shell_or_by_its_parts_alone() -> None:
    # A push draws a seat's changed parts alone when its shell key is the one the page shows
    # (lobby/consumers/render.py): a new field must be put on one side or the other.
    fields = {f.name for f in dataclasses.fields(SeatInfo)}
    assert set(SHELL_FIELDS).isdisjoint(PART_FIELDS)
    assert set(SHELL_FIELDS) | set(PART_FIELDS) == fields


def test_a_seats_parts_drawn_alone_are_those_of_the_whole_seat_and_its_key_its_shell() -> None:
    # Every seat of every viewer after every move of a hand (and one with marks and a known
    # emperor): the parts drawn alone are the very ones cut out of the whole seat, and equal
    # shell keys always came with equal shells.
    state = dark_guard_hand()
    shells: dict[tuple[object, ...], str] = {}
    seen = 0
    with translation.override("zh-hans"):
        while state.phase is engine.Phase.PLAY:
            for viewer in (*range(5), None):
                ctx = context_for(state, viewer)
                for seat in ctx.seats:
                    ids = tuple(f"seat-{part}-{seat.index}" for part in SEAT_PARTS)
                    shell, parts = split_parts(render_seat(ctx, seat), ids)
                    assert seat_parts(ctx, seat) == parts
                    assert shells.setdefault(shell_key(ctx, seat), shell) == shell
                    seen += 1
            actor = engine.to_act(state)[0]
            state = engine.apply(state, actor, engine.autoplay_action(state, actor))
    assert seen > 500 and len(shells) < seen / 10  # the shells change far less than the seats


def test_a_seat_whose_shell_the_page_shows_draws_every_part_that_changed() -> None:
    # From the deal to the last card, through the throne, the declarations and the play
    # (RULES §3, §4): whenever a seat's shell key stays the same from one move to the next,
    # its shell is the same html, and the parts drawn "since" the last move hold every part
    # of the whole seat that differs from the one drawn before, each as the whole seat draws
    # it (a part drawn though unchanged is not sent: the consumer compares it first).
    state = engine.new_hand(7, engine.Rules())
    before: dict[int | None, TableContext] = {}
    same_shell = 0
    phases = set()
    with translation.override("zh-hans"):
        while state.phase is not engine.Phase.FINISHED:
            phases.add(state.phase)
            for viewer in (*range(5), None):
                ctx = context_for(state, viewer)
                old = before.get(viewer)
                for seat in ctx.seats:
                    ids = tuple(f"seat-{part}-{seat.index}" for part in SEAT_PARTS)
                    shell, parts = split_parts(render_seat(ctx, seat), ids)
                    if old is None:
                        continue
                    was = next(s for s in old.seats if s.index == seat.index)
                    if shell_key(old, was) != shell_key(ctx, seat):
                        continue
                    same_shell += 1
                    old_shell, old_parts = split_parts(render_seat(old, was), ids)
                    assert old_shell == shell
                    changed = {i: p for i, p in parts.items() if old_parts.get(i) != p}
                    drawn = seat_parts(ctx, seat, was, old.phase)
                    assert changed.items() <= drawn.items()
                    assert all(parts[i] == p for i, p in drawn.items())
                before[viewer] = ctx
            actor = engine.to_act(state)[0]
            state = engine.apply(state, actor, engine.autoplay_action(state, actor))
    assert {engine.Phase.THRONE, engine.Phase.DECLARE, engine.Phase.PLAY} <= phases
    assert same_shell > 1000


def test_a_record_built_on_the_last_one_has_the_lines_of_one_built_afresh() -> None:
    # record_lines grows the last record's lines by the new events alone; a record
    # that is not a continuation (another hand, a shorter record) is built afresh.
    cards = cards_of([0, 4, 8])
    events = (
        PublicEvent(seat=0, kind="play", cards=cards[:1], trick=1, leads=True),
        PublicEvent(seat=1, kind="pass", trick=1),
        PublicEvent(seat=2, kind="play", cards=cards[1:], trick=1, went_out=1),
        PublicEvent(seat=3, kind="play", cards=cards[:2], trick=2, leads=True),
    )
    names = ("a", "b", "c", "d", "e")
    with translation.override("en"):
        for sequence in (events[:1], events[:3], events, events[1:2], events[:2], events):
            presenters._record_lines.clear()
            grown = record_lines(tuple(sequence), names)
            presenters._record_lines.clear()
            presenters._latest_lines.clear()
            assert grown == record_lines(tuple(sequence), names)
            # The next builds on it (the records are kept by the seats' names and effects).
            presenters._latest_lines[(names, presenters.NO_EFFECTS)] = (tuple(sequence), grown)


def test_a_seat_is_found_again_only_by_viewers_who_know_the_same_of_it() -> None:
    # lobby.presenters remembers each seat it builds by the engine's seat view and the
    # occupant object, which lobby.table_state gives every viewer alike: two rebels looking at
    # the same seat share it, but a private mark (RULES §8.2) or a role known only to its
    # holder (RULES §3.4) must never reach anybody else, whoever was drawn first.
    state = dark_guard_hand()
    emperor, guard = state.emperor, state.guard
    assert emperor is not None and guard is not None
    marker, other = [s for s in range(5) if s not in (emperor, guard)][:2]
    state = engine.apply(state, marker, engine.Mark(guard, engine.Guess.GUARD))
    shared = [Occupant(name) for name in NAMES]  # one object per seat for every viewer

    def seat_seen(viewer: int, index: int) -> SeatInfo:
        occupants = [
            Occupant(name, is_me=True) if s == viewer else shared[s] for s, name in enumerate(NAMES)
        ]
        ctx = context_for(state, viewer, occupants=occupants)
        return next(s for s in ctx.seats if s.index == index)

    with translation.override("en"):
        for order in ((marker, other, guard), (guard, other, marker), (other, marker, guard)):
            seen = {viewer: seat_seen(viewer, guard) for viewer in order}
            assert seen[marker].mark == "guard" and seen[marker].role_code == ""
            assert seen[other].mark == "unknown" and seen[other].role_code == ""
            assert seen[guard].role_code == "guard" and seen[guard].mark == "unknown"
            # Those who know the same of the emperor's seat are handed one value for it.
            assert seat_seen(marker, emperor) is seat_seen(other, emperor)
