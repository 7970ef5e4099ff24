"""The standings tell no table's pace (docs/SECURITY.md, timing of the standings): a
tournament's page is pushed its standings only when they change, not at every hand's end at
every table, which told one table how long another took over the same cards. A hand's end
rings the tournament's page (``tournaments.live.ring_tournament``); the standings change only
once every table has played the deal."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from accounts.models import User
from tests.tournaments.helpers import people, registered, tournament
from tests.tournaments.test_over_sockets import tournament_socket
from tournaments import services
from tournaments.live import ring_tournament
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]


def _open_with_two() -> tuple[Tournament, User]:
    t = tournament()
    return t, registered(t, 2)[0]


async def test_a_ring_that_changes_no_standing_pushes_nothing() -> None:
    t, watcher = await sync_to_async(_open_with_two)()
    ws = await tournament_socket(watcher, t)
    first = await ws.receive_from()
    assert 'id="standings"' in first
    # What each hand's end at any table rings, the standings unchanged.
    await sync_to_async(ring_tournament)(t.pk)
    await sync_to_async(ring_tournament)(t.pk)
    # Then a change (somebody registers): the next frame is that change, so the two rings
    # before it sent nothing.
    await sync_to_async(_register_late)(t)
    frame = await ws.receive_from()
    assert "late0" not in first
    assert "late0" in frame
    await ws.disconnect()


def _register_late(t: Tournament) -> None:
    (late,) = people(1, prefix="late")
    services.register(tournament_id=t.pk, user=late)
