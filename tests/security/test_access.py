"""Access control: who may open a table socket and act, floods and frame size, pages of
running hands, admin, CSRF, the login rate limit, security headers."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect, cookie_for, open_socket
from game.models import Hand, Room, Table, TableSeat
from lobby import consumers, tables
from lobby.services import ensure_default_rooms
from tests.conftest import ORIGIN, PASSWORD
from tests.security.helpers import snapshot

ROOT = Path(__file__).resolve().parents[2]


def standard_room() -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="standard")


def bots_table(user: User) -> Table:
    return tables.play_with_bots(room=standard_room(), user=user)


# --- the table socket ---------------------------------------------------------------------


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_a_flood_closes_the_socket_with_4429(alice: User) -> None:
    table = await sync_to_async(bots_table)(alice)
    ws = await connect(alice, table)
    await ws.receive_from(timeout=5)
    before = await sync_to_async(snapshot)(table)
    for _ in range(consumers.FLOOD_LIMIT):  # up to the limit: answered, still open
        await ws.send_to(text_data='{"action": "teleport"}')
    for _ in range(consumers.FLOOD_LIMIT):
        assert 'id="table-error"' in await ws.receive_from(timeout=5)
    await ws.send_to(text_data='{"action": "teleport"}')  # one more within 5 s: closed
    out = await ws.receive_output(timeout=5)
    assert out == {"type": "websocket.close", "code": consumers.CLOSE_FLOOD}
    assert await sync_to_async(snapshot)(table) == before
    await ws.wait()


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_a_frame_over_2048_bytes_is_refused_unread(alice: User) -> None:
    table = await sync_to_async(bots_table)(alice)
    ws = await connect(alice, table)
    await ws.receive_from(timeout=5)
    at_limit = json.dumps({"action": "teleport", "pad": ""})
    at_limit = at_limit.replace('""', '"' + "x" * (2048 - len(at_limit.encode())) + '"')
    assert len(at_limit.encode()) == 2048
    await ws.send_to(text_data=at_limit)
    assert "unknown action" in await ws.receive_from(timeout=5)  # read, then refused
    over = at_limit.replace('"x', '"xé', 1)  # one more byte (two in UTF-8, one char more)
    await ws.send_to(text_data=over)
    assert "Message too large" in await ws.receive_from(timeout=5)
    await ws.disconnect()


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_anonymous_and_foreign_origin_sockets_are_refused(alice: User) -> None:
    table = await sync_to_async(bots_table)(alice)
    ws = await open_socket(table)
    connected, code = await ws.connect()
    assert not connected and code == consumers.CLOSE_NOT_SIGNED_IN
    cookie = await sync_to_async(cookie_for)(alice)
    for origin in ("https://evil.example", "http://127.0.0.1.evil.example:8000", "null"):
        ws = await open_socket(table, cookie=cookie, origin=origin)
        connected, _ = await ws.connect()
        assert not connected, origin
    ws = await open_socket(table, cookie=cookie, origin=ORIGIN)
    connected, _ = await ws.connect()
    assert connected
    await ws.disconnect()


def guest_setup() -> tuple[Table, str, str]:
    owner, other = SessionStore(), SessionStore()
    owner.create()
    other.create()
    assert owner.session_key and other.session_key
    table = tables.guest_table(room=standard_room(), session_key=owner.session_key)
    return table, owner.session_key, other.session_key


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_another_browser_cannot_open_a_guest_table() -> None:
    table, _, other = await sync_to_async(guest_setup)()
    ws = await open_socket(table, cookie=f"sessionid={other}".encode())
    connected, code = await ws.connect()
    assert not connected and code == consumers.CLOSE_NOT_SIGNED_IN
    ws = await open_socket(table)  # no session at all
    connected, code = await ws.connect()
    assert not connected and code == consumers.CLOSE_NOT_SIGNED_IN


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_a_signed_in_stranger_cannot_watch_a_guest_table(bob: User) -> None:
    table, owner, _ = await sync_to_async(guest_setup)()
    cookie = await sync_to_async(cookie_for)(bob)
    ws = await open_socket(table, cookie=cookie)
    connected, code = await ws.connect()
    assert not connected and code == consumers.CLOSE_FORBIDDEN
    ws = await open_socket(table, cookie=f"sessionid={owner}".encode())
    connected, _ = await ws.connect()
    assert connected
    assert 'data-card="' in await ws.receive_from(timeout=5)  # the owner is dealt in
    await ws.disconnect()


@pytest.mark.sockets
@pytest.mark.django_db(transaction=True)
async def test_a_player_seated_elsewhere_can_neither_act_nor_sit_here(
    alice: User, bob: User
) -> None:
    """Bob holds a seat at his own bot table; at Alice's he is a spectator: he cannot act
    for any seat there, nor take a second seat (one seat per person, site-wide)."""
    alices = await sync_to_async(bots_table)(alice)
    await sync_to_async(bots_table)(bob)
    ws = await connect(bob, alices)
    bob_here = Player("bob", bob, None, ws)
    await bob_here.frame()
    before = await sync_to_async(snapshot)(alices)
    for message in (
        {"action": "pass", "version": str(before[0]), "seat": "0"},
        {"action": "decide", "choice": "ascend", "version": str(before[0])},
        {"action": "auto", "on": "1"},
        {"action": "mark", "target": "1", "guess": "guard"},
        {"action": "leave"},
        {"action": "sit", "seat": "1"},
        {"action": "hint"},
    ):
        await bob_here.send(**message)
        reply = await bob_here.frame()
        assert 'id="table-error"' in reply and "hidden" not in reply.split(">", 1)[0], message
    assert await sync_to_async(snapshot)(alices) == before
    seats = await sync_to_async(TableSeat.objects.filter(user=bob).count)()
    assert seats == 1
    await ws.disconnect()


@pytest.mark.django_db
def test_nobody_sits_twice_or_at_two_tables(alice: User) -> None:
    room = standard_room()
    one, two = tables.create_table(room=room), tables.create_table(room=room)
    tables.sit(table=one, seat=0, user=alice)
    with pytest.raises(tables.SeatRefused):
        tables.sit(table=one, seat=1, user=alice)
    with pytest.raises(tables.SeatRefused):
        tables.sit(table=two, seat=0, user=alice)
    with pytest.raises(tables.SeatRefused):
        tables.play_with_bots(room=room, user=alice)
    assert TableSeat.objects.filter(user=alice).count() == 1


# --- pages of a running hand ---------------------------------------------------------------


@pytest.mark.django_db
def test_pages_of_a_running_hand_leak_nothing(alice: User, bob: User, staff: User) -> None:
    table = bots_table(alice)
    assert table.current_hand_id is not None
    hand = Hand.objects.get(pk=table.current_hand_id)
    urls = [
        f"/hands/{hand.pk}/",
        f"/hands/{hand.pk}/steps/0/",
        f"/hands/{hand.pk}/export.json",
        f"/hands/{hand.pk}/export.txt",
    ]
    for user in (None, alice, bob):  # anonymous, a player of the hand, a stranger
        client = Client()
        if user is not None:
            client.force_login(user)
        for url in urls:
            assert client.get(url).status_code == 404, (user, url)
        for page in ("/", "/rooms/standard/hands/", "/players/alice/", "/leaderboards/"):
            body = client.get(page).content.decode()
            assert f"/hands/{hand.pk}/" not in body, (user, page)
            assert str(hand.seed) not in body, (user, page)
    mine = Client()
    mine.force_login(alice)
    for page in ("/hands/mine/", "/players/me/"):
        body = mine.get(page).content.decode()
        assert f"/hands/{hand.pk}/" not in body and str(hand.seed) not in body, page
    boss = Client()
    boss.force_login(staff)
    for url in urls:
        assert boss.get(url).status_code == 200, url


# --- admin, CSRF, login rate limit, headers -------------------------------------------------


@pytest.mark.django_db
def test_admin_is_for_staff_only(alice: User, staff: User) -> None:
    assert Client().get("/admin/").status_code == 302
    client = Client()
    client.force_login(alice)
    response = client.get("/admin/game/room/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    client.force_login(staff)
    assert client.get("/admin/game/room/").status_code == 200


@pytest.mark.django_db
def test_an_old_admin_address_of_a_moved_model_leads_to_its_new_one(staff: User) -> None:
    client = Client()
    client.force_login(staff)
    response = client.get("/admin/lobby/room/?o=1", follow=True)
    assert response.redirect_chain == [("/admin/game/room/?o=1", 301)]
    assert response.status_code == 200


@pytest.mark.django_db
def test_every_post_form_is_csrf_protected(alice: User) -> None:
    standard_room()
    client = Client(enforce_csrf_checks=True)
    # Pages with forms carry the token in every POST form...
    for page in ("/accounts/login/", "/accounts/signup/"):
        body = client.get(page).content.decode()
        forms = re.findall(r"<form[^>]*method=\"post\".*?</form>", body, re.S | re.I)
        assert forms, page
        assert all("csrfmiddlewaretoken" in f for f in forms), page
    anonymous_posts = {
        "/accounts/login/": {"login": "alice", "password": PASSWORD},
        "/accounts/signup/": {"username": "mallory", "password1": "x" * 12, "password2": "x" * 12},
        "/rooms/standard/try/": {},
        "/i18n/setlang/": {"language": "en"},
    }
    for url, data in anonymous_posts.items():
        assert client.post(url, data).status_code == 403, url
    client.force_login(alice)
    body = client.get("/rooms/standard/").content.decode()
    forms = re.findall(r"<form[^>]*method=\"post\".*?</form>", body, re.S | re.I)
    assert forms and all("csrfmiddlewaretoken" in f for f in forms)
    for url in (
        "/rooms/standard/new-table/",
        "/rooms/standard/play-with-bots/",
        "/accounts/logout/",
        "/accounts/password/change/",
    ):
        assert client.post(url, {}).status_code == 403, url
    assert not TableSeat.objects.filter(user=alice).exists()  # nothing was done


@pytest.mark.django_db
def test_the_login_rate_limit_blocks_after_repeated_failures(alice: User, bob: User) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    good = Client().post("/accounts/login/", {"login": "bob", "password": PASSWORD})
    assert good.status_code == 302  # logging in works at all (bob exists below)
    for _ in range(5):
        response = client.post("/accounts/login/", {"login": "alice", "password": "wrong"})
        assert "_auth_user_id" not in client.session
    # Now even the right password is refused for a while.
    response = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert response.status_code in (200, 429)
    assert "Too many failed login attempts" in response.content.decode()
    # The limit is per account *and* address: failing on purpose from one address cannot
    # lock alice out of her own (docs/SECURITY.md, the locker; tests/security/test_attacks.py).
    other = Client(REMOTE_ADDR="10.9.8.7", HTTP_ACCEPT_LANGUAGE="en")
    other.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert other.session["_auth_user_id"] == str(alice.pk)


@pytest.mark.django_db
def test_responses_carry_the_security_headers() -> None:
    response = Client().get("/")
    csp = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";") if d.strip())
    assert directives["script-src"] == "'self'"  # our own scripts only, nothing inline
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "<script>" not in response.content.decode()  # no inline script on the page


def test_production_settings_are_hardened(tmp_path: Path) -> None:
    """`check --deploy` itself runs in tests/site/test_settings.py; here the values."""
    probe = (
        "import json; from django.conf import settings as s; print(json.dumps(["
        "s.DEBUG, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE,"
        " s.CSRF_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, s.X_FRAME_OPTIONS]))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="baohuang_site.settings",
        DJANGO_ENV="production",
        DJANGO_SECRET_KEY="k" * 60,
        BAOHUANG_VAR_DIR=str(tmp_path),
    )
    env.pop("REDIS_URL", None)
    out = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + probe],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    debug, ssl, hsts, session_secure, csrf_secure, httponly, frames = json.loads(out.stdout)
    assert not debug and ssl and hsts >= 31_536_000
    assert session_secure and csrf_secure and httponly and frames == "DENY"
