"""A browser notification when it is your turn and the tab is hidden, asked for once and
only on the player's own click (the turn alerts), in Chromium.

The page's ``Notification`` is wrapped by an init script that records every notification
made (and still makes the real one), and the tab is "hidden" by making ``document.hidden``
and ``document.visibilityState`` say so before ``visibilitychange`` is dispatched, as a
browser does when the player switches to another tab."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import serve
from tests.e2e.test_play_in_browser import sign_up
from tests.e2e.test_table_explains import WAIT, version, wait_moved
from tests.support.browser import take_turn, wait_table_ready
from tests.support.live_server import LiveSite

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture
def live(tmp_path: Path, migrated_sqlite: Path) -> Iterator[tuple[LiveSite, str]]:
    # LiveSite's pace: the test looks at the page between one turn of the player's and the
    # next, and the quicker bots could bring the next turn first.
    yield from serve(tmp_path, migrated_sqlite, fast_bots=False)


# Runs before the page's scripts. ``window.__fakePermission`` (set by an earlier init script)
# stands in for a permission the player has not decided yet; the prompt is then answered by
# closing it (the permission stays "default"). Counts survive a reload (sessionStorage).
RECORDER = """
(() => {
  const Real = window.Notification;
  const count = (key, add) => {
    try {
      const n = Number(sessionStorage.getItem(key) || "0") + add;
      sessionStorage.setItem(key, String(n));
      return n;
    } catch (e) {
      return 0;
    }
  };
  window.__notifications = [];
  class Recorded {
    constructor(title, options) {
      this.index = window.__notifications.length;
      window.__notifications.push({
        title: String(title),
        body: String((options && options.body) || ""),
        tag: String((options && options.tag) || ""),
        hidden: document.hidden,
        visibility: document.visibilityState,
        closed: false,
      });
      try {
        this.real = new Real(title, options);
      } catch (e) {
        this.real = null;
      }
    }
    close() {
      window.__notifications[this.index].closed = true;
      if (this.real) this.real.close();
    }
    static get permission() {
      return window.__fakePermission || (Real ? Real.permission : "denied");
    }
    static requestPermission() {
      count("__asked", 1);
      if (window.__fakePermission) return Promise.resolve(window.__fakePermission);
      return Real.requestPermission();
    }
  }
  window.Notification = Recorded;
  window.__asked = () => count("__asked", 0);
  const look = (hidden) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hidden ? "hidden" : "visible"),
    });
  };
  window.__setHidden = (hidden) => {
    look(hidden);
    try {
      sessionStorage.setItem("__hidden", hidden ? "1" : "0");
    } catch (e) {}
    document.dispatchEvent(new Event("visibilitychange"));
  };
  // A tab hidden before a reload is still hidden when the reloaded page starts.
  try {
    if (sessionStorage.getItem("__hidden") === "1") look(true);
  } catch (e) {}
})();
"""

MY_TURN = "() => document.body.classList.contains('my-turn') && document.title.startsWith('●')"


def open_table(context, base: str, name: str):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, base, name)
    page.click("#start-game")  # a table with bots, the first hand dealt
    wait_table_ready(page)
    page.wait_for_load_state("load")  # the table's script has run
    return page, errors


def play_until_notified(page, count: int = 1) -> None:
    """Take the turns of the page until ``count`` notifications have been made, and no turn
    after that.

    A turn is taken only if the same look at the page saw it and no notification: the page
    notifies in the same task that shows the turn, so a turn seen without a notification is
    the one that was running when the tab was hidden (and a continued decision)."""
    for _ in range(300):
        state = page.evaluate(
            "n => ({notified: window.__notifications.length >= n,"
            " turn: document.querySelector('#play-button, #controls .decide-button') !== null,"
            " over: document.querySelector('#center.center--results') !== null,"
            " version: document.querySelector('#ver')?.value || ''})",
            count,
        )
        if state["notified"]:
            return
        if state["over"]:
            raise AssertionError("the hand ended before a turn came while hidden")
        if state["turn"] and take_turn(page):
            wait_moved(page, state["version"])
            continue
        page.wait_for_function(
            "n => window.__notifications.length >= n || document.querySelector("
            "'#play-button, #controls .decide-button, #center.center--results') !== null",
            arg=count,
            timeout=WAIT,
        )
    raise AssertionError("never notified")


def test_a_hidden_tab_is_notified_of_the_players_turn_and_a_visible_one_is_not(
    live, browser
) -> None:
    site, base = live
    # Turns long enough that a busy machine never times one out while the test looks.
    site.python(
        "from game.models import Room\n"
        "Room.objects.filter(slug='standard').update(play_seconds=45, role_seconds=30)\n"
        "print('null')"
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="zh-CN")
    context.grant_permissions(["notifications"], origin=base)
    context.add_init_script(RECORDER)
    page, errors = open_table(context, base, "noa")
    assert page.evaluate("() => Notification.permission") == "granted"
    # Already allowed: nothing to ask, so the page offers no button for it.
    assert page.locator("#notify-toggle").is_hidden()

    # Visible: my turn changes the title, and no notification is made.
    page.wait_for_function(MY_TURN, timeout=WAIT)
    assert page.evaluate("() => window.__notifications") == []

    # The player switches to another tab; the next turn is announced once, in Chinese.
    page.evaluate("() => window.__setHidden(true)")
    assert page.evaluate("() => document.hidden && document.visibilityState === 'hidden'")
    play_until_notified(page)
    page.wait_for_function(MY_TURN, timeout=WAIT)
    shown = page.evaluate("() => window.__notifications")
    assert len(shown) == 1, shown
    root = page.locator("#table-root")
    assert shown[0]["title"] == root.get_attribute("data-notify-title") == "保皇：轮到你了"
    assert shown[0]["body"] == root.get_attribute("data-notify-body")
    assert "轮到你" in shown[0]["body"]
    assert shown[0]["tag"] == "baohuang-turn"  # a newer one replaces it, never a pile
    assert shown[0]["hidden"] is True and shown[0]["visibility"] == "hidden"

    # Back on the tab: the notification goes (the player sees the table itself).
    page.evaluate("() => window.__setHidden(false)")
    assert page.evaluate("() => window.__notifications[0].closed")

    # Hidden again: the next turn is notified, and the notification goes once the turn is
    # over (played here; auto-played alike), so a stale "your turn" never stays on screen.
    page.evaluate("() => window.__setHidden(true)")
    seen = version(page)
    assert take_turn(page)
    wait_moved(page, seen)
    play_until_notified(page, count=2)
    assert not page.evaluate("() => window.__notifications[1].closed")
    seen = version(page)
    assert take_turn(page)
    wait_moved(page, seen)
    # Visible again as soon as the turn is over (in the same look, so that no turn can
    # start in between): the following turn makes no notification.
    page.wait_for_function(
        "() => window.__notifications[1].closed && (window.__setHidden(false), true)",
        timeout=WAIT,
    )
    page.wait_for_function(
        MY_TURN + " || document.querySelector('#center.center--results') !== null",
        timeout=WAIT,
    )
    assert len(page.evaluate("() => window.__notifications")) == 2
    assert page.evaluate("() => window.__asked()") == 0  # never asked: it was allowed
    assert not errors, errors
    context.close()


def test_notifications_are_asked_for_once_and_only_on_the_players_click(live, browser) -> None:
    _site, base = live
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="zh-CN")
    context.add_init_script("window.__fakePermission = 'default';")  # not decided yet
    context.add_init_script(RECORDER)
    page, errors = open_table(context, base, "ada")
    bell = page.locator("#notify-toggle")
    # Offered, not asked: a browser prompt only follows the player's own click.
    assert bell.is_visible()
    assert bell.locator(".tool-text").inner_text() == "通知我"
    assert page.evaluate("() => window.__asked()") == 0

    bell.click()
    assert page.evaluate("() => window.__asked()") == 1
    assert bell.is_hidden()

    # The player closed the prompt without choosing: the page never asks again, not even
    # after a reload, and without permission a hidden tab gets no notification.
    page.evaluate("() => window.__setHidden(true)")
    page.reload()
    wait_table_ready(page)
    page.wait_for_load_state("load")
    assert page.evaluate("() => document.hidden")  # still hidden after the reload
    assert page.locator("#notify-toggle").is_hidden()
    page.wait_for_function(MY_TURN, timeout=WAIT)
    assert page.evaluate("() => window.__asked()") == 1
    assert page.evaluate("() => window.__notifications") == []
    assert not errors, errors
    context.close()
