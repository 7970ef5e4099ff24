"""Who sent an action, and the seat that makes it theirs.

An action that comes over a socket is applied for the seat its *sender* holds in the hand
it names, read in the transaction that applies it, after the hand's row is locked: never
for the seat the socket remembers from the last frame it drew (docs/ARCHITECTURE.md; the
seat-switch attack in docs/SECURITY.md). A sender holds a seat when the hand's seating
names it there and it still sits in that seat at the hand's table: a player who left a
running hand (RULES §6.3) holds it no more, nor does a suspended account, nor anybody the
table's seating moved elsewhere between two hands (a tournament's new round).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import action_sql


@dataclass(frozen=True, slots=True)
class Sender:
    """A signed-in account (``user_id``), or the browser session that owns a trial table
    (``session_key``, its guest)."""

    user_id: int | None
    session_key: str | None = None


def held_seat(hand_id: int, sender: Sender) -> int | None:
    """The seat ``sender`` holds in hand ``hand_id``, or None. One indexed read."""
    return action_sql.held_seat(hand_id, user_id=sender.user_id, session_key=sender.session_key)
