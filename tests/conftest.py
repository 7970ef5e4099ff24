"""Fixtures shared by every test: a few fixed personas (as in healthchecks' tests), the quiet
site every in-process test starts from, the live sites and the browser of the slow tests,
and what keeps pytest-xdist's workers (make test runs one per core) from meeting."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sqlite3
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from asgiref.sync import SyncToAsync
from django.conf import LazySettings
from django.db import connections
from django.test import Client
from django.utils import translation

from accounts.models import User
from game.models import Room
from game.selectors import forget_states
from lobby.services import ensure_default_rooms

if TYPE_CHECKING:
    from tests.support.live_server import LiveSite

ORIGIN = "http://127.0.0.1:8000"
PASSWORD = "correct horse battery staple"


def worker_id(config: pytest.Config) -> str:
    """This process's name under pytest-xdist (``gw0``, ``gw1``, …), ``main`` without it."""
    workerinput: dict[str, Any] = getattr(config, "workerinput", {})
    return str(workerinput.get("workerid", "main"))


def pytest_configure(config: pytest.Config) -> None:
    # Tests must never write the developer's var/ secret file or db: keep them in a temp dir.
    os.environ.setdefault("DJANGO_DEBUG", "0")
    _own_redis_keys(worker_id(config))


# Tests that `make test` runs in its second pass, beside the PostgreSQL + Redis tests, instead
# of the first: that pass is mostly two-process clusters waiting on daphne and ends minutes
# before the first, so long self-contained browser modules there shorten the whole run
# (docs/PERFORMANCE.md, "The test suite"). They run on SQLite servers of their own in either
# pass; without PostgreSQL and Redis (no second pass) the first pass runs them.
SECOND_PASS = (
    "tests/e2e/test_every_room_fits.py",
    "tests/e2e/test_lianzhong_in_browser.py",
    "tests/e2e/test_tournament_in_browser.py",
)


def pytest_itemcollected(item: pytest.Item) -> None:
    if item.nodeid.startswith(SECOND_PASS):
        item.add_marker(pytest.mark.second_pass)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long tests first: the browser's, the servers', whole hands over sockets. xdist
    hands tests out in this order, and a long one handed out last keeps every other worker
    waiting for it at the end."""

    def rank(item: pytest.Item) -> int:
        marks = ("e2e", "slow", "sockets")
        return next((i for i, m in enumerate(marks) if item.get_closest_marker(m)), len(marks))

    items.sort(key=rank)
    if getattr(config.option, "loadgroup", False):
        _mark_groups(items)


def _mark_groups(items: list[pytest.Item]) -> None:
    """Keep the tests of an ``xdist_group`` on one worker (``--dist loadgroup``). pytest-xdist
    3.8 tells its scheduler a test's group by a suffix to the test's id, which it writes to
    ``Item._nodeid``; pytest 9 keeps the id in ``Item._id``, so without this the suffix never
    arrives and a group's tests run on several workers at once (the two-process tests, which
    share a Redis database, among them). Only on the workers: the ids they report are what
    the scheduler groups by."""
    from _pytest.nodeid import NodeId

    for item in items:
        names = sorted(
            {
                str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                for m in item.iter_markers("xdist_group")
            }
        )
        if names and "@" not in item.nodeid:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(names)}")


def _own_redis_keys(worker: str) -> None:
    """Under REDIS_URL (the scale-out pass) every xdist worker shares one Redis database:
    each gets its own key prefix for the channel layer and the cache, so that one worker's
    table ids, which its own test database reuses, never reach another's groups."""
    from django.conf import settings

    if not settings.REDIS_URL:
        return
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    layer["CONFIG"] = {**layer.get("CONFIG", {}), "prefix": f"asgi-test-{worker}"}
    settings.CACHES["default"]["KEY_PREFIX"] = f"test-{worker}"


def empty_cache() -> None:
    """Empty this process's cache. On Redis only this worker's keys go: ``cache.clear()``
    would flush the whole database, the other workers' channel layers with it."""
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    cache = caches["default"]
    if not isinstance(cache, RedisCache):
        cache.clear()
        return
    client = cache._cache.get_client(write=True)
    keys = list(client.scan_iter(match=f"{cache.key_prefix}:*"))
    if keys:
        client.delete(*keys)


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
    """No background keeper in any in-process test, instant bots, a fast password hasher and a
    fresh state cache.

    The keeper would otherwise start with the first socket a test opens and query the
    database every 250 ms from asgiref's sync thread, racing the test's own teardown (a
    flush of the shared in-memory SQLite then fails with "database table is locked").
    Tests that need deadlines to fire drive the keeper themselves; the tests of a real
    daphne process run its keeper there."""
    settings.BAOHUANG_DELAYS = {k: (0.0, 0.0) for k in ("bot", "auto", "pass", "fast")}
    settings.BAOHUANG_KEEPER_AUTOSTART = False
    # The site's own hasher takes a third of a second of CPU a password, by design; the
    # tests make and check hundreds of passwords and test no hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    forget_states()
    # The socket caps count per process and database ids are reused between tests: a test
    # that left sockets open must not count against the next one's users.
    from lobby.consumers import SOCKETS

    SOCKETS.counts.clear()


@pytest.fixture(autouse=True)
def fresh_channel_layer() -> None:
    """Every test starts with a channel layer of its own, as each runs on an event loop of its
    own. channels-redis keeps per-channel asyncio locks on the layer object; one left held by a
    consumer of an earlier test's closed loop is bound to that loop, and every later receive
    on this process's channel then fails with "bound to a different event loop"."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def site_language() -> None:
    """Every test starts in the site's default language, as a fresh process would: a request
    of an earlier test in this process may have left another one active on the thread."""
    translation.deactivate()


@pytest.fixture
def english() -> Iterator[None]:
    """Messages checked in English (the site's default language is Chinese)."""
    with translation.override("en"):
        yield


@pytest.fixture
def room(db: None) -> Room:
    """The standard room of the presets (RULES §9)."""
    ensure_default_rooms()
    return Room.objects.get(slug="standard")


def person(name: str) -> User:
    """A signed-up player named ``name``."""
    return User.objects.create_user(name, f"{name}@example.org", PASSWORD)


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


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated and holding the preset rooms, made once per worker: the tests
    that start real daphne processes each copy it (``site_on``) instead of running
    ``migrate`` and ``ensure_rooms`` again, about 7 s of CPU each."""
    from tests.support.live_server import LiveSite

    site = LiveSite(tmp_path_factory.mktemp("migrated"))
    site.manage("migrate", "--noinput", "-v0")
    site.manage("ensure_rooms")
    path = site.base / "db.sqlite3"
    # The site runs in WAL mode: fold the log into the file, so the file alone is the database.
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("pragma wal_checkpoint(TRUNCATE)")
    return path


def site_on(migrated: Path, base: Path, **extra_env: str) -> LiveSite:
    """A live site in ``base`` whose database starts as a copy of ``migrated``."""
    from tests.support.live_server import LiveSite

    shutil.copyfile(migrated, base / "db.sqlite3")
    return LiveSite(base, extra_env=extra_env)


class _LoopAside:
    """Playwright's sync API runs its own asyncio loop, and between its calls that loop stays
    marked as this thread's running one; pytest-asyncio then refuses to run the async tests
    that follow ("Cannot run the event loop while another loop is running"). A Chromium kept
    for the whole session therefore puts its loop aside after each test that used it, and
    takes it back before the next one."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None

    def put_aside(self) -> None:
        self.loop = asyncio._get_running_loop()
        asyncio._set_running_loop(None)

    def take_back(self) -> None:
        asyncio._set_running_loop(self.loop)


@pytest.fixture(scope="session")
def _chromium() -> Iterator[tuple[Any, _LoopAside]]:
    """One Chromium per worker, launched on first use (about a second and a half of CPU for
    the driver and the browser each time)."""
    from playwright.sync_api import sync_playwright

    from tests.support.browser import ARGS, CHROMIUM

    aside = _LoopAside()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        aside.put_aside()
        yield chromium, aside
        aside.take_back()
        chromium.close()


@pytest.fixture
def browser(_chromium: tuple[Any, _LoopAside]) -> Iterator[Any]:
    """The worker's Chromium; every page and context a test opened is closed after it (a page
    left open would go on reconnecting to a server that has stopped)."""
    chromium, aside = _chromium
    aside.take_back()
    try:
        yield chromium
        for context in chromium.contexts:
            context.close()
    finally:
        aside.put_aside()


@pytest.fixture(scope="session")
def cluster_template() -> Iterator[tuple[str, str]]:
    """A PostgreSQL database migrated and holding the preset rooms, made once per worker for
    the two-process tests to copy: ``(admin URL, its name)``. Skips without the services."""
    base_url = os.environ.get("TEST_DATABASE_URL")
    if not base_url or not os.environ.get("TEST_REDIS_URL"):
        pytest.skip("needs TEST_DATABASE_URL and TEST_REDIS_URL (the scale-out pass of make test)")
    import psycopg

    from tests.support.live_server import LiveSite

    server = base_url.rsplit("/", 1)[0]
    name = f"bh_template_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as db:
        db.execute(f'create database "{name}"')
    try:
        with tempfile.TemporaryDirectory() as base:
            site = LiveSite(Path(base), extra_env={"DATABASE_URL": f"{server}/{name}"})
            site.manage("migrate", "--noinput", "-v0")
            site.manage("ensure_rooms")
        yield f"{server}/postgres", name
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as db:
            db.execute(f'drop database if exists "{name}" with (force)')


@pytest.fixture
def cluster(tmp_path: Path, cluster_template: tuple[str, str]) -> Iterator[LiveSite]:
    """A site on a PostgreSQL database of its own and Redis, for several daphne processes."""
    import psycopg

    from tests.support.live_server import LiveSite

    admin_url, template = cluster_template
    name = f"bh_cluster_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin_url, autocommit=True) as db:
        db.execute(f'create database "{name}" template "{template}"')
    redis_url = os.environ["TEST_REDIS_URL"]
    site = LiveSite(
        tmp_path,
        extra_env={
            "DATABASE_URL": admin_url.rsplit("/", 1)[0] + f"/{name}",
            # A database of its own on the Redis server, so that the in-process tests of the
            # scale-out pass do not meet the cluster's groups.
            "REDIS_URL": redis_url.rsplit("/", 1)[0] + "/7",
        },
    )
    yield site
    site.stop_all()
    with psycopg.connect(admin_url, autocommit=True) as db:
        db.execute(f'drop database if exists "{name}" with (force)')
