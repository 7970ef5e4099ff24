"""Daily challenges opened, entered and played through the services, for the tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

from accounts.models import User
from accounts.services import grant_starting_beans
from challenge import services
from challenge.models import Challenge, DailyRoom, DealPlay
from game import engine, redten_hands
from game.engine import redten
from game.hands import submit_action
from game.keeper import tick_sync
from game.models import Hand, HandStatus, Room
from game.selectors import state_of
from lobby.services import ensure_default_rooms

SHANGHAI = ZoneInfo("Asia/Shanghai")


def noon(day_offset: int = 0) -> datetime:
    """Noon in the site's zone, today or ``day_offset`` days from today."""
    local = timezone.now().astimezone(SHANGHAI)
    return datetime.combine(
        local.date() + timedelta(days=day_offset), datetime.min.time(), tzinfo=SHANGHAI
    ) + timedelta(hours=12)


def room(slug: str = "standard") -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug=slug)


def challenge(
    slug: str = "standard",
    *,
    deals: int = 2,
    fee: int = 0,
    prizes: str = "",
    when: datetime | None = None,
) -> Challenge:
    """Today's challenge of one room (the only room marked), opened by the keeper's chore."""
    r = room(slug)
    DailyRoom.objects.all().delete()
    DailyRoom.objects.create(room=r, deals=deals, entry_fee=fee, prizes=prizes)
    services.advance(when or timezone.now())
    return Challenge.objects.get(room=r, day=services.day_of(when or timezone.now()))


def person(name: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "x")
    grant_starting_beans(user=user)
    user.refresh_from_db()
    return user


Chooser = Callable[[engine.State, int], engine.Action]


def play_out(play: DealPlay, *, choose: Chooser | None = None, limit: int = 3000) -> Hand:
    """Play a challenge deal to its end: the entrant's decisions by ``choose(state, seat)``
    (default: the hint in play, auto-play's choice otherwise), bots through the keeper."""
    hand = Hand.objects.get(pk=play.hand_id)
    clock = timezone.now()
    for _ in range(limit):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            services.advance(clock)
            return hand
        seat = play.seat
        if hand.game == "redten":
            red = redten_hands.state_of(hand)
            if seat in redten.to_act(red) and not red.auto[seat]:
                redten_hands.submit_action(
                    hand_id=hand.pk,
                    seat=seat,
                    action=redten.autoplay_action(red, seat),
                    expected_version=hand.version,
                    now=clock,
                )
                continue
        else:
            state = state_of(hand)
            if seat in engine.to_act(state) and not state.auto[seat]:
                if choose is not None:
                    action = choose(state, seat)
                elif state.phase is engine.Phase.PLAY:
                    action = engine.hint(state, seat, 0)
                else:
                    action = engine.autoplay_action(state, seat)
                submit_action(
                    hand_id=hand.pk,
                    seat=seat,
                    action=action,
                    expected_version=hand.version,
                    now=clock,
                )
                continue
        clock += timedelta(milliseconds=1)
        if tick_sync(clock, reviews=False) == 0:
            raise AssertionError("nobody could act")
    raise AssertionError("the deal did not finish")
