"""A challenge's Baohuang hand that ended is recorded at once (a Red Ten hand, which sends
no signal, by the keeper's next look: ``services.advance``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from challenge.services import hand_ended
from game.hands import hand_settled, hand_voided
from game.models import Table


@receiver(hand_settled, dispatch_uid="challenge.hand_settled")
def _settled(sender: object, *, table_id: int, hand_id: int, **_kwargs: Any) -> None:
    hand_ended(hand_id=hand_id)


@receiver(hand_voided, dispatch_uid="challenge.hand_voided")
def _voided(sender: object, *, table_id: int, **_kwargs: Any) -> None:
    # A void deal (RULES §10.2/§10.3) is not dealt again: its cards are everyone's today. It
    # scores 0 for every seat, as a tournament's (docs/RULES-DECISIONS.md).
    hand_id = Table.objects.filter(pk=table_id).values_list("current_hand_id", flat=True).first()
    if hand_id is not None:
        hand_ended(hand_id=hand_id)
