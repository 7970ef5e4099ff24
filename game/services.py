"""Writes to the record of hands: start a hand, submit an action, act on deadlines, settle.

The path of one action (ARCHITECTURE.md): lock the hand row, rebuild or load the state,
``engine.apply``, append one ``HandEvent``, store the new version and the next deadlines,
all in one transaction; after commit, ring the table's doorbell. Nothing else writes hands.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import LedgerKind, TierReward, User
from accounts.services import record_beans
from game import bot_pool, engine
from game.doorbell import ring_table
from game.hand_cache import HandCache, hand_key
from game.models import (
    EventSource,
    Hand,
    HandEvent,
    HandMark,
    HandSeat,
    HandStatus,
    SeatResult,
)
from game.selectors import remember_state, state_of
from lobby.models import Room, Table, TableSeat

log = logging.getLogger(__name__)

# Actions a player may take whatever the version: they do not depend on the position, so a
# stale page must not make them fail (marks are private notes; auto-play is a switch).
VERSIONLESS = (engine.Mark, engine.AutoPlay)


class ActionRefused(Exception):
    """The action was not accepted; ``message`` is for the player who sent it."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


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
    if len(seats) != engine.state.N_SEATS:
        raise ValueError("a hand needs exactly five seats")
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
        _set_deadlines(
            hand, None, state, None, frozenset(i for i, s in enumerate(seats) if s.is_bot), now
        )
        hand.save(update_fields=["deadlines", "clocks", "next_deadline_at"])
        if table is not None:
            Table.objects.filter(pk=table.pk).update(current_hand=hand, hands_played=number)
            table.current_hand = hand
            table.hands_played = number
        _after_commit(hand, state)
    return hand


# --- one action ----------------------------------------------------------------------------


def parse_action(text: str) -> engine.Action:
    try:
        return engine.Action.from_notation(text)
    except engine.IllegalAction as error:
        raise ActionRefused(str(error), code="malformed") from None


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
        hand = _locked(hand_id)
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
        new = _apply(hand, state, seat, action, source, now)
        _after_commit(hand, new)
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
        raise ActionRefused(str(error), code=type(error).__name__) from None
    HandMark.objects.update_or_create(
        hand=hand, seat=seat, target=target, defaults={"guess": guess.value}
    )


def _locked(hand_id: int) -> Hand:
    try:
        # The room comes along: its clocks and grace are read for every deadline.
        return Hand.objects.select_for_update(of=("self",)).select_related("room").get(pk=hand_id)
    except Hand.DoesNotExist:
        raise ActionRefused("There is no such hand.", code="no_hand") from None


def _apply(
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
        raise ActionRefused(str(error), code=type(error).__name__) from None
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
    _set_deadlines(hand, state, new, (seat, action), _bot_seats(hand), now)
    fields = ["version", "deadlines", "clocks", "next_deadline_at"]
    if new.phase is engine.Phase.FINISHED:
        _settle(hand, new, now)
        fields += ["status", "finished_at", "mode", "rebellion"]
    hand.save(update_fields=fields)
    return new


def _after_commit(hand: Hand, state: engine.State, *, changed: bool = False) -> None:
    """After commit: cache the new state and ring the table (``changed``: the table changed
    without a new version, e.g. somebody disconnected)."""
    hand_id, table_id = hand.pk, hand.table_id

    def done() -> None:
        remember_state(hand_id, state)
        if table_id is not None:
            ring_table(table_id, -1 if changed else state.version)

    transaction.on_commit(done)


# --- deadlines, bots and auto-play (RULES §6.1, §6.2) -----------------------------------------

_bots: HandCache[frozenset[int]] = HandCache()


def _bot_seats(hand: Hand) -> frozenset[int]:
    """The seats bots play in ``hand``: fixed when the hand starts, so read once per hand."""
    key = hand_key(hand)
    bots = _bots.get(key)
    if bots is None:
        bots = frozenset(hand.seats.filter(is_bot=True).values_list("seat", flat=True))
        _bots.put(key, bots)
    return bots


def _delay(kind: str) -> timedelta:
    low, high = settings.BAOHUANG_DELAYS[kind]
    return timedelta(seconds=random.uniform(low, high))


def _set_deadlines(
    hand: Hand,
    old: engine.State | None,
    new: engine.State,
    acted: tuple[int, engine.Action] | None,
    bots: frozenset[int],
    now: datetime,
    *,
    reset: frozenset[int] = frozenset(),
) -> None:
    """Give every seat that owes a decision a clock and a deadline.

    The *clock* is the room's time for the decision, started when it became owed; it is the
    only countdown pages show, and nothing but an action that ends the decision moves it (not
    a reconnect, not another seat's mark, not the auto-play switch: issue 13, F4). The
    *deadline* is when the server acts: the clock for a person who is here; for a bot, an
    auto-played, fled or away seat, a delay drawn from one distribution that depends only on
    public facts, never on what the seat could play (issue 13, the timing leak). A running
    deadline is kept while the same decision is owed; seats in ``reset`` (they just left or
    came back) get theirs anew.
    """
    previous = list(hand.deadlines) if hand.deadlines else [None] * 5
    started = list(hand.clocks) if hand.clocks else [None] * 5
    owed_before = set(engine.to_act(old)) if old is not None else set()
    room = hand.room
    deadlines: list[str | None] = [None] * 5
    clocks: list[str | None] = [None] * 5
    for seat in engine.to_act(new):
        same_decision = old is not None and (
            seat in owed_before
            and old.phase is new.phase
            and (acted is None or acted[0] != seat or isinstance(acted[1], VERSIONLESS))
        )
        clock = started[seat] if (same_decision or old is None) else None
        if clock is None:
            seconds = room.play_seconds if new.phase is engine.Phase.PLAY else room.role_seconds
            clock = (now + timedelta(seconds=seconds)).isoformat()
        clocks[seat] = clock
        kept = (
            same_decision
            and old is not None
            and seat not in reset
            and old.auto[seat] == new.auto[seat]
            and previous[seat] is not None
        )
        if kept:
            deadlines[seat] = previous[seat]
        elif seat in bots or new.auto[seat] or new.fled[seat] or away_since(hand, seat):
            deadlines[seat] = (now + _delay(_pace(new, seat, bots))).isoformat()
        else:
            deadlines[seat] = clock
    hand.deadlines = deadlines
    hand.clocks = clocks
    pending = [datetime.fromisoformat(d) for d in deadlines if d is not None]
    flee = [_flee_due(hand, new, seat) for seat in range(5)]
    pending += [when for when in flee if when is not None]
    hand.next_deadline_at = min(pending) if pending else None


def away_since(hand: Hand, seat: int) -> datetime | None:
    raw = hand.away[seat] if hand.away and seat < len(hand.away) else None
    return datetime.fromisoformat(raw) if raw else None


def _flee_due(hand: Hand, state: engine.State, seat: int) -> datetime | None:
    """When an away player is deemed to have fled (RULES §6.3), if they still can."""
    since = away_since(hand, seat)
    if since is None or state.fled[seat] or state.places[seat] is not None:
        return None
    if state.phase is engine.Phase.FINISHED:
        return None
    return since + timedelta(seconds=hand.room.grace_seconds)


def _pace(state: engine.State, seat: int, bots: frozenset[int]) -> str:
    """Which delay the server waits before acting for a bot or an auto-played seat.

    Chosen from public facts only (who is a bot, who still holds cards, who plays by
    themselves), never from the seat's cards: a quicker forced pass told everybody that the
    seat could not beat the table, and a slower pass that it could (issue 13). A person
    watching wants to follow the play, so a decision takes about a second; once no person
    still holds cards the rest is played fast.
    """
    people_playing = any(
        s not in bots and state.hands[s] and not state.auto[s] and not state.fled[s]
        for s in range(engine.state.N_SEATS)
    )
    if not people_playing:
        return "fast"
    return "bot" if seat in bots else "auto"


def seat_deadline(hand: Hand, seat: int) -> datetime | None:
    """When the server acts for ``seat`` (server side only: see ``seat_clock``)."""
    raw = hand.deadlines[seat] if hand.deadlines and seat < len(hand.deadlines) else None
    return datetime.fromisoformat(raw) if raw else None


def seat_clock(hand: Hand, seat: int) -> datetime | None:
    """The countdown shown for ``seat``: the room's decision clock, the same whoever sits
    there and whatever they hold. Hands begun before clocks existed show the deadline."""
    raw = hand.clocks[seat] if hand.clocks and seat < len(hand.clocks) else None
    return datetime.fromisoformat(raw) if raw else seat_deadline(hand, seat)


def due_hand_ids(*, now: datetime, limit: int = 100) -> list[int]:
    return list(
        Hand.objects.filter(status=HandStatus.RUNNING, next_deadline_at__lte=now)
        .order_by("next_deadline_at")
        .values_list("pk", flat=True)[:limit]
    )


BotPolicy = Callable[[engine.View], engine.Action]

_levels: HandCache[tuple[str, ...]] = HandCache()


def _bot_levels(hand: Hand) -> tuple[str, ...]:
    """Each seat's bot level (issue 19), fixed when the hand starts: read once per hand."""
    key = hand_key(hand)
    levels = _levels.get(key)
    if levels is None:
        rows = dict(hand.seats.values_list("seat", "bot_level"))
        levels = tuple(rows.get(seat, "normal") for seat in range(engine.state.N_SEATS))
        _levels.put(key, levels)
    return levels


def _bot_action(hand: Hand, state: engine.State, seat: int) -> engine.Action | None:
    """The bot's decision, or None while a searching bot still thinks (``game.bot_pool``:
    a 高手 play is searched in a worker process, never here on the database thread)."""
    level = _bot_levels(hand)[seat]
    view = engine.view_for(state, seat)
    # The bot's own seed: from the hand's id and the seat, never from the hand's secret seed.
    seed = hand.pk * engine.state.N_SEATS + seat
    if not (bot_pool.searches(level) and state.phase is engine.Phase.PLAY):
        return bot_pool.decide_now(level, view, seed)
    key = (hand.pk, state.version, seat)
    action = bot_pool.take(key)
    if action is None:
        bot_pool.request(key, level, view, seed, settings.BAOHUANG_BOT_WORKERS)
    return action


def act_on_deadlines(*, hand_id: int, now: datetime | None = None) -> int:
    """Act for every seat whose deadline has passed; return how many events were written.

    Safe to call from several processes at once: the hand row is locked and the deadlines
    re-read under the lock, so an expired deadline is acted on exactly once.
    """
    now = now or timezone.now()
    written = 0
    with transaction.atomic():
        hand = _locked(hand_id)
        if hand.status != HandStatus.RUNNING:
            return 0
        state = state_of(hand)
        bots = _bot_seats(hand)
        # RULES §6.3: away past the grace period: the player has fled.
        for seat in range(5):
            due = _flee_due(hand, state, seat)
            if due is not None and due <= now:
                state = _apply(hand, state, seat, engine.Flee(), EventSource.DISCONNECT, now)
                written += 1
        # Bounded: each round acts for one overdue seat; new deadlines lie in the future.
        for _ in range(16):
            overdue = [
                (due, seat)
                for seat in engine.to_act(state)
                if (due := seat_deadline(hand, seat)) is not None and due <= now
            ]
            if not overdue or state.phase is engine.Phase.FINISHED:
                break
            _, seat = min(overdue)
            if seat in bots:
                action = _bot_action(hand, state, seat)
                if action is None:
                    break  # still thinking in a worker: the keeper's next pass takes it
                state = _apply(hand, state, seat, action, EventSource.BOT, now)
                written += 1
            elif state.auto[seat] or state.fled[seat] or away_since(hand, seat):
                # RULES §6.3: a disconnected player is played by auto-play too.
                action = engine.autoplay_action(state, seat)
                source = (
                    EventSource.AUTO
                    if state.auto[seat] and not state.fled[seat]
                    else EventSource.DISCONNECT
                )
                state = _apply(hand, state, seat, action, source, now)
                written += 1
            else:
                # RULES §6.1: the deadline passed: the server acts and auto-play starts.
                state = _apply(
                    hand, state, seat, engine.AutoPlay(on=True), EventSource.TIMEOUT, now
                )
                state = _apply(
                    hand, state, seat, engine.autoplay_action(state, seat), EventSource.TIMEOUT, now
                )
                written += 2
        if written:
            _after_commit(hand, state)
        elif hand.next_deadline_at is not None and hand.next_deadline_at <= now:
            # Nothing was owed after all (e.g. deadlines from an older state): recompute.
            _set_deadlines(hand, None, state, None, bots, now)
            hand.save(update_fields=["deadlines", "clocks", "next_deadline_at"])
    return written


# --- presence (RULES §6.3) ----------------------------------------------------------------------


def set_away(*, hand_id: int, seat: int, away: bool, now: datetime | None = None) -> bool:
    """Mark a seated player as disconnected (``away``) or back; return whether it changed.

    Away: their decisions are taken by auto-play after a short delay, and the grace clock
    starts. Back within the grace period: control returns at once, nothing is owed.
    """
    now = now or timezone.now()
    with transaction.atomic():
        hand = _locked(hand_id)
        if hand.status != HandStatus.RUNNING:
            return False
        marks = list(hand.away) if hand.away else [None] * 5
        if (marks[seat] is not None) == away:
            return False
        marks[seat] = now.isoformat() if away else None
        hand.away = marks
        state = state_of(hand)
        _set_deadlines(hand, state, state, None, _bot_seats(hand), now, reset=frozenset({seat}))
        hand.save(update_fields=["away", "deadlines", "clocks", "next_deadline_at"])
        _after_commit(hand, state, changed=True)
        return True


# --- settlement (RULES §5, §6.3, §7) ----------------------------------------------------------


def _settle(hand: Hand, state: engine.State, now: datetime) -> None:
    """Write the settlement, ledger rows and title changes: once, in the ending transaction."""
    from game.engine import titles

    settlement = engine.settle(state)
    places = [state.role_of(seat) for seat in state.finishing_order]
    assert state.mode is not None and all(r is not None for r in places)
    roles_in_order = [r for r in places if r is not None]
    seats = {s.seat: s for s in hand.seats.select_related("user")}
    keep_score = not hand.is_guest
    for result in settlement.seats:
        hand_seat = seats[result.seat]
        user = hand_seat.user if keep_score else None
        row = SeatResult(
            hand=hand,
            seat=result.seat,
            user=hand_seat.user,
            role=result.role.value,
            place=result.place,
            fled=result.fled,
            payout=result.payout,
            fee=result.fee,
            penalty=result.penalty,
            net=result.net,
        )
        if user is not None:
            user = User.objects.select_for_update().get(pk=user.pk)
            field = f"{result.role.value}_points"
            change = titles.title_change(
                role=result.role,
                mode=state.mode,
                rebellion=state.rebellion,
                places=roles_in_order,
                points=getattr(user, field),
            )
            User.objects.filter(pk=user.pk).update(**{field: change.points_after})
            row.title_points_before = change.points_before
            row.title_points_after = change.points_after
            row.title_before = change.tier_before
            row.title_after = change.tier_after
            for kind, amount in (
                (LedgerKind.HAND_RESULT, result.payout),
                (LedgerKind.FEE, -result.fee),
                (LedgerKind.PENALTY, -result.penalty),
            ):
                if amount:
                    record_beans(user=user, kind=kind, amount=amount, hand_id=hand.pk)
            for tier in change.tiers_reached:
                beans = titles.tier_reward(result.role, tier)
                _, first = TierReward.objects.get_or_create(
                    user=user,
                    role=result.role.value,
                    tier=tier,
                    defaults={"beans": beans, "hand_id": hand.pk},
                )
                if first and beans:
                    record_beans(
                        user=user,
                        kind=LedgerKind.REWARD,
                        amount=beans,
                        hand_id=hand.pk,
                        reason=f"{tier}",
                    )
                    row.reward += beans
            from accounts.tasks import after_hand  # tasks, win records, §7.7 lifetime result

            after_hand(user=user, result=row, hand=hand, settlement=settlement, now=now)
        row.save()
    hand.status = HandStatus.FINISHED
    hand.finished_at = now
    hand.mode = state.mode.value
    hand.rebellion = state.rebellion
    hand.deadlines = [None] * 5
    hand.clocks = [None] * 5
    hand.next_deadline_at = None
    if hand.table_id is not None:
        _close_if_nobody_sits(hand.table_id)


def _close_if_nobody_sits(table_id: int) -> None:
    """A hand that ends at a table where no person sits any more (they all left, or fled)
    closes the table: it would otherwise wait on the room page for ever (issue 13, F9)."""
    people = TableSeat.objects.filter(table_id=table_id).filter(
        Q(user__isnull=False) | Q(is_guest=True)
    )
    if not people.exists():
        Table.objects.filter(pk=table_id).update(is_closed=True)
