"""The doorbell rings once per committed change, and the library internals it (and the
embedded channel layer) lean on are pinned here, so an upgrade that moves them fails
loudly instead of silently slowing the site down or ringing into the void."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import InMemoryChannelLayer

from accounts.models import User
from baohuang_site import channel_layer
from baohuang_site.channel_layer import SweptInMemoryChannelLayer
from game import doorbell
from game.models import Room, Table
from lobby import tables
from lobby.services import ensure_default_rooms


class RecordingLayer:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.sent.append((group, message))

    def to_tables(self) -> list[tuple[str, dict[str, Any]]]:
        """What was sent to tables' groups (the lobby's bell rings through the same layer)."""
        return [(g, m) for g, m in self.sent if g.startswith(doorbell.table_group(0)[:-1])]


@pytest.mark.django_db
def test_the_seat_change_that_starts_a_hand_rings_the_table_once(
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
    alice: User,
) -> None:
    ensure_default_rooms()
    table = tables.create_table(room=Room.objects.get(slug="standard"))
    tables.sit(table=table, seat=0, user=alice)
    for seat in (1, 2, 3, 4):
        tables.add_bot(table=table, seat=seat, by=alice)
    layer = RecordingLayer()
    monkeypatch.setattr(doorbell, "get_channel_layer", lambda: layer)

    with django_capture_on_commit_callbacks(execute=True):
        tables.set_ready(table=table, user=alice)

    table.refresh_from_db()
    assert table.current_hand_id is not None
    # One ring, and it names the new hand's first version (not -1 "something changed").
    rings = [(g, m["version"]) for g, m in layer.to_tables()]
    assert rings == [(doorbell.table_group(table.pk), 0)]


@pytest.mark.django_db
def test_a_seat_change_that_starts_nothing_still_rings(
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
    alice: User,
) -> None:
    ensure_default_rooms()
    table = tables.create_table(room=Room.objects.get(slug="standard"))
    tables.sit(table=table, seat=0, user=alice)
    layer = RecordingLayer()
    monkeypatch.setattr(doorbell, "get_channel_layer", lambda: layer)

    with django_capture_on_commit_callbacks(execute=True):
        tables.set_ready(table=table, user=alice)

    assert Table.objects.get(pk=table.pk).current_hand_id is None
    assert [m["version"] for _, m in layer.to_tables()] == [-1]


async def test_a_ring_from_a_database_thread_is_handed_to_the_calling_loop() -> None:
    """Pins asgiref's ``SyncToAsync.threadlocal.main_event_loop``: without it every ring
    would block its database thread on ``async_to_sync`` (docs/PERFORMANCE.md)."""
    running = asyncio.get_running_loop()
    found = await sync_to_async(doorbell._calling_loop, thread_sensitive=True)()
    assert found is running


def test_outside_a_server_loop_there_is_no_loop_to_hand_a_ring_to() -> None:
    assert doorbell._calling_loop() is None


def test_the_in_memory_layer_still_sweeps_through_the_method_we_throttle() -> None:
    """Pins Channels' ``InMemoryChannelLayer._clean_expired``: if it were renamed, the
    override would be dead code and every receive would sweep every channel again."""
    assert callable(vars(InMemoryChannelLayer).get("_clean_expired"))


async def test_within_the_sweep_interval_an_expired_entry_waits_for_the_next_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layer = SweptInMemoryChannelLayer(expiry=60)
    await layer.group_add("table-1", "specific.gone")
    await layer.send("specific.gone", {"type": "table.changed"})
    now = time.monotonic()
    monkeypatch.setattr(channel_layer, "clock", lambda: now)
    await layer.group_send("table-2", {"type": "table.changed"})  # sweeps: nothing expired
    later = time.time() + 61
    monkeypatch.setattr(time, "time", lambda: later)
    await layer.group_send("table-2", {"type": "table.changed"})  # throttled: no sweep
    assert "specific.gone" in layer.channels
    monkeypatch.setattr(channel_layer, "clock", lambda: now + channel_layer.SWEEP_EVERY + 1)
    await layer.group_send("table-2", {"type": "table.changed"})
    assert "specific.gone" not in layer.channels


async def test_the_rings_of_an_awaited_database_call_go_out_with_its_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A socket's action: its ring comes back with the call's result and is sent once the
    await is over, after the listeners' part (one hop per action, not two)."""
    layer = RecordingLayer()
    monkeypatch.setattr(doorbell, "get_channel_layer", lambda: layer)
    seen: list[str] = []
    monkeypatch.setattr(
        doorbell, "_listeners", [lambda table_id, ring, *_: lambda: seen.append(ring)]
    )
    box = doorbell.RingBox()

    def work() -> None:
        with doorbell.collect_rings(box):
            doorbell.ring_table(7, 3)

    await sync_to_async(work, thread_sensitive=True)()
    await asyncio.sleep(0)
    assert layer.sent == [] and seen == []  # kept for the awaiting caller
    box.deliver()
    await asyncio.sleep(0)
    assert [(g, m["version"]) for g, m in layer.to_tables()] == [("table-7", 3)]
    assert seen == [layer.sent[0][1]["ring"]]


async def test_a_ring_made_after_its_caller_stopped_waiting_still_goes_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layer = RecordingLayer()
    monkeypatch.setattr(doorbell, "get_channel_layer", lambda: layer)
    box = doorbell.RingBox()
    box.deliver()  # the caller's await was cancelled: nothing collected yet

    def work() -> None:
        with doorbell.collect_rings(box):
            doorbell.ring_table(7, 4)

    await sync_to_async(work, thread_sensitive=True)()
    for _ in range(3):
        await asyncio.sleep(0)
    assert [m["version"] for _, m in layer.sent] == [4]
