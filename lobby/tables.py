"""Writes for tables and seats: sit, stand, ready, bots, "play with bots", guest tables.

When the last seat is filled and everyone is ready, the table's next hand starts here,
in the same transaction, through ``game.hands.start_hand``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import User
from game import engine, games
from game.doorbell import ring_table
from game.engine.state import N_SEATS
from game.games import start_hand, submit_action
from game.hands import ActionRefused, SeatSpec
from game.models import (
    WORST_LOSS_IN_STAKES,
    BotLevel,
    Game,
    Hand,
    HandStatus,
    Room,
    Table,
    TableSeat,
)
from game.selectors import running_hand_id
from lobby import bot_vote
from lobby.lobby_bell import ring_lobby

# Short and distinct: on a phone's narrow seat a name is read whole (the "bot" tag says what
# it is), and the five bots are told apart by their names.
BOT_NAMES = ("机·春", "机·夏", "机·秋", "机·冬", "机·梅")
# A visitor's name at the table and in the hand's record. Stored with the hand, so one
# fixed name rather than whichever language the request that started the hand spoke.
GUEST_NAME = "游客"


# A bot for a seat whose leaver's table-mates are still being asked (``lobby.bot_vote``).
DECIDING = gettext_noop(
    "The people at the table are still being asked whether a bot takes that seat."
)


# Whether another app deals a table's hands (a tournament's: its seeds, its seating); such a
# table never starts a hand here, and its people are never asked to be ready nor offered
# bots. Registered from that app's ``ready``.
DEALT_ELSEWHERE: list[Callable[[int], bool]] = []


def dealt_elsewhere(table_id: int) -> bool:
    return any(check(table_id) for check in DEALT_ELSEWHERE)


def refuse_if_dealt_elsewhere(table: Table) -> None:
    """Readiness and bots mean nothing at a table another app deals: say so, change nothing."""
    if dealt_elsewhere(table.pk):
        raise SeatRefused(
            _("This is a tournament's table: the tournament deals its hands and fills its seats.")
        )


class SeatRefused(Exception):
    """A seating request was refused; ``message`` says why, for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SeatTaken(SeatRefused):
    """The seat asked for is somebody else's (quick match tries the next one)."""


class SeatKeptApart(SeatRefused):
    """Somebody kept apart from the player sits at the table (quick match tries another).
    One neutral message for every reason (one browser, one address, an admin's decision),
    naming nobody: docs/SECURITY.md, "Second accounts"."""

    def __init__(self, *, private: bool) -> None:
        if private:  # its seats already see who shares an address: no advice to give
            super().__init__(_("You cannot sit at this table."))
        else:
            super().__init__(
                _(
                    "You cannot sit at this table. To play with people at your address,"
                    " open a private table."
                )
            )


@dataclass(frozen=True, slots=True)
class Seated:
    table: Table
    seat: int


def create_table(*, room: Room, guest_session: str = "") -> Table:
    with transaction.atomic():
        table = Table.objects.create(room=room, guest_session=guest_session)
        TableSeat.objects.bulk_create(TableSeat(table=table, index=i) for i in range(N_SEATS))
    return table


def worst_loss(room: Room) -> int:
    """The most one hand in ``room`` can cost a player: 35·S and the fee (RULES §9.1); for
    Red Ten, 16 units (file 003 §9)."""
    return room.worst_loss


def reserved_beans(user: User) -> int:
    """Beans held for the hands ``user`` plays that are still running, fled ones included:
    a fled hand is played to its end by auto-play and settled then (RULES §6.3), so what it
    can cost stays reserved until it settles."""
    rooms = Room.objects.filter(
        hands__status=HandStatus.RUNNING, hands__seats__user=user
    ).values_list("base_stake", "table_fee")
    return sum(WORST_LOSS_IN_STAKES * stake + fee for stake, fee in rooms)


def _check_balance(room: Room, user: User) -> None:
    """Refuse a seat unless the balance, less what running hands may still cost, covers the
    room's minimum and the worst loss of one more hand: a balance never goes below zero."""
    need = max(room.effective_min_balance, worst_loss(room))
    held = reserved_beans(user)
    if user.beans - held < need:
        if held:
            raise SeatRefused(
                _(
                    "You need %(need)s beans free to sit in %(room)s; you have %(have)s, of"
                    " which %(held)s are held for a hand still running (a hand you left is"
                    " played to its end before it is settled)."
                )
                % {"need": need, "room": room.name, "have": user.beans, "held": held}
            )
        raise SeatRefused(
            _("You need at least %(need)s beans to sit in %(room)s; you have %(have)s.")
            % {"need": need, "room": room.name, "have": user.beans}
        )


def sit(
    *,
    table: Table,
    seat: int,
    user: User,
    invited: bool = False,
    apart: frozenset[int] = frozenset(),
) -> Seated:
    """Take an empty seat, or a bot's between hands (the bot stands up), if the
    balance allows (RULES §9.1). One seat per person, site-wide. A private table is sat at
    only through its invite (``invited``). Nobody of ``apart`` (``lobby.sightings.kept_apart``)
    may sit at the table: looked at under the table's lock, so two accounts racing to one
    table do not both get there."""
    if not 0 <= seat < N_SEATS:
        raise SeatRefused(_("There is no seat %(seat)s.") % {"seat": seat})
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.is_guest:
            raise SeatRefused(_("This is a guest's trial table."))
        if table.is_closed:
            raise SeatRefused(_("This table is closed."))
        if table.is_private and not invited:
            raise SeatRefused(_("This table is private: join it through its invite link or code."))
        if running_hand_id(table.pk) is not None:
            # A seat of a running hand belongs to its player until the hand ends, even after
            # they fled: whoever sat in it would be dealt their cards.
            raise SeatRefused(_("A hand is running at this table: sit down when it ends."))
        user.refresh_from_db(fields=["beans"])
        _check_balance(table.room, user)
        if TableSeat.objects.filter(user=user).exists():
            raise SeatRefused(_("You are already sitting at a table; stand up there first."))
        if apart and TableSeat.objects.filter(table=table, user_id__in=apart).exists():
            raise SeatKeptApart(private=table.is_private)
        row = TableSeat.objects.select_for_update().get(table=table, index=seat)
        if not row.is_empty and not row.is_bot:
            raise SeatTaken(_("That seat is taken."))
        row.user, row.ready, row.is_bot = user, False, False
        try:
            with transaction.atomic():
                row.save(update_fields=["user", "ready", "is_bot"])
        except IntegrityError:
            raise SeatRefused(
                _("You are already sitting at a table; stand up there first.")
            ) from None
        if str(seat) in table.bot_votes:
            # A person came: nobody need be asked about a bot for this seat any more.
            save_votes(table, bot_vote.without_seat(table.bot_votes, seat))
    _changed(table)
    return Seated(table, seat)


def _locked_seat_of(table: Table, user: User) -> tuple[Table, TableSeat]:
    """The table, locked, and the seat ``user`` holds there (inside a transaction)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    row = TableSeat.objects.filter(table=table, user=user).first()
    if row is None:
        raise SeatRefused(_("You are not sitting at this table."))
    return table, row


def _vacate(row: TableSeat) -> None:
    row.user, row.ready = None, False
    row.save(update_fields=["user", "ready"])


def stand(*, table: Table, user: User) -> None:
    with transaction.atomic():
        table, row = _locked_seat_of(table, user)
        if running_hand_id(table.pk) is not None:
            raise SeatRefused(_("A hand is running: finish it first (leaving counts as fleeing)."))
        _vacate(row)
        _ask_others(table, row.index, user)
        started = None if close_if_empty(table) else _maybe_start(table)
    _changed_unless(started, table)


def _ask_others(table: Table, seat: int, user: User) -> None:
    """``user`` left ``seat`` between hands: the people still seated are asked whether a bot
    takes it (``lobby.bot_vote``); ``user`` is asked about other seats no more. Inside the
    caller's transaction, the table locked."""
    others = list(
        TableSeat.objects.filter(table=table, user__isnull=False).values_list("user_id", flat=True)
    )
    if table.room.game != Game.BAOHUANG:
        others = []  # a Red Ten table's page has no question to show: the seat stays empty
    elif dealt_elsewhere(table.pk):
        others = []  # a tournament seats its own bots: nobody is asked
    votes = bot_vote.without_person(table.bot_votes, user.pk)
    save_votes(table, bot_vote.opened(votes, seat=seat, name=user.username, asked=others))


def save_votes(table: Table, votes: bot_vote.Votes) -> list[int]:
    """Store the table's open bot questions; a seat everyone asked agreed to gets its bot.
    Returns those seats. Inside the caller's transaction, the table locked."""
    votes, agreed = bot_vote.settled(votes)
    for seat in agreed:
        TableSeat.objects.filter(table=table, index=seat, user__isnull=True, is_guest=False).update(
            is_bot=True, ready=True, bot_level=BotLevel.NORMAL
        )
    table.bot_votes = votes
    Table.objects.filter(pk=table.pk).update(bot_votes=votes)
    return agreed


def _leave_running_hand(table: Table, row: TableSeat) -> int | None:
    """The seat's player leaves the table's running hand, if one runs (its id, else None):
    Baohuang's flight (RULES §6.3), Red Ten's auto-play to the end. Call it holding the
    table's lock."""
    hand_id = running_hand_id(table.pk)
    if hand_id is not None:
        try:
            submit_action(
                hand_id=hand_id,
                seat=row.index,
                action=games.contract(games.game_of_hand(hand_id)).leave_action(),
                expected_version=None,
            )
        except ActionRefused as error:
            # Already out of the hand (finished or fled): leaving costs nothing.
            if not isinstance(error.cause, engine.WrongPhase):
                raise SeatRefused(error.message) from None
    return hand_id


def leave(*, table: Table, user: User) -> None:
    """Stand up even while a hand runs: in a running hand the player has fled (RULES §6.3)
    and auto-play finishes it for them; the settlement applies the fled-player rule."""
    with transaction.atomic():
        table, row = _locked_seat_of(table, user)
        hand_id = _leave_running_hand(table, row)
        _vacate(row)
        started = None
        if hand_id is None:  # between hands: the others are asked about a bot
            _ask_others(table, row.index, user)
            started = None if close_if_empty(table) else _maybe_start(table)
        else:
            close_if_empty(table)
    _changed_unless(started, table)


def add_bot(*, table: Table, seat: int, by: User, level: str = BotLevel.NORMAL) -> None:
    """Give an empty seat to a bot of ``level`` (新手 / 普通 / 高手); only someone
    seated at the table may do it."""
    if level not in BotLevel.values:
        raise SeatRefused(_("Choose a bot level: novice, normal or expert."))
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if not TableSeat.objects.filter(table=table, user=by).exists():
            raise SeatRefused(_("Sit at the table before inviting bots."))
        refuse_if_dealt_elsewhere(table)
        if running_hand_id(table.pk) is not None:
            raise SeatRefused(_("A hand is running at this table: invite bots when it ends."))
        row = TableSeat.objects.select_for_update().filter(table=table, index=seat).first()
        if row is None or not row.is_empty:
            raise SeatRefused(_("That seat is not empty."))
        if str(seat) in table.bot_votes:
            raise SeatRefused(_(DECIDING))
        row.is_bot, row.ready, row.bot_level = True, True, level
        row.save(update_fields=["is_bot", "ready", "bot_level"])
        started = _maybe_start(table)
    _changed_unless(started, table)


def set_ready(*, table: Table, user: User) -> None:
    """Ready for the next hand; the hand starts when all five seats are filled and ready."""
    with transaction.atomic():
        table, row = _locked_seat_of(table, user)
        refuse_if_dealt_elsewhere(table)
        if running_hand_id(table.pk) is not None:
            raise SeatRefused(_("The hand is still running."))
        user.refresh_from_db(fields=["beans"])
        _check_balance(table.room, user)
        row.ready = True
        row.save(update_fields=["ready"])
        started = _maybe_start(table)
    _changed_unless(started, table)


def play_with_bots(*, room: Room, user: User) -> Table:
    """A new table at once: the player in seat 0, four bots, the first hand dealt."""
    with transaction.atomic():
        user.refresh_from_db(fields=["beans"])
        _check_balance(room, user)
        if TableSeat.objects.filter(user=user).exists():
            raise SeatRefused(_("You are already sitting at a table; stand up there first."))
        return _table_against_bots(room=room, first_seat={"user": user})


def guest_table(*, room: Room, session_key: str) -> Table:
    """A visitor's trial table against four bots: no beans, no titles (docs/DECISIONS.md)."""
    with transaction.atomic():
        return _table_against_bots(
            room=room, first_seat={"is_guest": True}, guest_session=session_key
        )


def trial_table_of(session_key: str) -> Table | None:
    """The trial table a browser session still sits at, if any (one per session)."""
    return (
        Table.objects.select_related("room")
        .filter(guest_session=session_key, is_closed=False, seats__is_guest=True)
        .order_by("-id")
        .first()
    )


def leave_trial(*, table_id: int, session_key: str) -> Table:
    """A visitor leaves his trial table, so that he may try another room. In a running hand
    his seat is left to auto-play as a fled player's (RULES §6.3; a trial moves no beans),
    the bots finish the hand and its settlement closes the table; between hands the table
    closes at once. His finished hands stay his to replay (``game.selectors.reviewable_hand``)."""
    with transaction.atomic():
        table = (
            Table.objects.select_for_update()
            .filter(pk=table_id, guest_session=session_key, is_closed=False)
            .first()
        )
        row = (
            TableSeat.objects.filter(table=table, is_guest=True).first()
            if table is not None
            else None
        )
        if table is None or row is None:
            raise SeatRefused(_("You are not sitting at this trial table."))
        _leave_running_hand(table, row)
        row.is_guest, row.ready = False, False
        row.save(update_fields=["is_guest", "ready"])
        close_if_empty(table)
    _changed(table)
    return table


def _table_against_bots(
    *, room: Room, first_seat: dict[str, object], guest_session: str = ""
) -> Table:
    table = create_table(room=room, guest_session=guest_session)
    TableSeat.objects.filter(table=table, index=0).update(ready=True, **first_seat)
    TableSeat.objects.filter(table=table, index__gt=0).update(is_bot=True, ready=True)
    _maybe_start(table)
    return table


def guest_ready(*, table: Table) -> None:
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if running_hand_id(table.pk) is not None:
            raise SeatRefused(_("The hand is still running."))
        TableSeat.objects.filter(table=table, is_guest=True).update(ready=True)
        started = _maybe_start(table)
    _changed_unless(started, table)


def _maybe_start(table: Table, *, redealt: bool = False) -> Hand | None:
    """Start the next hand if every seat is filled and ready (inside a transaction);
    ``redealt``: because the last hand was void."""
    seats = list(TableSeat.objects.filter(table=table).select_related("user").order_by("index"))
    if len(seats) != N_SEATS or any(s.is_empty or not s.ready for s in seats):
        return None
    if running_hand_id(table.pk) is not None:
        return None
    if dealt_elsewhere(table.pk):
        return None
    specs = []
    for s in seats:
        if s.is_bot:
            specs.append(
                SeatSpec(user=None, is_bot=True, name=BOT_NAMES[s.index], bot_level=s.bot_level)
            )
        elif s.is_guest:
            specs.append(SeatSpec(user=None, is_bot=False, name=GUEST_NAME))
        else:
            assert s.user is not None
            specs.append(SeatSpec(user=s.user, is_bot=False, name=s.user.username))
    hand = start_hand(
        room=table.room, table=table, seats=specs, is_guest=table.is_guest, redealt=redealt
    )
    # People confirm "next hand" each time; bots are always ready.
    TableSeat.objects.filter(table=table, is_bot=False).update(ready=False)
    return hand


def deal_after_void(table_id: int) -> Hand | None:
    """RULES §10.2/§10.3: a void hand is dealt again at once for the five who sat through
    it: they agreed to play the last hand and nobody played a card, so nobody is asked to
    confirm again (docs/DECISIONS.md). A seat left empty meanwhile waits as usual."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id, is_closed=False).first()
        if table is None:
            return None
        TableSeat.objects.filter(table=table).exclude(user__isnull=True, is_guest=False).update(
            ready=True
        )
        hand = _maybe_start(table, redealt=True)
    _changed(table)
    return hand


def close_if_empty(table: Table) -> bool:
    """Close a table that no person sits at and whose hand (if any) is over, so abandoned
    tables leave the room page (docs/DECISIONS.md). Inside the caller's transaction; a
    running hand closes its table when it is settled (``game.settlement``)."""
    people = TableSeat.objects.filter(table=table).filter(Q(user__isnull=False) | Q(is_guest=True))
    if people.exists() or running_hand_id(table.pk) is not None:
        return False
    Table.objects.filter(pk=table.pk).update(is_closed=True)
    table.is_closed = True
    return True


def _changed_unless(started: Hand | None, table: Table) -> None:
    """Ring for a seating change, unless it started a hand: ``start_hand`` rings for that
    commit already, and one change rings the doorbell once."""
    if started is None:
        _changed(table)


def _changed(table: Table) -> None:
    table_id = table.pk
    transaction.on_commit(lambda: ring_table(table_id, -1))
    transaction.on_commit(ring_lobby)  # the room lists' live counts
