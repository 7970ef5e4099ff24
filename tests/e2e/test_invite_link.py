"""Two browsers meet through an invite link: the owner opens a private table,
copies its link, the friend opens it and sits; the owner sees the friend arrive live, the
waiting room offers bots after its countdown, both are dealt; the chat reaches the friend,
whose mute hides the owner's lines and is remembered."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import site_on
from tests.e2e.conftest import ARTIFACTS
from tests.support.browser import wait_table_ready
from tests.support.live_server import LiveSite, free_port

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PEOPLE = """
from django.test import Client
from accounts.models import User
sessions = {}
for name in ("own", "fri"):
    user = User.objects.create_user(name, None, "correct horse battery staple")
    client = Client()
    client.force_login(user)
    sessions[name] = client.cookies["sessionid"].value
print(json.dumps(sessions))
"""


@pytest.fixture
def site(tmp_path: Path, migrated_sqlite: Path) -> Iterator[tuple[LiveSite, str]]:
    # The waiting room's offer comes after one second here instead of twenty.
    live = site_on(migrated_sqlite, tmp_path, BAOHUANG_FILL_BOTS_AFTER="1")
    port = free_port()
    live.start(port)
    yield live, f"http://127.0.0.1:{port}"
    live.stop_all()


def page_for(browser: Any, base: str, session: str) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
    return context.new_page()


def test_two_browsers_meet_through_an_invite_link(site, browser) -> None:
    live, base = site
    sessions = live.python(PEOPLE)
    assert isinstance(sessions, dict)
    owner = page_for(browser, base, sessions["own"])
    friend = page_for(browser, base, sessions["fri"])

    owner.goto(f"{base}/rooms/standard/")
    owner.click("#private-table")
    owner.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_url = owner.url
    link = owner.get_attribute("#invite-link", "href")
    assert link is not None and "/join/" in link
    assert re.fullmatch(r"\d{6}", owner.inner_text("#invite-code"))

    friend.goto(link)
    friend.click("#join-table")
    friend.wait_for_url(table_url)
    # The owner's page shows the friend sitting down, without a reload.
    owner.wait_for_selector(".seat:not(.is-empty) .seat-name:text-is('fri')", timeout=15_000)

    # The waiting room offers bots once its countdown is over; the owner takes the offer.
    owner.wait_for_selector("#waiting-room:not([hidden])")
    owner.wait_for_selector("#fill-bots:not([disabled])", timeout=10_000)
    owner.click("#fill-bots")
    for page in (owner, friend):
        page.wait_for_selector("#ready-button", timeout=15_000)
        page.click("#ready-button")
    for page in (owner, friend):
        wait_table_ready(page)
    owner.screenshot(path=str(ARTIFACTS / "invite-owner.png"))

    # Chat: a quick phrase reaches the friend; the friend mutes the owner, for good.
    owner.click("#chat-say summary")
    owner.click("#chat-say button:text-is('Hello!')")
    line = friend.locator("#chat-log li[data-from='own']")
    line.first.wait_for(timeout=15_000)
    assert "Hello!" in line.first.inner_text()
    friend.click("#chat-log li[data-from='own'] .chat-mute")
    assert line.first.is_hidden()
    assert friend.evaluate("() => localStorage.getItem('baohuang.chat-muted')") == '["own"]'
    friend.screenshot(path=str(ARTIFACTS / "invite-friend.png"))


def test_closing_the_table_tells_the_friend_without_reconnecting(site, browser) -> None:
    live, base = site
    sessions = live.python(PEOPLE)
    assert isinstance(sessions, dict)
    owner = page_for(browser, base, sessions["own"])
    friend = page_for(browser, base, sessions["fri"])
    owner.goto(f"{base}/rooms/standard/")
    owner.click("#private-table")
    owner.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_url = owner.url
    friend.goto(owner.get_attribute("#invite-link", "href"))
    friend.click("#join-table")
    friend.wait_for_url(table_url)
    owner.wait_for_selector(".seat:not(.is-empty) .seat-name:text-is('fri')", timeout=15_000)

    owner.click("#close-table")
    for page in (owner, friend):
        page.wait_for_selector("#table-gone:not([hidden])", timeout=15_000)
        assert "The table was closed by its owner." in page.inner_text("#table-gone")
        assert page.is_hidden("#reconnecting")  # closed for good: nothing to reconnect to
    friend.screenshot(path=str(ARTIFACTS / "invite-closed.png"))
    friend.click("#table-gone-back")
    friend.wait_for_url(f"{base}/rooms/standard/")
    friend.goto(table_url)  # a reload says the table is closed
    assert "This private table has been closed." in friend.inner_text("#table-gone")
