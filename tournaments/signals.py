"""The tournaments' receivers of game signals (connected in ``TournamentsConfig.ready``):
a tournament hand that ended (settled or void) is recorded, and the next round dealt."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from game.hands import hand_settled, hand_voided
from game.models import Table
from tournaments.services import hand_ended


@receiver(hand_settled, dispatch_uid="tournaments.hand_settled")
def _settled(sender: object, *, table_id: int, hand_id: int, **_kwargs: Any) -> None:
    hand_ended(hand_id=hand_id)


@receiver(hand_voided, dispatch_uid="tournaments.hand_voided")
def _voided(sender: object, *, table_id: int, **_kwargs: Any) -> None:
    # RULES §10.2/§10.3: a void tournament deal is not dealt again (its cards are every
    # table's): it scores 0 for every seat (docs/RULES-DECISIONS.md).
    hand_id = Table.objects.filter(pk=table_id).values_list("current_hand_id", flat=True).first()
    if hand_id is not None:
        hand_ended(hand_id=hand_id)
