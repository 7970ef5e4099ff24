"""A person in Chromium plays a whole Red Ten hand (RULES §11) against four bots, by clicking
the table's own controls: 亮牌 or not, play a card or pass, to the settlement and replay."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_play_in_browser import sign_up
from tests.support.browser import REDTEN_MOVED

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def take_turn(page) -> bool:
    """One decision through the page's controls, if it offers one; True if it acted."""
    if page.locator("#no-show-button").count():
        page.click("#no-show-button", timeout=10_000)  # 不亮: a dark game unless a bot shows
        return True
    if not page.locator("#redten-play-button").count():
        return False
    if page.locator("#redten-pass-button").count():
        page.click("#redten-pass-button", timeout=10_000)  # following: pass
    else:
        # Leading: the weakest card (the hand is drawn strongest first).
        page.locator("#redten-hand input[name=cards]").last.check(timeout=10_000)
        page.click("#redten-play-button", timeout=10_000)
    return True


def test_a_person_plays_a_red_ten_hand_against_bots_in_chromium(live, browser) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    _, base = live
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, base, "hong")
    page.goto(f"{base}/rooms/redten/")
    page.click("#play-with-bots")
    for _ in range(5):
        page.wait_for_selector("#no-show-button, #redten-result")
        if page.locator("#no-show-button").count():
            break
        # One deal in about 220 gives one player all four tens and is over at once (file 003
        # §9): the page shows its settlement, and the next hand is dealt from it.
        page.click("#redten-next-button")
        page.wait_for_selector("#redten-result", state="detached")
    # Every seat is asked 亮牌 in the same words; ten cards each (file 003 §1).
    assert page.locator("#redten-hand .card").count() == 10
    page.screenshot(path=str(ARTIFACTS / "redten-deal.png"))
    turns = 0
    for _ in range(500):
        if page.locator("#redten-result").count():
            break
        html_before = page.locator("#redten-table").inner_html()
        try:
            acted = take_turn(page)
        except PlaywrightTimeout:
            continue
        turns += acted
        try:
            # The next frame (this page's, or the table's), never a fixed wait.
            page.wait_for_function(
                REDTEN_MOVED,
                arg=html_before,
                timeout=60_000,
            )
        except PlaywrightTimeout:
            continue
    page.wait_for_selector("#redten-result")
    page.screenshot(path=str(ARTIFACTS / "redten-settlement.png"))
    assert turns > 0
    assert page.locator("#redten-result tbody tr").count() == 5
    assert page.locator("#redten-next-button").count() == 1
    # The replay opens from the result and steps through the log.
    with page.expect_popup() as popup:
        page.click("#redten-replay-link")
    replay = popup.value
    replay.wait_for_selector('#redten-step[data-step="0"]')
    replay.click("#redten-next")
    replay.wait_for_selector('#redten-step[data-step="1"]')
    assert not errors, errors
