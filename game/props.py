"""Props (道具, RULES §12) as the game sees them: which hands they take part in, and what a
hand's players hold.

The shop app sells them; it sits above the game and the lobby (a purchase refuses beans held
at a table), so it answers ``props_at`` through ``HOLDERS``, filled from its ``ready``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import datetime

from game.models import Hand


@dataclass(frozen=True, slots=True)
class HeldProps:
    """What one player holds that a hand reads, at one moment."""

    effect: str = ""  # the play effect running (RULES §12.2): a CSS class's suffix, or ""
    double_score: bool = False  # a double-score card running (RULES §12.4)


NO_PROPS = HeldProps()

# Each answers, for the user ids given, what they hold at a moment; users holding nothing
# are left out.
HOLDERS: list[Callable[[Collection[int], datetime], Mapping[int, HeldProps]]] = []


def counts_for_props(hand: Hand) -> bool:
    """RULES §12.6: whether props take part in ``hand`` (its general score, its play effects).

    The one predicate on a hand's mode that every prop reads: a tournament's hands, and a
    guest's trial (which has no accounts), take no part. A new mode that keeps props out adds
    its test here.
    """
    return not hand.is_tournament and not hand.is_guest


def props_at(user_ids: Collection[int], when: datetime) -> dict[int, HeldProps]:
    """What each of ``user_ids`` holds at ``when`` (those holding nothing are left out)."""
    held: dict[int, HeldProps] = {}
    if not user_ids:
        return held
    for holder in HOLDERS:
        held.update(holder(user_ids, when))
    return held
