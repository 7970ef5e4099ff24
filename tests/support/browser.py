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
