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
def no_pause(settings: LazySettings) -> None:
    """Rounds dealt the moment the last table ends one (the pause has its own test)."""
    settings.BAOHUANG_TOURNAMENT_PAUSE = 0
