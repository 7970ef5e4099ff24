"""Websocket consumers: the lobby's room list and the live table.

A table connection renders *its own* fragments from ``engine.view_for`` for its seat on
connect and on every doorbell; the doorbell itself carries no cards (ARCHITECTURE.md).
"""

from __future__ import annotations

import asyncio
import functools
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.sessions import InstanceSessionWrapper
from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext_noop
from django.utils.translation.trans_real import parse_accept_lang_header

from accounts.models import User
from accounts.sockets import user_group
from game import engine
from game.doorbell import RingBox, collect_rings, on_ring, table_group
from game.hands import ActionRefused, parse_action, set_mark, submit_action
from game.keeper import ensure_keeper
from game.models import Game, Hand, HandStatus, Table
from game.selectors import marks_of, row_copy
from lobby import chat, matchmaking, presence, tables
from lobby.identity_memo import IdentityMemo
from lobby.lobby_live import render_room_live, room_of
from lobby.page_language import rendering_in
from lobby.play_log import public_events
from lobby.presenters import (
    PSYCH_MESSAGES,
    CardInfo,
    CounterCell,
    SeatInfo,
    TableContext,
    TrickEntry,
)
from lobby.selectors import open_rooms
from lobby.spectator_stream import SpectatorStreams, plain_spectator
from lobby.table_state import (
    FRAGMENT_KEYS,
    FRAGMENTS,
    TableSnapshot,
    Viewer,
    load_snapshot,
    render_center,
    render_counter_cell,
    render_fragment,
    render_keyed,
    render_pushed,
    render_seat,
    render_tools,
    seat_key,
    seat_parts,
    shell_key,
    table_context,
    tools_key,
    viewer_in,
)
from lobby.templatetags.memoized import log_rows

LOBBY_GROUP = "lobby"
# Every frame of a render carries the hand's version (a tiny input, ``#ver``): the page's
# forms send it, and the tests read a frame's version from it (docs/PROTOCOL.md).
ALWAYS_SENT = ("version",)
# The parts of a seat (element id ``seat-<part>-<index>``, templates/lobby/_seat.html): a
# push sends the changed ones alone when the rest of the seat is the same, else the whole
# seat keeping the unchanged ones as the page has them (``TableConsumer._seat_delta``).
SEAT_PARTS = ("head", "role", "stats", "clock", "play")
# The status line's part: whose turn it is, and its clock.
STATUS_PARTS = ("st-turn",)
# The parts of the controls: the turn's buttons (empty off turn), and the ones that rarely
# change, kept as the page has them (``_delta``).
CONTROLS_PARTS = ("turn-buttons", "auto-form", "leave-menu", "keys-help")
TRICK_TAIL = "</ol> </div>"  # how the centre ends while a trick is under way
MAX_FRAME = 2048  # bytes; a legal message is far smaller
# More than FLOOD_LIMIT messages within FLOOD_WINDOW seconds closes the socket: ten a second
# is far beyond a person's pace, yet leaves room for a program playing through the protocol.
FLOOD_LIMIT = 50
FLOOD_WINDOW = 5.0
PSYCH_INTERVAL = 3.0  # RULES §8.3: one psych-war message per player every 3 s
CLOSE_NOT_SIGNED_IN = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_FLOOD = 4429
CLOSE_TOO_MANY = 4430
# The table is gone for this page (issue 18): its owner closed it, or removed this player.
# Sent after the #table-gone fragment says so; like every 4xxx code, htmx does not retry it.
CLOSE_GONE = 4410


class SocketCount:
    """Open table sockets of this process, per account and per address (issue 13, F8).

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

GUESSES = {g.value for g in engine.Guess}
ROLE_DECISIONS = {
    "ascend",
    "abdicate",
    "open_solo",
    "dark_solo",
    "open_guard",
    "dark_guard",
    "rebel",
    "no_rebel",
}


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
        await super().__call__(scope, receive, send)

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class LobbyConsumer(DirectDispatch):
    """Pushes the room list (with live occupancy) to signed-in players on the home page."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_SIGNED_IN)
            return
        await self.accept()
        # The room list counts against the account's sockets too: each one is re-rendered
        # on every lobby change (issue 13, F8).
        self.slot: str | None = f"user:{user.pk}"
        if not SOCKETS.take(self.slot, settings.BAOHUANG_SOCKETS_PER_ACCOUNT):
            self.slot = None
            await self.close(code=CLOSE_TOO_MANY)
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.send(text_data=await self._render_rooms())

    async def disconnect(self, code: int) -> None:
        slot: str | None = getattr(self, "slot", None)
        if slot is not None:
            SOCKETS.give_back(slot)
            self.slot = None
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=await self._render_rooms())

    async def _render_rooms(self) -> str:
        slug = room_of(self.scope)
        if slug:  # a room page: its counts and tables (issue 18)
            live = await database_sync_to_async(render_room_live)(scope_language(self.scope), slug)
            return live or ""
        html: str = await database_sync_to_async(render_rooms)(scope_language(self.scope))
        return html


def render_rooms(language: str) -> str:
    with translation.override(language):
        return render_to_string("lobby/_rooms.html", {"rooms": list(open_rooms()), "oob": True})


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


class BadMessage(Exception):
    """A message the table cannot understand; the text goes back to that socket only."""


def _field(data: dict[str, Any], name: str, *, required: bool = True) -> str:
    value = data.get(name)
    if value is None:
        if required:
            raise BadMessage(f"missing field {name!r}")
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadMessage(f"field {name!r} must be a string")
    return str(value)


def _int_field(data: dict[str, Any], name: str, *, low: int, high: int) -> int:
    raw = _field(data, name)
    try:
        value = int(raw)
    except ValueError:
        raise BadMessage(f"field {name!r} must be a whole number") from None
    if not low <= value <= high:
        raise BadMessage(f"field {name!r} must be between {low} and {high}")
    return value


class TableConsumer(DirectDispatch):
    """One connection to one table, for one viewer (player, guest or spectator)."""

    table: Table
    viewer: Viewer

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
            # broken site (issue 13, F8).
            await self.accept()
            await self._error(refusal)
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.group = table_group(table.pk)
        self.present_seat: int | None = None
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        if self.user_id is not None:
            await self.channel_layer.group_add(user_group(self.user_id), self.channel_name)
        await self._here(viewer.seat)
        await self._send_render(snapshot, full=True)

    def reset_page(self, *, language: str) -> None:
        """What this connection knows of its page before its first frame: nothing."""
        self.language = language
        # Django's language made explicit in this connection's context, as it already is:
        # with none activated, every ``get_language`` (each render asks, and so does each
        # number drawn) looked for it, failed with an exception inside asgiref's ``Local``
        # and read the settings instead.
        translation.activate(translation.get_language())
        self.peek: int | None = None
        self.hint_n = 0
        self.hint_version = -1
        self.sent_hand: tuple[CardInfo, ...] | None = None
        # The kept parts (SEAT_PARTS, CONTROLS_PARTS) as the page shows them, by id.
        self.sent_parts: dict[str, str | None] = {}
        # The counter's ranks on the page (None: nothing sent yet).
        self.sent_counter: tuple[CounterCell, ...] | None = None
        self.sent_log: tuple[TrickEntry, ...] | None = None  # the play log's lines on the page
        self.sent: dict[str, str] = {}  # the last html pushed per fragment
        # The key (``FRAGMENT_KEYS``) each such fragment on the page was drawn from; not
        # there when unknown (``_error`` wrote the page's error itself).
        self.sent_keys: dict[str, tuple[object, ...]] = {}
        self.sent_seats: dict[int, tuple[object, ...]] = {}  # what each seat was drawn from
        # Each seat (by its id) and the status line as pushed last, their parts cut out
        # (``split_parts``): not there when unknown.
        self.sent_shells: dict[str, str] = {}
        self.sent_tools: dict[int, tuple[object, ...] | None] = {}  # and each seat's tools
        # What each seat's shell in ``sent_shells`` was drawn from (``shell_key``).
        self.sent_shell_keys: dict[int, tuple[object, ...]] = {}
        self.snapshot: TableSnapshot | None = None  # the last one rendered to this page
        # ``_viewer_in``'s last answer: (the seating, the hand's players, the rest it read,
        # the viewer).
        self.viewer_found: (
            tuple[tuple[object, ...], tuple[object, ...], tuple[object, ...], Viewer | None] | None
        )
        self.viewer_found = None
        # The page was last pushed a spectators' stream frame (lobby.spectator_stream): what
        # this connection recorded of its page is older than the page, so its own next push
        # is drawn whole.
        self.streamed = False
        # The page shows something the stream's page does not (an error): its next push is
        # its own.
        self.off_stream = False

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
            client = self.scope.get("client") or ("",)
            address = f"addr:{client[0]}"
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
            if self.user_id is not None:
                await self.channel_layer.group_discard(user_group(self.user_id), self.channel_name)
            await self._here(None)

    async def account_signout(self, event: dict[str, Any]) -> None:
        """The account logged out, changed its password or was deactivated: this socket
        acts for it no longer (issue 13, F6). A browser whose session is still valid
        reconnects at once; any other is refused as not signed in."""
        await self.close(code=CLOSE_NOT_SIGNED_IN)

    async def account_marks(self, event: dict[str, Any]) -> None:
        """This account changed its identity marks (maybe in another tab): redraw them."""
        if self.marks_key is not None and self.marks_key[0] == event.get("hand"):
            self.marks_key = None
            await self._push()

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

    # --- pushes ----------------------------------------------------------------------

    async def table_changed(self, event: dict[str, Any]) -> None:
        ring = event.get("ring")
        if not isinstance(ring, str):
            snapshot = await self._snapshot()
        else:
            snapshot = await SNAPSHOTS.get(self.table_id, ring)
            if snapshot is not None and self._plain_spectator(snapshot):
                await self._spectate(ring, snapshot)
                return
        if snapshot is not None:
            await self._send_render(snapshot, full=False)

    async def _spectate(self, ring: str, snapshot: TableSnapshot) -> None:
        """A plain spectator's push: the spectators' stream frame when this page is where the
        stream's page is, else its own (which may then become the stream's page)."""
        before = self.snapshot
        frame = STREAMS.frame(self.table_id, self.language, ring, before, snapshot)
        if frame is not None:
            self.snapshot, self.streamed = snapshot, True
            if frame:
                await self.send(text_data=frame)
            return
        await self._send_render(snapshot, full=False)
        if self.snapshot is snapshot:
            STREAMS.seed(self.table_id, self.language, ring, before, self._stream_page)

    def _plain_spectator(self, snapshot: TableSnapshot) -> bool:
        """Whether this page shows ``snapshot`` as every plain spectator's page does."""
        return (
            self.viewer.seat is None
            and self.peek is None
            and not self.off_stream
            and plain_spectator(snapshot, self.user_id)
        )

    def _stream_page(self) -> TableConsumer:
        """A socketless copy of this page for a spectators' stream, with no identity: it
        draws what any plain spectator sees, never anybody's own things."""
        page = TableConsumer()
        page.reset_page(language=self.language)
        page.user_id, page.session_key = None, None
        page.viewer = Viewer(user_id=None, seat=None)
        page.marks, page.marks_key = {}, None
        # What this connection recorded of its page (``reset_page``'s ``sent*`` fields): the
        # dicts copied, since both go on recording; the rest are immutable values.
        for name, value in vars(self).items():
            if name.startswith("sent"):
                setattr(page, name, dict(value) if isinstance(value, dict) else value)
        page.snapshot = self.snapshot
        return page

    async def table_presence(self, event: dict[str, Any]) -> None:
        """A seat came online or went away between hands (issue 18): the seats that look
        different now, and nothing else (the hand did not move, so no version either)."""
        ring = event.get("ring")
        snapshot = await (
            SNAPSHOTS.get(self.table_id, ring) if isinstance(ring, str) else self._snapshot()
        )
        if snapshot is None or await self._gone(snapshot) is not None:
            return  # a closed table's own ring says so
        if snapshot.hand is not None and snapshot.hand.status == HandStatus.RUNNING:
            return  # a hand began meanwhile: its ring redraws everything
        if self.streamed:
            await self._send_render(snapshot, full=True)  # its own record is stale
            return
        viewer = viewer_in(snapshot, self.user_id, self.session_key) or self.viewer
        with rendering_in(self.language):
            ctx = table_context(snapshot, viewer, peek=self.peek, marks=self.marks)
            if ctx.me != self.viewer.seat:
                return  # this viewer's seat changed: the seating change's ring redraws it
            html = "".join(self._changed_seats(ctx))
        if html:
            await self.send(text_data=html)

    async def table_psych(self, event: dict[str, Any]) -> None:
        self.psych_log = [*self.psych_log[-5:], (event["sender"], event["target"], event["text"])]
        with translation.override(self.language):
            html = render_to_string("lobby/_psych.html", {"log": self.psych_log, "oob": True})
        await self.send(text_data=html)

    async def _snapshot(self) -> TableSnapshot | None:
        snapshot: TableSnapshot | None = await database_sync_to_async(load_snapshot)(self.table.pk)
        return snapshot

    async def _push(self) -> None:
        """Re-render after this connection's own request (a peek), from a fresh read."""
        snapshot = await self._snapshot()
        if snapshot is not None:
            await self._send_render(snapshot, full=False)

    async def _send_render(self, snapshot: TableSnapshot, *, full: bool) -> None:
        gone = await self._gone(snapshot)
        if gone is not None:
            # Removed from (or the owner closed) a private table: not one more frame of it,
            # only why, and a way back to the room.
            with translation.override(self.language):
                html = render_to_string(
                    "lobby/_table_gone.html",
                    {
                        "gone": translation.gettext(gone),
                        "room_slug": self.table.room.slug,
                        "oob": True,
                    },
                )
            await self.send(text_data=html)
            await self.close(code=CLOSE_GONE)
            return
        await self._load_marks(snapshot)
        # After stream frames, what this connection recorded of its page is stale.
        frame = self._render(snapshot, full or self.streamed)
        self.streamed = self.off_stream = False
        if frame:
            await self.send(text_data=frame)

    async def _gone(self, snapshot: TableSnapshot) -> str | None:
        """Why this page may show the table no more, or None while it may."""
        if not snapshot.is_private:
            return None
        if snapshot.is_closed:
            return gettext_noop("The table was closed by its owner.")
        if viewer_in(snapshot, self.user_id, self.session_key) is not None:
            return None
        if self.user_id is not None:
            key = matchmaking.removed_key(self.table.pk, self.user_id)
            if await database_sync_to_async(cache.get)(key):
                return gettext_noop("The table's owner removed you from this table.")
        return gettext_noop("You are no longer seated at this private table.")

    async def _load_marks(self, snapshot: TableSnapshot) -> None:
        """This viewer's own identity marks for the snapshot's hand, read once per hand and
        seat and again only when they change (they live outside the event log)."""
        viewer = self._viewer_in(snapshot)
        seat = viewer.seat if viewer is not None else None
        if snapshot.hand is None or seat is None:
            self.marks, self.marks_key = {}, None
            return
        key = (snapshot.hand.pk, seat)
        if key != self.marks_key:
            self.marks = await database_sync_to_async(marks_of)(hand_id=key[0], seat=seat)
            self.marks_key = key

    def _viewer_in(self, snapshot: TableSnapshot) -> Viewer | None:
        """``viewer_in`` for this connection, found again while everything it reads is the
        same: the snapshots of a running hand share their seating (``SharedSnapshots.seed``),
        so a push finds the viewer instead of looking for the seat (twice a push: before the
        marks are read, and as it renders), and the same Viewer object keys the memos."""
        hand = snapshot.hand
        plain = (
            snapshot.guest_session,
            snapshot.is_private,
            None if hand is None else hand.status,
            self.user_id,
            self.session_key,
        )
        found = self.viewer_found
        if (
            found is not None
            and found[0] is snapshot.seats
            and found[1] is snapshot.played
            and found[2] == plain
        ):
            return found[3]
        viewer = viewer_in(snapshot, self.user_id, self.session_key)
        self.viewer_found = (snapshot.seats, snapshot.played, plain, viewer)
        return viewer

    def _render(self, snapshot: TableSnapshot, full: bool) -> str:
        """This viewer's fragments that differ from what the page already shows.

        Runs on the event loop: the snapshot holds every database fact, so rendering needs
        no thread hop (which would queue behind every other table's database work).
        """
        self.snapshot = snapshot
        # The seat is re-read from the snapshot: people sit and stand between hands.
        viewer = self._viewer_in(snapshot)
        if viewer is not None:
            self.viewer = viewer
        parts = []
        if full:
            self.sent_parts = {}  # not known: the next push of a seat sends them whole
            self.sent_shells = {}
            self.sent_shell_keys = {}
        with rendering_in(self.language):
            ctx = table_context(snapshot, self.viewer, peek=self.peek, marks=self.marks)
            for name in FRAGMENTS:
                if name == "seats" and not full:
                    # Seat by seat: a play changes two or three of them, and each carries
                    # menus; an unchanged seat is neither rendered nor sent.
                    parts.extend(self._changed_seats(ctx))
                    continue
                if name == "log":
                    parts.extend(self._log(ctx, full))
                    continue
                if name == "center":
                    parts.extend(self._center(ctx, full))
                    continue
                if name == "counter":
                    parts.extend(self._counter(ctx, full))
                    continue
                if name == "controls":
                    parts.append(self._controls(ctx, full))
                    continue
                if name == "status":
                    html = render_pushed(ctx, name, self.language)
                    if full or html != self.sent.get(name):
                        parts.extend(self._delta(name, html, STATUS_PARTS))
                        self.sent[name] = html
                    continue
                keyed = FRAGMENT_KEYS.get(name)
                if keyed is not None:
                    parts.append(self._keyed(ctx, name, keyed(ctx), full))
                    continue
                html = render_pushed(ctx, name, self.language)
                # The version goes in every frame; the rest only when it differs from what
                # was sent.
                if full or name in ALWAYS_SENT or html != self.sent.get(name):
                    parts.append(html)
                    self.sent[name] = html
            # The hand is re-sent only when it changed, so a selection in progress survives
            # other players' moves (and rendering 34 cards is the costliest fragment).
            if full or ctx.hand != self.sent_hand:
                parts.append(self._hand(ctx, full))
                self.sent_hand = ctx.hand
            if full:
                self._know_seats(ctx)
        if full:
            self.sent_seats = {seat.index: seat_key(ctx, seat) for seat in ctx.seats}
            self.sent_tools = {seat.index: tools_key(ctx, seat) for seat in ctx.seats}
        return "".join(parts)

    def _know_seats(self, ctx: TableContext) -> None:
        """Record the seats a full render drew as a pushed seat is recorded: their shells and
        their parts. The page's seats are the same markup, so the first push after a page's
        first frame sends a changed seat's parts alone, not the whole seat again (after a
        restart, every table's sockets at once). The frame holds them already: what
        ``_whole_seat`` draws here is not sent."""
        for seat in ctx.seats:
            self._whole_seat(ctx, seat, shell_key(ctx, seat))

    def _whole_seat(
        self, ctx: TableContext, seat: SeatInfo, shell: tuple[object, ...]
    ) -> list[str]:
        """``seat`` drawn whole for a push, and recorded as the page will show it: its shell
        (drawn from ``shell``, its ``shell_key``) and its parts. A pushed seat keeps the tools
        its page shows (hx-preserve): they are the seat's bulk (about forty controls) and
        change far less often."""
        ids = tuple(f"seat-{part}-{seat.index}" for part in SEAT_PARTS)
        drawn = self._delta(f"seat-{seat.index}", render_seat(ctx, seat), ids)
        self.sent_shell_keys[seat.index] = shell
        return drawn

    def _keyed(self, ctx: TableContext, name: str, key: tuple[object, ...], full: bool) -> str:
        """Fragment ``name`` of ``FRAGMENT_KEYS`` when it changed: drawn from the key the
        page's one was drawn from, it is that very html, so neither looked up nor compared
        (the banner, the peek, the error and the bot questions change a few times a hand)."""
        if not full and self.sent_keys.get(name) == key:
            return ""
        self.sent_keys[name] = key
        html = render_keyed(ctx, name, key, self.language)
        if not full and html == self.sent.get(name):
            return ""
        self.sent[name] = html
        return html

    def _controls(self, ctx: TableContext, full: bool) -> str:
        """The controls when they changed for this viewer (the player to act and the one
        who just did, as a rule: the version is not in them); the parts that rarely change
        are kept as the page has them when they are the same."""
        html = render_pushed(ctx, "controls", self.language)
        if not full and html == self.sent.get("controls"):
            return ""
        self.sent["controls"] = html
        return "".join(self._delta("controls", html, CONTROLS_PARTS))

    def _hand(self, ctx: TableContext, full: bool) -> str:
        """The viewer's hand: when cards only left it (a play), the page removes them itself
        (htmx's delete swap, by their codes: the hand's cards are the page's only
        ``data-card`` elements); else the whole hand."""
        sent = self.sent_hand
        if not full and sent and ctx.me is not None:
            kept = {c.code for c in ctx.hand}
            if tuple(c for c in sent if c.code in kept) == ctx.hand:
                gone = ",".join(f"[data-card='{c.code}']" for c in sent if c.code not in kept)
                return f'<i hx-swap-oob="delete:{gone}"></i>'
        return render_fragment(ctx, "hand")

    def _counter(self, ctx: TableContext, full: bool) -> list[str]:
        """The card counter: nothing when unchanged, the changed ranks alone when the page
        shows the same ranks, else the whole counter."""
        # The counter's html depends on its cells alone (``FRAGMENT_KEYS``): comparing the
        # cells first spares rendering it for every socket after every play.
        old, self.sent_counter = self.sent_counter, ctx.counter
        if not full and old is not None and (old is ctx.counter or old == ctx.counter):
            return []
        if (
            not full
            and old
            and ctx.counter
            and [c.strength for c in old] == [c.strength for c in ctx.counter]
        ):
            # A rank's cell is one object per count (presenters' ``_counter_cell``): the
            # identity test spares calling the cells' Python ``__eq__`` for every unchanged rank.
            return [
                render_counter_cell(c)
                for c, o in zip(ctx.counter, old, strict=True)
                if c is not o and c != o
            ]
        return [render_pushed(ctx, "counter", self.language)]

    def _center(self, ctx: TableContext, full: bool) -> list[str]:
        """The centre: nothing when unchanged; when the trick only grew, its new lines alone
        (appended to ``#trick`` by htmx); else the whole centre."""
        html = render_center(ctx)
        sent = self.sent.get("center")
        self.sent["center"] = html
        if full or sent is None:
            return [html]
        if html == sent:
            return []
        return [_centre_change(sent, html)]

    def _kept(self, shell: str, parts: dict[str, str], ids: tuple[str, ...]) -> str:
        """``shell`` with its parts put back, each one the page shows exactly so already
        replaced by a placeholder that keeps the page's own (htmx's hx-preserve), when that
        is shorter: a seat's head, a seat's role line, the leave menu or the keys' help
        change seldom if ever."""
        for element_id in ids:
            part = parts.get(element_id)
            if part is not None and self.sent_parts.get(element_id) == part:
                tag = part[1 : part.index(" ")]
                kept = f'<{tag} id="{element_id}" hx-preserve="true"></{tag}>'
                part = kept if len(kept) < len(part) else part
            shell = shell.replace(_slot(element_id), part or "", 1)
        for element_id in ids:
            self.sent_parts[element_id] = parts.get(element_id)  # None: the page shows none
        return shell

    def _delta(self, name: str, html: str, ids: tuple[str, ...]) -> list[str]:
        """Fragment ``name`` (a seat, the status line) that changed: when the rest of it is
        as the page shows it, its changed parts ``ids`` alone (a move changes a count, a last
        play, whose turn it is); else the whole fragment, its unchanged parts kept as the
        page has them."""
        shell, parts = split_parts(html, ids)
        same = self.sent_shells.get(name) == shell
        self.sent_shells[name] = shell
        if same:
            return self._changed_parts(parts)
        return [self._kept(shell, parts, ids)]

    def _changed_parts(self, parts: dict[str, str]) -> list[str]:
        """The parts (by id) that differ from what the page shows, each swapped in alone."""
        out = []
        for element_id, part in parts.items():
            if self.sent_parts.get(element_id) != part:
                out.append(as_oob(part, element_id))
                self.sent_parts[element_id] = part
        return out

    def _log(self, ctx: TableContext, full: bool) -> list[str]:
        """The play log: nothing when unchanged, its new lines alone when it only grew
        (appended by htmx), else the whole list."""
        sent, log = self.sent_log, ctx.log
        if not full and sent == log:
            return []
        self.sent_log = log
        if not full and sent and len(log) > len(sent) and log[: len(sent)] == sent:
            return [log_rows(log[len(sent) :])]
        return [render_fragment(ctx, "log")]

    def _changed_seats(self, ctx: TableContext) -> list[str]:
        out = []
        for seat in ctx.seats:
            key = seat_key(ctx, seat)
            sent = self.sent_seats.get(seat.index)
            # Equal seats are one object (presenters' interner), so a seat that is not the
            # one drawn last is taken as changed without comparing its twenty fields in
            # Python; were it equal after all, its parts below come out as the page has them
            # and nothing is sent.
            if sent is None or sent[0] is not seat or sent != key:
                name = f"seat-{seat.index}"
                shell = shell_key(ctx, seat)
                if name in self.sent_shells and self.sent_shell_keys.get(seat.index) == shell:
                    # The page shows this very shell: only parts changed, and those are
                    # drawn alone, not the whole seat (what ``_delta`` would find, for less),
                    # and only the ones whose inputs changed since the seat drawn last.
                    since, since_phase = (sent[0], sent[1]) if sent is not None else (None, "")
                    assert since is None or isinstance(since, SeatInfo)
                    assert isinstance(since_phase, str)
                    parts = seat_parts(ctx, seat, since, since_phase, self.language)
                    out.extend(self._changed_parts(parts))
                else:
                    out.extend(self._whole_seat(ctx, seat, shell))
                self.sent_seats[seat.index] = key
            else:
                # The tools are drawn from the seat, the phase, the viewer and whether marks
                # are offered, all of them in the seat's key: an unchanged seat has the same.
                continue
            tools = tools_key(ctx, seat)
            if self.sent_tools.get(seat.index) != tools:
                if tools is not None:
                    out.append(render_tools(ctx, seat))
                self.sent_tools[seat.index] = tools
        return out

    async def _error(self, message: str) -> None:
        with translation.override(self.language):
            html = render_to_string(
                "lobby/_table.html#error",
                {"t": _ErrorOnly(errors=(translation.gettext(message),)), "oob": True},
            )
        self.sent["error"] = html  # so the next change clears it
        self.sent_keys.pop("error", None)  # … though its key be the one drawn last
        self.off_stream = True  # … which the spectators' stream would not
        await self.send(text_data=html)

    # --- requests --------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        now = time.monotonic()
        self.recent = [t for t in self.recent if now - t < FLOOD_WINDOW] + [now]
        if len(self.recent) > FLOOD_LIMIT:
            await self.close(code=CLOSE_FLOOD)
            return
        if text_data is None or len(text_data.encode()) > MAX_FRAME:
            await self._error("Message too large or not text.")
            return
        try:
            data = json.loads(text_data)
            if not isinstance(data, dict):
                raise BadMessage("a message must be a JSON object")
            await self._dispatch(data)
        except json.JSONDecodeError:
            await self._error("Malformed message: not JSON.")
        except BadMessage as error:
            await self._error(f"Malformed message: {error}.")
        except ActionRefused as error:
            await self._error(error.message)
        except tables.SeatRefused as error:
            await self._error(error.message)

    async def _dispatch(self, data: dict[str, Any]) -> None:
        action = _field(data, "action")
        handler = HANDLERS.get(action)
        if handler is None:
            raise BadMessage(f"unknown action {escape(action)[:40]!r}")
        await handler(self, data)

    def _seat(self) -> int:
        if self.viewer.seat is None:
            raise ActionRefused("Spectators cannot act at this table.", code="spectator")
        return self.viewer.seat

    async def _submit(
        self, data: dict[str, Any], action: engine.Action, *, versioned: bool
    ) -> None:
        seat = self._seat()
        version = _int_field(data, "version", low=0, high=10**6) if versioned else None
        shown = self._shown_hand()
        if shown is not None:
            # The hand this page shows: if a newer one has started meanwhile, the service
            # refuses the action as finished or stale, and the page is about to catch up.
            hand_id: int | None = shown.pk
        else:
            hand_id = await database_sync_to_async(_current_hand_id)(self.table.pk)
        if hand_id is None:
            raise ActionRefused("No hand is running at this table.", code="no_hand")
        # The action's ring comes back with the result, for this loop to send: one hop per
        # action, not two (game.doorbell.RingBox).
        rings = RingBox()
        try:
            await _submit_ringing_async(
                rings, hand_id=hand_id, seat=seat, action=action, expected_version=version
            )
        finally:
            rings.deliver()

    async def _do_play(self, data: dict[str, Any]) -> None:
        cards = _field(data, "cards").strip()
        if not cards:
            raise ActionRefused("Select the cards to play first.", code="empty")
        await self._submit(data, parse_action(f"play {cards}"), versioned=True)

    async def _do_pass(self, data: dict[str, Any]) -> None:
        await self._submit(data, engine.Pass(), versioned=True)

    async def _do_decide(self, data: dict[str, Any]) -> None:
        choice = _field(data, "choice")
        if choice not in ROLE_DECISIONS:
            raise BadMessage(f"unknown choice {escape(choice)[:40]!r}")
        await self._submit(data, parse_action(choice), versioned=True)

    # --- RULES §10 decisions (issue 17): each its own handler, through ``_submit`` -----

    async def _do_call(self, data: dict[str, Any]) -> None:
        """§10.1: take the throne calling a card identity, e.g. ``{"card": "8S"}``."""
        card = _field(data, "card").strip()
        if not card or len(card) > 4:
            raise BadMessage("field 'card' must name a card identity such as 8S")
        await self._submit(data, parse_action(f"call {card}"), versioned=True)

    async def _do_grab(self, data: dict[str, Any]) -> None:
        """§10.7: grab solo, or let the emperor keep the throne."""
        choice = _field(data, "choice")
        if choice not in ("grab_solo", "no_grab"):
            raise BadMessage("field 'choice' must be grab_solo or no_grab")
        action = engine.GrabSolo() if choice == "grab_solo" else engine.NoGrab()
        await self._submit(data, action, versioned=True)

    async def _do_request(self, data: dict[str, Any]) -> None:
        """§10.10: pass on the set a player went out with, asking to lead."""
        await self._submit(data, engine.RequestLead(), versioned=True)

    async def _do_auto(self, data: dict[str, Any]) -> None:
        on = _field(data, "on")
        if on not in ("0", "1"):
            raise BadMessage("field 'on' must be '1' or '0'")
        await self._submit(data, engine.AutoPlay(on=on == "1"), versioned=False)

    async def _do_mark(self, data: dict[str, Any]) -> None:
        target = _int_field(data, "target", low=0, high=4)
        guess = _field(data, "guess")
        if guess not in GUESSES:
            raise BadMessage("field 'guess' must be emperor, guard, rebel or unknown")
        seat = self._seat()
        await self._shown_state()  # refuses when this page shows no running hand
        hand = self._shown_hand()
        assert hand is not None
        # RULES §8.2: a private note. Stored beside the hand, not in its log: no version
        # moves and no doorbell rings, so nobody else learns that a mark was made (F3).
        await database_sync_to_async(set_mark)(
            hand_id=hand.pk, seat=seat, target=target, guess=engine.Guess(guess)
        )
        if self.user_id is None:  # a guest: one socket, no account group
            self.marks_key = None
            await self._push()
            return
        await self.channel_layer.group_send(
            user_group(self.user_id), {"type": "account.marks", "hand": hand.pk}
        )

    def _shown_hand(self) -> Hand | None:
        """The running hand of the last snapshot this connection rendered, if any."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.hand is None or snapshot.state is None:
            return None
        return snapshot.hand if snapshot.hand.status == HandStatus.RUNNING else None

    async def _shown_state(self) -> engine.State:
        """The running hand's state as this page shows it; read afresh when it shows none."""
        if self._shown_hand() is None:
            self.snapshot = await self._snapshot()
        if self.snapshot is None or self.snapshot.state is None or self._shown_hand() is None:
            raise ActionRefused("No hand is running at this table.", code="no_hand")
        return self.snapshot.state

    async def _do_hint(self, data: dict[str, Any]) -> None:
        seat = self._seat()
        # RULES §4.9, for the position on this player's screen: a hint for a newer one
        # would not match the cards they see (and a play from an old one is refused).
        state = await self._shown_state()
        if state.version != self.hint_version:
            self.hint_n, self.hint_version = 0, state.version
        try:
            suggestion = engine.hint(state, seat, self.hint_n)
        except engine.IllegalAction as error:
            raise ActionRefused(str(error), code=type(error).__name__) from None
        self.hint_n += 1
        # An empty suggestion means pass: nothing in the hand beats the table (§4.9).
        cards = engine.format_cards(suggestion.cards) if isinstance(suggestion, engine.Play) else ""
        await self.send(
            text_data=f'<div id="hint" data-cards="{escape(cards)}" hx-swap-oob="true"></div>'
        )

    async def _do_peek(self, data: dict[str, Any]) -> None:
        raw = _field(data, "target", required=False)
        if raw == "":
            self.peek = None
        else:
            target = _int_field(data, "target", low=0, high=4)
            state = await self._shown_state()
            seat = self.viewer.seat
            if seat is None or target not in engine.view_for(state, seat).peek_targets:
                raise ActionRefused("You may not look at that player's cards.", code="peek")
            self.peek = target
        await self._push()

    async def _do_psych(self, data: dict[str, Any]) -> None:
        seat = self._seat()
        target = _int_field(data, "target", low=0, high=4)
        key = _field(data, "message")
        if key not in PSYCH_MESSAGES:
            raise BadMessage("unknown psych-war message")
        limit_key = f"psych:{self.table.pk}:{seat}"
        if not await database_sync_to_async(cache.add)(limit_key, 1, PSYCH_INTERVAL):
            raise ActionRefused("One message every 3 seconds.", code="rate")
        await self.channel_layer.group_send(
            self.group,
            {
                "type": "table.psych",
                "sender": str(seat),
                "target": str(target),
                "text": PSYCH_MESSAGES[key],
            },
        )

    async def _do_sit(self, data: dict[str, Any]) -> None:
        seat = _int_field(data, "seat", low=0, high=4)
        user = self._signed_in()
        await self._seating(tables.sit)(table=self.table, seat=seat, user=user)
        self.viewer = Viewer(user_id=user.pk, seat=seat)
        await self._here(seat)

    async def _do_stand(self, data: dict[str, Any]) -> None:
        user = self._signed_in()
        await self._seating(tables.stand)(table=self.table, user=user)
        self.viewer = Viewer(user_id=user.pk, seat=None)
        await self._here(None)

    async def _do_leave(self, data: dict[str, Any]) -> None:
        """Leave a running hand on purpose: that is fleeing (RULES §6.3)."""
        user = self._signed_in()
        await self._seating(tables.leave)(table=self.table, user=user)
        self.viewer = Viewer(user_id=user.pk, seat=None)
        await self._here(None)

    async def _do_ready(self, data: dict[str, Any]) -> None:
        if self.table.is_guest:
            await self._seating(tables.guest_ready)(table=self.table)
            return
        await self._seating(tables.set_ready)(table=self.table, user=self._signed_in())

    async def _do_bot(self, data: dict[str, Any]) -> None:
        seat = _int_field(data, "seat", low=0, high=4)
        level = data.get("level", "normal")  # issue 19: 普通 unless the form says otherwise
        if not isinstance(level, str):
            raise BadMessage("field 'level' must be text")
        await self._seating(tables.add_bot)(
            table=self.table, seat=seat, by=self._signed_in(), level=level
        )

    # --- issue 18: filling a waiting table, a private table's owner, chat -------------

    async def _do_chat(self, data: dict[str, Any]) -> None:
        """A quick phrase or emote from a seated player; it never moves the hand's version."""
        key = _field(data, "say")
        if not chat.is_known(key):
            raise BadMessage("unknown chat phrase")
        if self.viewer.seat is None:
            raise ActionRefused(
                gettext_noop("Spectators can read the chat but not write to it."), code="spectator"
            )
        limit_key = f"chat:{self.table.pk}:{self.viewer.seat}"
        if not await database_sync_to_async(cache.add)(limit_key, 1, chat.CHAT_INTERVAL):
            raise ActionRefused(gettext_noop("One chat message every 3 seconds."), code="rate")
        user = self._user()
        name = user.username if user is not None else gettext_noop("Guest")
        await self.channel_layer.group_send(
            self.group, {"type": "table.chat", "sender": name, "say": key}
        )

    async def table_chat(self, event: dict[str, Any]) -> None:
        sender, key = str(event["sender"]), str(event["say"])
        if not chat.is_known(key):
            return
        log = getattr(self, "chat_log", [])
        self.chat_log = [*log[-(chat.CHAT_LOG_SIZE - 1) :], (sender, key)]
        with translation.override(self.language):
            lines = [(translation.gettext(name), chat.text_of(k)) for name, k in self.chat_log]
            html = render_to_string("lobby/_chat.html", {"log": lines, "oob": True})
        await self.send(text_data=html)

    async def _do_fill_bots(self, data: dict[str, Any]) -> None:
        """The waiting room's countdown offer: bots in every empty seat."""
        await self._seating(matchmaking.fill_with_bots)(table=self.table, by=self._signed_in())

    async def _do_remove(self, data: dict[str, Any]) -> None:
        seat = _int_field(data, "seat", low=0, high=4)
        await self._seating(matchmaking.remove_player)(
            table=self.table, by=self._signed_in(), seat=seat
        )

    async def _do_bot_vote(self, data: dict[str, Any]) -> None:
        """Answer whether a bot takes the seat of a person who left between hands."""
        seat = _int_field(data, "seat", low=0, high=4)
        keep = _field(data, "keep")
        if keep not in ("0", "1"):
            raise BadMessage("field 'keep' must be '1' or '0'")
        if self.viewer.seat is None:
            raise ActionRefused(
                gettext_noop("Only the people seated at the table are asked."), code="spectator"
            )
        await self._seating(matchmaking.answer_bot_vote)(
            table=self.table, user=self._signed_in(), seat=seat, keep=keep == "1"
        )

    async def _do_close_table(self, data: dict[str, Any]) -> None:
        await self._seating(matchmaking.close_table)(table=self.table, by=self._signed_in())

    def _seating(self, write: Callable[..., object]) -> Callable[..., Awaitable[None]]:
        """A seating write on the database thread, in this page's language: its refusals
        are written there with gettext, and the thread's own language is the site's."""
        language = self.language

        def call(**kwargs: Any) -> None:
            with translation.override(language):
                write(**kwargs)

        done: Callable[..., Awaitable[None]] = database_sync_to_async(call)
        return done

    def _signed_in(self) -> User:
        user = self._user()
        if user is None:
            raise ActionRefused("Sign in to take a seat.", code="anonymous")
        return user

    def _user(self) -> User | None:
        user = self.scope.get("user")
        return user if user is not None and user.is_authenticated else None


Handler = Callable[[TableConsumer, dict[str, Any]], Awaitable[None]]

# Every action a table socket accepts (docs/PROTOCOL.md), by the name the client sends: an
# explicit table, so a reader can follow a message to its handler and nothing else is
# reachable from the wire.
HANDLERS: dict[str, Handler] = {
    "play": TableConsumer._do_play,
    "pass": TableConsumer._do_pass,
    "decide": TableConsumer._do_decide,
    "call": TableConsumer._do_call,  # RULES §10.1
    "grab": TableConsumer._do_grab,  # RULES §10.7
    "request": TableConsumer._do_request,  # RULES §10.10
    "auto": TableConsumer._do_auto,
    "mark": TableConsumer._do_mark,
    "hint": TableConsumer._do_hint,
    "peek": TableConsumer._do_peek,
    "psych": TableConsumer._do_psych,
    "sit": TableConsumer._do_sit,
    "stand": TableConsumer._do_stand,
    "leave": TableConsumer._do_leave,
    "ready": TableConsumer._do_ready,
    "next": TableConsumer._do_ready,  # "next hand" is confirming readiness again
    "bot": TableConsumer._do_bot,
    "chat": TableConsumer._do_chat,
    "fill_bots": TableConsumer._do_fill_bots,
    "remove": TableConsumer._do_remove,
    "close_table": TableConsumer._do_close_table,
    "bot_vote": TableConsumer._do_bot_vote,
}


class _ErrorOnly:
    """The error fragment needs only ``errors``."""

    def __init__(self, errors: tuple[str, ...]) -> None:
        self.errors = errors


def _centre_change(sent: str, html: str) -> str:
    """What turns the centre ``sent`` into ``html``: when the trick only grew, its new lines
    alone (appended to ``#trick`` by htmx); else the whole centre. The table's sockets mostly
    hold the same two strings (``render_center``), so it is worked out once for them."""
    known = _centre_changes.get((sent, html))
    if known is not None:
        return known
    change = html
    if 'id="trick"' in sent and sent.endswith(TRICK_TAIL) and html.endswith(TRICK_TAIL):
        head = sent[: -len(TRICK_TAIL)]
        added = html[len(head) : -len(TRICK_TAIL)]
        if html.startswith(head) and added and "</ol>" not in added:
            change = f'<ol hx-swap-oob="beforeend:#trick">{added}</ol>'
    return _centre_changes.put((sent, html), (), change)


# What turned one centre into the next, by the two strings (``_centre_change``).
_centre_changes: IdentityMemo[str] = IdentityMemo(1024)


def _slot(element_id: str) -> str:
    return f"\x00{element_id}\x00"


@functools.lru_cache(maxsize=2048)
def split_parts(html: str, ids: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """``html`` with each element of ``ids`` it holds cut out (a slot marks its place), and
    those elements' outer html by id. Equal shells and equal parts make equal html.

    Remembered: the viewers who see a fragment alike split the very same html (four of a
    table's five status lines after a move), so it is cut once. The parts' dict is shared
    between its callers, who only read it."""
    parts: dict[str, str] = {}
    for element_id in ids:
        at = html.find(f' id="{element_id}"')
        if at < 0:
            continue
        start = html.rindex("<", 0, at)
        tag = html[start + 1 : at].split(" ", 1)[0]
        end = _element_end(html, start, tag)
        parts[element_id] = html[start:end]
        html = html[:start] + _slot(element_id) + html[end:]
    return html, parts


def _element_end(html: str, start: int, tag: str) -> int:
    """Where the element of ``tag`` opened at ``start`` ends (elements of its own tag may
    nest inside it)."""
    opener, closer = f"<{tag}", f"</{tag}>"
    depth, pos = 0, start
    while True:
        close = html.index(closer, pos)
        found = html.find(opener, pos)
        while found >= 0 and html[found + len(opener)] not in " >":
            found = html.find(opener, found + 1)
        if 0 <= found < close:
            depth, pos = depth + 1, found + len(opener)
            continue
        depth, pos = depth - 1, close + len(closer)
        if depth == 0:
            return pos


def as_oob(part: str, element_id: str) -> str:
    """A part of a fragment, swapped in on its own by its id."""
    attribute = f' id="{element_id}"'
    return part.replace(attribute, f'{attribute} hx-swap-oob="true"', 1)


def _submit_ringing(
    rings: RingBox,
    *,
    hand_id: int,
    seat: int,
    action: engine.Action,
    expected_version: int | None,
) -> None:
    """``submit_action`` on the database thread, its ring kept in ``rings``."""
    with collect_rings(rings):
        submit_action(hand_id=hand_id, seat=seat, action=action, expected_version=expected_version)


# Built once: making the wrapper (asgiref inspects the function each time) cost as much as
# handing the call to the database thread, on every action (docs/PERFORMANCE.md).
_submit_ringing_async = database_sync_to_async(_submit_ringing)


def _find(table_id: int) -> tuple[Table, TableSnapshot] | None:
    table = Table.objects.select_related("room").filter(pk=table_id).first()
    if table is not None and table.room.game != Game.BAOHUANG:
        return None  # another game's table has its own socket (lobby.redten_consumer)
    # Read through the shared snapshots, which keep it as the table's base: the table's
    # next action then pushes from memory, without reading the table again (issue 15).
    snapshot = SNAPSHOTS.read(table_id) if table is not None else None
    if table is None or snapshot is None:
        return None
    return table, snapshot


class SharedSnapshots:
    """One snapshot per doorbell ring and process, shared by a table's connections.

    Every connection of a table receives the same ring; the first to handle it reads the
    table and the rest reuse that read (or wait for it when it is still under way). A ring
    names one committed change, so a snapshot read after it is never older than it.

    A ring for an action committed in this process needs no read at all (issue 15): the
    doorbell hands over the committed hand row and state (``seed``), and the rest of the
    snapshot — the lobby seats, who plays the hand and their titles — cannot have changed
    since the last snapshot of the same running hand unless a ring without a version came
    in between (a seat change, a disconnection), which drops that base. So the pushes of an
    action come from the action just applied, the lichess round's way, while the database
    row lock in ``submit_action`` stays the guard of exactly-once and the commit still
    precedes the ring.
    """

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._done: OrderedDict[tuple[int, str], TableSnapshot | None] = OrderedDict()
        self._loading: dict[tuple[int, str], asyncio.Future[TableSnapshot | None]] = {}
        # The latest snapshot known to be current per table, and a counter of the rings
        # without a version: both touched from database threads, hence the lock.
        self._lock = threading.Lock()
        self._base: dict[int, TableSnapshot] = {}
        self._epoch: dict[int, int] = {}
        self.seeded = 0  # rings served from memory (for tests and the bench)
        self._read_async = database_sync_to_async(self.read)  # built once, as below

    async def get(self, table_id: int, ring: str) -> TableSnapshot | None:
        key = (table_id, ring)
        if key in self._done:
            return self._done[key]
        pending = self._loading.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[TableSnapshot | None] = asyncio.get_running_loop().create_future()
        self._loading[key] = future
        try:
            snapshot: TableSnapshot | None = await self._read_async(table_id)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as error:
            future.set_exception(error)
            future.exception()  # mark it retrieved: the waiters (if any) re-raise it
            raise
        finally:
            del self._loading[key]
        future.set_result(snapshot)
        self._store(key, snapshot)
        return snapshot

    def read(self, table_id: int) -> TableSnapshot | None:
        """Read the table (database thread) and keep the read as the table's base, unless a
        change without a version was rung while it was under way. A socket's first render
        reads this way too, so a table's first action after its sockets connect pushes
        from memory like the rest."""
        with self._lock:
            epoch = self._epoch.get(table_id, 0)
        snapshot = load_snapshot(table_id)
        with self._lock:
            if snapshot is not None and self._epoch.get(table_id, 0) == epoch:
                self._base[table_id] = snapshot
        return snapshot

    def _store(self, key: tuple[int, str], snapshot: TableSnapshot | None) -> None:
        self._done[key] = snapshot
        while len(self._done) > self.size:
            self._done.popitem(last=False)

    def seed(
        self,
        table_id: int,
        ring: str,
        version: int,
        hand: Hand | None,
        state: engine.State | None,
    ) -> Callable[[], None] | None:
        """A doorbell listener (``game.doorbell.on_ring``), on the committing thread; what
        it returns runs on the loop before the ring is sent."""
        with self._lock:
            base = self._base.pop(table_id, None)
            if version < 0 or hand is None or state is None:
                self._epoch[table_id] = self._epoch.get(table_id, 0) + 1
                return None
            if (
                base is None
                or base.hand is None
                or base.state is None
                or base.hand.pk != hand.pk
                or base.hand.status != HandStatus.RUNNING
                or hand.status != HandStatus.RUNNING
                or state.version <= base.state.version
            ):
                return None  # a new hand, a settled one, or nothing to build on: read it
            # A copy: the snapshot is shared read-only, the committer's row is not ours.
            # The public record folds in the new events (one small read of the log's tail,
            # on this database thread; lobby.play_log caches the rest).
            snapshot = replace(base, hand=row_copy(hand), state=state, public=public_events(hand))
            self._base[table_id] = snapshot
            self.seeded += 1
        # Stored on the loop just before the ring is sent, so it is there when it arrives.
        return functools.partial(self._store, (table_id, ring), snapshot)


SNAPSHOTS = SharedSnapshots()
STREAMS = SpectatorStreams()
on_ring(SNAPSHOTS.seed)


def _current_hand_id(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("current_hand_id", flat=True).first()
