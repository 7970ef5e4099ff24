"""Writes of tournaments: register, leave, cancel, start, record a hand, deal the next round,
finish and pay the prizes.

Every write locks the tournament's row first, so two tables ending their hands at once, or a
registration racing the start, are done one after the other. Money goes through the ledger
(``accounts.services``, kind ``tournament``): the entry fee when registering, the same sum
back when leaving or when the tournament is cancelled, the prizes at the end.

Rounds are played together: round ``r+1`` is dealt at every table once every table finished
round ``r`` and the room's pause between deals is over. The first round is dealt at a table
once every person seated there has opened it, or when the wait for arrivals is over (RULES
§6.4); at every deal, a person whose table is not open is treated as disconnected from the
deal's first decision. Nobody learns a deal's result at another table (nor its cards, on the
comparison page) before his own table finished it (RULES §3.4, §8).
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import LedgerKind, User
from accounts.services import record_beans
from game.doorbell import ring_table
from game.engine import duplicate
from game.engine.state import N_SEATS
from game.hands import SeatSpec, start_hand
from game.models import (
    BotLevel,
    EventSource,
    Hand,
    HandEvent,
    HandStatus,
    SeatResult,
    Table,
    TableSeat,
)
from game.presence import online_seats, set_away
from lobby.lobby_bell import ring_lobby
from lobby.tables import BOT_NAMES, create_table, reserved_beans
from tournaments.live import announce_start, ring_tournament
from tournaments.models import Entry, Play, PrizeShare, Status, Tournament, TournamentTable
from tournaments.selectors import prize_amounts, standings, table_ids

log = logging.getLogger(__name__)


class TournamentRefused(Exception):
    """A request was refused; ``message`` says why, for the player. Nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def take_entry_fee(
    *, user: User, fee: int, reason: str, refused: Callable[[str], Exception]
) -> User:
    """Take an entry fee (a tournament's, a daily challenge's) through the ledger, the account
    locked: refused with ``refused`` and nothing written when its free beans (those no
    running hand or ready seat may still cost) fall short. Returns the locked account."""
    user = User.objects.select_for_update().get(pk=user.pk)
    free = user.beans - reserved_beans(user)
    if free < fee:
        raise refused(
            _("The entry fee is %(fee)s beans; you have %(have)s free.")
            % {"fee": fee, "have": free}
        )
    if fee:
        record_beans(user=user, kind=LedgerKind.TOURNAMENT, amount=-fee, reason=reason)
    return user


def _locked(tournament_id: int) -> Tournament:
    # The tournament's row alone (``of``). A plain FOR UPDATE would lock the joined room's row
    # too on PostgreSQL, and every table and hand of the room refers to that row: the share
    # lock that checks the reference when their transaction commits (Django's foreign keys
    # are deferred) would wait for the tournament, so each table of the room dealing a hand
    # would stall behind a tournament dealing a round.
    tournament = (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("room")
        .filter(pk=tournament_id)
        .first()
    )
    if tournament is None:
        raise TournamentRefused(_("There is no such tournament."))
    return tournament


def _refuse_unless_open(tournament: Tournament) -> None:
    if tournament.status == Status.CANCELLED:
        raise TournamentRefused(_("This tournament was cancelled."))
    if tournament.status != Status.OPEN:
        raise TournamentRefused(_("This tournament has already started."))


# --- registration ----------------------------------------------------------------------------


def register(*, tournament_id: int, user: User, now: datetime | None = None) -> Entry:
    """Register ``user`` and take the entry fee; the tournament starts at once if it starts
    at a number of players and this is the last of them."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _refuse_unless_open(tournament)
        if Entry.objects.filter(tournament=tournament, user=user).exists():
            raise TournamentRefused(_("You are already registered for this tournament."))
        if TableSeat.objects.filter(user=user).exists():
            raise TournamentRefused(
                _("You are sitting at a table: stand up there before registering.")
            )
        user = take_entry_fee(
            user=user,
            fee=tournament.entry_fee,
            reason=f"tournament {tournament.pk}: entry fee",
            refused=TournamentRefused,
        )
        entry = Entry.objects.create(
            tournament=tournament, user=user, name=user.username, fee_paid=tournament.entry_fee
        )
        if tournament.start_when is not None and _registered(tournament) >= tournament.start_when:
            _start(tournament, now)
        _changed(tournament)
    return entry


def leave(*, tournament_id: int, user: User) -> None:
    """Take back a registration before the start: the fee is refunded."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _refuse_unless_open(tournament)
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is None:
            raise TournamentRefused(_("You are not registered for this tournament."))
        _refund(tournament, entry, "entry fee refunded (left)")
        entry.delete()
        _changed(tournament)


def cancel(*, tournament_id: int) -> None:
    """Cancel before the start: everyone registered gets the fee back."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _refuse_unless_open(tournament)
        _cancel(tournament)


def _cancel(tournament: Tournament) -> None:
    for entry in Entry.objects.filter(tournament=tournament).select_related("user"):
        _refund(tournament, entry, "entry fee refunded (cancelled)")
    tournament.status = Status.CANCELLED
    tournament.save(update_fields=["status"])
    _changed(tournament)


def _refund(tournament: Tournament, entry: Entry, why: str) -> None:
    if entry.fee_paid and entry.user is not None:
        record_beans(
            user=entry.user,
            kind=LedgerKind.TOURNAMENT,
            amount=entry.fee_paid,
            reason=f"tournament {tournament.pk}: {why}",
        )
        entry.fee_paid = 0
        entry.save(update_fields=["fee_paid"])


def _registered(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, is_bot=False).count()


# --- the start -------------------------------------------------------------------------------


def start(*, tournament_id: int, now: datetime | None = None) -> None:
    """Start now (an admin's choice, or the start time came)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _refuse_unless_open(tournament)
        if not _registered(tournament):
            raise TournamentRefused(_("Nobody has registered."))
        _start(tournament, now or timezone.now())
        _changed(tournament)


def start_due(*, tournament_id: int, now: datetime) -> bool:
    """Start the tournament if its start time came, or cancel it if nobody registered
    (nothing to play); False when there is nothing to do. Every process runs a keeper and two
    may list the same tournament as due: the status and the time, read under the row lock,
    let the first start it and the others leave it be."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        due = tournament.starts_at
        if tournament.status != Status.OPEN or due is None or due > now:
            return False
        if _registered(tournament):
            _start(tournament, now)
            _changed(tournament)
        else:
            _cancel(tournament)  # nobody came: nothing to play
    return True


def _start(tournament: Tournament, now: datetime) -> None:
    """Seat everyone at tables of five in a random order, bots filling the last table; seat
    the first round, dealt once its people have arrived (RULES §6.4), and announce the start.
    Inside the caller's transaction, the tournament locked."""
    order = list(Entry.objects.filter(tournament=tournament, is_bot=False))
    secrets.SystemRandom().shuffle(order)
    tables = -(-len(order) // N_SEATS)
    for bot in range(tables * N_SEATS - len(order)):
        name = BOT_NAMES[bot % N_SEATS]
        order.append(Entry.objects.create(tournament=tournament, name=name, is_bot=True))
    for position, entry in enumerate(order):
        entry.table_index, entry.place_in_lineup = divmod(position, N_SEATS)
        # Somebody sitting at another table when it starts is played by auto-play.
        entry.dropped = entry.user_id is not None and (
            TableSeat.objects.filter(user_id=entry.user_id).exists()
        )
    Entry.objects.bulk_update(order, ["table_index", "place_in_lineup", "dropped"])
    for index in range(tables):
        table = create_table(room=tournament.room)
        # Private: watched by the people seated there only, so nobody at another table sees a
        # deal being played before his own table played it (RULES §8). No invite: the
        # tournament alone seats its tables.
        Table.objects.filter(pk=table.pk).update(is_private=True)
        TournamentTable.objects.create(tournament=tournament, index=index, table=table)
    tournament.status = Status.RUNNING
    tournament.seeds = [secrets.randbits(62) for _deal in range(tournament.deals)]
    tournament.tables = tables
    tournament.current_round = 0
    tournament.started_at = now
    wait = settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT
    # RULES §6.4: the first deal waits for the people to open their tables, at most ``wait``
    # seconds from the announcement (``deal_arrived``, then ``deal_next_round``).
    tournament.next_round_at = now + timedelta(seconds=wait) if wait > 0 else None
    tournament.save(
        update_fields=["status", "seeds", "tables", "current_round", "started_at", "next_round_at"]
    )
    if wait > 0:
        _seat_first_round(tournament)
    else:
        _deal_round(tournament, now)
    announce_start(tournament.pk)


def _lineups(tournament: Tournament) -> dict[int, list[Entry]]:
    """Each table's line-up (its entries by line-up place), by table number."""
    lineups: dict[int, list[Entry]] = {}
    for entry in Entry.objects.filter(tournament=tournament).select_related("user"):
        if entry.table_index is not None:
            lineups.setdefault(entry.table_index, []).append(entry)
    for lineup in lineups.values():
        lineup.sort(key=lambda e: e.place_in_lineup or 0)
    return lineups


def _by_seat(tournament: Tournament, table_index: int, lineup: Sequence[Entry]) -> list[Entry]:
    """Who sits where for the current round: the line-up rotated (``duplicate.offset``)."""
    which = duplicate.round_of(tournament.current_round, tournament.tables)
    shift = duplicate.offset(table_index, which.deal, which.copy)
    return [lineup[duplicate.place_of(seat, shift)] for seat in range(N_SEATS)]


def _seat_first_round(tournament: Tournament) -> None:
    """Seat the first round's line-ups, to be dealt once their people are there."""
    lineups = _lineups(tournament)
    for link in TournamentTable.objects.filter(tournament=tournament):
        by_seat = _by_seat(tournament, link.index, lineups[link.index])
        _seat(Table.objects.get(pk=link.table_id), by_seat)


def _deal_round(tournament: Tournament, now: datetime) -> None:
    """Deal round ``tournament.current_round`` at every table not yet dealt it."""
    dealt = set(
        Play.objects.filter(tournament=tournament, round=tournament.current_round).values_list(
            "table_index", flat=True
        )
    )
    lineups = _lineups(tournament)
    for link in TournamentTable.objects.filter(tournament=tournament):
        if link.index not in dealt:
            _deal_table(tournament, link, lineups[link.index], now)


def _deal_table(
    tournament: Tournament, link: TournamentTable, lineup: Sequence[Entry], now: datetime
) -> None:
    """Deal the current round at one table: the round's deal from its seed, the line-up
    rotated; a person whose table is not open starts the hand disconnected (RULES §6.4)."""
    which = duplicate.round_of(tournament.current_round, tournament.tables)
    table = Table.objects.select_for_update().get(pk=link.table_id)
    _note_leavers(table, lineup, tournament.current_round)
    here = _people_here(table)  # read under the seats as they stand, as the sockets hold them
    by_seat = _by_seat(tournament, link.index, lineup)
    _seat(table, by_seat)
    hand = start_hand(
        room=tournament.room,
        table=table,
        seats=[_spec(entry) for entry in by_seat],
        seed=tournament.seeds[which.deal],
        now=now,
        is_tournament=True,  # no beans change hands: the fee and the prizes are the stakes
    )
    Play.objects.create(
        tournament=tournament,
        round=which.number,
        deal=which.deal,
        copy=which.copy,
        table_index=link.index,
        shift=duplicate.offset(link.index, which.deal, which.copy),
        hand=hand,
        entries=[e.pk for e in by_seat],
    )
    for seat, entry in enumerate(by_seat):
        if _is_person(entry) and entry.user_id not in here:
            set_away(hand_id=hand.pk, seat=seat, away=True, now=now)


def _is_person(entry: Entry) -> bool:
    """A registrant who plays his own seat (not a bot, not replaced by one)."""
    return entry.user_id is not None and not entry.is_bot and not entry.dropped


def _people_here(table: Table) -> set[int]:
    """The people with a live socket on ``table``, by the seats they hold now."""
    seats = online_seats(table.pk)
    return set(
        TableSeat.objects.filter(table=table, index__in=seats, user__isnull=False).values_list(
            "user_id", flat=True
        )
    )


def deal_arrived(*, tournament_id: int, now: datetime) -> bool:
    """Deal the first round at each table whose people have all opened it (RULES §6.4);
    False when none was dealt. The rest are dealt when the wait is over (``deal_next_round``)."""
    if not _arrived_tables(tournament_id):  # most looks: nobody new, no lock taken
        return False
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if (
            tournament.status != Status.RUNNING
            or tournament.current_round != 0
            or tournament.next_round_at is None
        ):
            return False
        ready = _arrived_tables(tournament_id)
        if not ready:
            return False
        lineups = _lineups(tournament)
        for link in TournamentTable.objects.filter(tournament=tournament, index__in=ready):
            _deal_table(tournament, link, lineups[link.index], now)
        if Play.objects.filter(tournament=tournament, round=0).count() >= tournament.tables:
            tournament.next_round_at = None
            tournament.save(update_fields=["next_round_at"])
        _changed(tournament)
    return True


def _arrived_tables(tournament_id: int) -> list[int]:
    """The numbers of the tables waiting for their first deal whose seated people all have
    the table open."""
    dealt = set(
        Play.objects.filter(tournament_id=tournament_id, round=0).values_list(
            "table_index", flat=True
        )
    )
    ready = []
    for link in TournamentTable.objects.filter(tournament_id=tournament_id):
        if link.index in dealt:
            continue
        people = set(
            TableSeat.objects.filter(table_id=link.table_id, user__isnull=False).values_list(
                "index", flat=True
            )
        )
        if people <= online_seats(link.table_id):
            ready.append(link.index)
    return ready


def _note_leavers(table: Table, lineup: Sequence[Entry], round_number: int) -> None:
    """A person no longer seated at his table left it: auto-play plays for him from now on
    (he keeps what he scored)."""
    if round_number == 0:
        return
    present = set(
        TableSeat.objects.filter(table=table, user__isnull=False).values_list("user_id", flat=True)
    )
    for entry in lineup:
        if entry.user_id is not None and not entry.dropped and entry.user_id not in present:
            entry.dropped = True
            entry.save(update_fields=["dropped"])


def _seat(table: Table, by_seat: Sequence[Entry]) -> None:
    """Put the round's line-up in the table's seats (a person who left gets a bot)."""
    TableSeat.objects.filter(table=table).update(user=None, is_bot=False, ready=False)
    for seat, entry in enumerate(by_seat):
        if entry.is_bot or entry.dropped:
            TableSeat.objects.filter(table=table, index=seat).update(
                is_bot=True, ready=True, bot_level=BotLevel.NORMAL
            )
        else:
            TableSeat.objects.filter(table=table, index=seat).update(user=entry.user_id)


def _spec(entry: Entry) -> SeatSpec:
    if entry.is_bot or entry.dropped:
        return SeatSpec(user=None, is_bot=True, name=entry.name, bot_level=BotLevel.NORMAL)
    assert entry.user is not None
    return SeatSpec(user=entry.user, is_bot=False, name=entry.name)


# --- hands ending ----------------------------------------------------------------------------


def hand_ended(*, hand_id: int, now: datetime | None = None) -> bool:
    """Record a finished tournament hand's payouts; deal the next round (or finish) when it
    was the round's last. False when ``hand_id`` is not a tournament's unrecorded hand."""
    play = Play.objects.filter(hand_id=hand_id, finished=False).first()
    if play is None:
        return False
    with transaction.atomic():
        tournament = _locked(play.tournament_id)
        play = Play.objects.select_for_update().get(pk=play.pk)
        hand = Hand.objects.get(pk=hand_id)
        if play.finished or hand.status != HandStatus.FINISHED:
            return False
        results = dict(SeatResult.objects.filter(hand=hand).values_list("seat", "payout"))
        play.payouts = [0 if hand.void else results.get(seat, 0) for seat in range(N_SEATS)]
        play.finished = True
        play.save(update_fields=["payouts", "finished"])
        round_number = tournament.current_round
        _advance_if_round_done(tournament, now or timezone.now())
        _changed(tournament)
        # The table's page says what comes next (the other tables, the next hand, the end);
        # when the round is done that changed at every table, which a new hand (dealt at
        # once) tells by itself.
        if tournament.current_round == round_number and tournament.status == Status.RUNNING:
            _ring_tables(hand.table_id)
        elif tournament.status != Status.RUNNING or tournament.next_round_at is not None:
            _ring_tables(*table_ids(tournament).values())
    return True


def _advance_if_round_done(tournament: Tournament, now: datetime) -> None:
    if tournament.status != Status.RUNNING:
        return
    plays = Play.objects.filter(tournament=tournament, round=tournament.current_round)
    if plays.count() < tournament.tables or plays.filter(finished=False).exists():
        return
    if tournament.current_round + 1 >= duplicate.rounds_for(tournament.deals, tournament.tables):
        _finish(tournament, now)
        return
    tournament.current_round += 1
    pause = tournament.room.deal_pause_seconds
    if pause:
        # The keeper deals it (``advance``): the last hand's result stays on the tables.
        tournament.next_round_at = now + timedelta(seconds=pause)
        tournament.save(update_fields=["current_round", "next_round_at"])
        return
    tournament.save(update_fields=["current_round"])
    _deal_round(tournament, now)


def deal_next_round(*, tournament_id: int, now: datetime) -> bool:
    """Deal the round whose pause is over; False when there is none (another keeper did)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        due = tournament.next_round_at
        if tournament.status != Status.RUNNING or due is None or due > now:
            return False
        tournament.next_round_at = None
        tournament.save(update_fields=["next_round_at"])
        _deal_round(tournament, now)
        _changed(tournament)
    return True


def _finish(tournament: Tournament, now: datetime) -> None:
    """Places among the people by score; the prizes, through the ledger, in order to the
    people who took at least one decision themselves: a prize whose place went to somebody
    the server played throughout goes to the next person (docs/RULES-DECISIONS.md)."""
    # Over: every round counts, the last one too (a running tournament's standings count
    # only the rounds before the current one).
    tournament.status = Status.FINISHED
    tournament.finished_at = now
    table = standings(tournament)
    pool = sum(Entry.objects.filter(tournament=tournament).values_list("fee_paid", flat=True))
    amounts = prize_amounts(pool, list(PrizeShare.objects.filter(tournament=tournament)))
    took_part = entries_that_decided(tournament)
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    for row in table:
        entry = entries[row.entry_id]
        entry.final_place = row.place
        entry.took_part = None if row.is_bot else row.entry_id in took_part
    winners = [row for row in table if row.place is not None and row.entry_id in took_part]
    for prize_place, row in enumerate(winners, start=1):
        amount = amounts.get(prize_place, 0)
        entry = entries[row.entry_id]
        if amount and entry.user is not None:
            record_beans(
                user=entry.user,
                kind=LedgerKind.TOURNAMENT,
                amount=amount,
                reason=f"tournament {tournament.pk}: prize {prize_place} (place {row.place})",
            )
            entry.prize = amount
    Entry.objects.bulk_update(list(entries.values()), ["final_place", "took_part", "prize"])
    tournament.save(update_fields=["status", "finished_at"])
    # Its people are free at once: no seat is held at a table that deals no more. Their
    # table still shows them the last hand's result (``lobby.table_state.viewer_in``).
    TableSeat.objects.filter(table_id__in=table_ids(tournament).values()).update(
        user=None, is_bot=False, ready=False
    )


def entries_that_decided(tournament: Tournament) -> set[int]:
    """The entries that took at least one decision of the tournament themselves: a bid, a
    declaration or a play sent from their page (not a mark, not the auto-play switch, nothing
    the server took for them)."""
    plays = list(Play.objects.filter(tournament=tournament).values_list("hand_id", "entries"))
    by_hand = {hand_id: entries for hand_id, entries in plays}
    decided = (
        HandEvent.objects.filter(hand_id__in=by_hand, source=EventSource.PLAYER)
        .exclude(action__startswith="mark")
        .exclude(action__startswith="auto")
        .values_list("hand_id", "seat")
        .distinct()
    )
    return {by_hand[hand_id][seat] for hand_id, seat in decided if seat < len(by_hand[hand_id])}


# --- the keeper's chore ------------------------------------------------------------------------


def advance(now: datetime) -> None:
    """Start the tournaments whose time came; deal the first round at the tables whose
    people have arrived, and the rounds whose wait or pause is over; record
    tournament hands whose end was not recorded (a server stopped between the hand's commit
    and its signal). Restart-safe: it acts on what the database says. Run on every look of
    the keeper, so a site with no open or running tournament pays one query for it."""
    if not Tournament.objects.filter(status__in=(Status.OPEN, Status.RUNNING)).exists():
        return
    due = Tournament.objects.filter(status=Status.OPEN, starts_at__lte=now).values_list(
        "pk", flat=True
    )
    for tournament_id in list(due):
        start_due(tournament_id=tournament_id, now=now)
    arriving = Tournament.objects.filter(
        status=Status.RUNNING, current_round=0, next_round_at__gt=now
    ).values_list("pk", flat=True)
    for tournament_id in list(arriving):
        deal_arrived(tournament_id=tournament_id, now=now)
    paused = Tournament.objects.filter(status=Status.RUNNING, next_round_at__lte=now)
    for tournament_id in list(paused.values_list("pk", flat=True)):
        deal_next_round(tournament_id=tournament_id, now=now)
    waiting = Play.objects.filter(
        finished=False, tournament__status=Status.RUNNING, hand__status=HandStatus.FINISHED
    ).values_list("hand_id", flat=True)
    for hand_id in list(waiting):
        hand_ended(hand_id=hand_id, now=now)


def _ring_tables(*table_ids: int | None) -> None:
    """After the commit, the tables' pages are drawn again (a change without a version)."""
    for table_id in table_ids:
        if table_id is not None:
            transaction.on_commit(functools.partial(ring_table, table_id, -1))


def _changed(tournament: Tournament) -> None:
    tournament_id = tournament.pk
    transaction.on_commit(lambda: ring_tournament(tournament_id))
    transaction.on_commit(ring_lobby)
