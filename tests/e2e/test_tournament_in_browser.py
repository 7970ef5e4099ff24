"""A person in Chromium finds a tournament on the home page, registers on its page (which
starts it: it starts at one registration, bots fill his table), goes to his table and plays
the first hand by clicking."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_play_in_browser import play_my_turns
from tests.support.browser import wait_table_ready

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SETUP = """
from django.test import Client
from accounts.models import User
from accounts.services import grant_starting_beans
from game.models import Room
from tournaments.models import PrizeShare, Tournament

room = Room.objects.get(slug="standard")
# Clocks far longer than a test step: a turn timed out into auto-play would leave the test
# nothing to click.
Room.objects.filter(pk=room.pk).update(role_seconds=300, play_seconds=300)
t = Tournament.objects.create(name="Browser cup", room=room, deals=1, entry_fee=50, start_when=1)
PrizeShare.objects.create(tournament=t, place=1, percent=100)
user = User.objects.create_user("tia", None, "correct horse battery staple")
grant_starting_beans(user=user)
client = Client()
client.force_login(user)
print(json.dumps({"tournament": t.pk, "session": client.cookies["sessionid"].value}))
"""


def test_a_person_registers_and_plays_the_first_hand_in_chromium(live, browser) -> None:
    site, base = live
    info = site.python(SETUP)
    assert isinstance(info, dict)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": info["session"], "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/")
    page.click(f"#tournament-{info['tournament']} a")
    page.wait_for_url(f"{base}/tournaments/{info['tournament']}/")
    page.click("#tournament-register")
    page.wait_for_selector("#tournament-my-table")
    assert "9950" in page.inner_text(".beans-amount")  # the entry fee was taken
    page.screenshot(path=str(ARTIFACTS / "tournament-registered.png"))
    page.click("#tournament-my-table")
    wait_table_ready(page)
    assert page.locator("#my-hand .card").count() in (33, 34)  # RULES §2.2
    assert play_my_turns(page) > 0
    page.screenshot(path=str(ARTIFACTS / "tournament-first-hand.png"))
    # One table: the deal is played again with the seats rotated, and the standings page
    # says nothing of the first play's score until the replay is over too.
    page.goto(f"{base}/tournaments/{info['tournament']}/")
    assert "0 of 1 deals finished at every table" in page.inner_text("#standings")
    assert not errors, errors
