"""The statements of the per-action path, as plain SQL: an action's common case, and the
keeper's look for due hands.

``game.hands`` writes an action on the row it committed last with one conditional UPDATE and
one INSERT. Through the ORM, building those two statements (a queryset, its lookups, the
compiler) cost more than running them; here each is built once per database and run with
the values adapted by the fields themselves (``get_db_prep_value``: JSON as text on SQLite
and as ``jsonb`` on PostgreSQL, datetimes as each backend stores them), so a row written
here is the row the ORM would have written. ``tests/game/test_action_writes.py`` checks the
same reads and writes on both databases.

The keeper asks which running hands are due, and when the first deadline of all is, each time
it looks (``game.soonest``); through the ORM those statements, too, cost more to build than
to run on their index (``tests/game/test_due_hands.py``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from typing import Any

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from accounts.models import User
from game.models import (
    AdviceStatus,
    Hand,
    HandAdvice,
    HandEvent,
    HandSeat,
    HandStatus,
    Table,
    TableSeat,
)

# What an action's UPDATE sets, and what it must find unchanged besides the version: the
# fields other writers change without moving the version (game.presence, game.deadlines).
SET = ("version", "deadlines", "clocks", "next_deadline_at")
UNCHANGED = ("away", "deadlines", "clocks")
EVENT = ("hand", "seq", "seat", "action", "version", "source", "created_at")


def _column(model: type[Any], name: str) -> str:
    return str(connection.ops.quote_name(model._meta.get_field(name).column))


@cache
def _statements(vendor: str) -> tuple[str, str]:
    """(the conditional UPDATE, the INSERT) for the database ``vendor``."""
    q, column = connection.ops.quote_name, _column
    hand_sets = ", ".join(f"{column(Hand, f)} = %s" for f in SET)
    unchanged = " AND ".join(f"{column(Hand, f)} = %s" for f in UNCHANGED)
    update = (
        f"UPDATE {q(Hand._meta.db_table)} SET {hand_sets} WHERE {column(Hand, 'id')} = %s"
        f" AND {column(Hand, 'version')} = %s AND {column(Hand, 'status')} = %s AND {unchanged}"
    )
    columns = ", ".join(column(HandEvent, f) for f in EVENT)
    marks = ", ".join("%s" for _ in EVENT)
    insert = f"INSERT INTO {q(HandEvent._meta.db_table)} ({columns}) VALUES ({marks})"
    return update, insert


def _value(model: type[Any], name: str, value: object) -> Any:
    return model._meta.get_field(name).get_db_prep_value(value, connection, prepared=False)


def write_if_unchanged(hand: Hand, version: int, before: dict[str, object]) -> bool:
    """Store ``hand``'s new version, deadlines and clocks if the row still has ``version``,
    is running and holds ``before``'s away marks, deadlines and clocks; whether it did.
    On PostgreSQL a matching row stays locked until the transaction ends."""
    update, _ = _statements(connection.vendor)
    params: list[Any] = [_value(Hand, f, getattr(hand, f)) for f in SET]
    params += [hand.pk, version, HandStatus.RUNNING.value]
    params += [_value(Hand, f, before[f]) for f in UNCHANGED]
    with connection.cursor() as cursor:
        cursor.execute(update, params)
        return bool(cursor.rowcount == 1)


def append_event(hand_id: int, seq: int, seat: int, notation: str, source: str) -> None:
    """Insert one ``HandEvent``, stamped now as ``auto_now_add`` would (the log's unique
    (hand, seq) still guards it)."""
    _, insert = _statements(connection.vendor)
    created = _value(HandEvent, "created_at", timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(insert, [hand_id, seq, seat, notation, seq, source, created])


@cache
def _due_statement(vendor: str) -> str:
    """The running hands whose next deadline is at or before a moment, most overdue first."""
    deadline = _column(Hand, "next_deadline_at")
    return (
        f"SELECT {_column(Hand, 'id')} FROM {connection.ops.quote_name(Hand._meta.db_table)}"
        f" WHERE {_column(Hand, 'status')} = %s AND {deadline} <= %s"
        f" ORDER BY {deadline} LIMIT %s"
    )


def due_hand_ids(now: datetime, limit: int) -> list[int]:
    """The ids of the running hands due at ``now`` (``game.deadlines.due_hand_ids``)."""
    params = [HandStatus.RUNNING.value, _value(Hand, "next_deadline_at", now), limit]
    with connection.cursor() as cursor:
        cursor.execute(_due_statement(connection.vendor), params)
        return [row[0] for row in cursor.fetchall()]


@cache
def _soonest_statement(vendor: str) -> str:
    """The earliest deadline of a running hand (on the index the due hands use)."""
    return (
        f"SELECT MIN({_column(Hand, 'next_deadline_at')})"
        f" FROM {connection.ops.quote_name(Hand._meta.db_table)}"
        f" WHERE {_column(Hand, 'status')} = %s"
    )


def soonest_deadline() -> datetime | None:
    """When the first running hand's next deadline is (``game.soonest``), or None."""
    with connection.cursor() as cursor:
        cursor.execute(_soonest_statement(connection.vendor), [HandStatus.RUNNING.value])
        row = cursor.fetchone()
    return _moment(row[0] if row else None)


def _moment(raw: object) -> datetime | None:
    """A datetime column's value read without the ORM: PostgreSQL's driver gives an aware
    datetime; SQLite gives the text Django stored, naive and in UTC."""
    if raw is None or isinstance(raw, datetime):
        return raw
    parsed = parse_datetime(str(raw))
    if parsed is None:
        raise ValueError(f"not a moment: {raw!r}")
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)


@cache
def _pending_statement(vendor: str) -> str:
    """Whether any review waits (``game.hand_review``), on the advice's status index."""
    return (
        f"SELECT 1 FROM {connection.ops.quote_name(HandAdvice._meta.db_table)}"
        f" WHERE {_column(HandAdvice, 'status')} = %s LIMIT 1"
    )


def any_pending_advice() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(_pending_statement(connection.vendor), [AdviceStatus.PENDING.value])
        return cursor.fetchone() is not None


@cache
def _held_seat_statements(vendor: str) -> tuple[str, str]:
    """(an account's seat, a trial session's seat) in a hand, for ``vendor``: the hand's
    seating joined to its table's seating now (``game.senders``)."""
    q, column = connection.ops.quote_name, _column
    hs, h, ts, t, u = (q(m._meta.db_table) for m in (HandSeat, Hand, TableSeat, Table, User))
    joined = (
        f"SELECT {hs}.{column(HandSeat, 'seat')} FROM {hs}"
        f" JOIN {h} ON {h}.{column(Hand, 'id')} = {hs}.{column(HandSeat, 'hand')}"
        f" JOIN {ts} ON {ts}.{column(TableSeat, 'table')} = {h}.{column(Hand, 'table')}"
        f" AND {ts}.{column(TableSeat, 'index')} = {hs}.{column(HandSeat, 'seat')}"
    )
    mine = f"{hs}.{column(HandSeat, 'hand')} = %s AND {hs}.{column(HandSeat, 'is_bot')} = %s"
    account = (
        f"{joined} JOIN {u} ON {u}.{column(User, 'id')} = {hs}.{column(HandSeat, 'user')}"
        f" WHERE {mine} AND {hs}.{column(HandSeat, 'user')} = %s"
        f" AND {ts}.{column(TableSeat, 'user')} = %s AND {u}.{column(User, 'is_active')} = %s"
    )
    guest = (
        f"{joined} JOIN {t} ON {t}.{column(Table, 'id')} = {h}.{column(Hand, 'table')}"
        f" WHERE {mine} AND {hs}.{column(HandSeat, 'user')} IS NULL"
        f" AND {t}.{column(Table, 'guest_session')} = %s"
        f" AND {ts}.{column(TableSeat, 'is_guest')} = %s"
    )
    return account, guest


def held_seat(hand_id: int, *, user_id: int | None, session_key: str | None) -> int | None:
    """The seat the account ``user_id`` (or, without one, the trial session ``session_key``)
    holds in hand ``hand_id``: named there in the hand's seating and sitting there at its
    table now, the account active (a suspended one holds nothing). Plain SQL: through the
    ORM, building this query cost more than the rest of an action's writes
    (docs/PERFORMANCE.md)."""
    account, guest = _held_seat_statements(connection.vendor)
    params: list[int | str | bool]
    if user_id is not None:
        sql, params = account, [hand_id, False, user_id, user_id, True]
    elif session_key:
        sql, params = guest, [hand_id, False, session_key, True]
    else:
        return None
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else int(row[0])
