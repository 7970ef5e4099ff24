"""Who is connected to a table: the basis of "away" and "fled" (RULES §6.3).

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

from django.utils import timezone

from game.models import Connection, Hand, HandStatus, ServerProcess, Table
from game.services import set_away

PROCESS_ID = f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
STALE_AFTER = timedelta(seconds=30)


def heartbeat(now: datetime | None = None) -> None:
    ServerProcess.objects.update_or_create(
        name=PROCESS_ID, defaults={"last_seen": now or timezone.now()}
    )


def _live(table_id: int, seat: int, now: datetime) -> bool:
    return Connection.objects.filter(
        table_id=table_id, seat=seat, process__last_seen__gte=now - STALE_AFTER
    ).exists()


def _running_hand_id(table_id: int) -> int | None:
    hand_id = Table.objects.filter(pk=table_id).values_list("current_hand_id", flat=True).first()
    if hand_id is None:
        return None
    running = Hand.objects.filter(pk=hand_id, status=HandStatus.RUNNING).exists()
    return hand_id if running else None


def connected(*, table_id: int, seat: int, channel_name: str) -> None:
    """A seated player's socket opened: they are here (back, if they were away)."""
    now = timezone.now()
    heartbeat(now)
    Connection.objects.update_or_create(
        channel_name=channel_name,
        defaults={"table_id": table_id, "seat": seat, "process_id": PROCESS_ID},
    )
    hand_id = _running_hand_id(table_id)
    if hand_id is not None:
        set_away(hand_id=hand_id, seat=seat, away=False, now=now)


def disconnected(*, table_id: int, seat: int, channel_name: str) -> None:
    """A seated player's socket closed: away once their last live socket is gone."""
    now = timezone.now()
    Connection.objects.filter(channel_name=channel_name).delete()
    if _live(table_id, seat, now):
        return
    hand_id = _running_hand_id(table_id)
    if hand_id is not None:
        set_away(hand_id=hand_id, seat=seat, away=True, now=now)


def prune(now: datetime | None = None) -> int:
    """Forget the connections of dead processes; mark their players away. Returns rows pruned."""
    now = now or timezone.now()
    stale = Connection.objects.filter(process__last_seen__lt=now - STALE_AFTER)
    seats = set(stale.values_list("table_id", "seat"))
    pruned, _ = stale.delete()
    for table_id, seat in seats:
        if not _live(table_id, seat, now):
            hand_id = _running_hand_id(table_id)
            if hand_id is not None:
                set_away(hand_id=hand_id, seat=seat, away=True, now=now)
    ServerProcess.objects.filter(last_seen__lt=now - STALE_AFTER * 10).delete()
    return pruned
