"""A person buys 闪光 (flash) in the shop and sees it on his sets at a table (RULES §12.2), in
Chromium at 1366×800 and then on a phone (390×844, asking for reduced motion), on one live
site. The bots' sets carry no effect."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.support.browser import take_turn, wait_moved_on, wait_table_ready

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PASSWORD = "correct horse battery staple"
MINE = '#trick .trick-move.trick-play.effect-flash[data-seat="0"]'
# What Chromium draws for the newest flashed set: its animation and its lasting glow.
DRAWN = """sel => {
    const moves = document.querySelectorAll(sel);
    const cards = moves[moves.length - 1].querySelector('.trick-cards');
    const s = getComputedStyle(cards);
    const r = cards.getBoundingClientRect();
    return {animation: s.animationName, shadow: s.boxShadow,
            inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
            othersFlashed: document.querySelectorAll(
                '#trick .trick-move[class*="effect-"]:not([data-seat="0"])').length};
}"""


def play_until_my_set_flashes(page, *, tap: bool = False) -> dict[str, object]:
    """Take this player's decisions until a set of his lies in the trick with its effect."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(3000):
        if page.locator(MINE).count():
            drawn = page.evaluate(DRAWN, MINE)
            assert isinstance(drawn, dict)
            return drawn
        assert not page.locator("#center.center--results").count(), "no set of his was drawn"
        version = page.locator("#ver").get_attribute("value")
        try:
            acted = take_turn(page, tap=tap)
        except PlaywrightTimeout:
            continue
        try:
            wait_moved_on(page, version, acted=acted)
        except PlaywrightTimeout:
            continue
    raise AssertionError("no set of his was drawn")


def test_a_bought_flash_is_drawn_on_the_buyers_sets_on_a_desktop_and_a_phone(live, browser) -> None:
    site, base = live
    site.python(
        "from game.models import Room\n"
        "Room.objects.filter(slug='standard').update(play_seconds=45, role_seconds=30)\n"
        "print('null')"
    )
    desk = browser.new_context(viewport={"width": 1366, "height": 800}, locale="en-US")
    page = desk.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", "flo")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}/shop/")
    page.click("#buy-flash")
    page.wait_for_selector("#held-flash")
    page.screenshot(path=str(ARTIFACTS / "props-shop.png"))
    page.goto(f"{base}/rooms/standard/")
    page.click("#play-with-bots")
    wait_table_ready(page)
    drawn = play_until_my_set_flashes(page)
    page.screenshot(path=str(ARTIFACTS / "props-flash-desktop.png"))
    assert drawn["animation"] == "prop-flash" and drawn["shadow"] != "none", drawn
    assert drawn["inside"] and drawn["othersFlashed"] == 0, drawn
    table_url = page.url
    desk.close()

    phone = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        locale="zh-CN",
        reduced_motion="reduce",
    )
    page = phone.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", "flo")
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}/")
    page.goto(table_url)
    wait_table_ready(page)
    drawn = play_until_my_set_flashes(page, tap=True)
    page.screenshot(path=str(ARTIFACTS / "props-flash-phone.png"))
    # Reduced motion: no animation, the effect's still glow instead.
    assert drawn["animation"] == "none" and drawn["shadow"] != "none", drawn
    assert drawn["inside"] and drawn["othersFlashed"] == 0, drawn
    assert not errors, errors
    phone.close()
