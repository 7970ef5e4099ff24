from __future__ import annotations

import pytest

from tests.conftest import empty_cache


@pytest.fixture(autouse=True)
def quiet_table() -> None:
    """Nothing moves unless a test moves it (the root conftest turns the keeper off, makes
    bots instant and hashing fast), and an empty cache (rate limits start from zero)."""
    empty_cache()
