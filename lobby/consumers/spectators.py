"""Spectators: a plain spectator's page follows the table's spectators' stream.

Every plain spectator (no seat, no peek, nothing of their own on the page) sees the same
page, so their frame for a ring is drawn once and sent to each of them
(lobby.spectator_stream); a page that differs (an error shown) draws its own. A ring enters
here for every table connection: a player's goes straight to its own render (push.py).
"""

from __future__ import annotations

from typing import Any, Self

from lobby.consumers.push import Pushes
from lobby.consumers.snapshots import SNAPSHOTS
from lobby.spectator_stream import SpectatorStreams, plain_spectator
from lobby.table_state import TableSnapshot, Viewer

# The spectators' pages of each table, one per language, in this process.
STREAMS = SpectatorStreams()


class Spectating(Pushes):
    """The ring of a table change, and the spectators' stream it may take."""

    async def table_changed(self, event: dict[str, Any]) -> None:
        """A committed change of the table (``game.doorbell``): this page's frame for it."""
        ring = event.get("ring")
        if not isinstance(ring, str):
            snapshot = await self._snapshot()
        else:
            snapshot = await SNAPSHOTS.get(self.table_id, ring)
            if snapshot is not None and self._older_than_shown(snapshot):
                return
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

    def _older_than_shown(self, snapshot: TableSnapshot) -> bool:
        """Whether ``snapshot`` shows the hand this page shows at an earlier version. Rings
        may arrive out of commit order (an action's ring leaves when its await is over, a
        keeper's move committed meanwhile rings at once), and a ring's snapshot is the
        table as of that ring (``SharedSnapshots``): drawn after a newer one, it would take
        the page back, to a turn that is over, with nothing newer coming to mend it."""
        shown = self.snapshot
        return (
            shown is not None
            and shown.hand is not None
            and shown.state is not None
            and snapshot.hand is not None
            and snapshot.state is not None
            and snapshot.hand.pk == shown.hand.pk
            and snapshot.state.version < shown.state.version
        )

    def _plain_spectator(self, snapshot: TableSnapshot) -> bool:
        """Whether this page shows ``snapshot`` as every plain spectator's page does."""
        return (
            self.viewer.seat is None
            and self.peek is None
            and not self.off_stream
            and plain_spectator(snapshot, self.user_id)
        )

    def _stream_page(self) -> Self:
        """A socketless copy of this page for a spectators' stream, with no identity: it
        draws what any plain spectator sees, never anybody's own things."""
        page = type(self)()
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
