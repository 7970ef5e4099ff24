"""A table of five people plus a spectator over the real ASGI app, and the oracles that
say what each of them may see (RULES §3.4, §8)."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import User
from baohuang_site.asgi import application
from game import engine
from game.engine.cards import CARDS, cards_of, format_card
from game.models import Hand, HandEvent
from game.selectors import state_of
from lobby import tables
from lobby.models import Room, Table
from lobby.presenters import RANK_LABELS, SUIT_SYMBOLS
from lobby.services import ensure_default_rooms
from tests.conftest import ORIGIN, PASSWORD

CARD_ATTR = re.compile(r'data-card="([^"]+)"')
STATUS_VERSION = re.compile(r'id="table-status"[^>]*data-version="(\d+)"')
FACE = re.compile(
    r'<span class="card[^"]*"><span class="idx"><span class="r">([^<]*)</span>'
    r'(?:<span class="s">([^<]*)</span>)?'
)
SEAT_BLOCK = re.compile(r'<div class="seat seat--([^"]*)" data-seat="(\d)">')
MARK = re.compile(r'<summary class="mark mark-(\w+)"')


def fragments(frame: str) -> dict[str, str]:
    """Split one frame into its top-level fragments by root id."""
    out: dict[str, str] = {}
    for part in frame.split('<div id="')[1:]:
        name, _, rest = part.partition('"')
        out[name] = rest
    return out


def face(card: engine.Card) -> tuple[str, str]:
    suit = card.suit.value if card.suit is not None else ""
    return RANK_LABELS[int(card.rank)], SUIT_SYMBOLS.get(suit, "")


def hand_codes(cards: tuple[int, ...]) -> Counter[str]:
    return Counter(format_card(c) for c in cards_of(cards))


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
        text = await self.ws.receive_from(timeout=timeout)
        self.frames.append(text)
        return text

    async def until_version(self, version: int) -> None:
        """Read frames until one shows the hand at ``version`` (or later)."""
        while True:
            try:
                text = await self.frame()
            except TimeoutError:
                raise AssertionError(f"{self.name} never saw version {version}") from None
            if 'id="table-error"' in text and 'id="controls"' not in text:
                raise AssertionError(f"{self.name} was refused: {text[:300]}")
            found = STATUS_VERSION.findall(text)
            if found and int(found[-1]) >= version:
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
    language: str = "en",
) -> WebsocketCommunicator:
    headers = [(b"origin", origin.encode()), (b"accept-language", language.encode())]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/table/{table.pk}/", headers=headers)


async def connect(user: User, table: Table, *, language: str = "en") -> WebsocketCommunicator:
    cookie = await sync_to_async(cookie_for)(user)
    ws = await open_socket(table, cookie=cookie, language=language)
    connected, code = await ws.connect()
    assert connected, code
    return ws


def seat_five(slug: str, names: list[str]) -> tuple[Table, list[User]]:
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


async def table_of_five(
    slug: str = "standard", *, prefix: str = "p", language: str = "en"
) -> tuple[Table, list[Player], Player]:
    names = [f"{prefix}{i}" for i in range(5)]
    table, users = await sync_to_async(seat_five)(slug, names)
    watcher = await sync_to_async(User.objects.create_user)(f"{prefix}w", None, PASSWORD)
    players = [
        Player(u.username, u, i, await connect(u, table, language=language))
        for i, u in enumerate(users)
    ]
    spectator = Player(watcher.username, watcher, None, await connect(watcher, table))
    for p in [*players, spectator]:
        await p.until_version(0)
    return table, players, spectator


def hand_state(table: Table) -> tuple[Hand, engine.State]:
    table.refresh_from_db()
    assert table.current_hand_id is not None
    hand = Hand.objects.get(pk=table.current_hand_id)
    return hand, state_of(hand)


def snapshot(table: Table) -> tuple[int, int]:
    """The hand's version and its number of events: what a refused message must not move."""
    hand, _ = hand_state(table)
    return hand.version, HandEvent.objects.filter(hand=hand).count()


def all_codes() -> set[str]:
    return {format_card(c) for c in CARDS}
