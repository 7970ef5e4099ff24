"""Read side of a table: one snapshot of its public facts, then a context per viewer.

A ``TableSnapshot`` is everything the table shows that comes from the database, read in one
go after a change (two queries; the hand's seating once per hand and status). It holds the
full engine state, so it never leaves the server: each viewer's context is made from it by
``table_context``, which goes through ``engine.view_for`` for that viewer's seat and
touches no database. That split lets one snapshot serve all five connections of a table
(the consumer shares it per doorbell ring), and the table page's first render uses the very
same two functions, so the page and the pushes can never disagree: one function, one
template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from operator import attrgetter

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.tasks import TASKS_BY_CODE
from display.outcome import explain_hand, reason_lines
from game import engine
from game.clocks import away_since, remember_bots, seat_clock
from game.engine import titles
from game.engine.state import N_SEATS
from game.hand_cache import HandCache, hand_key
from game.models import Hand, HandStatus, SeatResult, Table, TableSeat
from game.presence import online_seats
from game.props import counts_for_props, props_at
from game.selectors import AFTER_OVER, HandHost, host_of, host_of_table, remember_read, state_of
from lobby.identity_memo import IdentityMemo
from lobby.page_language import page_language
from lobby.play_log import PublicEvent, missed_last, public_events
from lobby.presenters import (
    NO_EFFECTS,
    BotQuestion,
    CounterCell,
    Occupant,
    ResultRow,
    SeatInfo,
    SharedAddress,
    TableContext,
    hand_context,
    result_row,
    waiting_context,
)
from lobby.sightings import shared_address_seats
from lobby.summary import Reward, SeatLine, SettlementSummary, summarize_hand
from lobby.tables import BOT_NAMES
from lobby.templatetags import memoized

FRAGMENTS = (
    "version",
    "status",
    "seats",
    "center",
    "controls",
    "peek",
    "error",
    "banner",
    "log",
    "counter",
    "questions",
    "shared",
)
ROLES = tuple(engine.Role)


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: a user (maybe seated), a guest owning a trial table, or a spectator."""

    user_id: int | None
    seat: int | None  # the table seat they hold, None for spectators


@dataclass(frozen=True, slots=True)
class LobbySeat:
    """A lobby seat as read for one snapshot."""

    index: int
    user_id: int | None
    username: str
    is_bot: bool
    is_guest: bool
    ready: bool
    bot_level: str = "normal"  # for bots (``game.engine.bot_levels``)


@dataclass(frozen=True, slots=True)
class PlayedSeat:
    """A seat of the current hand, with the title its player holds in each role (§7.6)."""

    seat: int
    name: str
    is_bot: bool
    user_id: int | None
    titles: tuple[tuple[engine.Role, str], ...] = ()
    bot_level: str = "normal"  # for bots (``game.engine.bot_levels``)
    # The play effect its player's sets are drawn with (RULES §12.2), or "".
    effect: str = ""


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table's facts at one moment. Server-side only: ``state`` holds every hand."""

    table_id: int
    guest_session: str
    seats: tuple[LobbySeat, ...]
    hand: Hand | None = None  # read-only: shared by every connection of the table
    state: engine.State | None = None
    played: tuple[PlayedSeat, ...] = ()
    results: tuple[SeatResult, ...] = ()
    public: tuple[PublicEvent, ...] = ()  # the public record of the hand (lobby.play_log)
    # After the hand, per player: their balance and the rewards paid with it (only the
    # viewer's own are ever put in a context).
    balances: tuple[tuple[int, int], ...] = ()
    rewards: tuple[tuple[int, str, str, int], ...] = ()  # (user id, kind, reason, beans)
    is_private: bool = False  # watched by the people seated there only
    is_closed: bool = False  # a private table closed by its owner tells its sockets so
    # Open questions whether a bot takes a leaver's seat: (seat, leaver, asked, said yes).
    bot_votes: tuple[tuple[int, str, tuple[int, ...], tuple[int, ...]], ...] = ()
    online: frozenset[int] = frozenset()  # seats with a live socket, read between hands only
    owner_id: int | None = None  # a private table's owner
    # A private table between hands: the groups of seats whose players were last seen at
    # one network address (lobby.sightings), shown to everyone seated. Never the address.
    shared_address: tuple[tuple[int, ...], ...] = ()
    # A tournament's table: the tournament its hand belongs to, and once the hand is over
    # what comes next there (read with the hand, as it only changes when a hand ends).
    host: HandHost | None = None
    missed: tuple[bool, ...] = ()  # per seat: its last decision was a missed deadline (§6.1)

    @property
    def is_guest(self) -> bool:
        return bool(self.guest_session)


def load_snapshot(table_id: int) -> TableSnapshot | None:
    """Read a table's snapshot, or None when the table does not exist.

    Two queries in the common case (the table with its current hand, the lobby seats); the
    hand's seating is read once per hand and status, as it cannot change in between.
    """
    # order_by(): the models' default orderings join other tables for nothing here.
    # The hand's room comes along: a write on the hand reads its clocks (``remember_read``).
    tables = Table.objects.select_related("current_hand__room").filter(pk=table_id)
    found = list(tables.order_by()[:1])
    if not found:
        return None
    table = found[0]
    seats = tuple(
        LobbySeat(
            index=s.index,
            user_id=s.user_id,
            username=s.user.username if s.user is not None else "",
            is_bot=s.is_bot,
            is_guest=s.is_guest,
            ready=s.ready,
            bot_level=s.bot_level,
        )
        for s in TableSeat.objects.filter(table_id=table_id).select_related("user").order_by()
    )
    hand = table.current_hand
    between = hand is None or hand.status == HandStatus.FINISHED
    shared = _shared_address(seats) if table.is_private and between else ()
    if hand is None:
        return TableSnapshot(
            table_id=table_id,
            guest_session=table.guest_session,
            seats=seats,
            is_private=table.is_private,
            is_closed=table.is_closed,
            bot_votes=_votes(table),
            online=online_seats(table_id),
            owner_id=table.owner_id,
            shared_address=shared,
            # A tournament's table before its first deal (its tables are private).
            host=host_of_table(table_id) if table.is_private else None,
        )
    finished = hand.status == HandStatus.FINISHED
    results = tuple(SeatResult.objects.filter(hand=hand).order_by("place")) if finished else ()
    state = state_of(hand)
    # This process's next write on the hand builds on this read, as on a row it committed
    # itself: a table's first action after a restart or a reconnection needs no locked read.
    remember_read(hand, state)
    balances, rewards = _after_hand(hand, results) if finished else ((), ())
    return TableSnapshot(
        table_id=table_id,
        is_private=table.is_private,
        is_closed=table.is_closed,
        bot_votes=_votes(table),
        # Between hands a seat shows whether its person is here; during a hand
        # the hand's own away marks say it (RULES §6.3), so no read for every move.
        online=online_seats(table_id) if finished else frozenset(),
        owner_id=table.owner_id,
        shared_address=shared,
        guest_session=table.guest_session,
        seats=seats,
        hand=hand,
        state=state,
        played=_played_seats(hand),
        results=results,
        public=public_events(hand),
        missed=missed_last(hand),
        balances=balances,
        rewards=rewards,
        host=host_of(hand),
    )


def _shared_address(seats: tuple[LobbySeat, ...]) -> tuple[tuple[int, ...], ...]:
    """Which seats share a network address (docs/SECURITY.md, "Second accounts"): one more
    read, for private tables between hands only."""
    return shared_address_seats((s.index, s.user_id) for s in seats if s.user_id is not None)


def _votes(table: Table) -> tuple[tuple[int, str, tuple[int, ...], tuple[int, ...]], ...]:
    return tuple(
        (int(seat), str(v["name"]), tuple(v["asked"]), tuple(v["yes"]))
        for seat, v in sorted(table.bot_votes.items())
    )


def _after_hand(
    hand: Hand, results: tuple[SeatResult, ...]
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, str, str, int], ...]]:
    """The players' balances now and the rewards paid with ``hand`` (title tiers, daily
    tasks), itemised."""
    users = [r.user_id for r in results if r.user_id is not None]
    if not users or hand.is_guest or hand.is_tournament:
        return (), ()
    balances = tuple(User.objects.filter(pk__in=users).values_list("pk", "beans"))
    entries = LedgerEntry.objects.filter(
        hand_id=hand.pk, user_id__in=users, kind__in=(LedgerKind.REWARD, LedgerKind.TASK)
    ).order_by("pk")
    return balances, tuple(entries.values_list("user_id", "kind", "reason", "amount"))


def _reward_label(kind: str, reason: str) -> str:
    if kind == "task" and reason in TASKS_BY_CODE:
        return _("Daily task: %(task)s") % {"task": TASKS_BY_CODE[reason].title}
    return _("Title reward: %(tier)s") % {"tier": reason}


_played: HandCache[tuple[PlayedSeat, ...]] = HandCache()


def _played_seats(hand: Hand) -> tuple[PlayedSeat, ...]:
    """Who plays ``hand``, their titles and play effects. Cached per hand *and status*: a
    player's title points change only when a hand of theirs is settled, and a person sits at
    one table. The effects are those running when the hand was dealt (RULES §12.2), so every
    process reads the same ones, once a hand: one query, not one a push."""
    key = hand_key(hand, str(hand.status))
    cached = _played.get(key)
    if cached is not None:
        return cached
    seats = list(hand.seats.select_related("user"))
    people = [hs.user_id for hs in seats if hs.user_id is not None]
    held = props_at(people, hand.started_at) if people and counts_for_props(hand) else {}
    played = tuple(
        PlayedSeat(
            seat=hs.seat,
            name=hs.name,
            is_bot=hs.is_bot,
            user_id=hs.user_id,
            bot_level=hs.bot_level,
            titles=tuple(
                (role, titles.tier_for(role, getattr(hs.user, f"{role.value}_points")).name)
                for role in ROLES
            )
            if hs.user is not None and not hand.is_guest
            else (),
            effect=held[hs.user_id].effect if hs.user_id in held else "",
        )
        for hs in seats
    )
    _played.put(key, played)
    remember_bots(hand, frozenset(p.seat for p in played if p.is_bot))
    return played


def left_trial(snapshot: TableSnapshot, session_key: str | None) -> bool | None:
    """Whether this browser session's visitor left its trial table (None: not its table)."""
    if not (snapshot.is_guest and session_key and session_key == snapshot.guest_session):
        return None
    return not any(s.is_guest for s in snapshot.seats)


def viewer_in(
    snapshot: TableSnapshot, user_id: int | None, session_key: str | None
) -> Viewer | None:
    """The viewer, or None when they may not watch this table at all."""
    if snapshot.is_guest:
        # A trial table is its browser session's alone, and seat 0 is the visitor's only
        # while he sits there: once he left, it is the bots' (docs/SECURITY.md, the seat thief).
        if left_trial(snapshot, session_key) is False:
            return Viewer(user_id=None, seat=0)
        return None
    if user_id is None:
        return None
    seat = next((s.index for s in snapshot.seats if s.user_id == user_id), None)
    if seat is None and _hosted_over(snapshot):
        # A finished tournament frees its people at once (docs/DECISIONS.md); the last
        # hand's result stays theirs to see, from the seat each played.
        seat = next((p.seat for p in snapshot.played if p.user_id == user_id), None)
        if seat is not None:
            return Viewer(user_id=user_id, seat=seat)
    if snapshot.is_private and seat is None:
        return None  # a private table is never shown to anybody not seated there
    if seat is not None and snapshot.hand is not None:
        # A hand's seat is its player's until it ends: never show it to anybody else, even
        # if the lobby seat changed hands meanwhile (docs/SECURITY.md, the seat thief).
        player = next((p.user_id for p in snapshot.played if p.seat == seat), None)
        if snapshot.hand.status == HandStatus.RUNNING and player != user_id:
            seat = None
    return Viewer(user_id=user_id, seat=seat)


def _hosted_over(snapshot: TableSnapshot) -> bool:
    """The table's hand is the last of a finished tournament (``game.selectors.AFTER_OVER``)."""
    hand = snapshot.hand
    over = snapshot.host is not None and snapshot.host.after == AFTER_OVER
    return over and hand is not None and hand.status == HandStatus.FINISHED


def _lobby_occupants(snapshot: TableSnapshot, viewer: Viewer) -> list[Occupant | None]:
    """Who sits in each seat now (the lobby's seating)."""
    occupants: list[Occupant | None] = [None] * 5
    for row in snapshot.seats:
        if row.is_bot:
            occupants[row.index] = Occupant(
                name=_bot_name(row.index), is_bot=True, ready=row.ready, bot_level=row.bot_level
            )
        elif row.is_guest:
            occupants[row.index] = Occupant(
                name=_("Guest"), is_me=viewer.seat == row.index, ready=row.ready
            )
        elif row.user_id is not None:
            occupants[row.index] = Occupant(
                name=row.username,
                is_me=row.user_id == viewer.user_id,
                ready=row.ready,
                user_id=row.user_id,
            )
    return occupants


def _occupants(snapshot: TableSnapshot, viewer: Viewer) -> tuple[Occupant | None, ...]:
    """Who plays the current (or last) hand in each seat: the hand's own seating, which
    names the moves of its log and its results even after people stood up.

    Remembered per viewer while the snapshot's seating is the very same (the snapshots of
    one running hand share it: ``SharedSnapshots.seed``), so a viewer's seats are built once
    per hand, not once per move."""
    # The viewer by its fields (all of them): a plain tuple hashes in C, the frozen
    # dataclass's generated ``__hash__`` in Python, on every push of every socket.
    held, plain = (snapshot.seats, snapshot.played), (viewer.user_id, viewer.seat, page_language())
    known = _seated.get(held, plain)
    if known is not None:
        return known
    return _seated.put(held, plain, tuple(map(_shared, _hand_occupants(snapshot, viewer))))


def _shared(occupant: Occupant | None) -> Occupant | None:
    """``occupant``, as the one object every viewer who sees it alike is given: the seats
    drawn from it are then found by its identity (``presenters.hand_context``) whoever looks."""
    if occupant is None:
        return None
    found = _occupants_shared.get(occupant)
    if found is None:
        if len(_occupants_shared) >= 8192:
            _occupants_shared.clear()  # atomic, unlike evicting one while a view thread may read
        found = _occupants_shared[occupant] = occupant
    return found


_occupants_shared: dict[Occupant, Occupant] = {}


_seated: IdentityMemo[tuple[Occupant | None, ...]] = IdentityMemo(4096)


def _hand_occupants(snapshot: TableSnapshot, viewer: Viewer) -> list[Occupant | None]:
    occupants = _lobby_occupants(snapshot, viewer)
    for hs in snapshot.played:
        current = occupants[hs.seat]
        occupants[hs.seat] = Occupant(
            name=hs.name,
            is_bot=hs.is_bot,
            is_me=viewer.seat == hs.seat,
            ready=current.ready if current is not None else False,
            user_id=hs.user_id,
            bot_level=hs.bot_level if hs.is_bot else "",
        )
    return occupants


def _bot_name(index: int) -> str:
    return BOT_NAMES[index]


def _with_titles(
    occupants: tuple[Occupant | None, ...], snapshot: TableSnapshot, view: engine.View
) -> tuple[Occupant | None, ...]:
    """Add the title of each seat's role, only where the viewer knows that role (§7.6).
    Remembered while the occupants (``_occupants``) are the very same and the roles known
    the same: they change a few times a hand."""
    roles = tuple([sv.role for sv in view.seats])
    known = _titled.get((occupants,), roles)
    if known is not None:
        return known
    titled = tuple(map(_shared, _titles(occupants, snapshot, view)))
    return _titled.put((occupants,), roles, titled)


_titled: IdentityMemo[tuple[Occupant | None, ...]] = IdentityMemo(4096)


def _titles(
    occupants: tuple[Occupant | None, ...], snapshot: TableSnapshot, view: engine.View
) -> list[Occupant | None]:
    played = {p.seat: p for p in snapshot.played}
    out: list[Occupant | None] = []
    for seat, occ in enumerate(occupants):
        role = view.seats[seat].role
        known = played.get(seat)
        if occ is None or role is None or known is None or not known.titles:
            out.append(occ)
        else:
            out.append(replace(occ, title=dict(known.titles)[role]))
    return out


def _results(snapshot: TableSnapshot, me: int | None) -> list[ResultRow]:
    names = {hs.seat: hs.name for hs in snapshot.played}
    return [result_row(r, name=names.get(r.seat, ""), me=me) for r in snapshot.results]


def table_context(
    snapshot: TableSnapshot,
    viewer: Viewer,
    *,
    peek: int | None = None,
    errors: tuple[str, ...] = (),
    marks: dict[int, engine.Guess] | None = None,
) -> TableContext:
    """What ``viewer`` sees of the table: built from ``view_for`` of their seat only, plus
    their own identity marks (``marks``: kept outside the event log, read per viewer)."""
    occupants = _occupants(snapshot, viewer)
    hand, state = snapshot.hand, snapshot.state
    if hand is None or state is None:
        ctx = waiting_context(
            table_id=snapshot.table_id,
            me=viewer.seat,
            occupants=occupants,
            version=0,
            is_guest_table=snapshot.is_guest,
        )
        ctx = replace(
            ctx,
            bot_questions=_questions(snapshot, viewer),
            shared_address=_shared_marks(snapshot, viewer),
            host=snapshot.host,
        )
        return _with_errors(_with_presence(ctx, snapshot), errors)
    newcomer = _newcomer(snapshot, viewer)
    # Whose hand it was for the results: a newcomer did not play it ("you" is nobody).
    played_by = Viewer(user_id=viewer.user_id, seat=None) if newcomer else viewer
    if newcomer:
        # Sat down after the hand ended in a seat somebody else played: they see the hand
        # as a spectator does (RULES §8: the cards left in that seat were its player's,
        # and so were its private marks), drawn from their own seat.
        view = replace(engine.view_for(state, None), seat=viewer.seat)
        marks = None
    else:
        try:
            view = engine.view_for(state, viewer.seat, peek=peek)
        except engine.IllegalAction:
            view = engine.view_for(state, viewer.seat)
    if marks and viewer.seat is not None:
        view = replace(
            view,
            seats=tuple(
                replace(sv, mark=marks[i]) if i in marks else sv for i, sv in enumerate(view.seats)
            ),
        )
    running = hand.status == HandStatus.RUNNING
    clocks, away = _clocks_and_away(snapshot, hand, running)
    ctx = hand_context(
        table_id=snapshot.table_id,
        hand_id=hand.pk,
        view=view,
        occupants=_with_titles(occupants, snapshot, view),
        # The room's decision clock, never when the server will act for a bot or an
        # auto-played seat: that moment would say something about the seat's cards.
        deadlines=clocks,
        results=_results(snapshot, played_by.seat) if hand.status == HandStatus.FINISHED else (),
        is_guest_table=snapshot.is_guest,
        away=away,
        public=snapshot.public,
        summary=_summary(snapshot, played_by) if hand.status == HandStatus.FINISHED else None,
        balance=dict(snapshot.balances).get(viewer.user_id) if viewer.user_id else None,
        redealt=hand.redealt,
        effects=played_effects(snapshot.played),
    )
    if not running:
        ctx = _seated_now(ctx, _lobby_occupants(snapshot, viewer), snapshot.played)
        ctx = replace(
            ctx,
            bot_questions=_questions(snapshot, viewer),
            shared_address=_shared_marks(snapshot, viewer),
        )
        ctx = _with_presence(ctx, snapshot)
    if snapshot.host is not None:
        ctx = replace(ctx, host=snapshot.host)
    me = ctx.me
    if running and me is not None and snapshot.missed and snapshot.missed[me] and not ctx.auto_play:
        ctx = replace(ctx, missed_once=True)  # his own page alone says so
    return _with_errors(ctx, errors)


_effects: IdentityMemo[tuple[str, ...]] = IdentityMemo(4096)


def played_effects(played: tuple[PlayedSeat, ...]) -> tuple[str, ...]:
    """Each seat's play effect (RULES §12.2), by seat: found again while the hand's seating is
    the very same tuple (a snapshot's, shared by its viewers)."""
    known = _effects.get((played,))
    if known is not None:
        return known
    effects = [""] * N_SEATS
    for p in played:
        effects[p.seat] = p.effect
    found = NO_EFFECTS if not any(effects) else tuple(effects)
    return _effects.put((played,), (), found)


def _clocks_and_away(
    snapshot: TableSnapshot, hand: Hand, running: bool
) -> tuple[tuple[datetime | None, ...], tuple[bool, ...]]:
    """Each seat's clock and whether it is away: public facts of the snapshot's hand row,
    the same for every viewer, so read from the row once per snapshot (the snapshot holds a
    copy of the row that nobody changes)."""
    known = _clocks.get((snapshot,))
    if known is not None:
        return known
    clocks = tuple(seat_clock(hand, s) if running else None for s in range(5))
    away = tuple(away_since(hand, s) is not None for s in range(5))
    return _clocks.put((snapshot,), (), (clocks, away))


# By the snapshot: its five connections ask in turn, one push after the other.
_clocks: IdentityMemo[tuple[tuple[datetime | None, ...], tuple[bool, ...]]] = IdentityMemo(512)


def _with_presence(ctx: TableContext, snapshot: TableSnapshot) -> TableContext:
    """Between hands, a person's seat without a live socket shows away; never the
    viewer's own (they are looking at it, even while their socket is still opening). The
    owner of a private table is offered to remove a seat's player then."""
    seats = tuple(
        replace(
            seat,
            away=seat.occupant is not None
            and not seat.occupant.is_bot
            and seat.index != ctx.me
            and seat.index not in snapshot.online,
        )
        for seat in ctx.seats
    )
    owner = snapshot.is_private and not snapshot.is_closed and snapshot.owner_id is not None
    me = next((s.occupant for s in seats if s.index == ctx.me), None)
    is_owner = owner and me is not None and me.user_id == snapshot.owner_id
    return replace(ctx, seats=seats, is_owner=is_owner)


def _newcomer(snapshot: TableSnapshot, viewer: Viewer) -> bool:
    """Whether ``viewer`` sits in a seat of the finished hand that another player played."""
    if viewer.seat is None or snapshot.hand is None:
        return False
    if snapshot.hand.status != HandStatus.FINISHED:
        return False  # during a hand ``viewer_in`` gives the seat to its player only
    player = next((p for p in snapshot.played if p.seat == viewer.seat), None)
    return player is None or player.is_bot or player.user_id != viewer.user_id


def _seated_now(
    ctx: TableContext, now: list[Occupant | None], played: tuple[PlayedSeat, ...]
) -> TableContext:
    """Between hands the seats show who sits there now, live: a person who took a
    bot's seat, a bot that stood up, a person who sat down or left. A seat still held by the
    hand's own player keeps its marks of the hand (place, role, title); a seat that changed
    hands shows its new occupant without them (they were the last player's)."""
    players = {p.seat: (p.is_bot, p.user_id) for p in played}
    seats = []
    for seat in ctx.seats:
        occ = now[seat.index]
        same = occ is not None and players.get(seat.index) == (occ.is_bot, occ.user_id)
        if same and seat.occupant is not None:
            # The hand's player still sits there: its title stays, its readiness is today's.
            occ = replace(seat.occupant, ready=occ.ready if occ is not None else False)
            seats.append(replace(seat, occupant=occ))
        else:
            seats.append(SeatInfo(index=seat.index, occupant=occ))
    return replace(ctx, seats=tuple(seats))


def _summary(snapshot: TableSnapshot, viewer: Viewer) -> SettlementSummary | None:
    """The settlement explained to ``viewer``: the hand is over, every role is public."""
    state = snapshot.state
    if state is None or state.phase is not engine.Phase.FINISHED or not snapshot.results:
        return None
    settlement = engine.settle(state)
    names = {p.seat: p.name for p in snapshot.played}
    lines = [
        SeatLine(
            seat=r.seat,
            role=engine.Role(r.role),
            place=r.place,
            payout=r.payout,
            fee=r.fee,
            penalty=r.penalty,
            net=r.net,
            fled=r.fled,
            points_before=r.title_points_before,
            points_after=r.title_points_after,
            title_before=r.title_before,
            title_after=r.title_after,
            name=names.get(r.seat, ""),
            score_doubled=r.score_doubled,
        )
        for r in snapshot.results
    ]
    rewards = tuple(
        Reward(label=_reward_label(kind, reason), beans=beans)
        for user_id, kind, reason, beans in snapshot.rewards
        if viewer.user_id is not None and user_id == viewer.user_id
    )
    reason = explain_hand(state, settlement, [names.get(s.seat, "") for s in settlement.seats])
    return summarize_hand(
        settlement,
        scoring=state.rules.scoring,
        lines=lines,
        me=viewer.seat,
        rewards=rewards,
        reason=reason_lines(reason),
        tournament=snapshot.hand is not None and snapshot.hand.is_tournament,
        challenge=snapshot.host is not None and snapshot.host.is_challenge,
    )


def _with_errors(ctx: TableContext, errors: tuple[str, ...]) -> TableContext:
    return replace(ctx, errors=errors) if errors else ctx


def _questions(snapshot: TableSnapshot, viewer: Viewer) -> tuple[BotQuestion, ...]:
    """The bot questions put to ``viewer``; nobody else learns who answered."""
    if viewer.user_id is None or viewer.seat is None:
        return ()
    return tuple(
        BotQuestion(seat=seat, name=name, answered=viewer.user_id in yes)
        for seat, name, asked, yes in snapshot.bot_votes
        if viewer.user_id in asked
    )


def _shared_marks(snapshot: TableSnapshot, viewer: Viewer) -> tuple[SharedAddress, ...]:
    """The snapshot's seats that share an address, for a seated viewer (private tables have
    no other kind): the same for everybody seated there, the viewer's own seat included."""
    if viewer.seat is None or not snapshot.shared_address:
        return ()
    names = {s.index: s.username for s in snapshot.seats}
    return tuple(
        SharedAddress(
            seats=", ".join(str(i + 1) for i in group),
            names=", ".join(names.get(i, "") for i in group),
        )
        for group in snapshot.shared_address
    )


def render_fragment(ctx: TableContext, name: str) -> str:
    return memoized.compact(render_to_string(f"lobby/_table.html#{name}", {"t": ctx, "oob": True}))


def _peek_key(ctx: TableContext) -> tuple[object, ...]:
    names = tuple(s.occupant.name for s in ctx.seats if s.index == ctx.peek_seat and s.occupant)
    return (ctx.peek_seat, names, ctx.peek_cards)


# Everything each fragment reads of the context (templates/lobby/_table.html): equal keys
# render equal html, so a push renders each distinct one once (``render_pushed``).
FRAGMENT_KEYS: dict[str, Callable[[TableContext], tuple[object, ...]]] = {
    "banner": lambda t: (
        t.auto_play,
        t.finished,
        t.auto_reason,
        t.auto_locked,
        t.auto_first_timeout,
        t.missed_once,
    ),
    "peek": _peek_key,
    "error": lambda t: (t.errors,),
    "counter": lambda t: (t.counter,),
    "questions": lambda t: (t.bot_questions,),
    "shared": lambda t: (t.shared_address,),
}


def render_pushed(ctx: TableContext, name: str, language: str | None = None) -> str:
    """Fragment ``name`` for a push: the version, the status line and the controls through
    their own memoised tags, the fragments of ``FRAGMENT_KEYS`` once per key and language
    (the active one, which the caller may pass when it knows it), the others rendered."""
    if name == "version":
        return str(memoized.version_input(ctx.version, oob=True))
    if name == "status":
        return str(memoized.status(ctx, oob=True))
    if name == "controls":
        return str(memoized.controls(ctx, oob=True))
    keyed = FRAGMENT_KEYS.get(name)
    if keyed is None:
        return render_fragment(ctx, name)
    return render_keyed(ctx, name, keyed(ctx), language)


def render_keyed(
    ctx: TableContext, name: str, key: tuple[object, ...], language: str | None = None
) -> str:
    """Fragment ``name`` of ``FRAGMENT_KEYS``, whose key for ``ctx`` is ``key``: rendered
    once per key and language."""
    found = (name, language or page_language(), key)
    html = _rendered.get(found)
    return html if html is not None else _keep(_rendered, 1024, found, render_fragment(ctx, name))


def _keep(
    drawn: dict[tuple[object, ...], str], limit: int, key: tuple[object, ...], html: str
) -> str:
    """Remember ``html`` as ``drawn[key]`` and return it; past ``limit`` entries the oldest
    is forgotten. Called on a miss only: a push's look-ups stay a plain ``get``."""
    if len(drawn) >= limit:
        drawn.pop(next(iter(drawn)))
    drawn[key] = html
    return html


# The fragments rendered lately, by name, language and key (render_pushed): oldest first.
_rendered: dict[tuple[object, ...], str] = {}


def render_center(ctx: TableContext) -> str:
    """The centre of the table. Until the hand is over it shows only public facts (the
    phase and the current trick), the same for every viewer: one rendering serves them."""
    if ctx.finished:
        return _finished_center(ctx)
    trick = ctx.trick
    # The centre's shape: everything it reads but the trick's own moves, which a move changes
    # (a trick stands in for them, and they are put in: memoized.trick_rows).
    language = page_language()
    key = (
        language,
        ctx.phase,
        bool(trick),
        ctx.trick_done,
        ctx.leading,
        ctx.void,
        ctx.redealt,
        ctx.host if ctx.phase == "waiting" else None,  # a tournament's first deal, awaited
    )
    shape = _centers.get(key)
    if shape is None:
        slotted = replace(ctx, trick=memoized.TRICK_SLOT) if trick else ctx
        shape = _keep(_centers, 512, key, render_fragment(slotted, "center"))
    if not trick:
        return shape
    # The trick is one tuple for all of a snapshot's viewers (presenters.record_lines), and
    # the shape one string while remembered: the five sockets get one string, not five
    # equal ones, which each compares with what its page shows (the consumer's ``_center``).
    known = _tricks_in_centre.get((shape, trick), (language,))
    if known is not None:
        return known
    drawn = shape.replace(memoized.TRICK_ROWS_SLOT, memoized.trick_rows(trick), 1)
    return _tricks_in_centre.put((shape, trick), (language,), drawn)


# The centres' shapes rendered lately (render_center), oldest first.
_centers: dict[tuple[object, ...], str] = {}
# The centres with their tricks put in lately, by the shape and the trick.
_tricks_in_centre: IdentityMemo[str] = IdentityMemo(1024)


def _finished_center(ctx: TableContext) -> str:
    """The centre of a finished hand: the settlement as this viewer reads it. It is the
    costliest fragment (the results table, a line per seat) and every push between two
    hands — each "next hand", each seat taken or left — draws it again for every socket,
    unchanged: it is drawn once per distinct key and language."""
    key = _finished_key(ctx)
    html = _finished.get(key)
    return html if html is not None else _keep(_finished, 256, key, render_fragment(ctx, "center"))


def _finished_key(ctx: TableContext) -> tuple[object, ...]:
    """Everything the finished centre reads (templates/lobby/_table.html, partial center,
    and game/_results_table.html): equal keys draw equal html. The viewer's own line is in
    the summary and the results (``is_me``), their beans in ``balance``."""
    return (
        page_language(),
        ctx.summary,
        ctx.mode_label,
        ctx.rebellion,
        ctx.results,
        ctx.balance,
        ctx.hand_id,
        ctx.is_guest_table,
        # A tournament's table tells each person his own place so far.
        ctx.me if ctx.host is not None else ctx.me is not None,
        ctx.host,
    )


# The finished centres drawn lately (``_finished_center``), oldest first.
_finished: dict[tuple[object, ...], str] = {}


def seat_key(ctx: TableContext, seat: SeatInfo) -> tuple[object, ...]:
    """Everything the "seat" partial reads: equal keys render equal html."""
    return (seat, ctx.phase, ctx.me, ctx.can_mark, ctx.is_owner, ctx.host is not None)


def render_seat(ctx: TableContext, seat: SeatInfo) -> str:
    """One seat on its own, swapped in by its id (``seat-<index>``)."""
    return str(memoized.seat(seat, ctx, oob=True))


# The fields of a seat that only its parts (``seat_parts``) and its tools show: a pushed seat's
# shell, the seat with its parts cut out, reads none of them (templates/lobby/_seat.html).
# Every other field of ``SeatInfo`` is in ``SHELL_FIELDS`` (tests/lobby keep the two whole).
PART_FIELDS = (
    "card_count",
    "place_label",
    "auto_play",
    "fled",
    "failed_rebel",
    "owes_decision",
    "is_turn",
    "deadline",
    "holds_throne",
    "passed",
    "last_set",
    "mark",
    "mark_label",
    "can_peek",
)
SHELL_FIELDS = ("index", "occupant", "role", "role_code", "place", "away")


def shell_key(ctx: TableContext, seat: SeatInfo) -> tuple[object, ...]:
    """Everything a pushed seat's shell reads: equal keys make equal shells, so a seat whose
    key is the one of the shell the page shows changed in its parts alone."""
    return (
        seat.index,
        seat.occupant,
        seat.role,
        seat.role_code,
        seat.place,
        seat.away,
        # The shell tells the phases apart only as between hands (waiting, finished) or
        # during one: throne, declarations and play draw the same shell (templates/lobby/
        # _seat.html), so a hand moving on to its next phase changes parts, not seats. The
        # marks offered (``can_mark``) are only in the tools, which a pushed shell keeps.
        ctx.phase if ctx.phase in ("waiting", "finished") else "hand",
        ctx.me,
        ctx.is_owner,
        ctx.host is not None,  # a tournament's table offers no bots between hands
    )


# The fields of a seat each of its parts is drawn from (lobby/templatetags/memoized.py's
# seat_head, seat_role, seat_stats, seat_clock, seat_play; the phase is the shell's).
PART_INPUTS = {
    "head": ("holds_throne", "role_code", "occupant"),
    "role": ("role", "role_code", "occupant"),
    "stats": (
        "card_count",
        "place",
        "place_label",
        "auto_play",
        "away",
        "fled",
        "failed_rebel",
        "owes_decision",
        "occupant",
    ),
    "clock": ("is_turn", "deadline"),
    "play": ("last_set", "passed"),
}


# Each part's inputs read in one C call: ``_seat_parts`` asks this of every seat it draws.
_PART_READERS = {part: attrgetter(*inputs) for part, inputs in PART_INPUTS.items()}


def _changed(seat: SeatInfo, since: SeatInfo | None, part: str) -> bool:
    if since is None:
        return True
    read = _PART_READERS[part]
    return bool(read(seat) != read(since))


def seat_parts(
    ctx: TableContext,
    seat: SeatInfo,
    since: SeatInfo | None = None,
    since_phase: str = "",
    language: str | None = None,
) -> dict[str, str]:
    """The parts of a pushed seat by id, as ``render_seat`` draws them (the same memoised
    tags, under the same conditions, in the same order), without drawing the rest of it.

    ``since``: the seat as the page's parts were drawn from, in ``since_phase``, with the
    same shell (the consumer's ``shell_key``): only the parts whose inputs differ from it
    are drawn, as the others would come out as the page shows them. ``language``: the
    active one, when the caller knows it."""
    # Equal seats are one object (lobby.presenters): the viewers who see a seat alike, and
    # whose pages show it alike, share its parts, drawn once.
    held = (seat, since)
    hosted = ctx.host is not None
    plain = (ctx.phase, since_phase, language or page_language(), hosted)
    known = _parts.get(held, plain)
    if known is not None:
        return known
    return _parts.put(held, plain, _seat_parts(ctx.phase, seat, since, since_phase, hosted))


# The parts drawn lately, by the seat and the seat the page shows, the phases and the language.
_parts: IdentityMemo[dict[str, str]] = IdentityMemo(4096)


def _seat_parts(
    phase: str, seat: SeatInfo, since: SeatInfo | None, since_phase: str, hosted: bool
) -> dict[str, str]:
    index = seat.index
    parts: dict[str, str] = {}
    occupant = seat.occupant
    if occupant is not None:
        if _changed(seat, since, "head"):
            parts[f"seat-head-{index}"] = memoized.seat_head(seat)
        if (seat.role or occupant.title) and _changed(seat, since, "role"):
            parts[f"seat-role-{index}"] = memoized.seat_role(seat)
        if phase != "waiting":
            # The stats read the phase too ("thinking…" before the play, "Ready" after).
            if phase != since_phase or _changed(seat, since, "stats"):
                parts[f"seat-stats-{index}"] = memoized.seat_stats(seat, phase, hosted)
            if _changed(seat, since, "clock"):
                parts[f"seat-clock-{index}"] = memoized.seat_clock(seat)
    if _changed(seat, since, "play"):
        parts[f"seat-play-{index}"] = memoized.seat_play(seat)
    return parts


def tools_key(ctx: TableContext, seat: SeatInfo) -> tuple[object, ...] | None:
    """What a seat's tools (mark and psych-war menus, peek) show ``ctx``'s viewer, or None
    when the seat has none for them (templates/lobby/_seat.html's condition)."""
    if (
        seat.occupant is None
        or ctx.me is None
        or seat.index == ctx.me
        or ctx.phase in ("waiting", "finished")
    ):
        return None
    return (seat.index, seat.mark, seat.mark_label, ctx.can_mark, seat.can_peek)


def render_tools(ctx: TableContext, seat: SeatInfo) -> str:
    """A seat's tools on their own, swapped in by their id (``seat-tools-<index>``)."""
    return memoized.pushed_seat_tools(seat, ctx.can_mark)


def render_counter_cell(cell: CounterCell) -> str:
    """One rank of the card counter on its own, swapped in by its id (``counter-<n>``)."""
    return memoized.counter_cell(page_language(), cell, True)
