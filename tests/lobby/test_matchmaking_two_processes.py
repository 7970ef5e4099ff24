"""Matchmaking on PostgreSQL + Redis with two daphne processes, over real HTTP and websockets:
five people press Quick match on either process, meet at one table and finish a hand; an
invite link made on one process seats a friend on the other, and the private table is
never shown to a stranger on either."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
from urllib.parse import urlencode

import websockets

from game import engine
from tests.game.test_two_processes import message_for, until_version
from tests.support.live_server import CLUSTER_MARKS, LiveSite, free_port, hand_state

pytestmark = CLUSTER_MARKS

PEOPLE = ["ann", "ben", "cat", "dan", "eve", "own", "fri", "str"]
# Every person here comes from 127.0.0.1, as from one internet café: the room lets quick
# match seat one address together (docs/SECURITY.md, "Second accounts").
MAKE_PEOPLE = f"""
from django.test import Client
from accounts.models import User
from game.models import Room
from lobby.services import ensure_default_rooms
ensure_default_rooms()
Room.objects.update(allow_shared_address=True)
sessions = {{}}
for name in {PEOPLE!r}:
    user = User.objects.create_user(name, None, "correct horse battery staple")
    client = Client()
    client.force_login(user)
    sessions[name] = client.cookies["sessionid"].value
print(json.dumps(sessions))
"""
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
INVITE_LINK = re.compile(r'id="invite-link" href="([^"]+)"')


class Browser:
    """One person's cookies against one process: GET pages, POST forms with the CSRF token."""

    def __init__(self, port: int, session: str) -> None:
        self.port, self.cookies = port, {"sessionid": session}

    def request(self, method: str, path: str, body: str = "") -> tuple[int, str, str]:
        """(status, Location header, body) of one request; redirects are not followed."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Origin": f"http://127.0.0.1:{self.port}",
            "Referer": f"http://127.0.0.1:{self.port}/",
            "Accept-Language": "en",
        }
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body or None, headers=headers)
            response = conn.getresponse()
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name] = rest.split(";", 1)[0]
            return response.status, response.getheader("Location") or "", response.read().decode()
        finally:
            conn.close()

    def post(self, path: str, form_page: str = "/rooms/standard/", **fields: str) -> str:
        """POST a form the way the page does (its CSRF token); the redirect's Location."""
        status, _, page = self.request("GET", form_page)
        assert status == 200, (form_page, status)
        token = CSRF_FIELD.search(page)
        assert token is not None, form_page
        status, location, _ = self.request(
            "POST", path, urlencode({"csrfmiddlewaretoken": token.group(1), **fields})
        )
        assert status == 302, (path, status)
        return location

    def socket(self, table_id: int) -> object:
        return websockets.connect(
            f"ws://127.0.0.1:{self.port}/ws/table/{table_id}/",
            additional_headers={
                "Origin": f"http://127.0.0.1:{self.port}",
                "Cookie": f"sessionid={self.cookies['sessionid']}",
            },
        )


def table_id_of(location: str) -> int:
    match = re.fullmatch(r"/tables/(\d+)/", location)
    assert match is not None, location
    return int(match.group(1))


def test_quick_match_and_invites_across_two_processes(cluster: LiveSite) -> None:
    sessions = cluster.python(MAKE_PEOPLE)
    assert isinstance(sessions, dict)
    ports = [free_port(), free_port()]
    for port in ports:
        cluster.start(port)
    # ann, ben and cat on the first process; dan and eve on the second.
    browsers = {
        name: Browser(ports[0] if i < 3 else ports[1], sessions[name])
        for i, name in enumerate(PEOPLE[:5])
    }
    tables = {table_id_of(b.post("/rooms/standard/quick-match/")) for b in browsers.values()}
    assert len(tables) == 1, "quick match put them at different tables"
    table_id = tables.pop()

    async def play() -> None:
        sockets = {name: await b.socket(table_id) for name, b in browsers.items()}  # type: ignore[misc]
        try:
            for ws in sockets.values():
                await ws.send(json.dumps({"action": "ready"}))
            for ws in sockets.values():
                await until_version(ws, 0)
            seat_of = _seats(cluster, table_id)
            by_seat = {seat_of[name]: ws for name, ws in sockets.items()}
            state = hand_state(cluster, table_id)
            assert isinstance(state, engine.State)
            while state.phase is not engine.Phase.FINISHED:
                seat = engine.to_act(state)[0]
                await by_seat[seat].send(json.dumps(message_for(state, seat)))
                for ws in sockets.values():  # both processes see every move (Redis)
                    await until_version(ws, state.version + 1)
                state = hand_state(cluster, table_id)
                assert isinstance(state, engine.State)
        finally:
            for ws in sockets.values():
                await ws.close()

    asyncio.run(play())

    # A private table opened on the first process, joined by its link on the second.
    owner = Browser(ports[0], sessions["own"])
    private_id = table_id_of(owner.post("/rooms/standard/private-table/"))
    status, _, page = owner.request("GET", f"/tables/{private_id}/")
    link = INVITE_LINK.search(page)
    assert status == 200 and link is not None and "/join/" in link.group(1)
    path = "/" + link.group(1).split("/", 3)[3]
    friend = Browser(ports[1], sessions["fri"])
    assert table_id_of(friend.post(path, form_page=path)) == private_id
    for port in ports:
        stranger = Browser(port, sessions["str"])
        status, _, room_page = stranger.request("GET", "/rooms/standard/")
        assert status == 200 and f"/tables/{private_id}/" not in room_page
        assert stranger.request("GET", f"/tables/{private_id}/")[0] == 404

        async def refused(b: Browser = stranger) -> None:
            try:
                async with b.socket(private_id) as ws:  # type: ignore[attr-defined]
                    frame = await ws.recv()
                    raise AssertionError(f"a stranger got a frame: {str(frame)[:80]}")
            except (websockets.exceptions.InvalidStatus, websockets.exceptions.ConnectionClosed):
                return  # refused at the handshake, or closed before any frame

        asyncio.run(refused())


SEATS_OF = """
from game.models import TableSeat
rows = TableSeat.objects.filter(table_id=%d, user__isnull=False).select_related("user")
print(json.dumps({s.user.username: s.index for s in rows}))
"""


def _seats(site: LiveSite, table_id: int) -> dict[str, int]:
    seats = site.python(SEATS_OF % table_id)
    assert isinstance(seats, dict)
    return seats
