"""The server's launcher (baohuang_site/serve.py): daphne on uvloop's event loop."""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
import urllib.request
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from baohuang_site import serve
from tests.conftest import site_on
from tests.support.live_server import free_port


@pytest.fixture
def default_policy() -> Iterator[None]:
    """Whatever a test installs, the next one gets asyncio's own policy back."""
    yield
    asyncio.set_event_loop_policy(None)


@pytest.fixture
def collector() -> Iterator[threading.Event]:
    """Whatever a test does to the cyclic collector, the next one gets it back as it was; the
    event stops a clock the test started."""
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    stop = threading.Event()
    yield stop
    stop.set()
    for thread in threading.enumerate():
        if thread.name == "gc-clock":
            thread.join(timeout=10)  # it wakes on the stop at once
    gc.unfreeze()
    gc.set_threshold(*threshold)
    if enabled:
        gc.enable()


@pytest.mark.slow
@pytest.mark.sockets
def test_the_site_is_served_on_uvloop(tmp_path: Path, migrated_sqlite: Path) -> None:
    # What `make run`, the restart tests and the load bench start: the first line of the log
    # names the loop, and the site answers on it.
    site = site_on(migrated_sqlite, tmp_path)
    port = free_port()
    try:
        site.start(port)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            assert response.status == 200
            assert "保皇" in response.read().decode()
    finally:
        site.stop_all()
    log = (tmp_path / f"daphne-{port}.log").read_text()
    first = f"Event loop: uvloop; a full collection every {serve.GC_SECONDS} s"
    assert log.splitlines()[0] == first


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
    collector: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BAOHUANG_GC_SECONDS", raising=False)
    monkeypatch.delitem(sys.modules, "tests.support.dom_by_id", raising=False)
    seconds = serve.tune_collector("tests.support.dom_by_id:by_id", stop=collector)
    assert seconds == serve.GC_SECONDS
    # The application was imported first, so it is among what the collector passes over.
    assert "tests.support.dom_by_id" in sys.modules
    assert gc.get_freeze_count() > 0
    # No pass on allocation counts: the clock's thread runs them.
    assert not gc.isenabled()
    assert any(t.name == "gc-clock" and t.daemon for t in threading.enumerate())


def test_pythons_own_collector_can_be_given_back(
    collector: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAOHUANG_GC_SECONDS", "0")
    assert serve.tune_collector("tests.support.dom_by_id:by_id", stop=collector) == 0
    assert gc.isenabled()
    assert not any(t.name == "gc-clock" for t in threading.enumerate())
    assert serve.collector_label(0) == "Python's own collector"


class _Clock:
    """``collect_every``'s clock: the given number of periods pass, then it is stopped."""

    def __init__(self, periods: int) -> None:
        self.periods = periods
        self.timeouts: list[float] = []

    def wait(self, timeout: float) -> bool:
        self.timeouts.append(timeout)
        return len(self.timeouts) > self.periods


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: reference counting alone never frees it


def test_cyclic_garbage_waits_for_the_clocks_next_pass(collector: threading.Event) -> None:
    gc.disable()  # as the launcher leaves it
    node = _Node()
    gone = weakref.ref(node)
    del node
    assert gone() is not None
    clock = _Clock(periods=1)
    serve.collect_every(600, clock)
    assert gone() is None
    assert clock.timeouts == [600, 600]  # one period, then the stop


@pytest.mark.parametrize("raw", ["soon", "-5", "1.5"])
def test_a_collection_clock_that_is_no_whole_number_stops_the_server_with_why(raw: str) -> None:
    with pytest.raises(SystemExit, match="BAOHUANG_GC_SECONDS must be a whole number"):
        serve.collection_seconds(raw)
