"""A tournament's table between rounds, over its socket: when its hand ends, the pushed
centre says it waits for the other tables (no "next hand", no readiness, no bots, no replay
yet); when the last table finishes the deal, every table is told the next hand comes
shortly and gets the hand's replay and the other tables' cards. The page drawn then says
the same as the frame (one template for both)."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from baohuang_site.devtools.table_players import Player, connect
from game.models import Room, Table
from tests.lobby.test_matchmaking_sockets import closing
from tests.tournaments.test_tournament_hands import TwoTables, finish, two_tables
from tournaments.models import Play, TournamentTable

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

NEXT_NOTE = re.compile(r'<p class="tournament-next" id="tournament-next">.*?</p>', re.S)
CENTRE = re.compile(r'<div class="results-actions">.*?</div>', re.S)


def table_at(play: Play) -> Table:
    return TournamentTable.objects.get(
        tournament_id=play.tournament_id, index=play.table_index
    ).table


def notes(html: str) -> list[str]:
    """The "what comes next" line, its white space as a push compacts it."""
    return [" ".join(note.split()) for note in NEXT_NOTE.findall(html)]


async def until(player: Player, text: str) -> str:
    """``player``'s frames until one holds ``text`` (pushes come when they come)."""
    while True:
        frame = await player.frame()
        if text in frame:
            return frame


def page_of(player: Player, table: Table) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(player.user)
    return str(client.get(reverse("table", args=[table.pk])).content.decode())


async def test_the_table_says_what_comes_next_as_the_round_ends() -> None:
    setup: TwoTables = await sync_to_async(two_tables)()
    # The round's results stay on the tables a while (the room's pause between deals).
    await Room.objects.filter(pk=setup.tournament.room_id).aupdate(deal_pause_seconds=60)
    table_a = await sync_to_async(table_at)(setup.a)
    ann = Player("a", setup.at_a, None, await connect(setup.at_a, table_a))
    async with closing([ann]):
        first = await ann.frame()
        assert 'id="tournament-next"' not in first  # the hand is being played
        await sync_to_async(finish)(setup.a)
        waiting = await until(ann, "Waiting for the other tables to finish this deal.")
        centre = CENTRE.search(waiting)
        assert centre is not None
        for offer in ('id="next-hand"', 'id="replay-link"', 'id="compare-link"'):
            assert offer not in centre.group(0), offer
        assert "Not ready" not in "".join(ann.frames)
        page = await sync_to_async(page_of)(ann, table_a)
        assert notes(page) == notes(waiting) != []
        assert 'id="fill-bots"' not in page
        # A page left open from before cannot ask either: told why, nothing changes.
        for action in ("next", "fill_bots"):
            await ann.send(action=action)
            refused = await until(ann, "the tournament deals its hands and fills its seats.")
            assert 'id="table-error"' in refused

        await sync_to_async(finish)(setup.b)  # the other table: the deal is done everywhere
        told = await until(ann, 'id="tournament-countdown"')
        deal = reverse("tournament_deal", args=[setup.tournament.pk, 1])
        assert f'id="replay-link" href="{reverse("replay", args=[setup.a.hand_id])}"' in told
        assert f'id="compare-link" href="{deal}"' in told
        assert 'id="next-hand"' not in told
        page = await sync_to_async(page_of)(ann, table_a)
        assert notes(page) == notes(told) != []
