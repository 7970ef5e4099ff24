"""Writes that bring people together: quick match, private tables joined by
invite link or six-digit code, the owner's powers, and filling a waiting table with bots.

Every refusal is a ``SeatRefused`` with a message for the player, raised before anything
is written (or inside the transaction that it rolls back).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from game.engine.state import N_SEATS
from game.models import HandStatus, Room, Table, TableSeat
from game.selectors import running_hand_id
from lobby import bot_vote, tables
from lobby.tables import SeatKeptApart, SeatRefused, SeatTaken

CODE_DIGITS = 6
REMOVED_FOR = 3600  # seconds a removal is remembered, to tell the removed player's sockets


def removed_key(table_id: int, user_id: int) -> str:
    """The cache key saying that ``user_id`` was removed from ``table_id`` by its owner."""
    return f"removed:{table_id}:{user_id}"


def seat_of(user: User) -> TableSeat | None:
    return TableSeat.objects.filter(user=user).select_related("table").first()


def _refuse_if_seated(user: User) -> None:
    if TableSeat.objects.filter(user=user).exists():
        raise SeatRefused(_("You are already sitting at a table; stand up there first."))


def waiting_tables(room: Room, apart: frozenset[int] = frozenset()) -> list[Table]:
    """The room's public tables waiting for people, fullest first: open, no hand running,
    a seat that is empty or a bot's (bots give their seats back between hands), and nobody
    of ``apart`` seated (lobby.sightings.kept_apart)."""
    listed = Table.objects.filter(
        room=room, is_closed=False, guest_session="", is_private=False
    ).exclude(current_hand__status=HandStatus.RUNNING)
    if apart:
        listed = listed.exclude(seats__user__in=apart)
    candidates = (
        listed.annotate(
            people=Count("seats", filter=Q(seats__user__isnull=False)),
            empty=Count("seats", filter=Q(seats__user__isnull=True, seats__is_bot=False)),
            bots=Count("seats", filter=Q(seats__is_bot=True)),
        )
        .filter(Q(empty__gt=0) | Q(bots__gt=0), people__gt=0)
        .order_by("-people", "-empty", "id")
    )
    return list(candidates[:20])


def seats_any_of(room: Room, people: frozenset[int]) -> bool:
    """Whether a table quick match would offer in ``room`` (``waiting_tables``) seats one of
    ``people``: keeping them apart then passes that table over."""
    if not people:
        return False
    waiting = [table.pk for table in waiting_tables(room)]
    return TableSeat.objects.filter(table_id__in=waiting, user_id__in=people).exists()


def _free_seats(table: Table) -> list[int]:
    """Empty seats first, then bots' seats: a person never displaces a bot needlessly."""
    rows = list(TableSeat.objects.filter(table=table).order_by("index"))
    empty = [r.index for r in rows if r.is_empty]
    bots = [r.index for r in rows if r.is_bot]
    return empty + bots


def _sit_anywhere(
    table: Table, user: User, *, invited: bool = False, apart: frozenset[int] = frozenset()
) -> bool:
    """Seat ``user`` at the first free seat of ``table``; False if another person took
    every one meanwhile. Other refusals (balance, a hand began, somebody of ``apart``
    there) propagate."""
    for seat in _free_seats(table):
        try:
            tables.sit(table=table, seat=seat, user=user, invited=invited, apart=apart)
        except SeatTaken:
            continue
        return True
    return False


def _sit_apart(table: Table, user: User, apart: frozenset[int]) -> bool:
    """``_sit_anywhere``, or False when a person of ``apart`` sits at ``table`` (looked at
    under the table's lock, ``tables.sit``)."""
    try:
        return _sit_anywhere(table, user, apart=apart)
    except SeatKeptApart:
        return False


def quick_match(
    *,
    room: Room,
    user: User,
    may_open: Callable[[], bool] = lambda: True,
    apart: frozenset[int] = frozenset(),
) -> Table:
    """Seat ``user`` at the fullest public table of ``room`` waiting for people, else at a
    new one; never with an account of ``apart`` (lobby.sightings.kept_apart: another
    browser's or address's second account, docs/SECURITY.md). ``may_open`` is asked only
    when a table must be opened (it counts the rate)."""
    _refuse_if_seated(user)
    for table in waiting_tables(room, apart):
        try:
            if _sit_apart(table, user, apart):
                return table
        except SeatRefused:
            if not _transient(table):
                raise  # about the player (their balance), not the table
            # the table closed or its hand began between the read and the write: next one
    if not may_open():
        raise SeatRefused(_("You have opened too many tables lately; please wait a few minutes."))
    table = tables.create_table(room=room)
    try:
        tables.sit(table=table, seat=0, user=user)
    except SeatRefused:
        table.delete()
        raise
    return table


def _transient(table: Table) -> bool:
    """Whether ``table`` stopped waiting since it was listed (closed or a hand began)."""
    table.refresh_from_db(fields=["is_closed", "current_hand"])
    running = table.current_hand is not None and table.current_hand.status == HandStatus.RUNNING
    return table.is_closed or running


def new_invite_code() -> str:
    """A six-digit code held by no open table, nor by any table opened in the last
    ``BAOHUANG_CODE_REST_DAYS`` days: a closed table's code stops working at once, and an old
    invite does not lead to a stranger's new table for a good while after."""
    rested = timezone.now() - timedelta(days=settings.BAOHUANG_CODE_REST_DAYS)
    while True:
        code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
        held = Table.objects.filter(invite_code=code).filter(
            Q(is_closed=False) | Q(created_at__gte=rested)
        )
        if not held.exists():
            return code


def open_private_table(*, room: Room, user: User) -> Table:
    """A private table with its owner in seat 0, an invite token and a code."""
    _refuse_if_seated(user)
    with transaction.atomic():
        table = tables.create_table(room=room)
        table.is_private, table.owner = True, user
        table.invite_token = secrets.token_urlsafe(24)
        table.invite_code = new_invite_code()
        table.save(update_fields=["is_private", "owner", "invite_token", "invite_code"])
        tables.sit(table=table, seat=0, user=user, invited=True)
    return table


def table_for_invite(*, token: str = "", code: str = "") -> Table:
    """The open private table an invite names; a clear refusal for a stale or wrong one.
    A closed table's code names nothing (it is the same refusal as a code never given);
    its link, unguessable, says that the table was closed."""
    if token:
        table = Table.objects.filter(is_private=True, invite_token=token).first()
    elif len(code) == CODE_DIGITS and code.isdigit():
        table = Table.objects.filter(is_private=True, invite_code=code, is_closed=False).first()
    else:
        raise SeatRefused(_("A table code has six digits."))
    if table is None:
        raise SeatRefused(_("No table has that invite: check the link or code."))
    if table.is_closed:
        raise SeatRefused(_("That table has been closed; this invite no longer works."))
    return table


def join_by_invite(*, table: Table, user: User, apart: frozenset[int] = frozenset()) -> Table:
    """Seat ``user`` at a private table they were invited to (already there: a no-op),
    never with anybody of ``apart``."""
    mine = seat_of(user)
    if mine is not None and mine.table_id == table.pk:
        return table
    _refuse_if_seated(user)
    if not _sit_anywhere(table, user, invited=True, apart=apart):
        raise SeatRefused(_("This table is full."))
    cache.delete(removed_key(table.pk, user.pk))  # invited back: an old removal is over
    return table


def _owned(table: Table, user: User) -> Table:
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.owner_id != user.pk:
        raise SeatRefused(_("Only the table's owner may do that."))
    if table.is_closed:
        raise SeatRefused(_("This table is closed."))
    if running_hand_id(table.pk) is not None:
        raise SeatRefused(_("A hand is running: wait until it ends."))
    return table


def remove_player(*, table: Table, by: User, seat: int) -> None:
    """The owner of a private table frees a seat between hands (a bot's or a person's)."""
    if not 0 <= seat < N_SEATS:
        raise SeatRefused(_("There is no seat %(seat)s.") % {"seat": seat})
    with transaction.atomic():
        table = _owned(table, by)
        row = TableSeat.objects.select_for_update().get(table=table, index=seat)
        if row.user_id == by.pk:
            raise SeatRefused(_("You cannot remove yourself; close the table instead."))
        if row.is_empty:
            raise SeatRefused(_("That seat is already empty."))
        removed = row.user_id
        row.user, row.is_bot, row.ready = None, False, False
        row.save(update_fields=["user", "is_bot", "ready"])
        # The owner decided about this seat: nobody is asked about a bot for it, and the
        # removed player is asked about other seats no more.
        votes = bot_vote.without_seat(table.bot_votes, seat)
        if removed is not None:
            votes = bot_vote.without_person(votes, removed)
            # Read by the removed player's sockets when the ring comes (before it, as the
            # ring follows the commit): they are told why, not just closed.
            cache.set(removed_key(table.pk, removed), 1, REMOVED_FOR)
        tables.save_votes(table, votes)
    tables._changed(table)


def close_table(*, table: Table, by: User) -> None:
    """The owner closes a private table between hands: everybody stands up."""
    with transaction.atomic():
        table = _owned(table, by)
        TableSeat.objects.filter(table=table).update(user=None, is_bot=False, ready=False)
        Table.objects.filter(pk=table.pk).update(is_closed=True, bot_votes={})
    tables._changed(table)


def fill_with_bots(*, table: Table, by: User) -> None:
    """Give every empty seat to a bot (the waiting room's countdown offer); the hand
    starts once the people seated are ready."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if not TableSeat.objects.filter(table=locked, user=by).exists():
            raise SeatRefused(_("Sit at the table before inviting bots."))
        tables.refuse_if_dealt_elsewhere(locked)
        if running_hand_id(locked.pk) is not None:
            raise SeatRefused(_("A hand is running at this table: invite bots when it ends."))
        rows = TableSeat.objects.filter(table=locked)
        empty = [r.index for r in rows if r.is_empty and str(r.index) not in locked.bot_votes]
        if not empty:
            if locked.bot_votes:
                raise SeatRefused(_(tables.DECIDING))
            raise SeatRefused(_("There is no empty seat."))
        TableSeat.objects.filter(table=locked, index__in=empty).update(is_bot=True, ready=True)
        tables._maybe_start(locked)
    tables._changed(table)


def answer_bot_vote(*, table: Table, user: User, seat: int, keep: bool) -> None:
    """``user`` answers the question about ``seat``: ``keep`` playing with a bot
    there, or wait for a person (which ends the question: the seat stays empty). The bot
    sits down once everyone asked has said yes."""
    if not 0 <= seat < N_SEATS:
        raise SeatRefused(_("There is no seat %(seat)s.") % {"seat": seat})
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        vote = locked.bot_votes.get(str(seat))
        if vote is None:
            raise SeatRefused(_("Nobody is asking about a bot for that seat."))
        if user.pk not in vote["asked"]:
            raise SeatRefused(_("You were not asked about that seat."))
        if user.pk in vote["yes"]:
            raise SeatRefused(_("You have already answered."))
        if keep:
            votes = bot_vote.with_yes(locked.bot_votes, seat=seat, user_id=user.pk)
        else:
            votes = bot_vote.without_seat(locked.bot_votes, seat)
        started = tables._maybe_start(locked) if tables.save_votes(locked, votes) else None
    tables._changed_unless(started, table)
