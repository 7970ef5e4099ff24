"""Reads of the record of hands: the live state rebuilt from the event log.

States are cached per process, keyed by hand id and checked against the hand's ``version``
on every read: the log in the database is the truth, the cache only saves re-folding it.
A cache entry is only stored after the transaction that produced it commits.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet

from accounts.models import User
from game import engine
from game.engine import review
from game.models import Hand, HandEvent, HandMark, HandSeat, HandStatus, SeatResult
from lobby.models import Room

_CACHE_SIZE = 4096
_cache: OrderedDict[int, engine.State] = OrderedDict()
_lock = threading.Lock()


def rules_of(hand: Hand) -> engine.Rules:
    return engine.Rules.from_dict(dict(hand.rules))


def previous_of(hand: Hand) -> engine.PreviousResult | None:
    """The result the hand was dealt after, for tribute (RULES §10.4); None if none."""
    text = getattr(hand, "previous", "")
    return engine.PreviousResult.from_text(text) if text else None


def dealt(hand: Hand) -> engine.State:
    """The hand as dealt: seed, rules and (for tribute) the previous result."""
    return engine.new_hand(hand.seed, rules_of(hand), previous_of(hand))


def remember_state(hand_id: int, state: engine.State) -> None:
    with _lock:
        _cache[hand_id] = state
        _cache.move_to_end(hand_id)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def forget_states() -> None:
    """Drop every cached state (tests use it to prove the log alone rebuilds a hand)."""
    with _lock:
        _cache.clear()


def state_of(hand: Hand) -> engine.State:
    """The state of ``hand`` at its stored version, folding only the events not yet cached."""
    with _lock:
        cached = _cache.get(hand.pk)
    if cached is not None and cached.seed != hand.seed:
        cached = None  # another hand under a reused id (a flushed test database)
    if cached is not None and cached.version == hand.version:
        return cached
    state = cached if cached is not None and cached.version < hand.version else dealt(hand)
    events = HandEvent.objects.filter(hand=hand, seq__gt=state.version, seq__lte=hand.version)
    for seat, notation in events.order_by("seq").values_list("seat", "action"):
        state = engine.apply(state, seat, engine.Action.from_notation(notation, full_deck=True))
    if state.version != hand.version:
        raise RuntimeError(
            f"hand {hand.pk}: the event log folds to version {state.version}, "
            f"the hand row says {hand.version}"
        )
    return state


def replay_from_log(hand: Hand) -> engine.State:
    """Fold the whole log from the seed, ignoring any cache (for checks and replays)."""
    state = dealt(hand)
    for seat, notation in hand.events.order_by("seq").values_list("seat", "action"):
        state = engine.apply(state, seat, engine.Action.from_notation(notation, full_deck=True))
    return state


# --- histories and replays (issue 6) ----------------------------------------------------------
#
# Only finished hands are history. Guest hands (``Hand.is_guest``) never appear in a history;
# running hands and guest hands are reviewable by staff alone (``reviewable_hand``).


@dataclass(frozen=True, slots=True)
class PlayerHandRow:
    """One finished hand from one player's side (history pages, the public profile)."""

    hand_id: int
    finished_at: datetime | None
    room_name: str
    room_slug: str
    seat: int
    role: str  # engine.Role value
    place: int  # 1..5
    mode: str  # engine.Mode value
    rebellion: bool
    fled: bool
    payout: int
    net: int
    title_before: str
    title_after: str
    points_before: int | None
    points_after: int | None

    @property
    def points_change(self) -> int | None:
        if self.points_before is None or self.points_after is None:
            return None
        return self.points_after - self.points_before


def player_hands(user: User) -> QuerySet[SeatResult]:
    """The user's results in finished, non-guest hands, newest first (for pagination)."""
    return (
        SeatResult.objects.filter(user=user, hand__status=HandStatus.FINISHED, hand__is_guest=False)
        .select_related("hand", "hand__room")
        .order_by("-hand__finished_at", "-hand_id")
    )


def player_hand_rows(results: Iterable[SeatResult]) -> list[PlayerHandRow]:
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
            net=r.net,
            title_before=r.title_before,
            title_after=r.title_after,
            points_before=r.title_points_before,
            points_after=r.title_points_after,
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
    """A room's finished, non-guest hands, newest first (for pagination)."""
    return Hand.objects.filter(room=room, status=HandStatus.FINISHED, is_guest=False).order_by(
        "-finished_at", "-id"
    )


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


def reviewable_hand(hand_id: int, *, user: User | AnonymousUser) -> Hand | None:
    """The hand if ``user`` may review it: anyone a finished non-guest hand, staff any hand.

    None otherwise, so that the caller answers 404 and never confirms a running hand exists.
    """
    hand = Hand.objects.select_related("room").filter(pk=hand_id).first()
    if hand is None:
        return None
    if user.is_authenticated and user.is_staff:
        return hand
    if hand.status != HandStatus.FINISHED or hand.is_guest:
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
    events = list(hand.events.order_by("seq").values_list("seq", "seat", "action", "source"))
    log = engine.HandLog(
        hand.seed,
        rules_of(hand),
        tuple(
            (seat, engine.Action.from_notation(action, full_deck=True))
            for _, seat, action, _ in events
        ),
        previous_of(hand),  # RULES §10.4: dealt with the tribute it paid
    )
    return HandReplay(
        hand=hand,
        steps=review.replay_steps(log),
        sources={seq: source for seq, _, _, source in events},
        seats=tuple(hand.seats.select_related("user").order_by("seat")),
        results=tuple(SeatResult.objects.filter(hand=hand).order_by("place")),
    )


def marks_of(*, hand_id: int, seat: int) -> dict[int, engine.Guess]:
    """``seat``'s private identity marks in a hand (RULES §8.2), by target seat. Stored
    outside the event log (``game.models.HandMark``); for that seat's eyes only."""
    rows = HandMark.objects.filter(hand_id=hand_id, seat=seat).values_list("target", "guess")
    return {target: engine.Guess(guess) for target, guess in rows}
