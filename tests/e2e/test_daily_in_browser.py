"""A person in Chromium enters the daily challenge from the home page, plays its first deal
by clicking, and sees the field of that deal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import site_on
from tests.e2e.conftest import ARTIFACTS, FAST_BOTS
from tests.e2e.test_play_in_browser import play_my_turns
from tests.support.browser import wait_table_ready
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


@pytest.fixture
def live(tmp_path: Path, migrated_sqlite: Path) -> Iterator[tuple[LiveSite, str]]:
    # 普通 opponents: four 高手 searching in a worker on a shared test machine make a hand
    # of clicks take minutes; the opposition's level has its own tests.
    site = site_on(migrated_sqlite, tmp_path, **FAST_BOTS, BAOHUANG_DAILY_BOT_LEVEL="normal")
    port = free_port()
    site.start(port)
    yield site, f"http://127.0.0.1:{port}"
    site.stop_all()


def test_a_person_enters_plays_a_deal_and_sees_the_field_in_chromium(live, browser) -> None:
    site, base = live
    info = site.python(SETUP)
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
    assert play_my_turns(page) > 0
    page.click("#daily-field-link")
    page.wait_for_selector("#daily-field")
    assert "Players who have played this deal: 1." in page.inner_text("#daily-field-summary")
    assert page.locator("#daily-field tr.me").count() == 1
    page.screenshot(path=str(ARTIFACTS / "daily-field.png"))
    page.click("#daily-back")
    page.wait_for_selector("#daily-play")
    assert "Play deal 2 of 2" in page.inner_text("#daily-play")
    assert errors == []
