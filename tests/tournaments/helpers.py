"""Tournaments made and played through the services, for the tournament tests."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from accounts.models import User
from accounts.services import grant_starting_beans
from game.models import HandSeat, Room
from tests.game.hand_helpers import play_out, standard_room
from tournaments import services
from tournaments.models import Play, PrizeShare, Status, Tournament


def tournament(
    *,
    room: Room | None = None,
    deals: int = 2,
    fee: int = 100,
    start_when: int | None = None,
    prizes: tuple[int, ...] = (60, 40),
    pause: int = 0,
) -> Tournament:
    """A tournament by ``room``'s rules (the standard room's), whose rounds are dealt
    ``pause`` seconds after the last table ends one (the room's setting)."""
    room = room or standard_room()
    Room.objects.filter(pk=room.pk).update(deal_pause_seconds=pause)
    t = Tournament.objects.create(
        name="春季赛",
        room=room,
        deals=deals,
        entry_fee=fee,
        start_when=start_when,
        starts_at=None if start_when else timezone.now() + timedelta(hours=1),
    )
    for place, percent in enumerate(prizes, start=1):
        PrizeShare.objects.create(tournament=t, place=place, percent=percent)
    return t


def people(n: int, prefix: str = "p") -> list[User]:
    users = []
    for i in range(n):
        user = User.objects.create_user(f"{prefix}{i}", f"{prefix}{i}@example.org", "x")
        grant_starting_beans(user=user)
        user.refresh_from_db()
        users.append(user)
    return users


def registered(t: Tournament, n: int, prefix: str = "p") -> list[User]:
    """``n`` new people (named ``prefix`` and a number), each registered for ``t``."""
    players = people(n, prefix)
    for p in players:
        services.register(tournament_id=t.pk, user=p)
    return players


def play_round(t: Tournament) -> None:
    """Play every unfinished hand of the tournament's current round to its end, people with
    the hint, and let the keeper's chore record them."""
    for play in Play.objects.filter(tournament=t, finished=False).select_related("hand"):
        seats = HandSeat.objects.filter(hand=play.hand, user__isnull=False)
        play_out(play.hand, people={s.seat for s in seats})
    services.advance(timezone.now())
    t.refresh_from_db()


def play_all(t: Tournament, limit: int = 40) -> None:
    for _ in range(limit):
        t.refresh_from_db()
        if t.status == Status.FINISHED:
            return
        play_round(t)
    raise AssertionError("the tournament did not finish")
