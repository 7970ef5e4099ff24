from __future__ import annotations

import pytest

from accounts.models import User
from shop.services import ensure_catalogue
from tests.conftest import PASSWORD


@pytest.fixture
def catalogue(db: None) -> None:
    ensure_catalogue()


@pytest.fixture
def buyer(catalogue: None) -> User:
    """A player with the starting beans (accounts.signals)."""
    user = User.objects.create_user("carol", "carol@example.org", PASSWORD)
    user.refresh_from_db()
    return user
