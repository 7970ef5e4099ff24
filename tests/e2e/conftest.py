"""Browser tests: Debian's Chromium driven by pip's playwright (never `playwright install`)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.live_server import LiveSite, free_port

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# The machine's network is closed: without these Chromium tries to reach Google at start.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if shutil.which(CHROMIUM) or Path(CHROMIUM).exists():
        return
    if os.environ.get("CI") == "true":
        raise pytest.UsageError(f"CI=true but Chromium is missing at {CHROMIUM}")
    skip = pytest.mark.skip(reason=f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[LiveSite, str]]:
    site = LiveSite(tmp_path)
    site.manage("migrate", "--noinput", "-v0")
    site.manage("ensure_rooms")
    port = free_port()
    site.start(port)
    yield site, f"http://127.0.0.1:{port}"
    site.stop_all()


@pytest.fixture
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
