"""Debian's Chromium for the browser tests (pip's playwright drives it; never
`playwright install`: there is no internet)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
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


def chromium_present() -> bool:
    return bool(shutil.which(CHROMIUM)) or Path(CHROMIUM).exists()


# The page's #hint starts as `data-cards=""`, so waiting for "play enabled or an empty hint"
# passes before the answer has come back. The answer is a new #hint element swapped in by
# htmx and styled by table.js (it adds the class "hint"): tag the old element, then wait for
# a styled one that is not it, and read the answer in the same evaluation, before the
# "pass" bubble's 2.5 s timer can hide it.
_TAG_HINT = "() => { const h = document.querySelector('#hint'); if (h) h.dataset.asked = '1'; }"
_HINT_ANSWER = """() => {
    const h = document.querySelector('#hint');
    if (!h || h.dataset.asked === '1' || !h.classList.contains('hint')) return null;
    return {cards: h.dataset.cards || '', shown: h.classList.contains('show'),
            text: h.textContent.trim()};
}"""


def ask_hint(page: Any, *, tap: bool = False, timeout: int = 30_000) -> dict[str, Any]:
    """Press the hint button and wait for the server's answer: ``{"cards": codes raised
    ("" for pass), "shown": the pass bubble showing, "text": its words}``."""
    page.evaluate(_TAG_HINT)
    button = page.locator("#hint-button")
    if tap:
        button.tap(timeout=timeout)
    else:
        button.click(timeout=timeout)
    answer = page.wait_for_function(_HINT_ANSWER, timeout=timeout).json_value()
    assert isinstance(answer, dict)
    return answer


# The socket is open and its first frame, which redraws the controls, has been swapped in.
SYNCED = "body[data-socket='open'][data-synced='1']"


def wait_table_ready(page: Any, *, timeout: int = 30_000) -> None:
    """Wait until the table page shows a hand, its socket is open and the socket's first frame
    is in: a click before htmx has wired the table's forms to the socket sends nothing, and
    one before that frame may land on a control it replaces (an armed choice is disarmed)."""
    page.wait_for_selector("#my-hand .card", timeout=timeout)
    page.wait_for_selector(SYNCED, timeout=timeout)


ARMED = "() => document.querySelector('#controls .decide-button.primary')?.dataset.armed === '1'"

# What the page offers its player, read in one evaluation: a control that is there when
# counted may be gone a moment later (the table moves on its own), and a Playwright call on
# a locator that has gone waits out its whole timeout for it to come back.
_OFFER = """() => {
    const primary = document.querySelector('#controls .decide-button.primary');
    return {
        primary: primary !== null,
        armed: primary?.dataset.armed === '1',
        asksTwice: primary !== null && primary.hasAttribute('data-confirm'),
        plain: document.querySelector('#controls .decide-button:not([data-confirm])') !== null,
        play: document.querySelector('#play-button') !== null,
        leading: document.querySelector("#turn-buttons[data-leading='1']") !== null,
    };
}"""

# A decision this page's player can take (what ``take_turn`` and the Lianzhong guard call
# act on), or the hand's settlement.
_MY_MOVE_OR_END = """() => document.querySelector(
    '#controls .decide-button.primary, #play-button, '
    + '#call-guard .call-button:not([data-confirm]), #center.center--results'
) !== null"""
_MOVED = """v => document.querySelector('#ver')?.value !== v
    || document.querySelector('#center.center--results') !== null"""


# A Red Ten table's next frame (its html differs from ``h``) or its settlement: the hand may
# end between the loop's look for the settlement and its reading of the html it waits on.
REDTEN_MOVED = """h => document.querySelector('#redten-table')?.innerHTML !== h
    || document.querySelector('#redten-result') !== null"""


def wait_moved_on(page: Any, version: str | None, *, acted: bool, timeout: int = 60_000) -> None:
    """Wait for the table to move on, never for a fixed time: after acting, for the next
    frame (a new version) or the settlement; after finding nothing to do, for a decision of
    this player's or the settlement, however many frames the others' moves take."""
    if acted:
        page.wait_for_function(_MOVED, arg=version, timeout=timeout)
    else:
        page.wait_for_function(_MY_MOVE_OR_END, timeout=timeout)


def take_turn(page: Any, *, tap: bool = False, timeout: int = 10_000) -> bool:
    """Take the decision the page offers, with its own controls (clicks, or taps on a phone);
    True if it acted, False if the page offers nothing to do."""

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    def press(locator: Any, *, force: bool = False) -> None:
        if tap:
            locator.tap(timeout=timeout, force=force)
        else:
            locator.click(timeout=timeout, force=force)

    primary = page.locator("#controls .decide-button.primary")
    plain = page.locator("#controls .decide-button:not([data-confirm])")
    play = page.locator("#play-button")
    offer = page.evaluate(_OFFER)
    if offer["primary"]:
        # The safe default (ascend / dark guard / stay quiet); when that is a solo, which asks
        # for a second click, the first choice that does not. These helpers play
        # hands; the second click has its own tests (tests/e2e/test_table_explains.py), and
        # two Playwright clicks in a row sometimes left a solo armed but unsent.
        # An armed choice pulses (an endless CSS animation, static/css/table.css): Playwright
        # never finds it "stable" and would wait out its timeout, so the click that sends an
        # armed choice is forced, landing where a person's would.
        try:
            if offer["armed"]:  # armed by an earlier click: this one sends it
                press(primary, force=True)
                return True
            if not offer["asksTwice"] or not offer["plain"]:
                press(primary)
                if offer["asksTwice"]:
                    page.wait_for_function(ARMED, timeout=timeout)
                    press(primary, force=True)
            else:
                press(plain.first)
        except PlaywrightTimeout:
            if page.locator("#controls .decide-button").count():
                raise  # still asked and still not answered: a real failure
            # The decision went while the page was read (the seat's clock ran out and the
            # server answered for it): there is nothing to do, as the docstring says.
            return False
        return True
    if not offer["play"]:
        return False
    if offer["leading"]:
        press(page.locator("#my-hand .card").last)  # my weakest single card
    else:
        ask_hint(page, tap=tap, timeout=timeout)  # raises the cards it suggests, or none
    if play.is_enabled():
        press(play)
    elif page.locator("#pass-button").count():
        press(page.locator("#pass-button"))
    else:  # leading and nothing raised: play the weakest card
        press(page.locator("#my-hand .card").last)
        press(play)
    return True
