"""The seat switch (docs/SECURITY.md): a socket that last drew one seating sends a frame
that reaches a hand dealt to another. An action is applied only for the seat its sender
holds in the hand it names, read when it is applied (docs/ARCHITECTURE.md); anything else
is refused, changes nothing, and says so.

The frame is made to arrive before the ring of the new seating with the site's own
``RingBox``: the rings of the reseating are held, as a socket's own write holds its rings,
and delivered after the frame.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect
from game.doorbell import RingBox, collect_rings
from game.engine.actions import AutoPlay
from game.hands import ActionRefused, submit_action
from game.models import HandEvent, HandMark, Room, Table
from game.senders import Sender
from lobby import tables
from lobby.services import ensure_default_rooms
from tests.conftest import PASSWORD
from tests.redten_site.test_redten_sockets import connect as connect_redten

from ..redten_site.helpers import running_table_with_bots

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

MOVED = "Your seat changed before this arrived: nothing was done."

# Every kind of request that acts from a seat (docs/PROTOCOL.md), as a page that still shows
# seat 2 would send it in the first hand's opening position.
ACTIONS = {
    "auto": {"action": "auto", "on": "1"},
    "decide": {"action": "decide", "choice": "ascend", "version": "0"},
    "pass": {"action": "pass", "version": "0"},
    "play": {"action": "play", "cards": "3S", "version": "0"},
    "call": {"action": "call", "card": "8S", "version": "0"},
    "grab": {"action": "grab", "choice": "grab_solo", "version": "0"},
    "request": {"action": "request", "version": "0"},
    "mark": {"action": "mark", "target": "0", "guess": "guard"},
    "hint": {"action": "hint"},
    "peek": {"action": "peek", "target": "0"},
    "psych": {"action": "psych", "target": "0", "message": "help"},
}


def _waiting_table() -> tuple[Table, User, User, list[User]]:
    """A table waiting for its first hand: the mover in seat 2, three others in 0, 1, 3, and
    seat 4 empty; a newcomer not yet seated."""
    ensure_default_rooms()
    table = tables.create_table(room=Room.objects.get(slug="standard"))
    made = {n: User.objects.create_user(n, None, PASSWORD) for n in ("s0", "s1", "s3", "mv", "nc")}
    for seat, name in ((0, "s0"), (1, "s1"), (2, "mv"), (3, "s3")):
        tables.sit(table=table, seat=seat, user=made[name])
    return table, made["mv"], made["nc"], [made["s0"], made["s1"], made["s3"]]


def _reseat_and_deal(table: Table, mover: User, newcomer: User, others: list[User]) -> None:
    """Between hands the mover goes to seat 4 and a newcomer takes seat 2; all five are
    ready, so the hand is dealt."""
    tables.stand(table=table, user=mover)
    tables.sit(table=table, seat=2, user=newcomer)
    tables.sit(table=table, seat=4, user=mover)
    for user in [*others, mover, newcomer]:
        tables.set_ready(table=table, user=user)
    table.refresh_from_db()
    assert table.current_hand_id is not None


def _written(table: Table) -> tuple[int, int]:
    table.refresh_from_db()
    hand = table.current_hand
    assert hand is not None
    return hand.version, HandEvent.objects.filter(hand=hand).count() + HandMark.objects.filter(
        hand=hand
    ).count()


@pytest.mark.parametrize("kind", list(ACTIONS))
async def test_a_frame_from_an_earlier_seating_acts_for_nobody(kind: str) -> None:
    table, mover, newcomer, others = await sync_to_async(_waiting_table)()
    page = Player("mv", mover, 2, await connect(mover, table))
    assert 'data-seat="2"' in await page.frame()
    rings = RingBox()

    def reseat() -> None:
        with collect_rings(rings):
            _reseat_and_deal(table, mover, newcomer, others)

    await sync_to_async(reseat)()
    before = await sync_to_async(_written)(table)
    await page.send(**ACTIONS[kind])
    refusal = await page.frame()
    assert 'id="table-error"' in refusal and MOVED in refusal, refusal[:400]
    assert "data-cards" not in refusal  # a hint of the newcomer's cards
    assert await sync_to_async(_written)(table) == before
    rings.deliver()
    # Drawn again, the page shows seat 4, and acts from there.
    await page.until_version(0)
    await page.send(action="auto", on="1")
    await page.until_version(1)
    hand = await sync_to_async(lambda: HandEvent.objects.filter(hand=table.current_hand).get())()
    assert (hand.seat, hand.action, hand.source) == (4, "auto on", "player")
    await page.ws.disconnect()


def test_the_service_applies_a_senders_action_only_for_the_seat_it_holds() -> None:
    table, mover, newcomer, others = _waiting_table()
    _reseat_and_deal(table, mover, newcomer, others)
    assert table.current_hand_id is not None
    hand_id = table.current_hand_id
    stranger = User.objects.create_user("st", None, PASSWORD)
    refusals = {}
    for sender, seat in ((Sender(mover.pk), 2), (Sender(stranger.pk), 2), (Sender(None, ""), 2)):
        with pytest.raises(ActionRefused) as refused:
            submit_action(
                hand_id=hand_id,
                seat=seat,
                action=AutoPlay(on=True),
                expected_version=None,
                sender=sender,
            )
        refusals[sender.user_id] = refused.value.code
    assert refusals == {mover.pk: "seat_moved", stranger.pk: "no_seat", None: "no_seat"}
    assert _written(table) == (0, 0)
    submit_action(
        hand_id=hand_id,
        seat=2,
        action=AutoPlay(on=True),
        expected_version=None,
        sender=Sender(newcomer.pk),
    )
    assert _written(table) == (1, 1)
    # A suspended account (inactive) holds its seat no more: the server plays it (托管).
    User.objects.filter(pk=newcomer.pk).update(is_active=False)
    with pytest.raises(ActionRefused) as refused:
        submit_action(
            hand_id=hand_id,
            seat=2,
            action=AutoPlay(on=False),
            expected_version=None,
            sender=Sender(newcomer.pk),
        )
    assert refused.value.code == "no_seat"
    assert _written(table) == (1, 1)


async def _redten_frame(ws: WebsocketCommunicator) -> str:
    text: str = await ws.receive_from(timeout=10)
    return text


@pytest.mark.parametrize(
    "message",
    [
        {"action": "auto", "on": "0"},
        {"action": "pass", "version": "0"},
        {"action": "play", "cards": ["4S"], "version": "0"},
        {"action": "show_tens"},
        {"action": "no_show"},
    ],
    ids=["auto", "pass", "play", "show", "no_show"],
)
async def test_a_red_ten_page_of_a_seat_its_player_left_acts_for_nobody(
    message: dict[str, object],
) -> None:
    """RULES §11: the player leaves the running hand (the seat is auto-played to its end); a
    page that still shows his seat cannot take it back or act for it."""
    user = await sync_to_async(User.objects.create_user)("rt", None, PASSWORD)
    table = await sync_to_async(running_table_with_bots)(user)
    ws = await connect_redten(user, table)
    await _redten_frame(ws)
    rings = RingBox()

    def leave() -> None:
        with collect_rings(rings):
            tables.leave(table=table, user=user)

    await sync_to_async(leave)()
    before = await sync_to_async(_written)(table)
    await ws.send_to(text_data=json.dumps(message))
    refusal = await _redten_frame(ws)
    assert "You hold no seat in this hand: nothing was done." in refusal, refusal[:400]
    assert await sync_to_async(_written)(table) == before
    rings.deliver()
    await ws.disconnect()
