"""A socket's connection: how it is dispatched, what it may hold, why it is closed.

What every socket of the site shares (the lobby's, the tournament's, the Baohuang table's,
the Red Ten table's): a dispatch without Channels' per-message hop, the person it belongs to
(``PersonSocket``: sign-out and suspension close it), the per-process caps on open sockets
(SECURITY.md F8), the close codes and the page's language. Then a table socket's own
connection: who it is, which seat it keeps present, and its first frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.sessions import InstanceSessionWrapper
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_noop
from django.utils.translation.trans_real import parse_accept_lang_header

from accounts.sockets import user_group
from game import engine, presence
from game.doorbell import table_group
from game.keeper import ensure_keeper
from game.models import Game, Table
from lobby.consumers.liveness import OPEN, ensure_watch
from lobby.consumers.snapshots import SNAPSHOTS
from lobby.sightings import socket_address
from lobby.table_state import TableSnapshot, Viewer, viewer_in

CLOSE_NOT_SIGNED_IN = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_FLOOD = 4429
CLOSE_TOO_MANY = 4430
# The table is gone for this page: its private table's owner closed it, or removed this player.
# Sent after the #table-gone fragment says so; like every 4xxx code, htmx does not retry it.
CLOSE_GONE = 4410


class SocketCount:
    """Open table sockets of this process, per account and per address (SECURITY.md F8).

    Per process: a dead process takes its counts with it, and the caps are far above what a
    person needs, so N processes allowing N times the cap is harmless (docs/DECISIONS.md).
    """

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def take(self, key: str, limit: int) -> bool:
        if self.counts.get(key, 0) >= limit:
            return False
        self.counts[key] = self.counts.get(key, 0) + 1
        return True

    def give_back(self, key: str) -> None:
        left = self.counts.get(key, 0) - 1
        if left > 0:
            self.counts[key] = left
        else:
            self.counts.pop(key, None)


SOCKETS = SocketCount()


class DirectDispatch(AsyncWebsocketConsumer):  # type: ignore[misc]
    """Dispatch without Channels' per-message ``aclose_old_connections()``.

    Channels hops to the sync thread before every handler to close stale database
    connections. Here every database call already goes through ``database_sync_to_async``,
    which does exactly that around the call itself; the extra hop bought nothing and cost a
    trip through the one sync thread for every push to every connection (docs/PERFORMANCE.md).
    """

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        # Channels' session middleware wraps ``send`` to save the session and set its cookie
        # on an HTTP response's start, and looks at the session on every message to decide:
        # a websocket never sends one, so its frames go to the server's own ``send``.
        wrapper = getattr(send, "__self__", None)
        if isinstance(wrapper, InstanceSessionWrapper):
            send = wrapper.real_send
        OPEN.add(self)  # for the Redis watch (liveness.py)
        ensure_watch()
        try:
            await super().__call__(scope, receive, send)
        finally:
            OPEN.discard(self)

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class PersonSocket(DirectDispatch):
    """A socket that belongs to a person. Accepted for a signed-in account, it joins that
    account's group (``accounts.sockets.user_group``); logging out, a new password, a
    deactivation or a fair-play suspension then closes it with 4401, whatever it shows or
    does (SECURITY.md F6 and the socket outliving sign-out). Every consumer of the site
    derives from it, so a new one gets this by inheriting: nothing to remember."""

    person_group: str | None = None

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol, headers)
        user = self.scope.get("user")
        if self.person_group is None and user is not None and user.is_authenticated:
            self.person_group = user_group(user.pk)
            await self.channel_layer.group_add(self.person_group, self.channel_name)

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        if self.person_group is not None:
            await self.channel_layer.group_discard(self.person_group, self.channel_name)
            self.person_group = None
        await super().websocket_disconnect(message)

    async def dispatch(self, message: dict[str, Any]) -> None:
        if message["type"].startswith("account.") and not hasattr(self, get_handler_name(message)):
            return  # another of the account's pages' business (a table's marks)
        await super().dispatch(message)

    async def account_signout(self, event: dict[str, Any]) -> None:
        """The account's sign-in stopped being good: this socket acts and follows for it no
        longer. A browser whose session is still valid reconnects at once; any other is
        refused as not signed in."""
        await self.close(code=CLOSE_NOT_SIGNED_IN)


def scope_language(scope: dict[str, Any]) -> str:
    """The page's language for a socket: the language cookie set by the switcher, else the
    browser's Accept-Language, else the site default (LocaleMiddleware does not see sockets)."""
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    candidates = [cookie] if cookie else []
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            header = value.decode("latin-1")
            candidates += [lang for lang, _ in parse_accept_lang_header(header)]
    for candidate in candidates:
        try:
            return translation.get_supported_language_variant(candidate)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


class LiveList(PersonSocket):
    """A signed-in page's live part that one group's ring redraws whole: the room list, a
    room's counts, a tournament's standings. It counts against the account's sockets, as
    every live page does: each is re-rendered on every ring (SECURITY.md F8)."""

    def group_name(self) -> str:
        raise NotImplementedError

    async def render(self) -> str:
        """The html pushed on connect and on every ring."""
        raise NotImplementedError

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_SIGNED_IN)
            return
        await self.accept()
        self.slot: str | None = f"user:{user.pk}"
        if not SOCKETS.take(self.slot, settings.BAOHUANG_SOCKETS_PER_ACCOUNT):
            self.slot = None
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.group = self.group_name()
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.shown = await self.render()
        await self.send(text_data=self.shown)

    async def disconnect(self, code: int) -> None:
        slot: str | None = getattr(self, "slot", None)
        if slot is not None:
            SOCKETS.give_back(slot)
            self.slot = None
        group: str | None = getattr(self, "group", None)
        if group is not None:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def redraw(self, event: dict[str, Any]) -> None:
        """Push the part again, only if it changed: a ring that changes nothing on the page
        sends nothing, so no frame's timing says more than the page does (a tournament's
        table ringing at each hand's end told the other tables how long it took over the
        same cards: SECURITY.md, timing of the standings)."""
        html = await self.render()
        if html != getattr(self, "shown", None):
            self.shown = html
            await self.send(text_data=html)


class TableConnection(PersonSocket):
    """One connection to one table, for one viewer (player, guest or spectator): who it is,
    the caps it counts against, the seat it keeps present. Its frames are drawn by the page
    (render.py, push.py), composed with it in ``TableConsumer`` (table.py)."""

    table: Table
    viewer: Viewer

    if TYPE_CHECKING:  # the page's, in render.py and push.py

        def reset_page(self, *, language: str) -> None: ...

        async def _error(self, message: str) -> None: ...

        async def _send_render(self, snapshot: TableSnapshot, *, full: bool) -> None: ...

    async def connect(self) -> None:
        ensure_keeper()
        self.reset_page(language=scope_language(self.scope))
        self.recent: list[float] = []
        self.psych_log: list[tuple[str, str, str]] = []
        table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        session = self.scope.get("session")
        session_key = session.session_key if session is not None else None
        self.user_id: int | None = user.pk if user is not None and user.is_authenticated else None
        self.session_key = session_key
        found = await database_sync_to_async(_find)(table_id)
        if found is None:
            await self.close(code=CLOSE_NO_TABLE)
            return
        table, snapshot = found
        viewer = viewer_in(snapshot, self.user_id, session_key)
        if viewer is None:
            signed_in = user is not None and user.is_authenticated
            await self.close(code=CLOSE_FORBIDDEN if signed_in else CLOSE_NOT_SIGNED_IN)
            return
        self.table, self.viewer = table, viewer
        # Read on every push: a plain int, where a model's ``pk`` looks its field up each time.
        self.table_id: int = table.pk
        self.marks: dict[int, engine.Guess] = {}
        self.marks_key: tuple[int, int] | None = None
        refusal = self._take_socket_slots(viewer)
        if refusal is not None:
            # Accepted only to say why, then closed: a cap without a message looks like a
            # broken site (SECURITY.md F8).
            await self.accept()
            await self._error(refusal)
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.group = table_group(table.pk)
        self.present_seat: int | None = None
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self._here(viewer.seat)
        await self._send_render(snapshot, full=True)

    def _take_socket_slots(self, viewer: Viewer) -> str | None:
        """Count this socket against its account (or guest session) and, for a spectator,
        its address; the refusal's text when a cap is reached."""
        self.slots: list[str] = []
        owner = f"user:{self.user_id}" if self.user_id is not None else f"guest:{self.session_key}"
        if not SOCKETS.take(owner, settings.BAOHUANG_SOCKETS_PER_ACCOUNT):
            return gettext_noop(
                "Too many open tables for this account: close some tabs and reload."
            )
        self.slots.append(owner)
        if viewer.seat is None:
            address = f"addr:{socket_address(self.scope)}"
            if not SOCKETS.take(address, settings.BAOHUANG_SPECTATORS_PER_ADDRESS):
                return gettext_noop(
                    "Too many tables watched from this address: close some tabs and reload."
                )
            self.slots.append(address)
        return None

    def _give_back_socket_slots(self) -> None:
        for key in getattr(self, "slots", ()):
            SOCKETS.give_back(key)
        self.slots = []

    async def disconnect(self, code: int) -> None:
        self._give_back_socket_slots()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._here(None)

    async def _moved_to(self, seat: int) -> None:
        """Seated elsewhere by the table itself (a tournament turns its line-up each deal):
        this socket keeps its new seat present (RULES §6.3, §6.4). Its old seat is not marked
        away: whoever sits there now is present or away by his own sockets."""
        await database_sync_to_async(presence.connected)(
            table_id=self.table.pk, seat=seat, channel_name=self.channel_name
        )
        self.present_seat = seat

    async def _here(self, seat: int | None) -> None:
        """Record which seat this socket keeps present (RULES §6.3: away when none does)."""
        if seat == self.present_seat:
            return
        if self.present_seat is not None:
            await database_sync_to_async(presence.disconnected)(
                table_id=self.table.pk, seat=self.present_seat, channel_name=self.channel_name
            )
        if seat is not None:
            await database_sync_to_async(presence.connected)(
                table_id=self.table.pk, seat=seat, channel_name=self.channel_name
            )
        self.present_seat = seat


def _find(table_id: int) -> tuple[Table, TableSnapshot] | None:
    table = Table.objects.select_related("room").filter(pk=table_id).first()
    if table is not None and table.room.game != Game.BAOHUANG:
        return None  # another game's table has its own socket (lobby.redten_consumer)
    # Read through the shared snapshots, which keep it as the table's base: the table's
    # next action then pushes from memory, without reading the table again.
    snapshot = SNAPSHOTS.read(table_id) if table is not None else None
    if table is None or snapshot is None:
        return None
    return table, snapshot
