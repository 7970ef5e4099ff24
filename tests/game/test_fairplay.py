"""Fair play (docs/FAIRPLAY.md): a colluding pair among honest bots is listed first; the
admin's decisions need a reason, keep a pair apart, and suspend (sign-in says so, a running
hand goes on under auto-play); no player's page says who was listed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import LazySettings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import fairplay as account_fairplay
from accounts.models import FairPlayAction, LedgerEntry, User
from accounts.selectors import kept_apart
from accounts.sockets import user_group
from bench.colluders import COLLUDERS, session
from game import engine
from game.fairplay import suspend_pair
from game.hands import SeatSpec, start_hand
from game.models import (
    EventSource,
    Hand,
    HandEvent,
    HandSeat,
    HandStatus,
    PairSignal,
    Room,
    Table,
    TableSeat,
)
from game.presence import set_away
from game.selectors import state_of
from tests.game.hand_helpers import bots, standard_room

POOL = 8
HANDS = 300


def _store(room: Room, users: list[User], n: int, played: object) -> None:
    """One self-played hand as the site records it: a finished hand, its seats and log."""
    state = engine.replay(played.log)  # type: ignore[attr-defined]
    hand = Hand.objects.create(
        room=room,
        seed=played.log.seed,  # type: ignore[attr-defined]
        rules=played.log.rules.to_dict(),  # type: ignore[attr-defined]
        version=state.version,
        status=HandStatus.FINISHED,
        mode=state.mode.value if state.mode else "",
        finished_at=timezone.now() - timedelta(hours=1) + timedelta(seconds=n),
    )
    HandSeat.objects.bulk_create(
        HandSeat(hand=hand, seat=s, user=users[p], name=users[p].username)
        for s, p in enumerate(played.players)  # type: ignore[attr-defined]
    )
    HandEvent.objects.bulk_create(
        HandEvent(
            hand=hand,
            seq=i,
            seat=seat,
            action=action.to_notation(),
            version=i,
            source=EventSource.PLAYER,
        )
        for i, (seat, action) in enumerate(played.log.events, start=1)  # type: ignore[attr-defined]
    )


@pytest.fixture(autouse=True)
def quick_passwords(settings: LazySettings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def pool(db: None) -> list[User]:
    return [User.objects.create_user(f"p{i}", password="pw-fair-1") for i in range(POOL)]


@pytest.fixture
def admin(db: None) -> User:
    return User.objects.create_superuser("judge", password="pw-judge-1")


@pytest.mark.slow
def test_it_lists_the_colluding_pair_first(pool: list[User], admin: User) -> None:
    room = standard_room()
    for n, played in enumerate(session(7, POOL, HANDS)):
        _store(room, pool, n, played)
    call_command("fairplay_scan", verbosity=0)

    ranked = list(PairSignal.objects.order_by("-score"))
    assert len(ranked) == POOL * (POOL - 1) // 2
    top = ranked[0]
    colluders = {pool[c].pk for c in COLLUDERS}
    assert {top.user_a_id, top.user_b_id} == colluders
    assert top.flagged
    # Honest pairs listed: docs/FAIRPLAY.md gives the rate measured over many pools.
    assert sum(p.flagged for p in ranked[1:]) <= 1

    client = Client()
    client.force_login(admin)
    page = client.get(reverse("admin:game_pairsignal_changelist") + "?flagged__exact=1")
    assert page.status_code == 200
    assert f"{top.user_a} + {top.user_b}" in page.content.decode()
    detail = client.get(reverse("admin:game_pairsignal_change", args=[top.pk])).content.decode()
    shared = HandSeat.objects.filter(user_id=top.user_a_id).values("hand_id")
    together = HandSeat.objects.filter(user_id=top.user_b_id, hand_id__in=shared)
    assert together.count() == top.shared_hands
    for seat in together[:5]:
        assert reverse("replay", args=[seat.hand_id]) in detail

    # Counted once: a second pass finds nothing new and changes no count.
    before = top.shared_hands
    call_command("fairplay_scan", verbosity=0)
    assert PairSignal.objects.get(pk=top.pk).shared_hands == before


def _pair(a: User, b: User) -> PairSignal:
    low, high = sorted((a, b), key=lambda u: u.pk)
    return PairSignal.objects.create(user_a=low, user_b=high, shared_hands=40, score=9.0)


def _decide(admin: User, action: str, pair: PairSignal, reason: str) -> Any:
    """The admin's decision on the "Fair play" page, as the form posts it."""
    client = Client()
    client.force_login(admin)
    return client.post(
        reverse("admin:game_pairsignal_changelist"),
        {"action": action, "_selected_action": [pair.pk], "apply": "1", "reason": reason},
    )


def test_it_refuses_a_decision_without_a_reason(pool: list[User], admin: User) -> None:
    page = _decide(admin, "suspend_pair", _pair(pool[0], pool[1]), reason=" ")
    assert page.status_code == 200
    assert page.context_data is not None and "reason" in page.context_data["form"].errors
    assert not User.objects.filter(suspended=True).exists()
    assert not FairPlayAction.objects.exists()
    with pytest.raises(account_fairplay.FairPlayRefused):
        account_fairplay.warn(user_a=pool[0], user_b=pool[1], reason="  ", by=admin)


def test_it_keeps_a_pair_apart(pool: list[User], admin: User) -> None:
    _decide(admin, "keep_pair_apart", _pair(pool[0], pool[1]), reason="same household")
    assert kept_apart(pool[1], pool[0]) and kept_apart(pool[0].pk, pool[1].pk)
    assert not kept_apart(pool[0], pool[2])
    (row,) = FairPlayAction.objects.all()
    assert (row.kind, row.reason, row.created_by) == ("keep_apart", "same household", admin)


def test_a_suspended_player_is_told_at_sign_in(
    pool: list[User], admin: User, django_capture_on_commit_callbacks: Any
) -> None:
    player = Client()
    player.force_login(pool[0])
    layer = get_channel_layer()
    assert layer is not None
    socket = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(user_group(pool[0].pk), socket)
    with django_capture_on_commit_callbacks(execute=True):
        account_fairplay.suspend(user_a=pool[0], user_b=pool[1], reason="shared cards", by=admin)
    # Every open socket of the account is told to close (accounts.sockets).
    assert async_to_sync(layer.receive)(socket) == {"type": "account.signout"}
    # The session ends at once: the profile page now asks to sign in.
    assert player.get(reverse("my_hands")).status_code == 302
    sign_in = {"login": "p0", "password": "pw-fair-1"}
    english = Client(headers={"accept-language": "en"})
    page = english.post(reverse("account_login"), sign_in)
    assert "suspended for breaking the fair-play rules" in page.content.decode()
    chinese = Client().post(reverse("account_login"), sign_in).content.decode()
    assert "此账号因违反公平游戏规则已被封禁" in chinese
    assert english.get(reverse("my_hands")).status_code == 302  # not signed in
    # A wrong password learns nothing about the account.
    wrong = english.post(reverse("account_login"), {"login": "p0", "password": "nope"})
    assert "suspended" not in wrong.content.decode()


def test_a_running_hand_goes_on_under_auto_play(pool: list[User], admin: User) -> None:
    room = standard_room()
    table = Table.objects.create(room=room)
    TableSeat.objects.create(table=table, index=0, user=pool[0])
    seats = [SeatSpec(user=pool[0], is_bot=False, name="p0"), *bots(4)]
    hand = start_hand(room=room, table=table, seats=seats, seed=3)
    Table.objects.filter(pk=table.pk).update(current_hand=hand)
    pair = _pair(pool[0], pool[1])
    entries = LedgerEntry.objects.count()
    suspend_pair(pair=pair, reason="shared cards", by=admin)
    hand.refresh_from_db()
    assert state_of(hand).auto[0]
    # The public log shows what a lost connection shows, nothing more.
    last = HandEvent.objects.filter(hand=hand).order_by("-seq").first()
    assert last is not None and (last.action, last.source) == ("auto on", "disconnect")
    # Closing the suspended player's sockets does not make him away: he never flees.
    assert not set_away(hand_id=hand.pk, seat=0, away=True)
    hand.refresh_from_db()
    assert not any(hand.away or [])
    assert LedgerEntry.objects.count() == entries


def test_no_player_page_says_who_was_listed(pool: list[User]) -> None:
    pair = _pair(pool[0], pool[1])
    PairSignal.objects.filter(pk=pair.pk).update(flagged=True)
    client = Client()
    client.force_login(pool[0])
    for url in (reverse("my_hands"), reverse("home"), "/players/me/"):
        body = client.get(url, follow=True).content.decode().lower()
        assert "fair play" not in body and "fairplay" not in body and "公平" not in body
    assert client.get(reverse("admin:game_pairsignal_changelist")).status_code == 302


def test_a_warned_player_sees_the_warning_once(pool: list[User], admin: User) -> None:
    _decide(admin, "warn_pair", _pair(pool[0], pool[1]), reason="r")
    player = Client(headers={"accept-language": "en"})
    player.force_login(pool[1])
    first = player.get("/players/me/", follow=True).content.decode()
    assert "warned this account about fair play" in first
    assert pool[0].username not in first.split("warned this account")[1][:300]
    again = player.get("/players/me/", follow=True).content.decode()
    assert "warned this account" not in again
