"""Play effects (RULES §12.2) tell nothing (§3.4, §8): the effect is one class on each set its
owner plays, the same for every card and for every reader, and the rest of every reader's
table is what it would be without it.

A real hand is played through the services; after every action each reader's table (the five
seats and a spectator) is built from the snapshot twice, with the owner's effect and with the
effect taken off, and the two must differ by the effect alone. It stops once the owner has
played a few sets: the rest of the hand would check the same again (the suite's time).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.utils import translation

from accounts.models import User
from game import engine
from game.hands import submit_action
from game.models import HandStatus, Room
from lobby import tables
from lobby.presenters import TableContext, TrickEntry
from lobby.services import ensure_default_rooms
from lobby.table_state import TableSnapshot, Viewer, load_snapshot, render_pushed, table_context
from shop import services
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

OWNER = 2
MOVE = re.compile(r'class="trick-move trick-(\w+)( effect-[a-z]+)?" data-seat="(\d)"')


def without_effects(entries: tuple[TrickEntry, ...]) -> tuple[TrickEntry, ...]:
    return tuple(replace(e, effect="") for e in entries)


def plain(snapshot: TableSnapshot) -> TableSnapshot:
    return replace(snapshot, played=tuple(replace(p, effect="") for p in snapshot.played))


def next_action(state: engine.State) -> tuple[int, engine.Action]:
    seat = engine.to_act(state)[0]
    if state.phase is engine.Phase.PLAY:
        return seat, engine.hint(state, seat, 0)
    return seat, engine.autoplay_action(state, seat)


def test_a_play_effect_is_one_class_on_its_owners_sets_for_every_reader() -> None:
    services.ensure_catalogue()
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    people = [User.objects.create_user(f"fx{i}", None, PASSWORD) for i in range(5)]
    watcher = User.objects.create_user("fxw", None, PASSWORD)
    staff = User.objects.create_superuser("boss", None, PASSWORD)
    services.grant(user=people[OWNER], kind="flash", reason="test", by=staff)
    table = tables.create_table(room=room)
    for seat, user in enumerate(people):
        tables.sit(table=table, seat=seat, user=user)
    for user in people:
        tables.set_ready(table=table, user=user)
    readers = [Viewer(u.pk, s) for s, u in enumerate(people)] + [Viewer(watcher.pk, None)]
    flashed = 0
    with translation.override("en"):
        for _ in range(3000):
            snapshot = load_snapshot(table.pk)
            assert snapshot is not None and snapshot.hand is not None
            assert snapshot.state is not None
            bare = plain(snapshot)
            centres = set()
            for reader in readers:
                ctx: TableContext = table_context(snapshot, reader)
                base = table_context(bare, reader)
                # Everything the reader's table is drawn from, but the effect, is the same.
                assert (
                    replace(ctx, trick=without_effects(ctx.trick), log=without_effects(ctx.log))
                    == base
                )
                centre = render_pushed(ctx, "center")
                assert centre.replace(" effect-flash", "") == render_pushed(base, "center")
                assert render_pushed(ctx, "log") == render_pushed(base, "log")
                for kind, effect, seat in MOVE.findall(centre):
                    # Every set the owner plays, and nothing else, carries the one class.
                    assert effect == (
                        " effect-flash" if (kind, seat) == ("play", str(OWNER)) else ""
                    )
                centres.add(centre)
            if snapshot.hand.status != HandStatus.FINISHED:
                assert len(centres) == 1  # the trick is drawn alike for every reader
            flashed += f'trick-play effect-flash" data-seat="{OWNER}"' in centres.pop()
            if snapshot.hand.status == HandStatus.FINISHED or flashed >= 4:
                break
            seat, action = next_action(snapshot.state)
            submit_action(
                hand_id=snapshot.hand.pk,
                seat=seat,
                action=action,
                expected_version=snapshot.state.version,
            )
        else:
            raise AssertionError("the hand did not finish")
    assert flashed >= 4, "the owner's sets were drawn with the effect"
