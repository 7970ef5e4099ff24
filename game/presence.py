"""Presence (RULES §6.3): who is connected to a table, and a hand's seats away and back.

Each open table socket of a seated player is a ``Connection`` row owned by a server
process. A seat with no live connection is away. A process that dies cannot delete its
rows, so every process refreshes its ``ServerProcess.last_seen`` from its deadline keeper,
and rows of a process not seen for ``STALE_AFTER`` are pruned as if their sockets closed.
"""

from __future__ import annotations

import os
import socket
import uuid
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from game import redten_hands
from game.clocks import bot_seats, set_deadlines
from game.doorbell import ring_presence
from game.engine.state import N_SEATS
from game.hands import BAOHUANG_HANDS, locked
from game.models import Connection, Game, Hand, HandSeat, HandStatus, ServerProcess
from game.selectors import running_hand_id

PROCESS_ID = f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
STALE_AFTER = timedelta(seconds=30)


def heartbeat(now: datetime | None = None) -> None:
    now = now or timezone.now()
    # One UPDATE every few seconds (the keeper's beat); the row is made on the first.
    if not ServerProcess.objects.filter(name=PROCESS_ID).update(last_seen=now):
        ServerProcess.objects.update_or_create(name=PROCESS_ID, defaults={"last_seen": now})


def _live(table_id: int, seat: int, now: datetime) -> bool:
    return Connection.objects.filter(
        table_id=table_id, seat=seat, process__last_seen__gte=now - STALE_AFTER
    ).exists()


def online_seats(table_id: int, now: datetime | None = None) -> frozenset[int]:
    """The seats of ``table_id`` with a live socket (shown between hands)."""
    since = (now or timezone.now()) - STALE_AFTER
    return frozenset(
        Connection.objects.filter(table_id=table_id, process__last_seen__gte=since)
        .order_by()
        .values_list("seat", flat=True)
    )


def connected(*, table_id: int, seat: int, channel_name: str) -> None:
    """A seated player's socket opened: they are here (back, if they were away)."""
    now = timezone.now()
    heartbeat(now)
    was_here = _live(table_id, seat, now)
    Connection.objects.update_or_create(
        channel_name=channel_name,
        defaults={"table_id": table_id, "seat": seat, "process_id": PROCESS_ID},
    )
    hand_id = running_hand_id(table_id)
    if hand_id is not None:
        set_away(hand_id=hand_id, seat=seat, away=False, now=now)
    elif not was_here:
        _between_hands(table_id)


def disconnected(*, table_id: int, seat: int, channel_name: str) -> None:
    """A seated player's socket closed: away once their last live socket is gone."""
    now = timezone.now()
    Connection.objects.filter(channel_name=channel_name).delete()
    if _live(table_id, seat, now):
        return
    hand_id = running_hand_id(table_id)
    if hand_id is not None:
        set_away(hand_id=hand_id, seat=seat, away=True, now=now)
    else:
        _between_hands(table_id)


def _between_hands(table_id: int) -> None:
    """A seat came online or went away with no hand running: the seats show it.
    During a hand the hand's own away marks ring instead (``set_away``)."""
    transaction.on_commit(lambda: ring_presence(table_id))


def prune(now: datetime | None = None) -> int:
    """Forget the connections of dead processes; mark their players away. Returns rows pruned."""
    now = now or timezone.now()
    stale = Connection.objects.filter(process__last_seen__lt=now - STALE_AFTER)
    seats = set(stale.values_list("table_id", "seat"))
    pruned = stale.delete()[0] if seats else 0  # nearly always nothing: no second statement
    for table_id, seat in seats:
        if not _live(table_id, seat, now):
            hand_id = running_hand_id(table_id)
            if hand_id is not None:
                set_away(hand_id=hand_id, seat=seat, away=True, now=now)
            else:
                _between_hands(table_id)
    ServerProcess.objects.filter(last_seen__lt=now - STALE_AFTER * 10).delete()
    return pruned


# --- a hand's seats away and back ---------------------------------------------------------------


def _suspended(hand_id: int, seat: int) -> bool:
    """The seat's player was suspended for fair play: their sockets were closed on purpose,
    so they are not away (no grace clock, no flight, RULES §6.3: no ledger change without an
    admin's reason); the suspension put the seat under auto-play (``game.fairplay``)."""
    return HandSeat.objects.filter(hand_id=hand_id, seat=seat, user__suspended=True).exists()


def set_away(*, hand_id: int, seat: int, away: bool, now: datetime | None = None) -> bool:
    """Mark a seated player as disconnected (``away``) or back; return whether it changed.

    Away: the grace clock starts; his decision clock keeps running as if he were there
    (RULES §6.3), so a reload or a phone in the background within it costs nothing, and
    nobody can tell from the table's timing that he left or came back. Back within the grace
    period: nothing is owed.
    """
    # Each game keeps its own log; the registry (game.games) imports this module, so the one
    # other game is named here.
    if away and _suspended(hand_id, seat):
        return False  # played for under auto-play, never fled (docs/FAIRPLAY.md)
    red_ten = Hand.objects.filter(pk=hand_id, game=Game.REDTEN).exists()
    kit = redten_hands.REDTEN_HANDS if red_ten else BAOHUANG_HANDS
    now = now or timezone.now()
    with transaction.atomic():
        hand = locked(hand_id)
        if hand.status != HandStatus.RUNNING:
            return False
        marks = list(hand.away) if hand.away else [None] * N_SEATS
        if (marks[seat] is not None) == away:
            return False
        marks[seat] = now.isoformat() if away else None
        hand.away = marks
        state = kit.state_of(hand)
        # The deadlines stay as they are; only the flight's moment (next_deadline_at) moves.
        set_deadlines(hand, state, state, None, bot_seats(hand), now, rules=kit.clock)
        hand.save(update_fields=["away", "deadlines", "clocks", "next_deadline_at"])
        kit.after_commit(hand, state, changed=True)
        return True
