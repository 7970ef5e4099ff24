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


def wait_table_ready(page: Any, *, timeout: int = 30_000) -> None:
    """Wait until the table page shows a hand and its socket is open: a click before htmx has
    wired the table's forms to the socket sends nothing."""
    page.wait_for_selector("#my-hand .card", timeout=timeout)
    page.wait_for_selector("body[data-socket='open']", timeout=timeout)


ARMED = "() => document.querySelector('#controls .decide-button.primary')?.dataset.armed === '1'"


def take_turn(page: Any, *, tap: bool = False, timeout: int = 10_000) -> bool:
    """Take the decision the page offers, with its own controls (clicks, or taps on a phone);
    True if it acted, False if the page offers nothing to do."""

    def press(locator: Any) -> None:
        if tap:
            locator.tap(timeout=timeout)
        else:
            locator.click(timeout=timeout)

    choice = page.locator("#controls .decide-button.primary")
    play = page.locator("#play-button")
    if choice.count():
        press(choice)  # the safe default: ascend / dark guard / stay quiet
        if page.evaluate(ARMED):  # read in one go: it may be gone by now
            press(choice)  # a solo asks for a second click (issue 16)
        return True
    if not play.count():
        return False
    if page.locator("#turn-buttons[data-leading='1']").count():
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
