"""Two entrants over the real ASGI app: the live board, and everything of a deal sealed from
an entrant until he has played it (RULES §3.4, §8): its field, its replays, the board's
results, even the timing of the board's pushes."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse

from accounts.models import User
from baohuang_site.asgi import application
from baohuang_site.devtools.table_players import cookie_for, open_socket
from challenge.models import Challenge, DealPlay
from game.models import Table
from lobby.consumers import CLOSE_FORBIDDEN
from tests.challenge.helpers import challenge, person, play_out
from tests.conftest import ORIGIN

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]


@pytest.fixture(autouse=True)
def cheap_bots(settings: LazySettings) -> None:
    settings.BAOHUANG_DAILY_BOT_LEVEL = "normal"


def _client(user: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


@sync_to_async
def setup() -> tuple[Challenge, User, User]:
    c = challenge(deals=2)
    alice, bob = person("alice"), person("bob")
    for user in (alice, bob):
        page = _client(user).post(reverse("daily_enter", args=[c.pk]), follow=True)
        assert b'id="daily-play"' in page.content
    return c, alice, bob


@sync_to_async
def play_deal(c: Challenge, user: User, deal: int) -> int:
    """Deal ``deal`` from the challenge's page, played to its end; the hand's id."""
    response = _client(user).post(reverse("daily_play", args=[c.pk, deal + 1]))
    assert response.status_code == 302 and "/tables/" in response["Location"]
    play = DealPlay.objects.get(entrant__user=user, deal=deal)
    play_out(play)
    return play.hand_id


@sync_to_async
def status(user: User, url: str) -> int:
    return int(_client(user).get(url).status_code)


@sync_to_async
def table_of(user: User, deal: int) -> Table:
    table = DealPlay.objects.get(entrant__user=user, deal=deal).table
    assert table is not None
    return table


async def board_socket(user: User, c: Challenge) -> WebsocketCommunicator:
    cookie = await sync_to_async(cookie_for)(user)
    ws = WebsocketCommunicator(
        application,
        f"/ws/daily/{c.pk}/",
        headers=[(b"origin", ORIGIN.encode()), (b"cookie", cookie), (b"accept-language", b"en")],
    )
    connected, code = await ws.connect()
    assert connected, code
    return ws


async def test_two_entrants_the_sealing_and_the_live_board() -> None:
    c, alice, bob = await setup()
    alice_board = await board_socket(alice, c)
    bob_board = await board_socket(bob, c)
    for first in (await alice_board.receive_from(), await bob_board.receive_from()):
        assert 'id="daily-board-sealed"' in first

    hand_a = await play_deal(c, alice, 0)
    pushed = await alice_board.receive_from(timeout=10)
    assert f'data-user="{alice.pk}"' in pushed and "daily-board-sealed" not in pushed
    # Bob has not played deal 1: no frame at all, not its field, not its replay, and no way
    # into Alice's table.
    assert await bob_board.receive_nothing(timeout=0.3)
    field = reverse("daily_deal", args=[c.pk, 1])
    assert await status(bob, field) == 404
    assert await status(bob, reverse("replay", args=[hand_a])) == 404
    assert await status(alice, field) == 200
    assert await status(alice, reverse("replay", args=[hand_a])) == 200
    peek = await open_socket(await table_of(alice, 0), cookie=await sync_to_async(cookie_for)(bob))
    connected, code = await peek.connect()
    assert not connected and code == CLOSE_FORBIDDEN

    hand_b = await play_deal(c, bob, 0)
    # Now both have played deal 1: both boards show both, and each sees the other's replay.
    for board in (bob_board, alice_board):
        pushed = await board.receive_from(timeout=10)
        assert f'data-user="{alice.pk}"' in pushed and f'data-user="{bob.pk}"' in pushed
    assert await status(bob, reverse("replay", args=[hand_a])) == 200
    assert await status(alice, reverse("replay", args=[hand_b])) == 200
    # A third account that never entered sees neither.
    carol = await sync_to_async(person)("carol")
    assert await status(carol, field) == 404
    assert await status(carol, reverse("replay", args=[hand_b])) == 404
    await alice_board.disconnect()
    await bob_board.disconnect()
