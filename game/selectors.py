"""Reads of the record of hands: the live state rebuilt from the event log.

States are cached per process, keyed by hand id and checked against the hand's ``version``
on every read: the log in the database is the truth, the cache only saves re-folding it.
A cache entry is only stored after the transaction that produced it commits.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet

from accounts.models import User
from game import engine
from game.engine import review
from game.event_log import dealt, fold, forget_events, hand_log, logged_events
from game.hand_cache import BoundedCache
from game.models import Hand, HandMark, HandSeat, HandStatus, Room, SeatResult, Table

# The latest state of each recent hand, by hand id (checked against the seed on read).
_states: BoundedCache[int, engine.State] = BoundedCache(4096)


# "Is a hand running at this table": the table's current hand exists and has not finished.
# The one definition, as a filter on tables (``running_hand_id``, ``with_running_flag``).
HAND_RUNNING = Q(current_hand__status=HandStatus.RUNNING)


def running_hand_id(table_id: int) -> int | None:
    """The id of the hand being played at the table, or None between hands."""
    found: int | None = (
        Table.objects.filter(HAND_RUNNING, pk=table_id)
        .values_list("current_hand_id", flat=True)
        .first()
    )
    return found


def with_running_flag(tables: QuerySet[Table]) -> QuerySet[Table]:
    """``tables``, each with ``running``: whether a hand is being played there."""
    return tables.annotate(running=ExpressionWrapper(HAND_RUNNING, output_field=BooleanField()))


# The hand row of each recent hand as this process last committed it (with its room), for
# ``game.hands.submit_action``'s conditional write; a private copy, never handed out as is.
_rows: BoundedCache[int, Hand] = BoundedCache(4096)


def remember_state(hand_id: int, state: engine.State) -> None:
    _states.put(hand_id, state)


def row_copy(row: Hand) -> Hand:
    """A copy of ``row`` as ``copy.copy`` makes one (its own state and field cache, the
    field values shared), through the model's own ``__getstate__`` but without the pickling
    protocol's detour (``__reduce__``, a class look-up in the app registry, a version
    check), which cost more than the rest of an action's copies: a push copies a hand row
    three times (docs/PERFORMANCE.md)."""
    state = row.__getstate__()
    for attr, value in state.pop("_memoryview_attrs", ()):
        state[attr] = memoryview(value)
    new = Hand.__new__(Hand)
    new.__dict__.update(state)
    return new


def remember_row(hand: Hand) -> None:
    """Keep ``hand`` (a row just committed) as this process's last known copy of it."""
    _rows.put(hand.pk, row_copy(hand))


def remember_read(hand: Hand, state: engine.State) -> None:
    """Keep ``hand``, a running row just read with ``state`` at its version, as this
    process's base for its next write on that hand (``committed_row``), unless a row of the
    same or a later version is kept already.

    Without it the first action of every hand this process has not written yet (after a
    restart, or when its sockets come to this process) takes the locked path: reading the
    row again under the lock, its room and its seats. After a restart that is every table's
    first action at once, and at 200 tables they queued on the database thread for up to a
    third of a second (measured, docs/PERFORMANCE.md). A read row is as good a base as
    a committed one: the conditional write still checks it against the database. A race
    with a committing thread can only leave the row and state at different versions, which
    ``committed_row`` refuses. Inside a transaction nothing is kept: what it read may be its
    own writes, which a rollback would unmake (the module's rule: only what committed).
    """
    if connection.in_atomic_block:
        return
    if hand.status != HandStatus.RUNNING:
        return
    if state.version != hand.version or state.seed != hand.seed:
        return
    kept = _rows.get(hand.pk)
    if kept is not None and kept.seed == hand.seed and kept.version >= hand.version:
        return
    cached = _states.get(hand.pk)
    if cached is None or cached.seed != hand.seed or cached.version < state.version:
        remember_state(hand.pk, state)
    remember_row(hand)


def committed_row(hand_id: int) -> tuple[Hand, engine.State] | None:
    """A copy of the row this process last committed for ``hand_id``, with the state at its
    version, or None when either is unknown. Maybe stale (another process, another writer
    moved on since): a writer must check it against the database (``game.hands``)."""
    row = _rows.get(hand_id)
    state = _states.get(hand_id)
    if row is None or state is None or state.seed != row.seed or state.version != row.version:
        return None
    return row_copy(row), state


def forget_states() -> None:
    """Drop every cached state, row and event (tests use it to prove the log alone rebuilds
    a hand)."""
    _states.clear()
    _rows.clear()
    forget_events()


def state_of(hand: Hand) -> engine.State:
    """The state of ``hand`` at its stored version, folding only the events not yet cached."""
    cached = _states.get(hand.pk)
    if cached is not None and cached.seed != hand.seed:
        cached = None  # another hand under a reused id (a flushed test database)
    if cached is not None and cached.version == hand.version:
        return cached
    state = cached if cached is not None and cached.version < hand.version else dealt(hand)
    state = fold(state, logged_events(hand, after=state.version, upto=hand.version))
    if state.version != hand.version:
        raise RuntimeError(
            f"hand {hand.pk}: the event log folds to version {state.version}, "
            f"the hand row says {hand.version}"
        )
    return state


def replay_from_log(hand: Hand) -> engine.State:
    """Fold the whole log from the seed, ignoring any cache (for checks and replays)."""
    return fold(dealt(hand), logged_events(hand))


# --- hands another app deals -------------------------------------------------------------------
#
# A tournament (an app above this one) deals the same cards at each of its tables. Game knows
# such a hand by ``Hand.is_tournament`` alone; the app that dealt it says, through the look-ups
# it registers from its ``ready``, which of its hands are still sealed and what to call one.


@dataclass(frozen=True, slots=True)
class HandHost:
    """What a hand another app dealt is part of, as the hand's pages name it."""

    name: str  # the tournament's name
    url: str  # its page
    # What kind of event it is, as a tag before the name: "Tournament (比赛)", "Daily
    # challenge (每日比赛)" (both are ``is_tournament`` hands, told apart by the host alone).
    label: str
    # The hand's deal at every table, side by side; "" until every table has played it.
    compare_url: str = ""
    # Once the hand is over, what comes next at its table (``AFTER_*``).
    after: str = ""
    # Which of its table's hands this is (from 1), of how many; 0: not told.
    number: int = 0
    count: int = 0
    # When the table's next hand is dealt (the pause between deals, or at the latest the
    # first deal while its people arrive), for a countdown; None when not known.
    next_at: datetime | None = None
    # Each seat's person's place so far among ``people`` (the standings'; None: a bot).
    seat_places: tuple[int | None, ...] = ()
    people: int = 0

    @property
    def is_challenge(self) -> bool:
        """A daily challenge's deal: scored against the field, not against other tables."""
        return self.after == AFTER_CHALLENGE


AFTER_OTHER_TABLES = "other_tables"  # the other tables are still playing this deal
AFTER_NEXT_HAND = "next_hand"  # the next hand is dealt shortly
AFTER_OVER = "over"  # the tournament is over
AFTER_CHALLENGE = "challenge"  # a daily challenge's deal: its field, the next deal


# Each gives the ids of finished hands whose cards are still being played at another table:
# nobody but staff sees those (RULES §3.4, §8), not in a history and not as a replay.
SEALED_HANDS: list[Callable[[], Collection[int]]] = []
# Each gives the host of a hand with ``is_tournament`` set, or None when it is not its own.
HAND_HOSTS: list[Callable[[Hand], HandHost | None]] = []
# Each gives, of the ids of ``is_tournament`` hands, those that are its own, with their
# ``HandHost.label``: one query for a page of history rows, whatever its length.
HAND_LABELS: list[Callable[[Collection[int]], dict[int, str]]] = []
# Each gives the host of a table with no hand yet (a tournament's, before its first deal).
TABLE_HOSTS: list[Callable[[int], HandHost | None]] = []
# Each says whether a sealed hand is open to one signed-in viewer all the same: the daily
# challenge opens a deal's hands to the entrants who have played that deal.
OPEN_TO: list[Callable[[Hand, int], bool]] = []


def sealed_hands() -> set[int]:
    """The ids of the finished hands nobody but staff may see yet (``SEALED_HANDS``)."""
    sealed: set[int] = set()
    for check in SEALED_HANDS:
        sealed.update(check())
    return sealed


def host_of_table(table_id: int) -> HandHost | None:
    """What a table with no hand yet was made for, as its page names it; None for a table
    of a room."""
    for look_up in TABLE_HOSTS:
        host = look_up(table_id)
        if host is not None:
            return host
    return None


def host_labels(hand_ids: Collection[int]) -> dict[int, str]:
    """The ``HandHost.label`` of each of ``hand_ids`` (``is_tournament`` hands) that an app
    claims (``HAND_LABELS``)."""
    labels: dict[int, str] = {}
    if hand_ids:
        for look_up in HAND_LABELS:
            labels.update(look_up(hand_ids))
    return labels


def host_of(hand: Hand) -> HandHost | None:
    """The tournament ``hand`` belongs to, as its pages name it; None for any other hand."""
    if not hand.is_tournament:
        return None
    for look_up in HAND_HOSTS:
        host = look_up(hand)
        if host is not None:
            return host
    return None


# --- histories and replays --------------------------------------------------------------------
#
# Only finished hands are history. Guest hands (``Hand.is_guest``) never appear in a history;
# a tournament's hands (``Hand.is_tournament``) do once every table has played their deal
# (before, they are sealed: ``SEALED_HANDS``). Running and sealed hands are reviewable by
# staff alone, a guest's finished hands by staff and by the browser session that played them
# (``reviewable_hand``).


@dataclass(frozen=True, slots=True)
class PlayerHandRow:
    """One finished hand from one player's side (history pages, the public profile)."""

    hand_id: int
    finished_at: datetime | None
    room_name: str
    room_slug: str
    seat: int
    role: str  # engine.Role value
    place: int  # 1 = 头科 … N_SEATS = 大落
    mode: str  # engine.Mode value
    rebellion: bool
    fled: bool
    payout: int
    net: int
    title_before: str
    title_after: str
    points_before: int | None
    points_after: int | None
    # A tournament's hand: ``net`` is 0, as no beans moved; ``payout`` is what it scored.
    is_tournament: bool = False
    # Such a hand's ``HandHost.label`` (a tournament's, the daily challenge's); "" otherwise.
    host_label: str = ""
    score_doubled: bool = False  # a double-score card doubled its general score (§12.4)

    @property
    def points_change(self) -> int | None:
        if self.points_before is None or self.points_after is None:
            return None
        return self.points_after - self.points_before


def player_hands(user: User) -> QuerySet[SeatResult]:
    """The user's results in finished, non-guest hands that are not sealed, newest first (for
    pagination)."""
    results = SeatResult.objects.filter(
        user=user, hand__status=HandStatus.FINISHED, hand__is_guest=False
    )
    sealed = sealed_hands()
    if sealed:
        results = results.exclude(hand_id__in=sealed)
    return results.select_related("hand", "hand__room").order_by("-hand__finished_at", "-hand_id")


def player_hand_rows(results: Iterable[SeatResult]) -> list[PlayerHandRow]:
    results = list(results)
    labels = host_labels([r.hand_id for r in results if r.hand.is_tournament])
    return [
        PlayerHandRow(
            hand_id=r.hand_id,
            finished_at=r.hand.finished_at,
            room_name=r.hand.room.name,
            room_slug=r.hand.room.slug,
            seat=r.seat,
            role=r.role,
            place=r.place,
            mode=r.hand.mode,
            rebellion=r.hand.rebellion,
            fled=r.fled,
            payout=r.payout,
            net=0 if r.hand.is_tournament else r.net,
            title_before=r.title_before,
            title_after=r.title_after,
            points_before=r.title_points_before,
            points_after=r.title_points_after,
            is_tournament=r.hand.is_tournament,
            host_label=labels.get(r.hand_id, ""),
            score_doubled=r.score_doubled,
        )
        for r in results
    ]


def finished_hands_of(user: User, limit: int = 20) -> list[PlayerHandRow]:
    """The user's latest finished hands, newest first (the public profile calls this)."""
    return player_hand_rows(player_hands(user)[:limit])


@dataclass(frozen=True, slots=True)
class HandSeatRow:
    seat: int
    name: str
    username: str | None
    is_bot: bool
    role: str
    place: int
    net: int
    fled: bool


@dataclass(frozen=True, slots=True)
class RoomHandRow:
    hand_id: int
    number: int
    finished_at: datetime | None
    mode: str
    rebellion: bool
    seats: tuple[HandSeatRow, ...]  # in finishing order


def room_hands(room: Room) -> QuerySet[Hand]:
    """A room's finished hands at its own tables, newest first (for pagination): not the
    guests' trials, nor a tournament's hands played by its rules (the tournament's pages list
    those, deal by deal)."""
    return Hand.objects.filter(
        room=room, status=HandStatus.FINISHED, is_guest=False, is_tournament=False
    ).order_by("-finished_at", "-id")


def room_hand_rows(hands: Iterable[Hand]) -> list[RoomHandRow]:
    hands = list(hands)
    ids = [h.pk for h in hands]
    seats: dict[tuple[int, int], HandSeat] = {
        (s.hand_id, s.seat): s
        for s in HandSeat.objects.filter(hand_id__in=ids).select_related("user")
    }
    results: dict[int, list[SeatResult]] = {}
    for r in SeatResult.objects.filter(hand_id__in=ids).order_by("place"):
        results.setdefault(r.hand_id, []).append(r)
    rows = []
    for h in hands:
        lines = []
        for r in results.get(h.pk, []):
            hs = seats.get((h.pk, r.seat))
            lines.append(
                HandSeatRow(
                    seat=r.seat,
                    name=hs.name if hs is not None else "",
                    username=hs.user.username if hs is not None and hs.user is not None else None,
                    is_bot=hs.is_bot if hs is not None else False,
                    role=r.role,
                    place=r.place,
                    net=r.net,
                    fled=r.fled,
                )
            )
        rows.append(
            RoomHandRow(
                hand_id=h.pk,
                number=h.number,
                finished_at=h.finished_at,
                mode=h.mode,
                rebellion=h.rebellion,
                seats=tuple(lines),
            )
        )
    return rows


def reviewable_hand(
    hand_id: int, *, user: User | AnonymousUser, session_key: str | None = None
) -> Hand | None:
    """The hand if ``user`` may review it: anyone a finished non-guest hand that is not
    sealed, staff any hand, a guest's finished hand the browser session that played it (its
    trial table's ``guest_session``), for as long as that session lives.

    A tournament's hand is sealed until every table has played its deal, for its own players
    too: its replay shows all five hands of cards another table may still be playing, or (at
    a one-table tournament) that the same table is about to play again (RULES §3.4, §8).

    None otherwise, so that the caller answers 404 and never confirms a running hand exists.
    """
    hand = Hand.objects.select_related("room", "table").filter(pk=hand_id).first()
    if hand is None:
        return None
    if user.is_authenticated and user.is_staff:
        return hand
    if hand.status != HandStatus.FINISHED:
        return None
    if hand.is_guest:
        table = hand.table
        own = table is not None and bool(session_key) and table.guest_session == session_key
        return hand if own else None
    if hand.is_tournament and hand.pk in sealed_hands():
        if user.is_authenticated and any(opens(hand, user.pk) for opens in OPEN_TO):
            return hand
        return None
    return hand


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A hand's steps, rebuilt by folding its event log (never from stored snapshots)."""

    hand: Hand
    steps: list[review.Step]
    sources: dict[int, str]  # event seq -> EventSource value
    seats: tuple[HandSeat, ...]  # by seat number
    results: tuple[SeatResult, ...]  # by place; empty while the hand runs

    @property
    def tricks(self) -> tuple[int, ...]:
        return review.trick_starts(self.steps)


def hand_replay(hand: Hand) -> HandReplay:
    events = logged_events(hand)
    return HandReplay(
        hand=hand,
        steps=review.replay_steps(hand_log(hand, events)),
        sources={e.seq: e.source for e in events},
        seats=tuple(hand.seats.select_related("user").order_by("seat")),
        results=tuple(SeatResult.objects.filter(hand=hand).order_by("place")),
    )


def marks_of(*, hand_id: int, seat: int) -> dict[int, engine.Guess]:
    """``seat``'s private identity marks in a hand (RULES §8.2), by target seat. Stored
    outside the event log (``game.models.HandMark``); for that seat's eyes only."""
    rows = HandMark.objects.filter(hand_id=hand_id, seat=seat).values_list("target", "guess")
    return {target: engine.Guess(guess) for target, guess in rows}
