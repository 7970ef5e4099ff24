"""People at a table over the real ASGI app, in-process: a signed-in ``WebsocketCommunicator``
each, read frame by frame until the hand reaches a version, and the move a scripted person
makes. The socket tests and ``python -m bench bytes`` seat their players through here.

Needs Django set up and a database the caller owns (a test database, or the bench's
throwaway SQLite site).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import User
from baohuang_site.asgi import application
from game import engine
from game.models import Hand, Room, Table
from game.selectors import state_of
from lobby import tables
from lobby.services import ensure_default_rooms

# AllowedHostsOriginValidator refuses a websocket without an allowed Origin
# (docs/ARCHITECTURE.md, known traps); 127.0.0.1 is in the default ALLOWED_HOSTS.
ORIGIN = "http://127.0.0.1:8000"
PASSWORD = "correct horse battery staple"
CARD_ATTR = re.compile(r'data-card="([^"]+)"')
# Every table frame carries the hand's version in the page's one ``#ver`` input.
STATUS_VERSION = re.compile(r'id="ver" name="version" value="(\d+)"')


@dataclass
class Player:
    name: str
    user: User
    seat: int | None
    ws: WebsocketCommunicator
    frames: list[str] = field(default_factory=list)

    async def send(self, **message: object) -> None:
        await self.ws.send_to(text_data=json.dumps(message))

    async def frame(self, timeout: float = 10) -> str:
        text: str = await self.ws.receive_from(timeout=timeout)
        self.frames.append(text)
        return text

    async def until_version(self, version: int, *, new_hand_ok: bool = False) -> None:
        """Read frames until one shows the hand at ``version`` (or later). ``new_hand_ok``:
        or a new hand, whose versions start again (a void hand is dealt again at once, so
        its last version is never shown: RULES §10.2/§10.3)."""
        seen: list[str] = []
        while True:
            try:
                text = await self.frame()
            except TimeoutError:
                raise AssertionError(
                    f"{self.name} never saw version {version}; saw {seen}"
                ) from None
            if 'id="table-error"' in text and 'id="ver"' not in text:
                raise AssertionError(f"{self.name} was refused: {text[:300]}")
            found = STATUS_VERSION.findall(text)
            seen.extend(found or [text[:120]])
            if found and int(found[-1]) >= version:
                return
            if new_hand_ok and found and int(found[-1]) < version - 1:
                return


def cookie_for(user: User) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_socket(
    table: Table,
    *,
    cookie: bytes | None = None,
    origin: str = ORIGIN,
    language: str | None = "en",
) -> WebsocketCommunicator:
    """A socket to ``table``, not yet connected. ``language=None`` sends no Accept-Language,
    so the table speaks the site's default language."""
    headers = [(b"origin", origin.encode())]
    if language is not None:
        headers.append((b"accept-language", language.encode()))
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/table/{table.pk}/", headers=headers)


async def connect(
    user: User, table: Table, *, language: str | None = "en"
) -> WebsocketCommunicator:
    cookie = await sync_to_async(cookie_for)(user)
    ws = await open_socket(table, cookie=cookie, language=language)
    connected, code = await ws.connect()
    assert connected, code
    return ws


def seat_five(slug: str, names: list[str]) -> tuple[Table, list[User]]:
    """A new table in room ``slug`` with five new users seated and ready: the hand has begun."""
    ensure_default_rooms()
    room = Room.objects.get(slug=slug)
    users = [User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in names]
    table = tables.create_table(room=room)
    for seat, user in enumerate(users):
        tables.sit(table=table, seat=seat, user=user)
    for user in users:
        tables.set_ready(table=table, user=user)
    table.refresh_from_db()
    assert table.current_hand_id is not None
    return table, users


def hand_state(table: Table) -> tuple[Hand, engine.State]:
    table.refresh_from_db()
    assert table.current_hand_id is not None
    hand = Hand.objects.get(pk=table.current_hand_id)
    return hand, state_of(hand)


def message_for(state: engine.State, seat: int) -> dict[str, object]:
    """What a scripted person sends: the auto-play choice for roles, the hint to play."""
    if state.phase is engine.Phase.PLAY:
        action = engine.hint(state, seat, 0)
        if isinstance(action, engine.Play):
            return {
                "action": "play",
                "cards": engine.format_cards(action.cards),
                "version": str(state.version),
            }
        return {"action": "pass", "version": str(state.version)}
    choice = engine.autoplay_action(state, seat).to_notation()
    return {"action": "decide", "choice": choice, "version": str(state.version)}
