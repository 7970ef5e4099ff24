"""The lobby's receivers of game signals (connected in ``LobbyConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from game.hands import hand_voided
from lobby.tables import deal_after_void


@receiver(hand_voided, dispatch_uid="lobby.deal_after_void")
def _deal_after_void(sender: object, *, table_id: int, **_kwargs: Any) -> None:
    # RULES §10.2/§10.3: game announces a void hand; the lobby, which seats players, deals the
    # same five again (game never imports lobby).
    deal_after_void(table_id)
