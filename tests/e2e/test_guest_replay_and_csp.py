"""A guest's trial in Chromium: the hand ends on 托管, the settlement says why it ended so,
the replay of his own hand opens, and no page logs a Content-Security-Policy error in the
console (the site's CSP forbids inline script and style), however often the table page is
loaded and whatever inline style something outside the site left on a pushed element."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_play_in_browser import sign_up
from tests.support.browser import wait_table_ready

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

# Every CSP violation of the page, also those the browser reports only as an event.
WATCH_CSP = (
    "document.addEventListener('securitypolicyviolation', e => console.error("
    "'CSP violation: ' + e.violatedDirective + ' at ' + e.sourceFile + ':' + e.lineNumber))"
)
# What a browser extension (or the browser's translation, or a devtools session) does to an
# element: sets an inline style through the CSSOM and clears it, leaving style="". The
# controls are replaced by the next push; htmx must not write that attribute onto the new
# element (its settle step did, by setAttribute: a style-src-attr violation, the hash of "").
TOUCH_STYLE = (
    "() => { const c = document.querySelector('#controls');"
    " c.style.color = 'red'; c.style.color = ''; }"
)
TABLE_LOADS = 4


def test_a_guest_sees_why_his_hand_ended_and_replays_it_without_csp_errors(live, browser) -> None:
    _site, base = live
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console: list[str] = []
    page.on(
        "console",
        lambda m: console.append(f"{page.url}: {m.text}") if m.type == "error" else None,
    )
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    context.add_init_script(WATCH_CSP)
    for path in ("/", "/rules/", "/rooms/standard/", "/rooms/duole/", "/rooms/redten/"):
        page.goto(f"{base}{path}")
        page.wait_for_load_state("load")
    page.goto(f"{base}/")
    page.locator("#start-game").click()
    wait_table_ready(page)
    for _ in range(TABLE_LOADS):  # each load's first frame and pushes log nothing
        page.reload()
        wait_table_ready(page)
    page.evaluate(TOUCH_STYLE)
    # 托管 plays the guest's seat to the end; its banner says what it does.
    page.locator("#auto-button").click()
    page.wait_for_selector("#auto-explain", timeout=30_000)
    # A signed-in player's pages: his table (chat, leave menu), his hands, his profile. His
    # hand, on 托管 too, plays itself while the guest's ends and is replayed.
    player_context = browser.new_context(locale="zh-CN")
    player_context.add_init_script(WATCH_CSP)
    player = player_context.new_page()
    player.on(
        "console",
        lambda m: console.append(f"{player.url}: {m.text}") if m.type == "error" else None,
    )
    sign_up(player, base, "csp_watcher")
    player.goto(f"{base}/rooms/standard/")
    player.locator("#play-with-bots").click()
    wait_table_ready(player)
    player.locator("#chat-say summary").click()
    player.locator("#auto-button").click()
    page.wait_for_selector("#results-headline", timeout=120_000)
    reason = page.locator("#results-reason")
    assert reason.is_visible()
    text = reason.inner_text()
    assert "Went out in this order" in text and "RULES §5" in text
    page.screenshot(path=str(ARTIFACTS / "guest-settlement-reason.png"))
    page.locator("#replay-link").click()
    page.wait_for_selector("#replay-step")
    assert "/hands/" in page.url
    # Stepping through the replay swaps the step in place (htmx) and pushes the URL.
    page.locator(".trick-link[data-trick='1']").click()
    page.wait_for_url("**step=*")
    replay_url = page.url.split("?")[0]
    page.screenshot(path=str(ARTIFACTS / "guest-replay.png"))
    # He leaves the Baohuang trial for a Red Ten one: 试玩 in that room moves him there.
    page.goto(f"{base}/rooms/redten/")
    page.locator("form[action$='/try/'] button").click()
    page.wait_for_selector("#leave-trial")
    assert "redten" in page.inner_html("#table-root")
    page.locator("#leave-trial").click()
    page.wait_for_url(f"{base}/rooms/redten/")
    # Having left, he can still replay his hand; another browser cannot open it.
    assert page.goto(replay_url).status == 200
    other = browser.new_context().new_page()
    assert other.goto(replay_url).status == 404
    # The signed-in player's hand has been playing itself meanwhile.
    player.wait_for_selector("#results-headline", timeout=120_000)
    for path in ("/hands/mine/", "/leaderboards/", "/rules/"):
        player.goto(f"{base}{path}")
        player.wait_for_load_state("load")
    csp = [c for c in console if "Content Security Policy" in c or "CSP violation" in c]
    assert csp == [], csp
    # Nothing else either: the favicon is there, so not even a 404 is logged.
    assert console == [], console
    assert not errors, errors
    context.close()
