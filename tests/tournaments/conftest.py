from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import LazySettings
from django.utils import translation


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Messages are checked in English; the site's default language is Chinese."""
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def no_wait(settings: LazySettings) -> None:
    """The first round dealt at the start, without waiting for people to open their tables
    (the wait has its own tests; the pause between deals is the room's, see helpers)."""
    settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = 0
