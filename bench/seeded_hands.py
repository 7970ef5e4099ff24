"""Seeded hands for the benches (``render``, ``submit``, and ``load --mid-hand``).

A table of five people, hands dealt from a seeded draw (the same deals for the same seed,
so runs compare), and the scripted next action of a hand. Import after Django is set up
(``bench.fresh_site.setup_django``, or the load bench's site process): the models are
imported where they are used.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING
from unittest import mock

if TYPE_CHECKING:
    from accounts.models import User
    from game import engine
    from game.models import Table


def table_of_five(tag: str) -> tuple[Table, list[User]]:
    """A new table of the standard room with five new people seated (names from ``tag``)."""
    from accounts.models import User
    from game.models import Room
    from lobby import tables

    table = tables.create_table(room=Room.objects.get(slug="standard"))
    users = [User.objects.create_user(f"{tag}s{seat}", None, None) for seat in range(5)]
    for seat, user in enumerate(users):
        tables.sit(table=table, seat=seat, user=user)
    return table, users


def deal(table: Table, users: list[User], draw: random.Random) -> int:
    """Everyone ready, so the next hand is dealt from ``draw``; that hand's id."""
    from lobby import tables

    with mock.patch("game.hands.secrets.randbits", lambda bits: draw.getrandbits(bits)):
        for user in users:
            tables.set_ready(table=table, user=user)
    table.refresh_from_db()
    assert table.current_hand_id is not None
    return int(table.current_hand_id)


def next_action(state: engine.State) -> tuple[int, engine.Action]:
    """The seat to act and what it does: the first hint in play, else what auto-play does."""
    from game import engine

    seat = engine.to_act(state)[0]
    if state.phase is engine.Phase.PLAY:
        return seat, engine.hint(state, seat, 0)
    return seat, engine.autoplay_action(state, seat)
