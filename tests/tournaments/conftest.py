from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Messages are checked in English; the site's default language is Chinese."""
    with translation.override("en"):
        yield
