from __future__ import annotations

import pytest
from django.conf import LazySettings

from tests.conftest import empty_cache


@pytest.fixture(autouse=True)
def quiet_table(settings: LazySettings) -> None:
    """Nothing moves unless a test moves it (the root conftest turns the keeper off and makes
    bots instant); fast password hashing, and an empty cache (rate limits start from zero)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    empty_cache()
