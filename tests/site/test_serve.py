"""The server's launcher (baohuang_site/serve.py): daphne on uvloop's event loop (issue 15)."""

from __future__ import annotations

import asyncio
import gc
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from baohuang_site import serve
from tests.support.live_server import LiveSite, free_port


@pytest.fixture
def default_policy() -> Iterator[None]:
    """Whatever a test installs, the next one gets asyncio's own policy back."""
    yield
    asyncio.set_event_loop_policy(None)


@pytest.fixture
def collector() -> Iterator[None]:
    """Whatever a test does to the cyclic collector, the next one gets it back as it was."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.slow
def test_the_site_is_served_on_uvloop(tmp_path: Path) -> None:
    # What `make run`, the restart tests and the load bench start: the first line of the log
    # names the loop, and the site answers on it.
    site = LiveSite(tmp_path)
    site.manage("migrate", "--noinput", "-v0")
    site.manage("ensure_rooms")
    port = free_port()
    try:
        site.start(port)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            assert response.status == 200
            assert "保皇" in response.read().decode()
    finally:
        site.stop_all()
    log = (tmp_path / f"daphne-{port}.log").read_text()
    assert log.splitlines()[0] == f"Event loop: uvloop; young generation: {serve.GC_GEN0}"


def test_the_loop_made_next_is_uvloops(default_policy: None) -> None:
    import uvloop

    assert serve.install_event_loop() == "uvloop"
    loop = asyncio.new_event_loop()  # as daphne.server makes its reactor's loop
    try:
        assert isinstance(loop, uvloop.Loop)
    finally:
        loop.close()


def test_without_uvloop_it_keeps_asyncios_loop(
    default_policy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as where it is not installed
    assert serve.install_event_loop() == "asyncio"
    loop = asyncio.new_event_loop()
    try:
        assert isinstance(loop, asyncio.SelectorEventLoop)
    finally:
        loop.close()


def test_what_the_served_application_imports_is_kept_out_of_every_collection(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BAOHUANG_GC_GEN0", raising=False)
    monkeypatch.delitem(sys.modules, "tests.support.dom_by_id", raising=False)
    assert serve.tune_collector("tests.support.dom_by_id:by_id") == serve.GC_GEN0
    # The application was imported first, so it is among what the collector passes over.
    assert "tests.support.dom_by_id" in sys.modules
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == serve.GC_GEN0


def test_the_young_generations_size_can_be_set_back(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAOHUANG_GC_GEN0", "700")  # Python's own
    assert serve.tune_collector("tests.support.dom_by_id:by_id") == 700
    assert gc.get_threshold()[0] == 700


@pytest.mark.parametrize("raw", ["lots", "0", "-5", "1.5"])
def test_a_young_generation_that_is_no_whole_number_stops_the_server_with_why(raw: str) -> None:
    with pytest.raises(SystemExit, match="BAOHUANG_GC_GEN0 must be a whole number"):
        serve.young_generation(raw)
