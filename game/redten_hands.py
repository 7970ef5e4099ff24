"""Writes to the record of Red Ten hands (RULES §11, seeds file 003): start, act, deadlines,
presence, settle.

The same path as Baohuang's ``game.hands`` (lock the hand row, fold the log, apply, append
one ``HandEvent``, move deadlines, settle in the ending transaction, ring after commit), with
the Red Ten engine behind it. Only rules differ: every seat answers the 亮牌 question at once
(each owes a decision, with the same clock and, for bots, the same delay distribution, so the
prompt betrays nobody); nobody flees (Red Ten has no flight penalty: a leaver is
auto-played); and the money is the §9 table or the coin formula.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import LedgerKind, User
from accounts.services import record_beans
from game.clocks import ClockRules, bot_seats, set_deadlines
from game.deadlines import run_deadlines
from game.doorbell import ring_table
from game.engine import redten
from game.engine.actions import AutoPlay
from game.engine.redten.bots import SensibleBot
from game.engine.redten.selfplay import next_dealer
from game.engine.state import N_SEATS
from game.hands import (
    ActionRefused,
    HandKit,
    SeatSpec,
    locked,
    refuse_unless_current,
    refuse_unless_held,
)
from game.models import EventSource, Hand, HandEvent, HandSeat, HandStatus, Room, SeatResult, Table
from game.senders import Sender
from game.settlement import close_if_nobody_sits as _close_if_nobody_sits

GAME = "redten"

# --- states, folded from the log -------------------------------------------------------------

_CACHE_SIZE = 2048
_cache: OrderedDict[int, redten.State] = OrderedDict()
_lock = threading.Lock()


def rules_for_room(room: Room) -> redten.Rules:
    return redten.Rules(coin=room.coin_coefficient)


def rules_of(hand: Hand) -> redten.Rules:
    return redten.Rules(coin=int(dict(hand.rules).get("coin", 0)))


def remember_state(hand_id: int, state: redten.State) -> None:
    with _lock:
        _cache[hand_id] = state
        _cache.move_to_end(hand_id)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def hand_log(hand: Hand) -> redten.HandLog:
    """The hand's replayable log (``redten-hand 1`` text via ``to_text``)."""
    events = tuple(
        (seat, redten.parse_action(text))
        for seat, text in hand.events.order_by("seq").values_list("seat", "action")
    )
    return redten.HandLog(hand.seed, rules_of(hand), hand.dealer, events)


def state_of(hand: Hand) -> redten.State:
    """The state at the hand's stored version, folding only the events not yet cached."""
    with _lock:
        cached = _cache.get(hand.pk)
    if cached is not None and (cached.seed != hand.seed or cached.version > hand.version):
        cached = None  # a reused id (a flushed test database)
    if cached is not None and cached.version == hand.version:
        return cached
    state = cached or redten.new_hand(hand.seed, rules_of(hand), dealer=hand.dealer)
    events = HandEvent.objects.filter(hand=hand, seq__gt=state.version, seq__lte=hand.version)
    for seat, notation in events.order_by("seq").values_list("seat", "action"):
        state = redten.apply(state, seat, redten.parse_action(notation))
    if state.version != hand.version:
        raise RuntimeError(
            f"hand {hand.pk}: the Red Ten log folds to version {state.version}, "
            f"the hand row says {hand.version}"
        )
    return state


# --- starting ----------------------------------------------------------------------------------


def _dealer_after(table: Table | None) -> int | None:
    """File 003 §3: a hand is dealt from the last hand's first place (None: a first hand)."""
    if table is None:
        return None
    last = (
        Hand.objects.filter(table=table, game=GAME, status=HandStatus.FINISHED)
        .order_by("-number", "-id")
        .first()
    )
    if last is None:
        return None
    state = state_of(last)
    return state.four_tens if state.four_tens is not None else next_dealer(state)


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
    """Deal a new Red Ten hand for five seated players (file 003 §1, §3). ``redealt``: the
    games' one ``start_hand`` signature (game.games); a Red Ten hand is never void, so
    nothing deals one again, but the mark is kept as it is given. ``is_tournament``: a
    duplicate deal (the daily challenge), dealt from ``seed`` with the dealer drawn from it,
    moving no beans and no points (RULES §12.6)."""
    if len(seats) != N_SEATS:
        raise ValueError("a hand needs exactly five seats")
    now = now or timezone.now()
    rules = rules_for_room(room)
    seed = secrets.randbits(62) if seed is None else seed
    with transaction.atomic():
        dealer = None if is_tournament else _dealer_after(table)
        state = redten.new_hand(seed, rules, dealer=dealer)
        number = (table.hands_played + 1) if table is not None else 1
        hand = Hand.objects.create(
            table=table,
            room=room,
            number=number,
            game=GAME,
            dealer=dealer,
            seed=seed,
            rules={"coin": rules.coin},
            version=state.version,
            is_guest=is_guest,
            is_tournament=is_tournament,
            redealt=redealt,
        )
        HandSeat.objects.bulk_create(
            HandSeat(hand=hand, seat=i, user=s.user, is_bot=s.is_bot, name=s.name)
            for i, s in enumerate(seats)
        )
        bots = frozenset(i for i, s in enumerate(seats) if s.is_bot)
        set_deadlines(hand, None, state, None, bots, now, rules=CLOCK)
        fields = ["deadlines", "clocks", "next_deadline_at"]
        if state.phase is redten.Phase.FINISHED:  # four tens were dealt (file 003 §9)
            _settle(hand, state, now)
            fields += ["status", "finished_at", "mode", "rebellion"]
        hand.save(update_fields=fields)
        if table is not None:
            Table.objects.filter(pk=table.pk).update(current_hand=hand, hands_played=number)
            table.current_hand = hand
            table.hands_played = number
        _after_commit(hand, state)
    return hand


# --- one action --------------------------------------------------------------------------------


def parse_action(text: str) -> redten.Action:
    try:
        return redten.parse_action(text)
    except redten.IllegalAction as error:
        raise ActionRefused(str(error), code="malformed") from None


def submit_action(
    *,
    hand_id: int,
    seat: int,
    action: redten.Action,
    expected_version: int | None,
    source: EventSource = EventSource.PLAYER,
    now: datetime | None = None,
    sender: Sender | None = None,
) -> int:
    """Apply one action for ``seat``; return the new version (``ActionRefused``: nothing
    written). The auto-play switch is accepted whatever the version, as in Baohuang.
    ``sender``: as for Baohuang's ``game.hands.submit_action``."""
    now = now or timezone.now()
    with transaction.atomic():
        hand = locked(hand_id)
        refuse_unless_held(hand_id, sender, seat)
        refuse_unless_current(hand, expected_version, action, CLOCK.versionless)
        new = _apply(hand, state_of(hand), seat, action, source, now)
        _after_commit(hand, new)
        return new.version


def _apply(
    hand: Hand,
    state: redten.State,
    seat: int,
    action: redten.Action,
    source: EventSource,
    now: datetime,
) -> redten.State:
    try:
        new = redten.apply(state, seat, action)
    except redten.IllegalAction as error:
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
    set_deadlines(hand, state, new, (seat, action), bot_seats(hand), now, rules=CLOCK)
    fields = ["version", "deadlines", "clocks", "next_deadline_at"]
    if new.phase is redten.Phase.FINISHED:
        _settle(hand, new, now)
        fields += ["status", "finished_at", "mode", "rebellion"]
    hand.save(update_fields=fields)
    return new


def _after_commit(hand: Hand, state: redten.State, *, changed: bool = False) -> None:
    hand_id, table_id = hand.pk, hand.table_id

    def done() -> None:
        remember_state(hand_id, state)
        if table_id is not None:
            ring_table(table_id, -1 if changed else state.version)

    transaction.on_commit(done)


# --- deadlines, bots and auto-play: the shared clocks and loop, with Red Ten's engine --------

# Every seat answers the 亮牌 question at once, each with its own clock; the auto-play switch
# is the one action that passes whatever the version. Nobody flees in Red Ten: a leaver is
# auto-played, an away player's clock runs on as anyone's (docs/DECISIONS.md).
CLOCK = ClockRules(
    to_act=redten.to_act,
    play_phase=redten.Phase.PLAY,
    finished_phase=redten.Phase.FINISHED,
    versionless=(AutoPlay,),
    can_flee=False,
    autoplay_action=redten.autoplay_action,
)


def _bot_choice(hand: Hand, state: redten.State, seat: int) -> redten.Action:
    # Seeded per hand and version: a replayed or retried decision is the same decision.
    rng = random.Random(state.seed * 1009 + state.version * 5 + seat)
    return SensibleBot(rng).choose(redten.view_for(state, seat))


def act_on_deadlines(*, hand_id: int, now: datetime | None = None) -> int:
    """Act for every seat whose deadline has passed; return how many events were written."""
    return run_deadlines(hand_id=hand_id, now=now, kit=REDTEN_HANDS, bot_action=_bot_choice)


# --- settlement (file 003 §9, §10, the coin room) ------------------------------------------------


def beans_of(settlement: redten.Settlement, room_stake: int) -> tuple[int, ...]:
    """What each seat's balance moves by.

    A points room pays points × the room's stake (zero-sum). A coin room pays the coin
    formula; a winner's 0.9 share is rounded down to whole beans and the house keeps the
    rest with the tenth (docs/DECISIONS.md), so no bean is ever created.
    """
    if settlement.coins is None:
        return tuple(p * room_stake for p in settlement.points)
    return tuple(int(c) if c >= 0 else -int(-c) for c in settlement.coins)


def _settle(hand: Hand, state: redten.State, now: datetime) -> None:
    settlement = redten.settle(state)
    result = settlement.outcome
    beans = beans_of(settlement, hand.room.base_stake)
    order = list(result.out)
    seats = {s.seat: s for s in hand.seats.select_related("user")}
    for seat in range(N_SEATS):
        hand_seat = seats[seat]
        row = SeatResult(
            hand=hand,
            seat=seat,
            user=hand_seat.user,
            role=result.team_of(seat).value,
            place=order.index(seat) + 1 if seat in order else 0,
            payout=beans[seat],
            net=beans[seat],
        )
        user = hand_seat.user if not (hand.is_guest or hand.is_tournament) else None
        if user is not None:
            user = User.objects.select_for_update().get(pk=user.pk)
            before = user.redten_points
            after = before + settlement.points[seat]
            User.objects.filter(pk=user.pk).update(redten_points=after)
            row.title_points_before = before
            row.title_points_after = after
            row.title_before = redten.level_for(before).title
            row.title_after = redten.level_for(after).title
            if beans[seat]:
                record_beans(
                    user=user, kind=LedgerKind.HAND_RESULT, amount=beans[seat], hand_id=hand.pk
                )
        row.save()
    hand.status = HandStatus.FINISHED
    hand.finished_at = now
    hand.mode = "open" if settlement.open else "dark"
    hand.rebellion = False
    hand.deadlines = [None] * 5
    hand.clocks = [None] * 5
    hand.next_deadline_at = None
    if hand.table_id is not None:
        _close_if_nobody_sits(hand.table_id)


REDTEN_HANDS = HandKit(clock=CLOCK, state_of=state_of, apply=_apply, after_commit=_after_commit)
