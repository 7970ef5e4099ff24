"""Red Ten hands played through the site's services (RULES §11): bots through the keeper,
people with the engine's hint."""

from __future__ import annotations

import random
from collections.abc import Collection
from datetime import timedelta
from unittest import mock

from django.utils import timezone

from accounts.models import User
from game.engine import redten
from game.games import submit_action
from game.keeper import tick_sync
from game.models import Hand, HandStatus, Room, Table
from game.redten_hands import state_of
from lobby import tables
from lobby.services import ensure_default_rooms


def redten_room(coin: bool = False) -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="redten-coin" if coin else "redten")


def running_table_with_bots(user: User, *, coin: bool = False) -> Table:
    """A table of ``user`` and four bots whose first hand is still running after its deal.

    A deal that gives one player all four tens is over at once (file 003 §9): 5 × (10·9·8·7)
    / (50·49·48·47), about one deal in 220. A test that acts in the hand, or reads its
    prompts or its replay's steps, would then fail once in a few hundred runs; it is dealt
    from a fixed draw that does not."""
    with mock.patch("game.redten_hands.secrets.randbits", random.Random(5).getrandbits):
        table = tables.play_with_bots(room=redten_room(coin), user=user)
    table.refresh_from_db()
    hand = table.current_hand
    assert hand is not None and hand.status == HandStatus.RUNNING
    return table


def play_out(
    hand: Hand, *, people: Collection[int] = (), show: bool = False, limit: int = 2000
) -> Hand:
    """Play ``hand`` to its end. People answer 亮牌 with ``show`` when they may and play
    the engine's cheapest legal set; bots and deadlines go through the keeper."""
    clock = timezone.now()
    for _ in range(limit):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            return hand
        state = state_of(hand)
        owing = [s for s in redten.to_act(state) if s in people]
        if owing:
            seat = owing[0]
            if state.phase is redten.Phase.SHOW:
                choices = redten.view_for(state, seat).choices
                action: redten.Action = (
                    redten.SHOW if show and "show" in choices else redten.NO_SHOW
                )
            else:
                action = redten.hint(state, seat)
            submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=state.version)
            continue
        clock += timedelta(seconds=60)
        tick_sync(clock)
    raise AssertionError(f"hand {hand.pk} did not finish")
