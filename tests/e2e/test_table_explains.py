"""The table explains itself and alerts its player, in Chromium at 1280×800:
one-line help under every role choice with the safe default as the primary button, a
second click for the big stakes, turn alerts (title, favicon, remembered mute, the 5 s
warning), the 托管 banner with its reason and one-click cancel (on a quick room's table,
whose clock runs out sooner), Enter playing the hint's cards, the reason an illegal
selection cannot be played, the trick history, play log and card counter, the
settlement's headline and arithmetic, and the header balance updated without a reload."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import ARTIFACTS, serve
from tests.support.browser import ask_hint, wait_table_ready
from tests.support.live_server import LiveSite

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SAFE = {"ascend", "dark_solo", "dark_guard", "no_rebel"}
WAIT = 60_000


def version(page) -> str:
    return page.locator("#ver").get_attribute("value") or ""


def wait_moved(page, seen: str) -> None:
    page.wait_for_function(
        "v => document.querySelector('#ver')?.value !== v "
        "|| document.querySelector('#center.center--results') !== null",
        arg=seen,
        timeout=WAIT,
    )


def decide(page) -> None:
    """Check the decision's explanations, then take the safe default. The table moves on
    its own (deadlines), so the decision is read in one go and may be gone by the click."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    shown = page.evaluate(
        """() => Array.from(document.querySelectorAll('#controls .choice')).map(c => [
             c.querySelector('.decide-button').dataset.choice,
             c.querySelector('.decide-button').classList.contains('primary'),
             c.querySelector('.choice-help').textContent.trim()])"""
    )
    if not shown:
        return
    assert all(help_ for _, _, help_ in shown), shown
    # The safe default is the primary. A single choice is the one the rules force: the
    # emperor card came back round after every seat abdicated, and he must ascend (RULES
    # §3.1), or, holding the guard card too, plays dark solo (RULES §10.11).
    assert shown[0][1] and shown[0][0] in SAFE, shown
    if len(shown) == 1:
        assert shown[0][0] in {"ascend", "dark_solo"}, shown
    page.screenshot(path=str(ARTIFACTS / "desktop-decision.png"))
    seen = version(page)
    primary = page.locator("#controls .decide-button.primary")
    try:
        primary.click(timeout=3_000)
        if page.evaluate(
            "() => document.querySelector('#controls .decide-button.primary')"
            "?.dataset.armed === '1'"
        ):  # read in one go: it may be gone by now
            primary.click(timeout=3_000)
    except PlaywrightTimeout:
        return
    wait_moved(page, seen)


def my_turn(page) -> bool:
    return bool(page.locator("#play-button").count())


def until(page, predicate) -> None:
    """Act with the safe default whenever a decision is asked, until ``predicate(page)``."""
    for _ in range(400):
        if predicate(page):
            return
        if page.locator("#controls .decide-button").count():
            decide(page)
            continue
        if page.locator("#center.center--results").count():
            raise AssertionError("the hand ended first")
        if my_turn(page):
            seen = version(page)
            if page.locator("#turn-buttons[data-leading='1']").count():
                page.locator("#my-hand .card").last.click()
                page.click("#play-button")
            else:
                page.click("#pass-button")
            wait_moved(page, seen)
            continue
        page.wait_for_function(
            "() => document.querySelector('#play-button, #controls .decide-button, "
            "#center.center--results') !== null",
            timeout=WAIT,
        )
    raise AssertionError("never reached")


def following(page) -> bool:
    """My turn, and a set to beat."""
    return my_turn(page) and not page.locator("#turn-buttons[data-leading='1']").count()


@pytest.fixture
def live(tmp_path: Path, migrated_sqlite: Path) -> Iterator[tuple[LiveSite, str]]:
    # LiveSite's pace: once the clock has run out and 托管 plays the only person's seat, the
    # rest of the hand is played at the bots' fast pace (game.clocks.pace), a move a look;
    # with the keeper looking every 10 ms it could be over before the banner's cancel is
    # clicked.
    yield from serve(tmp_path, migrated_sqlite, fast_bots=False)


def test_the_table_explains_itself_and_alerts_its_player(live, browser) -> None:
    site, base = live
    # Longer turns than the room's default, so that a busy machine never times a turn out
    # before the test has looked at it (the 5 s warning is then waited for on purpose).
    # The role clock runs from the deal, through the table's first load, a reload and the
    # first checks: 30 s can run out on a busy CI machine, and the seat then goes to
    # auto-play (RULES §6.1) and the hint button with it. The test decides
    # at once, so a longer role clock costs it nothing.
    # The 5 s warning and 托管 are seen on a table of the quick room, whose play clock is
    # made 6 s: both are waited for on purpose (two clocks run out), and every second of
    # that clock is two seconds of the test; the warning still comes a second into the turn.
    # The two players are signed in by the site itself (signing up has its own test,
    # tests/e2e/test_play_in_browser.py): no password to hash, one start of Django.
    info = site.python(
        "from django.test import Client\n"
        "from accounts.models import User\n"
        "from accounts.services import grant_starting_beans\n"
        "from game.models import Room\n"
        "Room.objects.filter(slug='standard').update(play_seconds=45, role_seconds=180)\n"
        "Room.objects.filter(slug='quick').update(play_seconds=6, role_seconds=180)\n"
        "sessions = {}\n"
        "for name in ('nia', 'nib'):\n"
        "    user = User.objects.create_user(name, None, None)\n"
        "    grant_starting_beans(user=user)\n"
        "    client = Client()\n"
        "    client.force_login(user)\n"
        "    sessions[name] = client.cookies['sessionid'].value\n"
        "print(json.dumps(sessions))"
    )
    assert isinstance(info, dict)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.context.add_cookies([{"name": "sessionid", "value": info["nia"], "url": base}])
    page.goto(f"{base}/")
    start_beans = page.locator(".site-header .beans-amount").inner_text()
    page.click("#start-game")  # home's one primary button: a table with bots
    wait_table_ready(page)
    assert page.locator("#rules-link").get_attribute("href") == "/rules/#standard"
    # The cards are in the first html; the table's script listens only once it has run.
    page.wait_for_load_state("load")

    # A second-click choice only arms on the first click: nothing is sent.
    armed = page.evaluate(
        """() => {
          const form = document.createElement('form');
          form.innerHTML = '<input type="hidden" name="action" value="decide">'
            + '<button type="submit" class="decide-button" data-confirm="again">solo</button>';
          document.querySelector('#table-root').appendChild(form);
          const button = form.querySelector('button');
          button.click();
          const out = [button.dataset.armed, button.textContent];
          form.remove();
          return out;
        }"""
    )
    assert armed == ["1", "again"]

    # The sound switch is remembered across a reload.
    page.click("#sound-toggle")
    page.reload()
    wait_table_ready(page)
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "false"

    # My turn with a set to beat: the tab title and the favicon say so.
    until(page, following)
    page.wait_for_function("() => document.title.startsWith('●')", timeout=WAIT)
    icon = page.locator("link[rel~='icon']").get_attribute("href") or ""
    assert icon.startswith("data:image/svg+xml") and "b3261e" in icon
    page.screenshot(path=str(ARTIFACTS / "desktop-my-turn.png"))
    # The trick shows every move of the trick so far, in order.
    assert page.locator("#trick .trick-move").count() >= 1

    # Two ranks raised: the page says why they cannot be played, in its language.
    held = page.evaluate(
        "() => Array.from(document.querySelectorAll('#my-hand .card'))"
        ".map(c => [Number(c.dataset.strength), c.dataset.card])"
    )
    ranks: dict[int, str] = {}
    for strength, code in held:
        ranks.setdefault(strength, code)
    plain = [code for strength, code in ranks.items() if strength < 10][:2]
    assert len(plain) == 2
    for code in plain:
        page.click(f"#my-hand .card[data-card='{code}']", position={"x": 8, "y": 20})
    why = page.locator("#table-root").get_attribute("data-why-mixed")
    page.wait_for_function(
        "t => document.querySelector('#selection-note')?.textContent === t", arg=why
    )
    assert page.locator("#selection-note").is_visible()
    page.screenshot(path=str(ARTIFACTS / "desktop-selection-reason.png"))
    page.keyboard.press("Escape")  # lower all: the reason goes with the selection
    assert page.locator("#selection-note").is_hidden()

    # The hint raises its cards and leaves the focus on the hand: Enter plays them.
    seen = version(page)
    answer = ask_hint(page, timeout=WAIT)
    if answer["cards"]:
        assert page.locator("#play-button").is_enabled()
        assert page.evaluate("document.activeElement?.closest('#my-hand') !== null")
        held = page.locator("#my-hand .card").count()
        page.keyboard.press("Enter")
        wait_moved(page, seen)
        assert page.locator("#my-hand .card").count() < held  # Enter played the hint's cards
    else:  # nothing beats it: the hint says so, styled, and goes away by itself
        assert answer["shown"] and answer["text"], answer
        page.click("#pass-button")
        wait_moved(page, seen)

    # The play log and the card counter, collapsible, from the public record.
    page.click("#log-box > summary")
    assert page.locator("#play-log li.log-play").count() >= 1
    page.click("#counter-box > summary")
    assert page.locator("#counter .counter-cells li").count() == 12
    page.screenshot(path=str(ARTIFACTS / "desktop-log-counter.png"))

    # Play on to the end: headline, arithmetic, and the header balance without a reload.
    for _ in range(400):
        if page.locator("#center.center--results").count():
            break
        try:
            until(page, lambda p: following(p) or p.locator("#center.center--results").count())
        except AssertionError:
            break
        if page.locator("#center.center--results").count():
            break
        seen = version(page)
        if ask_hint(page, timeout=WAIT)["cards"]:
            page.keyboard.press("Enter")
        else:
            page.click("#pass-button")
        wait_moved(page, seen)
    page.wait_for_selector("#results-headline", timeout=WAIT)
    headline = page.locator("#results-headline").inner_text()
    assert re.search(r"胜|负|平|win|lose|Draw", headline), headline
    arithmetic = page.locator("#results-arithmetic").inner_text()
    assert "×" in arithmetic and "S" in arithmetic, arithmetic
    balance = page.locator("#balance-now").get_attribute("data-beans")
    page.wait_for_function(
        "b => document.querySelector('.site-header .beans-amount')?.textContent === b",
        arg=balance,
    )
    assert balance != start_beans  # the fee alone changes it
    page.screenshot(path=str(ARTIFACTS / "desktop-settlement.png"))
    # The title is back to normal once it is not my turn.
    assert not page.title().startswith("●")

    # Another player lets his clock run, twice in a row (RULES §6.1): the 5-second warning,
    # then 托管 with its reason and one-click cancel.
    other = browser.new_page(viewport={"width": 1280, "height": 800})
    other.on("pageerror", lambda e: errors.append(str(e)))
    other.context.add_cookies([{"name": "sessionid", "value": info["nib"], "url": base}])
    other.goto(f"{base}/rooms/quick/")
    other.click("#play-with-bots")
    wait_table_ready(other)
    until(other, my_turn)
    other.wait_for_function("() => document.body.classList.contains('deadline-near')", timeout=WAIT)
    banner = other.locator("#auto-banner")
    # One miss: he is told, and plays on; the second in a row turns 托管 on.
    other.locator("#missed-once").wait_for(state="visible", timeout=WAIT)
    assert not other.locator("#auto-cancel").count()
    other.locator("#auto-cancel").wait_for(state="visible", timeout=WAIT)
    reason = banner.inner_text()
    assert re.search(r"时间|time", reason), reason
    other.screenshot(path=str(ARTIFACTS / "desktop-auto-banner.png"))
    other.click("#auto-cancel")
    banner.wait_for(state="hidden", timeout=WAIT)
    assert not errors, errors
