"""A person in Chromium plays a Lianzhong classic hand (RULES §10 table) with the page's
controls, calling the guard by clicking a card, to its settlement."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_play_in_browser import sign_up
from tests.support.browser import take_turn, wait_moved_on, wait_table_ready

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def call_or_take_turn(page, seen: dict[str, int]) -> bool:
    """Call the guard when the page offers the calls (§10.1), else the usual controls."""
    calls = page.locator("#call-guard .call-button:not([data-confirm])")
    if calls.count():
        seen["calls"] += 1
        calls.first.click(timeout=10_000)  # a triple: the fourth copy's holder is the guard
        return True
    if page.locator("#controls .choice-no_grab").count():
        seen["grabs"] += 1  # §10.7: asked whether to grab solo; the safe default declines
    return take_turn(page)


def test_a_person_plays_a_lianzhong_classic_hand_in_chromium(live, browser) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    site, base = live
    # Turns longer than the room's 15 s, so that a busy machine never times the person's
    # decision out (his seat would go to auto-play, RULES §6.1, and he would not act).
    site.python(
        "from game.models import Room\n"
        "Room.objects.filter(slug='lianzhong-classic').update(play_seconds=60, role_seconds=60)\n"
        "print('null')"
    )
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, base, "lin")
    page.goto(f"{base}/rooms/lianzhong-classic/")
    page.click("#play-with-bots")
    wait_table_ready(page)
    seen = {"calls": 0, "grabs": 0, "turns": 0}
    for _ in range(3000):
        if page.locator("#center.center--results").count():
            break
        version = page.locator("#ver").get_attribute("value")
        try:
            acted = call_or_take_turn(page, seen)
        except PlaywrightTimeout:
            continue
        seen["turns"] += acted
        try:
            wait_moved_on(page, version, acted=acted)
        except PlaywrightTimeout:
            continue
    else:
        raise AssertionError("the hand did not end")
    page.screenshot(path=str(ARTIFACTS / "lianzhong-settlement.png"))
    assert seen["turns"] > 0
    assert page.locator("#center.center--results tbody tr").count() == 5
    # The emperor's call was public: the status line named the called card (unless the
    # emperor went open solo, which calls nothing).
    assert not errors, errors
