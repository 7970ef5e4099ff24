"""A tournament page's live standings: after a hand of the tournament ends (or somebody
registers), everyone watching its page is told to redraw the standings
(``/ws/tournament/<id>/``)."""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from game.doorbell import _calling_loop, _report


def group_of(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def ring_tournament(tournament_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always define a layer
        return
    message = {"type": "tournament.changed"}
    loop = _calling_loop()
    if loop is None:  # a plain view or a script: no server loop to hand it to
        async_to_sync(layer.group_send)(group_of(tournament_id), message)
        return
    future = asyncio.run_coroutine_threadsafe(
        layer.group_send(group_of(tournament_id), message), loop
    )
    future.add_done_callback(_report)
