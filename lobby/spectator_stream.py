"""One push for all of a table's spectators: drawn once per ring and language.

Every signed-in person watching a table who did not play its hand sees the same thing: only
what RULES §8 lets anybody at the table see, with nothing of their own in it (no seat, no
balance, no rewards, no marks, no peek). So the table's push to them is drawn once, by a
socketless page of the table's own (``Page``) that follows the table ring by ring, and sent
to each spectator whose page shows what that page showed before the ring. A spectator whose
page is elsewhere (it joined, it lags, it got an error or a push of its own) renders its own
push as every socket does; its page then shows what a fresh page load would, which is what
the stream's page shows after the same ring, so it follows the stream again from the next.

The stream's page is put in place (``seed``) from the page of a spectator that rendered a
ring itself, when no spectator follows the stream any more. It draws with no identity at
all, so it never shows anybody's own things, whoever it was copied from.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from lobby.table_state import TableSnapshot


class Page(Protocol):
    """What a stream needs of a table page: the snapshot it shows, and its next push."""

    snapshot: TableSnapshot | None

    def _render(self, snapshot: TableSnapshot, full: bool) -> str: ...


def plain_spectator(snapshot: TableSnapshot, user_id: int | None) -> bool:
    """Whether ``user_id`` watches ``snapshot``'s table with nothing of their own on the page:
    signed in, a public table, no lobby seat, and no part in the hand (which would give
    them a row of the results, a balance or rewards)."""
    if user_id is None or snapshot.is_private or snapshot.is_guest:
        return False
    if any(seat.user_id == user_id for seat in snapshot.seats):
        return False
    if any(player.user_id == user_id for player in snapshot.played):
        return False
    if any(user == user_id for user, _ in snapshot.balances):
        return False
    return not any(reward[0] == user_id for reward in snapshot.rewards)


@dataclass
class _Stream:
    page: Page
    # The frames drawn lately, by ring: the snapshot the page showed before it, the frame.
    frames: OrderedDict[str, tuple[TableSnapshot, str]] = field(default_factory=OrderedDict)


class SpectatorStreams:
    """The streams of this process, one per table and language, the least used forgotten.

    Where a stream is needs no record of its own: its page shows one snapshot, and rings
    share snapshot objects (``SharedSnapshots``), so "this page is where the stream's page
    is" is an identity test."""

    def __init__(self, size: int = 512, frames: int = 8) -> None:
        self.size = size
        self.kept_frames = frames
        self._streams: OrderedDict[tuple[int, str], _Stream] = OrderedDict()
        self.drawn = 0  # frames drawn for spectators (tests, benches)
        self.sent = 0  # … and sent to spectators from a stream

    def frame(
        self,
        table_id: int,
        language: str,
        ring: str,
        shown: TableSnapshot | None,
        snapshot: TableSnapshot,
    ) -> str | None:
        """The stream's frame for ``ring`` to a page that shows ``shown``, drawing it if the
        stream's page shows ``shown`` too; None when the page must render its own."""
        stream = self._streams.get((table_id, language))
        if stream is None or shown is None:
            return None
        drawn = stream.frames.get(ring)
        if drawn is None:
            if stream.page.snapshot is not shown:
                return None
            drawn = (shown, stream.page._render(snapshot, False))
            stream.frames[ring] = drawn
            self.drawn += 1
            while len(stream.frames) > self.kept_frames:
                stream.frames.popitem(last=False)
        before, frame = drawn
        if before is not shown:
            return None
        self.sent += 1
        self._streams.move_to_end((table_id, language))
        return frame

    def seed(
        self,
        table_id: int,
        language: str,
        ring: str,
        before: TableSnapshot | None,
        page: Callable[[], Page],
    ) -> None:
        """After a spectator whose page showed ``before`` rendered ``ring`` itself: make
        ``page()`` (a copy of its page, without identity) the stream's, unless the stream
        drew this ring or its page shows ``before`` (the spectators there draw the ring from
        it). So a stream nobody followed for a ring is replaced at the next."""
        key = (table_id, language)
        stream = self._streams.get(key)
        if stream is not None and (ring in stream.frames or stream.page.snapshot is before):
            return
        self._streams[key] = _Stream(page=page())
        self._streams.move_to_end(key)
        while len(self._streams) > self.size:
            self._streams.popitem(last=False)
