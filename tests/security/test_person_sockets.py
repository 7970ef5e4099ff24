"""A person's sockets end with his sign-in (docs/SECURITY.md, the socket outliving sign-out):
logging out, or an admin's suspension, closes every socket that acts or follows for the
account, whatever its page — the lobby, a tournament, a Baohuang or a Red Ten table — and
every socket the site routes gets it from one base class (``PersonSocket``)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from accounts.models import User
from baohuang_site.asgi import application
from baohuang_site.routing import websocket_urlpatterns
from game import fairplay
from game.models import PairSignal, Room
from lobby import tables
from lobby.consumers import PersonSocket
from lobby.services import ensure_default_rooms
from tests.conftest import ORIGIN, PASSWORD
from tests.redten_site.helpers import running_table_with_bots
from tests.tournaments.helpers import tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

PAGES = ("lobby", "tournament", "table", "redten")


def _signed_in(name: str) -> tuple[User, Client]:
    user = User.objects.create_user(name, None, PASSWORD)
    client = Client()
    client.force_login(user)
    return user, client


def _path(page: str, user: User) -> str:
    if page == "lobby":
        return "/ws/lobby/"
    if page == "tournament":
        return f"/ws/tournament/{tournament().pk}/"
    if page == "table":
        ensure_default_rooms()
        table = tables.play_with_bots(room=Room.objects.get(slug="standard"), user=user)
        return f"/ws/table/{table.pk}/"
    return f"/ws/redten/{running_table_with_bots(user).pk}/"


async def _open(client: Client, path: str) -> WebsocketCommunicator:
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    ws = WebsocketCommunicator(
        application, path, headers=[(b"origin", ORIGIN.encode()), (b"cookie", cookie)]
    )
    connected, code = await ws.connect()
    assert connected, code
    await ws.receive_from(timeout=5)  # its first frame
    return ws


async def _closed(ws: WebsocketCommunicator) -> dict[str, object]:
    """The first message that is not a frame: the socket's close."""
    while True:
        out: dict[str, object] = await ws.receive_output(timeout=5)
        if out["type"] != "websocket.send":
            return out


@pytest.mark.parametrize("page", PAGES)
async def test_logging_out_closes_the_socket_of_every_page(page: str) -> None:
    user, client = await sync_to_async(_signed_in)(f"lo{page}")
    ws = await _open(client, await sync_to_async(_path)(page, user))
    await sync_to_async(client.post)(reverse("account_logout"))
    assert await _closed(ws) == {"type": "websocket.close", "code": 4401}


@pytest.mark.parametrize("page", PAGES)
async def test_a_suspension_closes_the_socket_of_every_page(page: str) -> None:
    user, client = await sync_to_async(_signed_in)(f"su{page}")
    other, _ = await sync_to_async(_signed_in)(f"so{page}")
    admin = await sync_to_async(User.objects.create_superuser)(f"ad{page}", None, PASSWORD)
    ws = await _open(client, await sync_to_async(_path)(page, user))

    def suspend() -> None:
        pair = PairSignal.objects.create(user_a=user, user_b=other)
        fairplay.suspend_pair(pair=pair, reason="played for each other", by=admin)

    await sync_to_async(suspend)()
    assert await _closed(ws) == {"type": "websocket.close", "code": 4401}


def test_every_routed_socket_belongs_to_a_person() -> None:
    """A new socket (a daily challenge's board, say) is routed here: by deriving from
    ``PersonSocket`` it closes at sign-out and suspension with the others."""
    consumers = [p.callback.consumer_class for p in websocket_urlpatterns]
    assert len(consumers) >= 4  # the lobby, a tournament, the two games' tables, and any new one
    assert all(issubclass(c, PersonSocket) for c in consumers), consumers
