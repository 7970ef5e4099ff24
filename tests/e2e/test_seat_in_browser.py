"""A seat in Chromium (RULES §6.3): a reload in one's own turn costs nothing, and a seated
person is never locked in: after a hand he stands up beside 下一局, in a running hand the
leave menu names the flight's penalty before he confirms, and the home page that leads back
to his table offers the way out too. One live site for the module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import site_on
from tests.e2e.conftest import FAST_BOTS
from tests.e2e.test_play_in_browser import sign_up
from tests.e2e.test_table_explains import WAIT, version
from tests.support.browser import take_turn, wait_moved_on, wait_table_ready
from tests.support.live_server import LiveSite, free_port

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

STAKE = 10  # the standard room's base stake (lobby/services.py)
MY_CLOCK = "#seat-clock-0 .countdown"  # play_with_bots seats the person in seat 0
SPECTATING = "#table-status .spectating"


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path
) -> Iterator[tuple[LiveSite, str]]:
    live = site_on(migrated_sqlite, tmp_path_factory.mktemp("seat"), **FAST_BOTS)
    # Clocks long enough that a slow machine's player never misses one (RULES §6.1).
    live.python(
        "from game.models import Room\n"
        "Room.objects.update(play_seconds=60, role_seconds=45)\n"
        "print('null')"
    )
    port = free_port()
    live.start(port)
    yield live, f"http://127.0.0.1:{port}"
    live.stop_all()


def at_a_table(browser: Any, base: str, name: str) -> Any:
    """A new person, signed up, at a table with four bots (home's 开始游戏)."""
    context = browser.new_context(viewport={"width": 1366, "height": 800}, locale="zh-CN")
    page = context.new_page()
    sign_up(page, base, name)
    page.click("#start-game")
    wait_table_ready(page)
    return page


def test_a_reload_in_her_own_turn_costs_nothing(site: tuple[LiveSite, str], browser: Any) -> None:
    _, base = site
    page = at_a_table(browser, base, "reloader")
    wait_moved_on(page, None, acted=False, timeout=WAIT)  # her decision is asked
    assert not page.locator("#center.center--results").count()
    seen, clock = version(page), page.locator(MY_CLOCK).get_attribute("data-deadline")
    assert clock
    # Her page goes away and comes back while her clock runs: a bot's pace (tens of ms
    # here) would have played for her meanwhile.
    page.reload()
    wait_table_ready(page)
    assert version(page) == seen
    assert page.locator(MY_CLOCK).get_attribute("data-deadline") == clock
    assert take_turn(page)  # still hers to take, and taken
    wait_moved_on(page, seen, acted=True, timeout=WAIT)
    page.context.close()


def test_after_a_hand_he_stands_up_and_is_free(site: tuple[LiveSite, str], browser: Any) -> None:
    _, base = site
    page = at_a_table(browser, base, "stander")
    page.click("#auto-button")  # 托管 plays the hand out
    page.wait_for_selector("#center.center--results", timeout=WAIT)
    assert page.locator("#next-hand").is_visible() and page.locator("#stand-up").is_visible()
    page.click("#stand-up")
    page.wait_for_selector(SPECTATING, timeout=WAIT)
    page.goto(f"{base}/")
    # Free: home offers a new game, not the way back to a table.
    assert page.locator("form #start-game").count() == 1
    assert not page.locator("#leave-my-table").count()
    page.context.close()


def test_leaving_a_running_hand_names_the_flight_first(
    site: tuple[LiveSite, str], browser: Any
) -> None:
    _, base = site
    page = at_a_table(browser, base, "leaver")
    consequence = page.locator("#leave-consequence")
    assert not consequence.is_visible()  # nothing happens on a single click …
    page.click("#leave-menu > summary")
    # … the menu says what leaving costs before the button that does it.
    assert consequence.is_visible() and f"{3 * STAKE}" in consequence.inner_text()
    page.click("#leave-button")
    page.wait_for_selector(SPECTATING, timeout=WAIT)
    page.goto(f"{base}/")
    assert page.locator("form #start-game").count() == 1
    page.context.close()


def test_home_offers_the_way_out_beside_the_way_back(
    site: tuple[LiveSite, str], browser: Any
) -> None:
    _, base = site
    page = at_a_table(browser, base, "homeleaver")
    page.goto(f"{base}/")
    assert page.locator("a#start-game").is_visible()  # 回到我的牌桌
    consequence = page.locator("#leave-my-table-consequence")
    assert not consequence.is_visible()
    page.click("#leave-my-table-menu > summary")
    assert consequence.is_visible() and f"{3 * STAKE}" in consequence.inner_text()
    page.click("#leave-my-table")
    page.wait_for_selector("form #start-game", timeout=WAIT)
    assert not page.locator("a#start-game").count()
    page.context.close()
