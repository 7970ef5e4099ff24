"""Fixtures shared by every Django test: a few fixed personas, as in healthchecks' tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.test import Client

from accounts.models import User

ORIGIN = "http://127.0.0.1:8000"
PASSWORD = "correct horse battery staple"


def pytest_configure(config: pytest.Config) -> None:
    # Tests must never write the developer's var/ secret file or db: keep them in a temp dir.
    os.environ.setdefault("DJANGO_DEBUG", "0")


@pytest.fixture
def alice(db: None) -> User:
    return User.objects.create_user("alice", "alice@example.org", PASSWORD)


@pytest.fixture
def bob(db: None) -> User:
    return User.objects.create_user("bob", "bob@example.org", PASSWORD)


@pytest.fixture
def staff(db: None) -> User:
    return User.objects.create_superuser("boss", "boss@example.org", PASSWORD)


@pytest.fixture
def alice_client(alice: User) -> Iterator[Client]:
    client = Client()
    client.force_login(alice)
    yield client
