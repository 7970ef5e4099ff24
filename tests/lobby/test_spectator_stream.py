"""The spectators' stream on its own: who may follow it, and that a page follows
it only from where the stream's own page is (lobby/spectator_stream.py). The whole path,
with real sockets and fresh page loads, is in test_frames_match_page.py."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from lobby.spectator_stream import SpectatorStreams, plain_spectator
from lobby.table_state import LobbySeat, PlayedSeat, TableSnapshot


def snapshot(**fields: object) -> TableSnapshot:
    seats = tuple(
        LobbySeat(
            index=i, user_id=10 + i, username=f"p{i}", is_bot=False, is_guest=False, ready=True
        )
        for i in range(5)
    )
    base = TableSnapshot(table_id=1, guest_session="", seats=seats)
    return replace(base, **fields)  # type: ignore[arg-type]


@dataclass
class FakePage:
    """A page that draws the snapshot's id as its frame and counts its draws."""

    snapshot: TableSnapshot | None
    drawn: list[int] = field(default_factory=list)

    def _render(self, snapshot: TableSnapshot, full: bool) -> str:
        assert not full
        self.snapshot = snapshot
        self.drawn.append(id(snapshot))
        return f"frame of {id(snapshot)}"


def test_only_people_with_nothing_of_their_own_at_the_table_may_follow_the_stream() -> None:
    # RULES §8: a spectator sees what everybody may; anybody with a seat, a part in the hand,
    # a balance or rewards on the page sees more of their own and renders their own pushes.
    plain = snapshot()
    assert plain_spectator(plain, 99)
    assert not plain_spectator(plain, None)  # not signed in
    assert not plain_spectator(plain, 12)  # holds a lobby seat
    played = (PlayedSeat(seat=0, name="x", is_bot=False, user_id=99),)
    assert not plain_spectator(snapshot(played=played), 99)  # played the hand, stood up
    assert not plain_spectator(snapshot(balances=((99, 500),)), 99)
    assert not plain_spectator(snapshot(rewards=((99, "task", "r", 5),)), 99)
    assert not plain_spectator(snapshot(is_private=True), 99)
    assert not plain_spectator(snapshot(guest_session="abc"), 99)


def test_a_ring_is_drawn_once_and_sent_only_to_pages_where_the_streams_page_was() -> None:
    streams = SpectatorStreams()
    s1, s2, s3 = snapshot(), snapshot(), snapshot()
    # No stream yet: the first spectator renders its own, then seeds the stream from it.
    assert streams.frame(1, "en", "r1", None, s1) is None
    page = FakePage(snapshot=s1)
    streams.seed(1, "en", "r1", None, lambda: page)
    # The next ring: drawn once, for every page that showed s1.
    first = streams.frame(1, "en", "r2", s1, s2)
    assert first == f"frame of {id(s2)}"
    assert streams.frame(1, "en", "r2", s1, s2) == first
    assert page.drawn == [id(s2)]
    # A page elsewhere (it joined late, or lags) gets nothing from the stream.
    elsewhere = snapshot()
    assert streams.frame(1, "en", "r2", elsewhere, s2) is None
    # Another language has its own stream; another table too.
    assert streams.frame(1, "zh-hans", "r2", s1, s2) is None
    assert streams.frame(2, "en", "r2", s1, s2) is None
    # A page that rendered r2 itself does not replace a stream that drew r2.
    other = FakePage(snapshot=s2)
    streams.seed(1, "en", "r2", elsewhere, lambda: other)
    assert streams.frame(1, "en", "r3", s2, s3) == f"frame of {id(s3)}"
    assert page.drawn == [id(s2), id(s3)] and other.drawn == []
    assert streams.drawn == 2 and streams.sent == 3


def test_a_stream_nobody_followed_for_a_ring_is_replaced_by_a_page_that_is_current() -> None:
    streams = SpectatorStreams()
    s1, s2, s3, s4, s5 = snapshot(), snapshot(), snapshot(), snapshot(), snapshot()
    first = FakePage(snapshot=s1)
    streams.seed(1, "en", "r1", None, lambda: first)
    # A page that showed s1 too rendered r2 itself (it had an error): the stream stays, and
    # the spectators still at s1 draw r2 from it.
    streams.seed(1, "en", "r2", s1, lambda: FakePage(snapshot=s2))
    assert streams.frame(1, "en", "r2", s1, s2) == f"frame of {id(s2)}"
    # r3 went by with no page where the stream's page was (at s2): nobody drew it, so the
    # next page that rendered its own (r4, from s3) replaces the stream.
    assert streams.frame(1, "en", "r3", snapshot(), s3) is None
    current = FakePage(snapshot=s4)
    streams.seed(1, "en", "r4", s3, lambda: current)
    assert streams.frame(1, "en", "r5", s4, s5) == f"frame of {id(s5)}"
    assert first.drawn == [id(s2)] and current.drawn == [id(s5)]


def test_the_streams_page_is_a_copy_without_anybodys_identity() -> None:
    # The stream's page is copied from a spectator's, but draws as nobody: were it to keep
    # that spectator's account, it would draw their seat's cards for every spectator the
    # moment they sat down (RULES §8).
    from lobby.consumers import TableConsumer
    from lobby.table_state import Viewer

    watcher = TableConsumer()
    watcher.reset_page(language="en")
    watcher.user_id, watcher.session_key = 99, "session"
    watcher.viewer = Viewer(user_id=99, seat=None)
    watcher.marks, watcher.marks_key = {}, None
    watcher.sent = {"ver": "<input id='ver'>"}
    watcher.snapshot = snapshot()
    page = watcher._stream_page()
    assert page.user_id is None and page.session_key is None
    assert page.viewer == Viewer(user_id=None, seat=None)
    assert page.peek is None and page.marks == {}
    # What the page shows is the watcher's, in a copy of its own.
    assert page.snapshot is watcher.snapshot and page.sent == watcher.sent
    assert page.sent is not watcher.sent
