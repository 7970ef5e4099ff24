"""The embedded channel layer still drops what expired, only less often (settings: SQLite)."""

from __future__ import annotations

import time

import pytest

from baohuang_site import channel_layer
from baohuang_site.channel_layer import SweptInMemoryChannelLayer


async def test_an_expired_message_and_its_channel_are_swept_at_the_next_group_send(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layer = SweptInMemoryChannelLayer(expiry=60)
    await layer.group_add("table-1", "specific.gone")
    await layer.send("specific.gone", {"type": "table.changed"})
    assert "specific.gone" in layer.channels

    # A minute and a bit later (by the message clock) and past the sweep interval.
    later = time.time() + 61
    monkeypatch.setattr(time, "time", lambda: later)
    swept_at = time.monotonic() + channel_layer.SWEEP_EVERY + 1
    monkeypatch.setattr(channel_layer, "clock", lambda: swept_at)
    await layer.group_send("table-1", {"type": "table.changed"})

    # The expired message took its channel out of the layer and out of the table's group.
    assert "specific.gone" not in layer.channels
    assert "specific.gone" not in layer.groups.get("table-1", {})


async def test_a_fresh_message_is_delivered() -> None:
    layer = SweptInMemoryChannelLayer(expiry=60)
    await layer.group_add("table-1", "specific.here")
    await layer.group_send("table-1", {"type": "table.changed", "ring": "r1"})
    assert await layer.receive("specific.here") == {"type": "table.changed", "ring": "r1"}
