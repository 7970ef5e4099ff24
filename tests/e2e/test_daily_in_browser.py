"""A person in Chromium enters the daily challenge from the home page, plays its first deal
(his first decisions by clicking, then 托管 plays it out), and sees the field of that deal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import site_on
from tests.e2e.conftest import ARTIFACTS, FAST_BOTS
from tests.support.browser import take_turn, wait_moved_on, wait_table_ready
from tests.support.live_server import LiveSite, free_port

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SETUP = """
from django.test import Client
from django.utils import timezone
from accounts.models import User
from accounts.services import grant_starting_beans
from challenge import services
from challenge.models import Challenge, DailyRoom
from game.models import Room
from lobby.services import ensure_default_rooms

ensure_default_rooms()
room = Room.objects.get(slug="standard")
# Clocks far longer than a test step: a turn timed out into auto-play would leave the test
# nothing to click.
Room.objects.filter(pk=room.pk).update(role_seconds=300, play_seconds=300)
DailyRoom.objects.create(room=room, deals=2)
services.advance(timezone.now())
challenge = Challenge.objects.get(room=room)
user = User.objects.create_user("dia", None, "correct horse battery staple")
grant_starting_beans(user=user)
client = Client()
client.force_login(user)
print(json.dumps({"challenge": challenge.pk, "session": client.cookies["sessionid"].value}))
"""


# Decisions taken by clicks before 托管 plays the deal out: the deal's field is the point
# here, and a whole deal of clicks (some forty decisions) is what the other browser tests do.
CLICKED = 6


def play_then_auto(page) -> int:
    """Take ``CLICKED`` decisions with the page's controls, then press 托管 and wait for the
    settlement: the decisions taken by clicks."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    turns = 0
    for _ in range(300):
        if turns >= CLICKED or page.locator("#center.center--results").count():
            break
        version = page.locator("#ver").get_attribute("value")
        try:
            acted = take_turn(page)
            turns += acted
            wait_moved_on(page, version, acted=acted)
        except PlaywrightTimeout:
            continue
    if not page.locator("#center.center--results").count():
        page.click("#auto-button")
    page.wait_for_selector("#center.center--results", timeout=60_000)
    return turns


@pytest.fixture
def live(tmp_path: Path, migrated_sqlite: Path) -> Iterator[tuple[LiveSite, str, Any]]:
    """The site, its address and what ``SETUP`` printed (run while the server starts)."""
    # 普通 opponents: four 高手 searching in a worker on a shared test machine make a hand
    # of clicks take minutes; the opposition's level has its own tests.
    site = site_on(migrated_sqlite, tmp_path, **FAST_BOTS, BAOHUANG_DAILY_BOT_LEVEL="normal")
    setup = site.python_started(SETUP)
    port = free_port()
    site.start(port)
    yield site, f"http://127.0.0.1:{port}", setup()
    site.stop_all()


def test_a_person_enters_plays_a_deal_and_sees_the_field_in_chromium(live, browser) -> None:
    _, base, info = live
    assert isinstance(info, dict)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": info["session"], "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/")
    home = page.locator(f"#daily-{info['challenge']}")
    assert home.get_attribute("data-state") == "not-started"
    assert page.inner_text("#daily-time-left").count(":") == 2  # the countdown runs
    home.locator("a").click()
    page.click("#daily-enter")
    page.click("#daily-play")
    wait_table_ready(page)
    # RULES §2.2: 33 or 34 dealt; one more when a bot abdicated the emperor card to him (§3.1).
    assert page.locator("#my-hand .card").count() in (33, 34, 35)
    assert play_then_auto(page) > 0
    page.click("#daily-field-link")
    page.wait_for_selector("#daily-field")
    assert "Players who have played this deal: 1." in page.inner_text("#daily-field-summary")
    assert page.locator("#daily-field tr.me").count() == 1
    page.screenshot(path=str(ARTIFACTS / "daily-field.png"))
    page.click("#daily-back")
    page.wait_for_selector("#daily-play")
    assert "Play deal 2 of 2" in page.inner_text("#daily-play")
    assert errors == []
