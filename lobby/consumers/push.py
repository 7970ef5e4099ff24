"""Rings to frames: what a table connection does when the table changed.

The doorbell carries no cards (ARCHITECTURE.md): each connection takes the ring's snapshot
(shared by the table's connections, snapshots.py) and renders its own frame (render.py).
A private table this page may no longer show gets one last frame saying why, then closes.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_noop

from game.models import HandStatus
from game.selectors import marks_of
from lobby import matchmaking
from lobby.consumers.connection import CLOSE_GONE
from lobby.consumers.render import PageRender
from lobby.consumers.snapshots import SNAPSHOTS
from lobby.page_language import rendering_in
from lobby.table_state import TableSnapshot, load_snapshot, table_context, viewer_in


class Pushes(PageRender):
    """A table connection's pushes: a ring, a seat's presence, its own marks or peek."""

    async def account_marks(self, event: dict[str, Any]) -> None:
        """This account changed its identity marks (maybe in another tab): redraw them."""
        if self.marks_key is not None and self.marks_key[0] == event.get("hand"):
            self.marks_key = None
            await self._push()

    async def table_presence(self, event: dict[str, Any]) -> None:
        """A seat came online or went away between hands: the seats that look
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
        if self.viewer.seat is not None and self.viewer.seat != self.present_seat:
            await self._moved_to(self.viewer.seat)  # before the frame that shows the seat
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
