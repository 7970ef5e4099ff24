"""Browser tests: Debian's Chromium driven by pip's playwright (never `playwright install`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import site_on
from tests.support.browser import CHROMIUM, chromium_present
from tests.support.live_server import LiveSite, free_port

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if chromium_present():
        return
    if os.environ.get("CI") == "true":
        raise pytest.UsageError(f"CI=true but Chromium is missing at {CHROMIUM}")
    skip = pytest.mark.skip(reason=f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


# The keeper that makes the bots act looks every 10 ms, not LiveSite's 50 ms: a hand against
# bots is about 120 bot moves, each of which waited for the next look after its delay. The
# delay itself stays (24-56 ms): with bots that act at once, a test's player sends a hint and
# a move every tenth of a second, and the site closes a socket that sends more than 50
# messages in 5 s (lobby/consumers/table.py, the flooder).
FAST_BOTS = {"BAOHUANG_KEEPER_INTERVAL_MS": "10"}


def serve(
    tmp_path: Path, migrated_sqlite: Path, *, fast_bots: bool = True, **extra_env: str
) -> Iterator[tuple[LiveSite, str]]:
    """A live site for one test (with the keeper's quick looks, or LiveSite's pace, and
    ``extra_env`` over them): the site and its address."""
    site = site_on(migrated_sqlite, tmp_path, **(FAST_BOTS if fast_bots else {}), **extra_env)
    port = free_port()
    site.start(port)
    yield site, f"http://127.0.0.1:{port}"
    site.stop_all()


@pytest.fixture
def live(tmp_path: Path, migrated_sqlite: Path) -> Iterator[tuple[LiveSite, str]]:
    yield from serve(tmp_path, migrated_sqlite)


@pytest.fixture
def browser(browser: object) -> object:
    """The worker's Chromium (tests/conftest.py), with a folder for the screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    return browser
