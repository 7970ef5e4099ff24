"""What a table page shows, and the frame that brings it up to date.

A table connection renders *its own* fragments from ``engine.view_for`` for its seat
(ARCHITECTURE.md): on the event loop, from the snapshot, which holds every database fact.
It records what the page shows (each fragment, a seat's shell and parts, the hand, the
counter, the log) and sends only what differs: a changed part alone when the rest is the
same, the trick's and the log's new lines alone when they only grew.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from django.template.loader import render_to_string
from django.utils import translation

from lobby.consumers.connection import TableConnection
from lobby.consumers.parts import (
    ALWAYS_SENT,
    CONTROLS_PARTS,
    SEAT_PARTS,
    STATUS_PARTS,
    as_oob,
    centre_change,
    slot,
    split_parts,
)
from lobby.page_language import rendering_in
from lobby.presenters import CardInfo, CounterCell, SeatInfo, TableContext, TrickEntry
from lobby.table_state import (
    FRAGMENT_KEYS,
    FRAGMENTS,
    TableSnapshot,
    Viewer,
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


class PageRender(TableConnection):
    """The page a table connection draws: what it shows, and the frame that changes it."""

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
                own = self.OWN_DELTAS.get(name)
                if own is not None:
                    parts.extend(own(self, ctx, full))
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

    def _controls(self, ctx: TableContext, full: bool) -> list[str]:
        """The controls when they changed for this viewer (the player to act and the one
        who just did, as a rule: the version is not in them); the parts that rarely change
        are kept as the page has them when they are the same."""
        html = render_pushed(ctx, "controls", self.language)
        if not full and html == self.sent.get("controls"):
            return []
        self.sent["controls"] = html
        return self._delta("controls", html, CONTROLS_PARTS)

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
        return [centre_change(sent, html)]

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
            shell = shell.replace(slot(element_id), part or "", 1)
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

    # The fragments that find their own changes since what the page shows.
    OWN_DELTAS: ClassVar[dict[str, Callable[[PageRender, TableContext, bool], list[str]]]] = {
        "log": _log,
        "center": _center,
        "counter": _counter,
        "controls": _controls,
    }

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


class _ErrorOnly:
    """The error fragment needs only ``errors``."""

    def __init__(self, errors: tuple[str, ...]) -> None:
        self.errors = errors
