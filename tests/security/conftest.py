from __future__ import annotations

import pytest
from django.conf import LazySettings
from django.core.cache import cache

from game.selectors import forget_states


@pytest.fixture(autouse=True)
def quiet_table(settings: LazySettings) -> None:
    """Nothing moves unless a test moves it: no keeper, instant bots, fast password hashing,
    and an empty cache (rate limits start from zero)."""
    settings.BAOHUANG_DELAYS = {k: (0.0, 0.0) for k in ("bot", "auto", "pass", "fast")}
    settings.BAOHUANG_KEEPER_AUTOSTART = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    forget_states()
    cache.clear()
