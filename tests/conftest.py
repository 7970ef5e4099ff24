"""Fixtures shared by every Django test: a few fixed personas, as in healthchecks' tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import SyncToAsync
from django.conf import LazySettings
from django.db import connections
from django.test import Client

from accounts.models import User
from game.selectors import forget_states

ORIGIN = "http://127.0.0.1:8000"
PASSWORD = "correct horse battery staple"


def pytest_configure(config: pytest.Config) -> None:
    # Tests must never write the developer's var/ secret file or db: keep them in a temp dir.
    os.environ.setdefault("DJANGO_DEBUG", "0")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test databases, plus closing the connections of asgiref's sync thread
    before they are dropped. Connections persist (CONN_MAX_AGE); the socket tests' database
    work runs on that thread, where Django's own teardown does not reach, and an open
    connection keeps PostgreSQL from dropping the test database."""
    yield
    with django_db_blocker.unblock():
        SyncToAsync.single_thread_executor.submit(connections.close_all).result()


@pytest.fixture(autouse=True)
def instant_bots(settings: LazySettings) -> None:
    """No background keeper in any in-process test, instant bots and a fresh state cache.

    The keeper would otherwise start with the first socket a test opens and query the
    database every 250 ms from asgiref's sync thread, racing the test's own teardown (a
    flush of the shared in-memory SQLite then fails with "database table is locked").
    Tests that need deadlines to fire drive the keeper themselves; the tests of a real
    daphne process run its keeper there."""
    settings.BAOHUANG_DELAYS = {k: (0.0, 0.0) for k in ("bot", "auto", "pass", "fast")}
    settings.BAOHUANG_KEEPER_AUTOSTART = False
    forget_states()
    # The socket caps count per process and database ids are reused between tests: a test
    # that left sockets open must not count against the next one's users.
    from lobby.consumers import SOCKETS

    SOCKETS.counts.clear()


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
