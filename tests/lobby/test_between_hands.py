"""Between hands over real sockets: the seats are live (who sits, who
is ready, who is online), the owner's close and removal tell the people concerned, and a
person who leaves between hands is replaced by a bot only if the others agree.

Marked postgres/redis too: the scale-out pass of `make test` runs them on PostgreSQL + Redis.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from accounts.models import User
from baohuang_site.devtools.table_players import CARD_ATTR, Player, connect, hand_state
from game import engine
from game.engine.cards import format_card
from game.models import HandStatus, Room, Table, TableSeat
from lobby import matchmaking, tables
from lobby.consumers import CLOSE_GONE, SEAT_PARTS, split_parts
from lobby.services import ensure_default_rooms
from lobby.tables import BOT_NAMES
from tests.conftest import PASSWORD
from tests.game.hand_helpers import play_out
from tests.lobby.test_matchmaking_sockets import closing, drain

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.sockets,
]

# A whole seat, up to its last play (drawn, or kept as the page has it: hx-preserve).
SEAT = re.compile(r'<div id="seat-(\d)" class="[^"]*"[^>]*>(.*?)<div [^>]*"seat-play', re.S)


def seat_html(frames: list[str], index: int, latest: str = "") -> str:
    """The latest drawing of seat ``index`` in ``frames`` (whole seats or one by one, and
    the parts of a seat pushed alone: its stats, its clock), from ``latest`` on."""
    for frame in frames:
        for found, html in SEAT.findall(frame):
            if int(found) == index:
                latest = html
        for part in SEAT_PARTS:
            element_id = f"seat-{part}-{index}"
            if latest and f' id="{element_id}" hx-swap-oob="true"' in frame:
                _, pushed = split_parts(frame, (element_id,))
                shell, _ = split_parts(latest, (element_id,))
                latest = shell.replace(f"\x00{element_id}\x00", pushed[element_id])
    return latest


async def seat_becomes(player: Player, index: int, check: Callable[[str], bool]) -> str:
    """Read ``player``'s frames until seat ``index`` is drawn so that ``check`` holds (the
    pushes come when they come: no quiet period stands in for them)."""
    latest = seat_html(player.frames, index)
    while not check(latest):
        latest = seat_html([await player.frame()], index, latest)
    return latest


async def said(player: Player, text: str) -> str:
    """Read ``player``'s frames until one holds ``text``."""
    while True:
        frame = await player.frame()
        if text in frame:
            return frame


def finished_table(names: tuple[str, ...]) -> tuple[Table, list[User]]:
    """A table where ``names`` sit in seats 0… and bots fill the rest; one hand played out."""
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    users = [User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in names]
    table = tables.create_table(room=room)
    for seat, user in enumerate(users):
        tables.sit(table=table, seat=seat, user=user)
    for seat in range(len(users), 5):
        tables.add_bot(table=table, seat=seat, by=users[0])
    for user in users:
        tables.set_ready(table=table, user=user)
    hand, _ = hand_state(table)
    play_out(hand, people=set(range(len(users))))
    table.refresh_from_db()
    assert table.current_hand is not None and table.current_hand.status == HandStatus.FINISHED
    return table, users


async def test_a_person_taking_a_bots_seat_after_a_hand_shows_at_once_to_everyone() -> None:
    table, (ann, cat) = await sync_to_async(finished_table)(("ann", "cat"))
    ben, wes = [
        await sync_to_async(User.objects.create_user)(n, f"{n}@example.org", PASSWORD)
        for n in ("ben", "wes")
    ]
    ann_p = Player("ann", ann, 0, await connect(ann, table))
    cat_p = Player("cat", cat, 1, await connect(cat, table))
    ben_p = Player("ben", ben, None, await connect(ben, table))
    wes_p = Player("wes", wes, None, await connect(wes, table))
    everyone = [ann_p, cat_p, ben_p, wes_p]
    async with closing(everyone):
        for p in everyone:
            await p.frame()
            await drain(p)
        assert BOT_NAMES[3] in seat_html(ann_p.frames, 3)  # the last hand's bot, still seated
        hand_before = (await sync_to_async(hand_state)(table))[0].pk
        await ben_p.send(action="sit", seat="3")
        for p in (ann_p, cat_p, wes_p):
            seat3 = await seat_becomes(p, 3, lambda html: "ben" in html)
            assert BOT_NAMES[3] not in seat3, (p.name, seat3)
            assert "Not ready" in seat3  # the waiting list: ben has not confirmed yet
        # No hand was dealt for it: the table still shows the finished one.
        hand, _ = await sync_to_async(hand_state)(table)
        assert hand.pk == hand_before and hand.status == HandStatus.FINISHED
        # Readiness and leaving are live too: cat confirms, then stands up.
        await cat_p.send(action="next")
        await seat_becomes(ann_p, 1, lambda html: "Ready ✓" in html)
        await cat_p.send(action="stand")
        seat1 = await seat_becomes(ann_p, 1, lambda html: "Empty seat" in html)
        assert "cat" not in seat1
        # A page loaded now draws the same seats as the pushes did (one fragment for both).
        page = await sync_to_async(_page_as)(wes, table)
        assert "ben" in seat_html([page], 3) and "Empty seat" in seat_html([page], 1)


def _page_as(user: User, table: Table) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(f"/tables/{table.pk}/").content.decode()


def private_table_of_three() -> tuple[Table, User, User, User]:
    """A private table: its owner in seat 0, two friends seated through the invite."""
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    own, fri, sue = (
        User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in ("own", "fri", "sue")
    )
    table = matchmaking.open_private_table(room=room, user=own)
    matchmaking.join_by_invite(table=table, user=fri)
    matchmaking.join_by_invite(table=table, user=sue)
    return table, own, fri, sue


async def told_and_closed(player: Player, text: str) -> None:
    """``player``'s page is told ``text`` in #table-gone, then its socket closes for good."""
    told = await said(player, 'id="table-gone"')  # after any push already under way
    assert text in told, told[:300]
    assert 'id="seat-' not in told and 'id="seats"' not in told  # not one more frame of it
    assert 'href="/rooms/standard/"' in told  # the way back to the room
    closed = await player.ws.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == CLOSE_GONE


async def test_the_owner_closing_a_table_tells_everyone_and_its_page_says_closed() -> None:
    table, own, fri, sue = await sync_to_async(private_table_of_three)()
    people = [
        Player(u.username, u, i, await connect(u, table)) for i, u in enumerate((own, fri, sue))
    ]
    async with closing(people):
        for p in people:
            await p.frame()
            await drain(p)
        await people[1].send(action="close_table")  # not the owner: refused, nothing changes
        await said(people[1], "Only the table&#x27;s owner may do that.")
        await people[0].send(action="close_table")
        for p in people:
            await told_and_closed(p, "The table was closed by its owner.")
    assert await sync_to_async(lambda: Table.objects.get(pk=table.pk).is_closed)()
    # A page load of the closed table says so, to its former players and to anyone else.
    for user in (fri, await sync_to_async(User.objects.create_user)("x", None, PASSWORD)):
        status, page = await sync_to_async(_get_as)(user, table)
        assert status == 410
        assert "This private table has been closed." in page and "/rooms/standard/" in page


async def test_a_removed_player_is_told_and_the_others_see_the_seat_empty() -> None:
    table, own, fri, sue = await sync_to_async(private_table_of_three)()
    people = [
        Player(u.username, u, i, await connect(u, table)) for i, u in enumerate((own, fri, sue))
    ]
    async with closing(people):
        for p in people:
            await p.frame()
            await drain(p)
        # Only the owner's page offers to remove a player, on the others' seats.
        assert "owner-remove" in seat_html(people[0].frames, 1)
        assert "owner-remove" not in seat_html(people[0].frames, 0)
        assert not any("owner-remove" in f for f in people[1].frames + people[2].frames)
        await people[2].send(action="remove", seat="1")  # not the owner: refused
        await said(people[2], "Only the table&#x27;s owner may do that.")
        await people[0].send(action="remove", seat="1")
        await told_and_closed(people[1], "The table&#x27;s owner removed you from this table.")
        seat1 = await seat_becomes(people[2], 1, lambda html: "Empty seat" in html)
        assert "fri" not in seat1
    # Invited back, fri sits again; standing up later is not called a removal.
    await sync_to_async(matchmaking.join_by_invite)(table=table, user=fri)
    fri_p = Player("fri", fri, None, await connect(fri, table))
    async with closing([fri_p]):
        await fri_p.frame()
        await fri_p.send(action="stand")
        await told_and_closed(fri_p, "You are no longer seated at this private table.")


def _get_as(user: User, table: Table) -> tuple[int, str]:
    """The status and text of ``table``'s page as ``user`` loads it."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    response = client.get(f"/tables/{table.pk}/")
    return response.status_code, response.content.decode()


def votes_of(table: Table) -> dict[str, dict[str, object]]:
    votes: dict[str, dict[str, object]] = Table.objects.get(pk=table.pk).bot_votes
    return votes


def seat_row(table: Table, index: int) -> TableSeat:
    return TableSeat.objects.get(table=table, index=index)


async def test_a_leaver_is_replaced_by_a_bot_only_when_everyone_left_agrees() -> None:
    table, (ann, cat, dan) = await sync_to_async(finished_table)(("ann", "cat", "dan"))
    wes = await sync_to_async(User.objects.create_user)("wes", "wes@example.org", PASSWORD)
    ann_p, cat_p, dan_p = [
        Player(u.username, u, i, await connect(u, table)) for i, u in enumerate((ann, cat, dan))
    ]
    wes_p = Player("wes", wes, None, await connect(wes, table))
    everyone = [ann_p, cat_p, dan_p, wes_p]
    async with closing(everyone):
        for p in everyone:
            await p.frame()
            await drain(p)
        await dan_p.send(action="stand")
        asked = "dan left the table. Keep playing with a bot in that seat, or wait for a person?"
        for p in (ann_p, cat_p):
            frame = await said(p, asked)
            assert 'name="action" value="bot_vote"' in frame
        for p in (dan_p, wes_p):  # the leaver and a spectator are not asked
            await seat_becomes(p, 2, lambda html: "Empty seat" in html)
            assert asked not in "".join(p.frames) + "".join(await drain(p))
        # Bad input: each refused with its reason, and the question stays as it was.
        before = await sync_to_async(votes_of)(table)
        await wes_p.send(action="bot_vote", seat="2", keep="1")
        await said(wes_p, "Only the people seated at the table are asked.")
        await ann_p.send(action="bot_vote", seat="4", keep="1")
        await said(ann_p, "Nobody is asking about a bot for that seat.")
        await ann_p.send(action="bot_vote", seat="2", keep="maybe")
        await said(ann_p, "field &#x27;keep&#x27; must be")
        await ann_p.send(action="bot", seat="2")  # no bot around the question
        await said(ann_p, "still being asked whether a bot takes that seat")
        assert await sync_to_async(votes_of)(table) == before
        # Ann agrees; cat has not answered, and silence is not a yes: the seat stays empty.
        await ann_p.send(action="bot_vote", seat="2", keep="1")
        await said(ann_p, "You chose a bot: waiting for the others to answer.")
        await ann_p.send(action="bot_vote", seat="2", keep="1")
        await said(ann_p, "You have already answered.")
        assert (await sync_to_async(seat_row)(table, 2)).is_empty
        # Cat agrees too: the bot sits down, everybody sees it, the question is gone.
        await cat_p.send(action="bot_vote", seat="2", keep="1")
        for p in (ann_p, cat_p, wes_p):
            await seat_becomes(p, 2, lambda html: BOT_NAMES[2] in html)
        for p in (ann_p, cat_p):
            questions = [f for f in p.frames if 'id="bot-questions"' in f]
            assert asked not in questions[-1].split('id="bot-questions"')[1]
        row = await sync_to_async(seat_row)(table, 2)
        assert row.is_bot and row.user_id is None
        assert await sync_to_async(votes_of)(table) == {}


async def test_one_wait_for_a_person_keeps_the_seat_empty() -> None:
    table, (ann, cat, dan) = await sync_to_async(finished_table)(("ann", "cat", "dan"))
    ann_p, cat_p, dan_p = [
        Player(u.username, u, i, await connect(u, table)) for i, u in enumerate((ann, cat, dan))
    ]
    async with closing([ann_p, cat_p, dan_p]):
        for p in (ann_p, cat_p, dan_p):
            await p.frame()
            await drain(p)
        await dan_p.send(action="stand")
        for p in (ann_p, cat_p):
            await said(p, "dan left the table")
        await ann_p.send(action="bot_vote", seat="2", keep="1")
        await said(ann_p, "You chose a bot")
        await cat_p.send(action="bot_vote", seat="2", keep="0")
        for p in (ann_p, cat_p):
            # The question is withdrawn from both pages; the seat stays empty.
            while "dan left the table" in questions_of(p):
                await p.frame()
            assert "Empty seat" in seat_html(p.frames, 2)
        assert (await sync_to_async(seat_row)(table, 2)).is_empty
        assert await sync_to_async(votes_of)(table) == {}
        await cat_p.send(action="bot_vote", seat="2", keep="1")  # too late: it is over
        await said(cat_p, "Nobody is asking about a bot for that seat.")
        # The seat is an ordinary empty seat again: a person may sit down there.
        await dan_p.send(action="sit", seat="2")
        await seat_becomes(ann_p, 2, lambda html: "dan" in html)


def questions_of(player: Player) -> str:
    """The latest drawing of ``player``'s bot questions."""
    drawn = [f.split('id="bot-questions"', 1)[1] for f in player.frames if "bot-questions" in f]
    return drawn[-1].split("</section>", 1)[0] if drawn else ""


AWAY = 'class="tag tag-away"'


async def test_between_hands_a_seat_shows_away_until_its_person_opens_the_table() -> None:
    table, (ann, cat) = await sync_to_async(finished_table)(("ann", "cat"))
    ann_p = Player("ann", ann, 0, await connect(ann, table))
    async with closing([ann_p]):
        await ann_p.frame()
        await drain(ann_p)
        assert AWAY in seat_html(ann_p.frames, 1)  # cat has no page open
        assert AWAY not in seat_html(ann_p.frames, 0) and AWAY not in seat_html(ann_p.frames, 2)
        cat_p = Player("cat", cat, 1, await connect(cat, table))
        await cat_p.frame()
        await seat_becomes(ann_p, 1, lambda html: AWAY not in html)  # cat is here: pushed
        await cat_p.ws.disconnect()
        await seat_becomes(ann_p, 1, lambda html: AWAY in html)  # and gone again
        # After cat stands up and sits down again, the seat still says cat is not here.
        await sync_to_async(tables.stand)(table=table, user=cat)
        await seat_becomes(ann_p, 1, lambda html: "Empty seat" in html)
        await ann_p.send(action="bot_vote", seat="1", keep="0")
        await sync_to_async(tables.sit)(table=table, seat=1, user=cat)
        seat1 = await seat_becomes(ann_p, 1, lambda html: "cat" in html)
        assert AWAY in seat1


async def test_the_waiting_room_shows_who_is_here_and_who_is_ready() -> None:
    @sync_to_async
    def setup() -> tuple[Table, User, User]:
        ensure_default_rooms()
        room = Room.objects.get(slug="standard")
        ann, ben = (User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in "ab")
        table = tables.create_table(room=room)
        tables.sit(table=table, seat=0, user=ann)
        tables.sit(table=table, seat=1, user=ben)
        return table, ann, ben

    table, ann, ben = await setup()
    ann_p = Player("a", ann, 0, await connect(ann, table))
    async with closing([ann_p]):
        first = await ann_p.frame()
        assert 'data-phase="waiting"' in first
        assert AWAY in seat_html([first], 1) and "Not ready" in seat_html([first], 1)
        ben_p = Player("b", ben, 1, await connect(ben, table))
        await ben_p.frame()
        await seat_becomes(ann_p, 1, lambda html: AWAY not in html)
        await ben_p.send(action="ready")
        seat1 = await seat_becomes(ann_p, 1, lambda html: "Ready ✓" in html)
        assert AWAY not in seat1
        await ben_p.ws.disconnect()
        await seat_becomes(ann_p, 1, lambda html: AWAY in html)


def bot_seat_with_cards_left() -> tuple[Table, User, int, set[str]]:
    """A table of ann and four bots whose last hand ended with a bot holding cards (RULES
    §5: the last player's), played again until one does; that seat and those cards."""
    table, (ann,) = finished_table(("ann",))
    for _ in range(8):
        _, state = hand_state(table)
        left = [s for s in range(1, 5) if engine.cards.cards_of(state.hands[s])]
        if left:
            cards = {format_card(c) for c in engine.cards.cards_of(state.hands[left[0]])}
            return table, ann, left[0], cards
        tables.set_ready(table=table, user=ann)
        play_out(hand_state(table)[0], people={0})
    raise AssertionError("no bot ever finished last")


async def test_a_newcomer_in_a_bots_seat_never_sees_the_cards_it_was_left_with() -> None:
    table, _ann, seat, left = await sync_to_async(bot_seat_with_cards_left)()
    ben = await sync_to_async(User.objects.create_user)("ben", "ben@example.org", PASSWORD)
    ben_p = Player("ben", ben, None, await connect(ben, table))
    async with closing([ben_p]):
        await ben_p.frame()
        await ben_p.send(action="sit", seat=str(seat))
        await said(ben_p, 'id="next-hand"')  # ben is seated: the next-hand button is his
        await drain(ben_p)
        pushed = "".join(ben_p.frames)
        assert "ben" in seat_html(ben_p.frames, seat)
        assert not left & set(CARD_ATTR.findall(pushed)), "the bot's cards reached ben"
        # Nor is the bot's result called his: he did not play that hand.
        assert "You win (胜)" not in pushed and "You lose (负)" not in pushed
    _, page = await sync_to_async(_get_as)(ben, table)
    assert not left & set(CARD_ATTR.findall(page))
