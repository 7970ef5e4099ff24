"""Starting and acting on hands: the one path of an action.

The path of one action (ARCHITECTURE.md): lock the hand row, rebuild or load the state,
``engine.apply``, append one ``HandEvent``, store the new version and the next deadlines
(``game.clocks``), settle if the hand is over (``game.settlement``), all in one
transaction; after commit, ring the table's doorbell. Nothing else writes hands.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from game import engine
from game.clocks import VERSIONLESS, bot_seats, set_deadlines
from game.doorbell import ring_table
from game.engine.state import N_SEATS
from game.models import EventSource, Hand, HandEvent, HandMark, HandSeat, HandStatus, Room, Table
from game.selectors import remember_state, state_of
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
    bot_level: str = "normal"  # issue 19: novice / normal / expert (bots only)


# --- starting ------------------------------------------------------------------------------


def rules_for_room(room: Room) -> engine.Rules:
    return engine.Rules.preset(
        room.preset, pass_lock=room.pass_lock, stake=room.base_stake, fee=room.table_fee
    )


def start_hand(
    *,
    room: Room,
    table: Table | None,
    seats: Sequence[SeatSpec],
    is_guest: bool = False,
    seed: int | None = None,
    now: datetime | None = None,
) -> Hand:
    """Deal a new hand for five seated players (RULES §2)."""
    if len(seats) != N_SEATS:
        raise ValueError(f"a hand needs exactly {N_SEATS} seats")
    now = now or timezone.now()
    rules = rules_for_room(room)
    seed = secrets.randbits(62) if seed is None else seed
    state = engine.new_hand(seed, rules)
    with transaction.atomic():
        number = (table.hands_played + 1) if table is not None else 1
        hand = Hand.objects.create(
            table=table,
            room=room,
            number=number,
            seed=seed,
            rules=rules.to_dict(),
            version=state.version,
            is_guest=is_guest,
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


# --- one action ----------------------------------------------------------------------------


def parse_action(text: str) -> engine.Action:
    try:
        return engine.Action.from_notation(text)
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
) -> int:
    """Apply one action for ``seat``; return the hand's new version.

    Refused (``ActionRefused``, nothing written) when the hand is over, the version is stale,
    or the engine finds the action illegal.
    """
    now = now or timezone.now()
    with transaction.atomic():
        hand = locked(hand_id)
        if hand.status != HandStatus.RUNNING:
            raise ActionRefused("This hand is over.", code="finished")
        if (
            expected_version is not None
            and expected_version != hand.version
            and not isinstance(action, VERSIONLESS)
        ):
            raise ActionRefused(
                "The table moved on before your action arrived; look again and retry.",
                code="stale",
            )
        state = state_of(hand)
        new = apply_action(hand, state, seat, action, source, now)
        after_commit(hand, new)
        return new.version


def set_mark(*, hand_id: int, seat: int, target: int, guess: engine.Guess) -> None:
    """Put ``seat``'s private identity mark on ``target`` (RULES §8.2).

    The engine says whether the mark is allowed (a dark hand, not one's own seat), but the
    mark is stored beside the hand, not in its event log: it moves no version and rings no
    doorbell, so nobody else can see that it happened (issue 13, F3).
    """
    hand = Hand.objects.filter(pk=hand_id).first()
    if hand is None:
        raise ActionRefused("There is no such hand.", code="no_hand")
    if hand.status != HandStatus.RUNNING:
        raise ActionRefused("This hand is over.", code="finished")
    try:
        engine.apply(state_of(hand), seat, engine.Mark(target, guess))
    except engine.IllegalAction as error:
        raise _refused(error) from None
    HandMark.objects.update_or_create(
        hand=hand, seat=seat, target=target, defaults={"guess": guess.value}
    )


def _refused(error: engine.IllegalAction) -> ActionRefused:
    return ActionRefused(str(error), code=type(error).__name__, cause=error)


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
    HandEvent.objects.create(
        hand=hand,
        seq=new.version,
        seat=seat,
        action=action.to_notation(),
        version=new.version,
        source=source,
    )
    hand.version = new.version
    set_deadlines(hand, state, new, (seat, action), bot_seats(hand), now)
    fields = ["version", "deadlines", "clocks", "next_deadline_at"]
    if new.phase is engine.Phase.FINISHED:
        settle(hand, new, now)
        fields += ["status", "finished_at", "mode", "rebellion"]
    hand.save(update_fields=fields)
    return new


def after_commit(hand: Hand, state: engine.State, *, changed: bool = False) -> None:
    """After commit: cache the new state and ring the table (``changed``: the table changed
    without a new version, e.g. somebody disconnected)."""
    hand_id, table_id = hand.pk, hand.table_id

    def done() -> None:
        remember_state(hand_id, state)
        if table_id is not None:
            ring_table(table_id, -1 if changed else state.version)

    transaction.on_commit(done)
