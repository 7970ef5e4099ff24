"""A person in Chromium: sign up, play with bots, play a whole hand by clicking."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.support.browser import take_turn, wait_moved_on, wait_table_ready

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PASSWORD = "correct horse battery staple"


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}/")


def play_my_turns(page, *, shots: bool = False) -> int:
    """Act whenever the page offers a decision, using only its controls, until the end.

    The table moves on its own (bots, deadlines), so a control can vanish between looking and
    clicking; then the page is simply looked at again.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    turns = 0
    for _ in range(3000):
        if page.locator("#center.center--results").count():
            return turns
        version = page.locator("#ver").get_attribute("value")
        try:
            acted = take_turn(page)
        except PlaywrightTimeout:
            continue
        if acted:
            turns += 1
            if shots and turns == 8:
                page.screenshot(path=str(ARTIFACTS / "mid-hand.png"))
        try:
            wait_moved_on(page, version, acted=acted)
        except PlaywrightTimeout:
            continue
    raise AssertionError("the hand did not end")


def test_a_person_plays_a_hand_against_bots_in_chromium(live, browser) -> None:
    _, base = live
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, base, "pia")
    page.goto(f"{base}/rooms/standard/")
    page.click("#play-with-bots")
    wait_table_ready(page)
    # RULES §2.2: 33 or 34 dealt; one more when a bot abdicated the emperor card to him (§3.1).
    assert page.locator("#my-hand .card").count() in (33, 34, 35)
    page.screenshot(path=str(ARTIFACTS / "deal.png"))
    turns = play_my_turns(page, shots=True)
    assert turns > 0
    page.screenshot(path=str(ARTIFACTS / "settlement.png"))
    rows = page.locator("#center.center--results tbody tr")
    assert rows.count() == 5
    # One click from the settlement opens the replay; step through it with the keyboard.
    page.click("#replay-link")
    page.wait_for_selector('#replay-step[data-step="0"]')
    # The player's controls show once replay.js runs: keys pressed before that go nowhere.
    page.wait_for_selector("#replay-player")
    for step in range(1, 6):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'#replay-step[data-step="{step}"]')
    page.keyboard.press("End")
    page.wait_for_selector("#replay-results")
    page.screenshot(path=str(ARTIFACTS / "replay-end.png"))
    assert not errors, errors
