"""The real ASGI app: websockets behind the Origin check and the session auth; static files."""

from __future__ import annotations

import pytest
from asgiref.testing import ApplicationCommunicator
from channels.testing import WebsocketCommunicator
from django.core.management import call_command
from django.test import Client

from accounts.models import User
from baohuang_site.asgi import application
from tests.conftest import ORIGIN

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]


def session_cookie_for(user: User) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@pytest.fixture
def rooms(transactional_db: None) -> None:
    call_command("ensure_rooms")


async def test_it_accepts_a_signed_in_player_with_our_origin(alice: User, rooms: None) -> None:
    cookie = await _cookie(alice)
    ws = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", ORIGIN.encode()), (b"cookie", cookie)]
    )
    connected, _ = await ws.connect()
    assert connected
    frame = await ws.receive_from()
    assert 'id="room-list"' in frame and 'hx-swap-oob="true"' in frame
    assert "普通场" in frame
    await ws.disconnect()


async def test_it_refuses_a_socket_without_an_origin(alice: User) -> None:
    ws = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"cookie", await _cookie(alice))]
    )
    connected, _ = await ws.connect()
    assert not connected


async def test_it_refuses_a_socket_from_another_site(alice: User) -> None:
    ws = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[(b"origin", b"https://evil.example"), (b"cookie", await _cookie(alice))],
    )
    connected, _ = await ws.connect()
    assert not connected


async def test_it_refuses_an_anonymous_socket() -> None:
    ws = WebsocketCommunicator(application, "/ws/lobby/", headers=[(b"origin", ORIGIN.encode())])
    connected, code = await ws.connect()
    assert not connected
    assert code == 4401


async def test_it_serves_static_files_under_the_asgi_app() -> None:
    status, body = await http_get("/static/css/site.css")
    assert status == 200
    assert b"--felt" in body


async def http_get(path: str) -> tuple[int, bytes]:
    """One GET through the ASGI app, collecting a streamed body (whitenoise streams files)."""
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "path": path,
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
    }
    app = ApplicationCommunicator(application, scope)
    await app.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await app.receive_output(5)
    body = b""
    while True:
        chunk = await app.receive_output(5)
        body += chunk.get("body", b"")
        if not chunk.get("more_body"):
            return start["status"], body


async def _cookie(user: User) -> bytes:
    from asgiref.sync import sync_to_async

    return await sync_to_async(session_cookie_for)(user)
