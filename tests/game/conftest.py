from __future__ import annotations

import pytest
from django.conf import LazySettings

from game.selectors import forget_states


@pytest.fixture(autouse=True)
def instant_bots(settings: LazySettings) -> None:
    """Bots and auto-play act as soon as the keeper looks; the tests drive the keeper."""
    settings.BAOHUANG_DELAYS = {k: (0.0, 0.0) for k in ("bot", "auto", "pass", "fast")}
    settings.BAOHUANG_KEEPER_AUTOSTART = False
    forget_states()
