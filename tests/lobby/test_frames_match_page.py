"""What a seat's socket has been sent equals what a fresh page load would show it, after
every action of a whole hand: the pushes come from memory, the page from the
database, and a difference between them would be a page that lies until it is reloaded.

Every socket starts from the page it would have loaded, applies each pushed fragment by
its id as htmx does, and after each action is compared with a fresh render of the page for
the same viewer (five players and a spectator), fragment by fragment.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect, hand_state, message_for, seat_five
from game import engine
from game.models import HandStatus, Table
from lobby.consumers import SNAPSHOTS, STREAMS
from tests.conftest import PASSWORD
from tests.support.dom_by_id import apply_frame, by_id

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

FRAGMENT_IDS = frozenset(
    {"ver", "table-status", "auto-banner", "center", "controls", "peek", "table-error", "my-hand"}
    | {"play-log", "counter", "bot-questions", "shared-address"}
    | {f"seat-{i}" for i in range(5)}
)


# Each person's browser: signed in once, then reloading the page. A new Client for every load
# would build Django's middleware again (WhiteNoise walks the static files) and write a new
# session: a third of these tests' CPU.
_browsers: dict[int, Client] = {}


@pytest.fixture(autouse=True)
def _new_browsers() -> Iterator[None]:
    _browsers.clear()
    yield
    _browsers.clear()


def page_of(user: User, table: Table) -> dict[str, str]:
    client = _browsers.get(user.pk)
    if client is None:
        client = _browsers[user.pk] = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(user)
    response = client.get(reverse("table", args=[table.pk]))
    assert response.status_code == 200
    found = by_id(response.content.decode(), FRAGMENT_IDS)
    assert set(found) == FRAGMENT_IDS, f"the page lacks {FRAGMENT_IDS - set(found)}"
    return found


async def pages_are_fresh(
    people: list[Player], pages: dict[str, dict[str, str]], table: Table, actions: int
) -> None:
    """Apply each socket's frames to its page, as htmx does, and compare the page with a
    fresh load for the same person, fragment by fragment."""
    for p in people:
        for frame in p.frames:
            apply_frame(pages[p.name], frame, FRAGMENT_IDS)
        p.frames.clear()
        fresh = await sync_to_async(page_of)(p.user, table)
        for fragment in sorted(FRAGMENT_IDS):
            assert pages[p.name][fragment] == fresh[fragment], (
                f"after {actions} actions, {p.name}'s {fragment} differs from a fresh page"
            )


async def loaded_pages(
    everyone: list[Player], table: Table
) -> tuple[dict[str, dict[str, str]], engine.State]:
    """The page each socket's browser loaded (the sockets connected right after it), and
    the hand's state once every socket has been sent its first frame."""
    pages = {p.name: await sync_to_async(page_of)(p.user, table) for p in everyone}
    _, state = await sync_to_async(hand_state)(table)
    for p in everyone:
        await p.until_version(state.version)
    return pages, state


@pytest.fixture
async def seated() -> AsyncIterator[tuple[Table, list[Player], Player]]:
    table, users = await sync_to_async(seat_five)("standard", ["fa", "fb", "fc", "fd", "fe"])
    watcher = await sync_to_async(User.objects.create_user)("fw", None, PASSWORD)
    people = [*((u, i) for i, u in enumerate(users)), (watcher, None)]
    sockets = [Player(u.username, u, seat, await connect(u, table)) for u, seat in people]
    yield table, sockets[:5], sockets[5]
    for p in sockets:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await p.ws.disconnect()


@pytest.mark.slow  # a fresh page for every person after every action of a hand
async def test_every_socket_shows_what_a_fresh_page_would_after_every_action_of_a_hand(
    seated: tuple[Table, list[Player], Player],
) -> None:
    table, players, spectator = seated
    everyone = [*players, spectator]
    pages, state = await loaded_pages(everyone, table)
    seeded_before = SNAPSHOTS.seeded  # no action yet: only the hand's moves seed snapshots
    actions = 0
    while True:
        await pages_are_fresh(everyone, pages, table, actions)
        hand, state = await sync_to_async(hand_state)(table)
        if hand.status != HandStatus.RUNNING:
            break
        sender = players[engine.to_act(state)[0]]
        assert sender.seat is not None
        await sender.send(**message_for(state, sender.seat))
        for p in [sender, *(p for p in everyone if p is not sender)]:
            await p.until_version(state.version + 1)
        actions += 1
    assert state.phase is engine.Phase.FINISHED
    assert actions > 10  # a whole hand: the roles, then the play down to the last card
    # The pushes of most of those actions came from memory, not from reading them back.
    assert SNAPSHOTS.seeded - seeded_before >= actions // 2


@pytest.fixture
async def watched() -> AsyncIterator[tuple[Table, list[Player], list[Player]]]:
    table, users = await sync_to_async(seat_five)("standard", ["sa", "sb", "sc", "sd", "se"])
    watchers = [
        await sync_to_async(User.objects.create_user)(name, None, PASSWORD)
        for name in ("sw1", "sw2", "sw3", "sw4")
    ]
    players = [Player(u.username, u, i, await connect(u, table)) for i, u in enumerate(users)]
    # The fourth watcher comes in later, in the middle of the hand.
    early = [Player(u.username, u, None, await connect(u, table)) for u in watchers[:3]]
    late = Player(watchers[3].username, watchers[3], None, None)
    yield table, players, [*early, late]
    for p in [*players, *early, late]:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await p.ws.disconnect()


@pytest.mark.slow  # a fresh page for every person after every action of a hand
async def test_spectators_follow_the_table_from_one_push_drawn_for_all_of_them(
    watched: tuple[Table, list[Player], list[Player]],
) -> None:
    # Every plain spectator sees the same thing (RULES §8), so the table's push to
    # its spectators is drawn once and sent to each whose page is where the stream's is.
    # Each spectator's page must still equal a fresh page load after every action: those
    # who watched from the start, one who came in during the hand, and one whose page got an
    # error of its own (a spectator may not act), which the stream's page never showed.
    table, players, watchers = watched
    late = watchers[3]
    pages = {w.name: await sync_to_async(page_of)(w.user, table) for w in watchers[:3]}
    _, state = await sync_to_async(hand_state)(table)
    for p in [*players, *watchers[:3]]:
        await p.until_version(state.version)
    sent, drawn = STREAMS.sent, STREAMS.drawn
    watching = list(watchers[:3])
    actions = 0
    while True:
        await pages_are_fresh(watching, pages, table, actions)
        hand, state = await sync_to_async(hand_state)(table)
        if hand.status != HandStatus.RUNNING:
            break
        if actions == 12:
            # A page loaded now, and its socket: the hand is well under way.
            pages[late.name] = await sync_to_async(page_of)(late.user, table)
            late.ws = await connect(late.user, table)
            await late.until_version(state.version)
            watching.append(late)
        if actions == 18:
            # The second watcher tries to play: refused, with an error on its page only.
            await watchers[1].send(action="pass", version=str(state.version))
            error = await watchers[1].frame()
            assert 'id="table-error"' in error and "Spectators cannot act" in error
        sender = players[engine.to_act(state)[0]]
        assert sender.seat is not None
        await sender.send(**message_for(state, sender.seat))
        for p in [sender, *(p for p in players if p is not sender), *watching]:
            await p.until_version(state.version + 1)
        actions += 1
    assert state.phase is engine.Phase.FINISHED and actions > 20
    # Most of the spectators' pushes came from the stream, each drawn once for all of them.
    streamed = STREAMS.sent - sent
    assert streamed >= 2 * actions, streamed
    assert STREAMS.drawn - drawn <= actions, STREAMS.drawn - drawn


async def test_an_error_on_a_players_page_is_gone_with_the_next_action(
    seated: tuple[Table, list[Player], Player],
) -> None:
    # Bad input gets a clear error on the sender's page alone; the table's next change
    # replaces it, as a fresh page would show no error. The error fragment's key is the same
    # before the refusal and after it (no errors in the table's context), so a push that
    # skipped fragments by their key alone would leave the error standing.
    table, players, spectator = seated
    everyone = [*players, spectator]
    pages, state = await loaded_pages(everyone, table)
    await pages_are_fresh(everyone, pages, table, 0)
    sender = players[engine.to_act(state)[0]]
    assert sender.seat is not None
    await sender.send(**{**message_for(state, sender.seat), "version": str(state.version + 1)})
    refusal = await sender.frame()
    apply_frame(pages[sender.name], refusal, FRAGMENT_IDS)
    sender.frames.clear()
    shown = pages[sender.name]["table-error"]
    assert "hidden" not in shown.split(">", 1)[0], "the refusal is shown on the sender's page"
    await sender.send(**message_for(state, sender.seat))
    for p in everyone:
        await p.until_version(state.version + 1)
    await pages_are_fresh(everyone, pages, table, 1)
