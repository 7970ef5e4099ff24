"""Five browsers at one table, and a page that survives a server restart."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from game import engine
from game.engine.cards import cards_of, format_card
from tests.e2e.conftest import ARTIFACTS
from tests.support.browser import SYNCED, take_turn, wait_table_ready
from tests.support.live_server import hand_state

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def open_pages(browser, base: str, info: dict[str, Any]) -> list[Any]:
    """The five players' table pages, loaded side by side, each showing its hand."""
    pages = []
    for session in info["sessions"]:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
        page = context.new_page()
        page.goto(f"{base}/tables/{info['table']}/", wait_until="commit")
        pages.append(page)
    for page in pages:
        page.wait_for_load_state("load")
        wait_table_ready(page)
    return pages


SNAPSHOT = """() => ({
    version: Number(document.querySelector('#ver')?.value),
    cards: [...document.querySelectorAll('#my-hand [data-card]')].map(e => e.dataset.card),
    trick: (document.querySelector('#center')?.innerText || '').replace(/\\s+/g, ' '),
    guards: document.querySelectorAll('.seat-role-guard').length,
})"""
QUICK_RECONNECT = "() => { htmx.config.wsReconnectDelay = () => 100; }"
AT_LEAST = "v => Number(document.querySelector('#ver')?.value) >= v"


def wait_for_version(page, version: int) -> None:
    # Five browsers and the server share two loaded cores.
    page.wait_for_function(AT_LEAST, arg=version, timeout=60_000)


def snapshot(page, version: int) -> dict[str, Any]:
    """What a page shows once it has reached ``version``, read in one round trip when it
    already has (the usual case: every page gets the frame at once)."""
    shown = page.evaluate(SNAPSHOT)
    if shown["version"] < version:
        wait_for_version(page, version)
        shown = page.evaluate(SNAPSHOT)
    return shown


def wait_version(pages, version: int) -> None:
    for page in pages:
        wait_for_version(page, version)


def test_five_people_share_one_table_and_see_only_their_own_cards(live, browser) -> None:
    site, base = live
    info = site.seat_five()
    assert isinstance(info, dict)
    pages = open_pages(browser, base, info)
    pages[0].screenshot(path=str(ARTIFACTS / "five-deal.png"))
    # Sixty decisions cover the throne, the secret declarations and several tricks; the
    # single-player browser test and the socket tests play whole hands.
    for step in range(60):
        state = hand_state(site, info["table"])
        assert isinstance(state, engine.State)
        shown = [snapshot(page, state.version) for page in pages]
        dark_guard = (
            state.guard is not None and state.guard != state.emperor and not state.roles_public
        )
        for seat, seen in enumerate(shown):
            # Each page shows exactly its own cards (RULES §3.4) ...
            assert set(seen["cards"]) == {format_card(c) for c in cards_of(state.hands[seat])}
            # ... and a dark guard stays hidden on the others' pages.
            if dark_guard and seat != state.guard:
                assert seen["guards"] == 0, f"seat {seat} sees the dark guard"
        # ... and everyone sees the same trick.
        assert len({seen["trick"] for seen in shown}) == 1, [seen["trick"] for seen in shown]
        if state.phase is engine.Phase.FINISHED:
            break
        owing = engine.to_act(state)
        assert take_turn(pages[owing[0]]), f"seat {owing[0]} had nothing to click at step {step}"
        # The acting page has its move's frame, so the hand read next is past the move; the
        # other pages are waited for by the next step's snapshots.
        wait_for_version(pages[owing[0]], state.version + 1)
    pages[0].screenshot(path=str(ARTIFACTS / "five-mid-hand.png"))


def test_a_page_reconnects_after_a_server_restart_and_carries_on(live, browser) -> None:
    site, base = live
    info = site.seat_five()
    assert isinstance(info, dict)
    pages = open_pages(browser, base, info)
    for _ in range(6):  # a few decisions, then the server dies
        state = hand_state(site, info["table"])
        assert isinstance(state, engine.State)
        wait_version(pages, state.version)
        take_turn(pages[engine.to_act(state)[0]])
        wait_version(pages, state.version + 1)
    before = hand_state(site, info["table"])
    assert isinstance(before, engine.State)
    # The socket extension tries again after a random wait of up to 1, 2, 4, 8 ... s
    # (htmx's "full-jitter"): the tries that find the server down would leave seconds between
    # its return and the page's. A try every tenth of a second still reconnects by itself.
    for page in pages:
        page.evaluate(QUICK_RECONNECT)
    port = int(base.rsplit(":", 1)[1])
    owing = engine.to_act(before)[0]
    # First the server stops answering with its sockets still open (a paused process): the
    # table would look like one where nobody moves, so the page says the server is not
    # answering once a ping goes unanswered (static/js/heartbeat.js: within 5 s + 4 s).
    server = site.processes[-1]
    assert pages[owing].locator("#not-answering").is_hidden()
    server.send_signal(signal.SIGSTOP)
    pages[owing].wait_for_selector("#not-answering", state="visible", timeout=30_000)
    site.kill(server)
    site.start(port)
    # The ws extension reconnects by itself; the page then carries on with the same hand,
    # and the badge goes with the first frame it hears.
    pages[owing].wait_for_selector(SYNCED, timeout=60_000)
    assert pages[owing].locator("#reconnecting").is_hidden()
    pages[owing].wait_for_selector("#not-answering", state="hidden", timeout=30_000)
    wait_version(pages, before.version)
    assert take_turn(pages[owing])
    wait_version(pages, before.version + 1)
    after = hand_state(site, info["table"])
    assert isinstance(after, engine.State)
    assert after.version == before.version + 1 and after.seed == before.seed
