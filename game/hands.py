"""Starting and acting on hands: the one path of an action.

The path of one action (ARCHITECTURE.md): lock the hand row, rebuild or load the state,
``engine.apply``, append one ``HandEvent``, store the new version and the next deadlines
(``game.clocks``), settle if the hand is over (``game.settlement``), all in one
transaction; after commit, ring the table's doorbell. Nothing else writes hands.

In the common case the lock and the read are one statement: this process keeps
the row it committed last and the state at its version, applies the action on them, and
writes with an ``UPDATE`` conditional on the row being unchanged, which also takes the row
lock; when it matches nothing, the locked path above runs (``_apply_on_committed_row``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext_noop

from accounts.models import User
from game import action_sql, engine
from game.clocks import BAOHUANG, VERSIONLESS, ClockRules, bot_seats, set_deadlines
from game.doorbell import ring_table
from game.engine.state import N_SEATS
from game.event_log import remember_event
from game.models import EventSource, Hand, HandMark, HandSeat, HandStatus, Room, Table
from game.room_rules import room_rules
from game.selectors import committed_row, remember_row, remember_state, state_of
from game.senders import Sender, held_seat
from game.settlement import settle

log = logging.getLogger(__name__)


class ActionRefused(Exception):
    """The action was not accepted; ``message`` is for the player who sent it, ``code`` names
    the reason on the wire, and ``cause`` is the engine's refusal when the rules refused it
    (decide on its type, never on the code's text)."""

    def __init__(
        self, message: str, *, code: str, cause: engine.IllegalAction | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.cause = cause


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in one seat when a hand starts."""

    user: User | None
    is_bot: bool
    name: str
    bot_level: str = "normal"  # novice / normal / expert (bots only)


# --- starting ------------------------------------------------------------------------------


def rules_for_room(room: Room) -> engine.Rules:
    """The room's full rules: preset, switches and stakes (game/room_rules.py)."""
    return room_rules(room)


def start_hand(
    *,
    room: Room,
    table: Table | None,
    seats: Sequence[SeatSpec],
    is_guest: bool = False,
    seed: int | None = None,
    now: datetime | None = None,
    redealt: bool = False,
    is_tournament: bool = False,
) -> Hand:
    """Deal a new hand for five seated players (RULES §2); ``redealt``: dealt again at once
    because the last hand was void (RULES §10.2/§10.3); ``is_tournament``: a tournament's
    deal, dealt from ``seed`` alone (no tribute from the table's last hand, which would change
    the cards: every table must hold the same ones), moving no beans."""
    if len(seats) != N_SEATS:
        raise ValueError(f"a hand needs exactly {N_SEATS} seats")
    now = now or timezone.now()
    rules = rules_for_room(room)
    if is_guest or is_tournament:
        # A free trial or a tournament's hand moves no beans, so it is dealt without the
        # room's table fee: the settlement, the results table and the summary then all say 0.
        rules = replace(rules, fee=0)
    seed = secrets.randbits(62) if seed is None else seed
    previous = _previous_result(table, seats) if rules.tribute and not is_tournament else None
    state = engine.new_hand(seed, rules, previous)
    with transaction.atomic():
        number = (table.hands_played + 1) if table is not None else 1
        hand = Hand.objects.create(
            table=table,
            room=room,
            number=number,
            seed=seed,
            rules=rules.to_dict(),
            previous=previous.to_text() if previous is not None else "",
            version=state.version,
            is_guest=is_guest,
            is_tournament=is_tournament,
            redealt=redealt,
        )
        HandSeat.objects.bulk_create(
            HandSeat(
                hand=hand, seat=i, user=s.user, is_bot=s.is_bot, name=s.name, bot_level=s.bot_level
            )
            for i, s in enumerate(seats)
        )
        set_deadlines(
            hand, None, state, None, frozenset(i for i, s in enumerate(seats) if s.is_bot), now
        )
        hand.save(update_fields=["deadlines", "clocks", "next_deadline_at"])
        if table is not None:
            Table.objects.filter(pk=table.pk).update(current_hand=hand, hands_played=number)
            table.current_hand = hand
            table.hands_played = number
        after_commit(hand, state)
    return hand


def _previous_result(
    table: Table | None, seats: Sequence[SeatSpec]
) -> engine.PreviousResult | None:
    """The table's last hand's result, when the same five players sit in the same seats
    (RULES §10.4: tribute is paid only between the same five). A bot is the same player as
    the bot that sat in its seat; a guest or a changed seat means no tribute."""
    if table is None:
        return None
    last = (
        Hand.objects.filter(table=table, status=HandStatus.FINISHED)
        .order_by("-number", "-pk")
        .first()
    )
    if last is None or last.void:
        return None
    before = {s.seat: (s.user_id, s.is_bot) for s in last.seats.all()}
    now = {i: (s.user.pk if s.user is not None else None, s.is_bot) for i, s in enumerate(seats)}
    if before != now or any(user is None and not bot for user, bot in now.values()):
        return None
    return engine.previous_result(state_of(last))


# --- one action ----------------------------------------------------------------------------


def parse_action(text: str) -> engine.Action:
    try:
        return engine.Action.from_notation(text, full_deck=True)
    except engine.IllegalAction as error:
        raise ActionRefused(str(error), code="malformed", cause=error) from None


def submit_action(
    *,
    hand_id: int,
    seat: int,
    action: engine.Action,
    expected_version: int | None,
    source: EventSource = EventSource.PLAYER,
    now: datetime | None = None,
    sender: Sender | None = None,
) -> int:
    """Apply one action for ``seat``; return the hand's new version. ``sender``: the
    account (or trial session) that sent it over a socket, whose page showed ``seat``: the
    action is applied only if that is the seat it holds in this hand (``refuse_unless_held``).

    Refused (``ActionRefused``, nothing written) when the hand is over, the version is stale,
    the sender holds another seat or none, or the engine finds the action illegal.
    """
    now = now or timezone.now()
    with transaction.atomic():
        applied = _apply_on_committed_row(
            hand_id, seat, action, expected_version, source, now, sender
        )
        if applied is not None:
            return applied
        hand = locked(hand_id)
        refuse_unless_held(hand_id, sender, seat)
        refuse_unless_current(hand, expected_version, action, VERSIONLESS)
        state = state_of(hand)
        new = apply_action(hand, state, seat, action, source, now)
        after_commit(hand, new)
        return new.version


def _apply_on_committed_row(
    hand_id: int,
    seat: int,
    action: engine.Action,
    expected_version: int | None,
    source: EventSource,
    now: datetime,
    sender: Sender | None,
) -> int | None:
    """The common case of ``submit_action`` without reading the hand: the new
    version, or None (nothing written) to take the locked path instead.

    This process keeps the hand row it last committed and the state at its version
    (``committed_row``). An action the engine accepts on that state is written with one
    conditional ``UPDATE``: it matches only if the row still is exactly that copy (same
    version and status, same away marks, deadlines and clocks, the fields other writers
    change without moving the version), and on PostgreSQL it takes the row lock that
    ``locked`` would have taken, so a concurrent writer's action waits and then finds the
    version moved. Anything unusual — another writer moved on, a stale page, a refusal
    (whose reason the locked path gives from the stored row), the hand's last action
    (settlement) — goes the locked way, with nothing written here. The room's clock
    seconds come with the kept row, as read when the row was last read under the lock (a
    room's clocks edited during a hand reach it at its next locked write).
    """
    known = committed_row(hand_id)
    if known is None:
        return None
    hand, state = known
    if hand.status != HandStatus.RUNNING:
        return None
    if expected_version is not None and expected_version != hand.version:
        return None
    try:
        new = engine.apply(state, seat, action)
    except engine.IllegalAction:
        return None
    if new.phase is engine.Phase.FINISHED or new.version != hand.version + 1:
        return None
    before: dict[str, object] = {
        "away": hand.away,
        "deadlines": hand.deadlines,
        "clocks": hand.clocks,
    }
    old_version, hand.version = hand.version, new.version
    set_deadlines(hand, state, new, (seat, action), bot_seats(hand), now)
    if not action_sql.write_if_unchanged(hand, old_version, before):
        return None
    # The row is locked now: the seat is read under the lock, and a refusal rolls the
    # write back with the caller's transaction.
    refuse_unless_held(hand_id, sender, seat)
    _append_event(hand, new.version, seat, action, source)
    after_commit(hand, new)
    return new.version


def refuse_unless_held(hand_id: int, sender: Sender | None, seat: int) -> None:
    """Refuse an action from ``sender`` unless ``seat``, the seat its page showed, is the
    seat it holds in the hand (``game.senders``). Call it holding the hand's lock. A frame
    that reaches a hand its page never showed, with the seat of an earlier seating, is
    refused here: it would otherwise act for whoever holds that seat now."""
    if sender is None:  # the server's own decisions (bots, deadlines, leaving, suspension)
        return
    held = held_seat(hand_id, sender)
    if held is None:
        raise ActionRefused(
            gettext_noop("You hold no seat in this hand: nothing was done."), code="no_seat"
        )
    if held != seat:
        raise ActionRefused(
            gettext_noop(
                "Your seat changed before this arrived: nothing was done. Look again and retry."
            ),
            code="seat_moved",
        )


def set_mark(
    *, hand_id: int, seat: int, target: int, guess: engine.Guess, sender: Sender | None = None
) -> None:
    """Put ``seat``'s private identity mark on ``target`` (RULES §8.2).

    The engine says whether the mark is allowed (a dark hand, not one's own seat), but the
    mark is stored beside the hand, not in its event log: it moves no version and rings no
    doorbell, so nobody else can see that it happened (docs/SECURITY.md, the griefer at the
    table). ``sender`` as for ``submit_action``.
    """
    with transaction.atomic():
        hand = locked(hand_id)
        refuse_unless_held(hand_id, sender, seat)
        if hand.status != HandStatus.RUNNING:
            raise ActionRefused("This hand is over.", code="finished")
        _set_mark(hand, seat, target, guess)


def _set_mark(hand: Hand, seat: int, target: int, guess: engine.Guess) -> None:
    try:
        engine.apply(state_of(hand), seat, engine.Mark(target, guess))
    except engine.IllegalAction as error:
        raise _refused(error) from None
    HandMark.objects.update_or_create(
        hand=hand, seat=seat, target=target, defaults={"guess": guess.value}
    )


def _refused(error: engine.IllegalAction) -> ActionRefused:
    return ActionRefused(str(error), code=type(error).__name__, cause=error)


def refuse_unless_current(
    hand: Hand, expected_version: int | None, action: object, versionless: tuple[type, ...]
) -> None:
    """Refuse an action on a finished hand, or one sent from a page older than the hand
    (the ``versionless`` actions do not depend on the position and pass whatever the version)."""
    if hand.status != HandStatus.RUNNING:
        raise ActionRefused("This hand is over.", code="finished")
    if (
        expected_version is not None
        and expected_version != hand.version
        and not isinstance(action, versionless)
    ):
        raise ActionRefused(
            "The table moved on before your action arrived; look again and retry.",
            code="stale",
        )


def locked(hand_id: int) -> Hand:
    try:
        # The room comes along: its clocks and grace are read for every deadline.
        return Hand.objects.select_for_update(of=("self",)).select_related("room").get(pk=hand_id)
    except Hand.DoesNotExist:
        raise ActionRefused("There is no such hand.", code="no_hand") from None


def apply_action(
    hand: Hand,
    state: engine.State,
    seat: int,
    action: engine.Action,
    source: EventSource,
    now: datetime,
) -> engine.State:
    """Apply, append the event, move deadlines, settle if over. Inside the caller's transaction."""
    try:
        new = engine.apply(state, seat, action)
    except engine.IllegalAction as error:
        raise _refused(error) from None
    if new.version != hand.version + 1:
        raise RuntimeError(f"engine moved version {hand.version} → {new.version}, expected +1")
    _append_event(hand, new.version, seat, action, source)
    hand.version = new.version
    set_deadlines(hand, state, new, (seat, action), bot_seats(hand), now)
    fields = ["version", "deadlines", "clocks", "next_deadline_at"]
    if new.phase is engine.Phase.FINISHED and new.void:
        _record_void(hand, now)
        fields += ["status", "finished_at", "void"]
    elif new.phase is engine.Phase.FINISHED:
        settle(hand, new, now)
        fields += ["status", "finished_at", "mode", "rebellion"]
        _announce_settled(hand)
    hand.save(update_fields=fields)
    return new


def _append_event(
    hand: Hand, seq: int, seat: int, action: engine.Action, source: EventSource
) -> None:
    """Append one event to the hand's log; once committed, this process remembers it, so
    the push of the action folds it from memory (``game.event_log.committed_events``)."""
    notation, kind = action.to_notation(), str(source)
    action_sql.append_event(hand.pk, seq, seat, notation, kind)
    transaction.on_commit(lambda: remember_event(hand, seq, seat, notation, kind))


# RULES §10.2/§10.3: sent after the commit of a void hand at a table (``table_id``); the
# lobby, which owns seating, deals the same five again (lobby/apps.py connects it).
hand_voided = Signal()
# Sent after the commit that settled a hand at a table (``table_id``, ``hand_id``): the
# layers above that deal a table's next hand themselves (a tournament's) move on.
hand_settled = Signal()


def _record_void(hand: Hand, now: datetime) -> None:
    """Nobody took the throne. The hand is kept (it replays) but nobody pays or moves a
    title; the table is told, after the commit, so that it deals again."""
    hand.status = HandStatus.FINISHED
    hand.finished_at = now
    hand.void = True
    hand.deadlines = [None] * 5
    hand.clocks = [None] * 5
    hand.next_deadline_at = None
    table_id = hand.table_id
    if table_id is not None:
        transaction.on_commit(lambda: hand_voided.send(sender=Hand, table_id=table_id))


def _announce_settled(hand: Hand) -> None:
    hand_id, table_id = hand.pk, hand.table_id
    if table_id is not None:
        transaction.on_commit(
            lambda: hand_settled.send(sender=Hand, table_id=table_id, hand_id=hand_id)
        )


def after_commit(hand: Hand, state: engine.State, *, changed: bool = False) -> None:
    """After commit: cache the new state and ring the table (``changed``: the table changed
    without a new version, e.g. somebody disconnected)."""
    hand_id, table_id = hand.pk, hand.table_id

    def done() -> None:
        remember_state(hand_id, state)
        remember_row(hand)
        if table_id is not None:
            if changed:
                ring_table(table_id, -1)
            else:
                # The committed row and state: this process can push from memory.
                ring_table(table_id, state.version, hand=hand, state=state)

    transaction.on_commit(done)


@dataclass(frozen=True, slots=True)
class HandKit:
    """One game's writes on a locked hand, for the paths every game shares (acting on
    deadlines, away and back): Baohuang's below, Red Ten's in ``game.redten_hands``."""

    clock: ClockRules
    state_of: Callable[[Hand], Any]
    # (hand, state, seat, action, source, now) → the new state, inside the caller's transaction
    apply: Callable[[Hand, Any, int, Any, EventSource, datetime], Any]
    after_commit: Callable[..., None]  # (hand, state, *, changed=False)


BAOHUANG_HANDS = HandKit(
    clock=BAOHUANG, state_of=state_of, apply=apply_action, after_commit=after_commit
)
