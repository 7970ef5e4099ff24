from __future__ import annotations

import pytest
from django.conf import LazySettings

from game.selectors import forget_states
from lobby.models import Room
from lobby.services import ensure_default_rooms


@pytest.fixture(autouse=True)
def instant_bots(settings: LazySettings) -> None:
    """Bots and auto-play act as soon as the keeper looks; the tests drive the keeper."""
    settings.BAOHUANG_DELAYS = {k: (0.0, 0.0) for k in ("bot", "auto", "pass", "fast")}
    settings.BAOHUANG_KEEPER_AUTOSTART = False
    settings.TIME_ZONE = "Asia/Shanghai"
    forget_states()


@pytest.fixture
def room(db: None) -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="standard")
