"""A void hand is dealt again at once (RULES §10.2/§10.3), and the table says so: without
a word the players' cards would change under them in the middle of the throne step."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect, hand_state, seat_five
from game import engine
from game.engine.bots import SensibleBot
from game.models import Table
from lobby import consumers
from tests.lobby.test_variant_hands_over_sockets import play_one

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

NOTE = 'id="redeal-note"'
TEXT = "Nobody took the throne last hand"


def void_seed(rules: engine.Rules) -> int:
    """The first deal whose throne step the bots end void: all five refuse, then the first
    chooser refuses again (RULES §10.3, Duole)."""
    bot = SensibleBot()
    for seed in range(10_000):
        state = engine.new_hand(seed, rules)
        while state.phase is engine.Phase.THRONE:
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, bot.choose(engine.view_for(state, seat)))
        if state.void:
            return seed
    raise AssertionError("no void deal in 10 000 seeds")


@pytest.fixture
def deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's first deal is one the bots make void; the next ones are ordinary."""
    import game.hands

    seeds = iter([void_seed(engine.Rules.preset("duole")), *range(1, 50)])
    monkeypatch.setattr(game.hands, "secrets", SimpleNamespace(randbits=lambda _n: next(seeds)))
    monkeypatch.setattr(consumers.table, "FLOOD_LIMIT", 10**6)


def page(user: User, table: Table) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    response = client.get(reverse("table", args=[table.pk]))
    assert response.status_code == 200
    return response.content.decode()


async def play_throne(table: Table, players: list[Player]) -> tuple[int, int]:
    """The bots' choices sent from the pages until the table deals another hand; the void
    hand's id and the new one's."""
    bot = SensibleBot()
    hand, state = await sync_to_async(hand_state)(table)
    first = hand.pk
    for p in players:
        await p.until_version(state.version)
    while hand.pk == first:
        assert state.phase is engine.Phase.THRONE
        hand, state = await play_one(table, players, bot, state)
    return first, hand.pk


@pytest.mark.usefixtures("deals")
async def test_it_tells_every_player_the_hand_was_void_and_dealt_again() -> None:
    table, users = await sync_to_async(seat_five)("duole", [f"vo{i}" for i in range(5)])
    # The first hand: nothing was void before it (the note must not be there by default).
    assert NOTE not in await sync_to_async(page)(users[0], table)
    players = [Player(u.username, u, i, await connect(u, table)) for i, u in enumerate(users)]
    void_id, new_id = await play_throne(table, players)
    assert new_id != void_id
    hand, state = await sync_to_async(hand_state)(table)
    assert state.phase is engine.Phase.THRONE and hand.redealt
    for p in players:
        told = [f for f in p.frames if NOTE in f]
        assert told, f"{p.name} was not told the hand was dealt again"
        assert TEXT in told[-1]
        # … and a fresh page of the new hand shows it as the push did.
        assert NOTE in await sync_to_async(page)(p.user, table)
    for p in players:
        await p.ws.disconnect()


@pytest.mark.usefixtures("deals")
async def test_the_note_goes_once_somebody_takes_the_throne() -> None:
    table, users = await sync_to_async(seat_five)("duole", [f"vt{i}" for i in range(5)])
    players = [Player(u.username, u, i, await connect(u, table)) for i, u in enumerate(users)]
    await play_throne(table, players)
    bot = SensibleBot()
    hand, state = await sync_to_async(hand_state)(table)
    for _ in range(40):
        if state.phase is not engine.Phase.THRONE or hand.void:
            break
        hand, state = await play_one(table, players, bot, state)
    assert state.phase is not engine.Phase.THRONE and not state.void
    assert hand.redealt  # the record keeps it; the table shows it during the throne only
    assert NOTE not in await sync_to_async(page)(users[0], table)
    # The last push drew the centre without it (RULES §10.2: the throne was taken).
    centres = [f for f in players[0].frames if 'id="center"' in f]
    assert centres and NOTE not in centres[-1]
    for p in players:
        await p.ws.disconnect()
