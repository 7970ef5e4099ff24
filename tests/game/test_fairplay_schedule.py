"""The fair-play scan runs by itself (docs/FAIRPLAY.md): every keeper runs its schedule,
one process runs each due pass, a pass never counts a hand another pass counted, and the
"Fair play" page says when it last ran and what its columns mean."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from bench.colluders import session
from game import fairplay, fairplay_schedule, keeper
from game.engine import collusion
from game.models import FairPlayCursor, Hand, PairSignal
from tests.game.hand_helpers import standard_room
from tests.game.test_fairplay import _store

HANDS = 4


@pytest.fixture
def stored_hands(db: None, settings: LazySettings) -> list[User]:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.BAOHUANG_FAIRPLAY_SCAN_EVERY = 300
    people = [User.objects.create_user(f"p{i}", password="pw-fair-1") for i in range(8)]
    room = standard_room()
    for n, played in enumerate(session(3, len(people), HANDS)):
        _store(room, people, n, played)
    return people


def test_a_due_pass_runs_once_and_the_next_is_due_after_the_interval(
    stored_hands: list[User],
) -> None:
    now = timezone.now()
    assert fairplay_schedule.run_due_pass(now) == HANDS
    # Another keeper looking at the same moment finds the pass taken, and runs none.
    assert fairplay_schedule.run_due_pass(now) is None
    cursor = FairPlayCursor.objects.get(name=fairplay.CURSOR)
    assert cursor.last_scan_counted == HANDS and cursor.last_scan_at is not None
    assert fairplay_schedule.run_due_pass(now + timedelta(seconds=299)) is None
    assert fairplay_schedule.run_due_pass(now + timedelta(seconds=301)) == 0


def test_a_pass_stops_where_another_pass_counted(
    stored_hands: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = collusion.hand_signals
    first = Hand.objects.order_by("finished_at", "id").first()
    assert first is not None

    def meanwhile(*args: Any, **kwargs: Any) -> Any:
        # Another keeper's pass counts the first hand while this one replays it.
        FairPlayCursor.objects.filter(name=fairplay.CURSOR).update(
            finished_at=first.finished_at, hand_id=first.pk
        )
        return real(*args, **kwargs)

    monkeypatch.setattr(fairplay, "hand_signals", meanwhile)
    assert fairplay.scan() == 0
    assert not PairSignal.objects.exists()  # nothing counted twice


async def test_every_keeper_runs_the_scans_schedule(
    settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.BAOHUANG_FAIRPLAY_SCAN_EVERY = 300
    looked = asyncio.Event()

    async def no_deadlines(*args: object) -> bool:
        return False

    async def pass_due() -> int:
        looked.set()
        return 0

    monkeypatch.setattr(keeper, "keep", no_deadlines)
    monkeypatch.setattr(fairplay_schedule, "CHECK_EVERY", 0.0)
    monkeypatch.setattr(fairplay_schedule, "_run_due_pass", pass_due)
    task = asyncio.create_task(keeper.run_forever(interval=0.01))
    try:
        await asyncio.wait_for(looked.wait(), timeout=10)
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


def test_the_fair_play_page_says_when_the_scan_ran_and_what_each_column_means(
    stored_hands: list[User],
) -> None:
    staff = User.objects.create_superuser("judge", password="pw-judge-1")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff)
    url = reverse("admin:game_pairsignal_changelist")
    html = client.get(url).content.decode()
    assert "No scan has run yet" in html
    assert "every 5 minutes" in html
    fairplay_schedule.run_due_pass()
    html = client.get(url).content.decode()
    assert "Last scan:" in html and f"{HANDS} newly finished hands counted" in html
    for words in (
        "counted in standard deviations (z)",
        "sets run (passed when he could have beaten them)",
        "Passes the expert (高手) judged costly",
        "in hands they share than each wins without the other",
        "role was hidden from a player",
        "The four z values added and divided by 2",
    ):
        assert words in html, words
    pair = PairSignal.objects.first()
    assert pair is not None
    detail = client.get(reverse("admin:game_pairsignal_change", args=[pair.pk])).content.decode()
    assert "Last scan:" in detail and "The four z values added" in detail
