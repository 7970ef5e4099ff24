"""Hands played through the services, for the history, replay and export tests."""

from __future__ import annotations

from collections.abc import Collection
from datetime import timedelta

from django.utils import timezone

from accounts.models import User
from game import engine
from game.hands import SeatSpec, start_hand, submit_action
from game.keeper import tick_sync
from game.models import Hand, HandStatus, Room
from game.selectors import state_of
from lobby.services import ensure_default_rooms


def standard_room() -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="standard")


def bots(n: int) -> list[SeatSpec]:
    return [SeatSpec(user=None, is_bot=True, name=f"bot{i}") for i in range(n)]


def play_out(
    hand: Hand,
    *,
    people: Collection[int] = (),
    time_out: bool = False,
    mark: bool = False,
    limit: int = 3000,
) -> Hand:
    """Play ``hand`` to its end: bots through the keeper, people with the hint.

    ``time_out``: the first person to owe a decision lets two deadlines in a row pass, so
    the server takes both decisions and auto-play takes over (RULES §6.1). ``mark``: seat 0
    puts one private identity mark (RULES §8.2) as soon as the hand is dark and in play.
    """
    marked = False
    misses = 2 if time_out else 0
    clock = timezone.now()  # the keeper's clock: only moves forward
    for _ in range(limit):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            return hand
        state = state_of(hand)
        if (
            mark
            and not marked
            and 0 in people
            and state.phase is engine.Phase.PLAY
            and not state.roles_public
        ):
            submit_action(
                hand_id=hand.pk,
                seat=0,
                action=engine.Mark(1, engine.Guess.GUARD),
                expected_version=None,
                now=clock,
            )
            marked = True
            continue
        owed = [s for s in engine.to_act(state) if s in people and not state.auto[s]]
        if owed and misses:
            clock += timedelta(hours=1)  # past any person's deadline
            tick_sync(clock)
            misses -= 1
            continue
        if owed:
            seat = owed[0]
            action = engine.autoplay_action(state, seat)
            if state.phase is engine.Phase.PLAY:
                action = engine.hint(state, seat, 0)
            submit_action(
                hand_id=hand.pk, seat=seat, action=action, expected_version=hand.version, now=clock
            )
            continue
        # Bots' deadlines are due at once (instant_bots); a person's are seconds away.
        clock += timedelta(milliseconds=1)
        if tick_sync(clock) == 0:
            raise AssertionError("nobody could act")
    raise AssertionError("the hand did not finish")


def played_hand(
    room: Room,
    user: User | None = None,
    *,
    seed: int = 11,
    time_out: bool = False,
    mark: bool = False,
    is_guest: bool = False,
) -> Hand:
    seats = ([SeatSpec(user, False, user.username)] if user is not None else []) + bots(
        5 if user is None else 4
    )
    hand = start_hand(room=room, table=None, seats=seats, seed=seed, is_guest=is_guest)
    return play_out(
        hand,
        people={0} if user is not None else set(),
        time_out=time_out,
        mark=mark,
    )


def running_hand(room: Room, user: User, *, seed: int = 11) -> Hand:
    """A hand that has started and is waiting for ``user`` (seat 0)."""
    hand = start_hand(
        room=room, table=None, seats=[SeatSpec(user, False, user.username), *bots(4)], seed=seed
    )
    hand.refresh_from_db()
    assert hand.status == HandStatus.RUNNING
    return hand
