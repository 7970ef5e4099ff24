from __future__ import annotations

import pytest
from django.conf import LazySettings

from game.models import Room
from lobby.services import ensure_default_rooms


@pytest.fixture(autouse=True)
def shanghai_days(settings: LazySettings) -> None:
    """Daily tasks and statements count days in the site's time zone."""
    settings.TIME_ZONE = "Asia/Shanghai"


@pytest.fixture
def room(db: None) -> Room:
    ensure_default_rooms()
    return Room.objects.get(slug="standard")
