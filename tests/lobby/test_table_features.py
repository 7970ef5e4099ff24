"""Table features of RULES §8 over the socket: private marks, psych war, peek; and the
next-hand flow that keeps a table together."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from baohuang_site.devtools.table_players import hand_state, message_for
from game import engine
from game.models import HandEvent
from tests.lobby.test_table_socket import five  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]


async def test_it_keeps_identity_marks_private(five) -> None:  # noqa: F811
    # RULES §8.2: each player sees only their own marks.
    table, players, spectator = five
    hand, state = await sync_to_async(hand_state)(table)
    holder = engine.to_act(state)[0]
    # The auto-play choice: ascend, or dark solo when the holder also has the guard card.
    await players[holder].send(**message_for(state, holder))
    for p in [*players, spectator]:
        await p.until_version(1)
    # Marks are for a dark hand: from the declarations on (RULES §8.2).
    ann = players[0] if holder != 0 else players[1]
    target = "2" if holder != 2 else "3"
    await ann.send(action="mark", target=target, guess="guard")
    frame = await ann.frame()
    assert "mark-guard" in frame
    # Nobody else receives anything: a mark is private and moves no version (RULES §8.2;
    # docs/SECURITY.md, the griefer at the table).
    for p in [*players, spectator]:
        if p is not ann:
            assert await p.ws.receive_nothing(timeout=0.2)
    events = await sync_to_async(lambda: list(HandEvent.objects.filter(hand=hand)))()
    assert not any(e.action.startswith("mark") for e in events)
    assert events[-1].version == 1


async def test_it_limits_psych_war_to_one_message_every_three_seconds(five) -> None:  # noqa: F811
    # RULES §8.3
    _, players, spectator = five
    ann = players[0]
    await ann.send(action="psych", target="2", message="help")
    for p in [*players, spectator]:
        assert "帮帮我" in await p.frame()
    await ann.send(action="psych", target="2", message="careful")
    refusal = await ann.frame()
    assert 'id="table-error"' in refusal and "3" in refusal
    for p in [*players[1:], spectator]:
        assert await p.ws.receive_nothing(timeout=0.2)


async def test_it_refuses_a_peek_by_a_player_still_holding_cards(five) -> None:  # noqa: F811
    # RULES §8.1: only a player who went out may peek.
    _, players, _ = five
    await players[0].send(action="peek", target="1")
    refusal = await players[0].frame()
    assert 'id="table-error"' in refusal
    assert "data-card" not in refusal


async def test_it_refuses_unknown_actions_and_broken_json(five) -> None:  # noqa: F811
    table, players, spectator = five
    hand, state = await sync_to_async(hand_state)(table)
    for raw in [
        "not json",
        "[1, 2]",
        '{"action": "teleport"}',
        '{"action": "mark"}',
        '{"action": "mark", "target": "9", "guess": "guard"}',
        "x" * 5000,
    ]:
        await players[0].ws.send_to(text_data=raw)
        reply = await players[0].frame()
        assert 'id="table-error"' in reply, raw
    for p in [*players[1:], spectator]:
        assert await p.ws.receive_nothing(timeout=0.2)
    after, _ = await sync_to_async(hand_state)(table)
    assert after.version == hand.version == state.version
