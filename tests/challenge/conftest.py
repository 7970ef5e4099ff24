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
def every_look(settings: LazySettings) -> None:
    """The keeper's daily chore does all of its work on every look the test makes."""
    settings.BAOHUANG_DAILY_CHORE_SECONDS = 0
