"""A person steps through a whole hand in a real browser: keys, trick jumps, play/pause and
the back button, with the site's CSP (no inline script or style) and no console errors."""

from __future__ import annotations

import os
from typing import Any

import pytest
from pytest_django.live_server_helper import LiveServer

from accounts.models import User
from game.engine.review import Step, replay_steps, trick_starts
from game.export import hand_log_of
from tests.support.browser import CHROMIUM, chromium_present

from .hand_helpers import played_hand, standard_room

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not chromium_present() and os.environ.get("CI") != "true",
        reason=f"Chromium not found at {CHROMIUM}",
    ),
]


@pytest.fixture
def replay(alice: User) -> tuple[int, list[Step]]:
    """A finished hand and its replay steps, read before the browser starts: while
    Playwright's loop holds the thread (tests/conftest.py) Django refuses database work."""
    hand = played_hand(standard_room(), alice, time_out=True)
    return hand.pk, replay_steps(hand_log_of(hand))


def test_it_steps_through_a_hand_with_keys_and_the_player(
    live_server: LiveServer, replay: tuple[int, list[Step]], browser: Any
) -> None:
    hand_id, steps = replay
    starts = trick_starts(steps)
    last = len(steps) - 1
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(60_000)  # a loaded CI machine, not a sleep
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and "favicon" not in m.text and "404" not in m.text
            else None
        ),
    )
    page.goto(f"{live_server.url}/hands/{hand_id}/")
    assert page.is_visible("#replay-play")  # the player shows once the script runs
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#replay-step[data-step="1"]')
    page.keyboard.press("ArrowDown")
    page.wait_for_selector(f'#replay-step[data-step="{starts[0]}"]')
    page.keyboard.press("ArrowDown")
    page.wait_for_selector(f'#replay-step[data-step="{starts[1]}"]')
    assert page.url.endswith(f"?step={starts[1]}")
    current = page.eval_on_selector_all("a.timeline-step.current", "es => es.length")
    assert current == 1
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'#replay-step[data-step="{starts[1] - 1}"]')
    # Play at the fastest speed, then pause.
    page.select_option("#replay-speed", "400")
    page.click("#replay-play")
    # Playing moves on by itself: wait until it has gone two steps, wherever it is by then.
    page.wait_for_function(
        "n => Number(document.querySelector('#replay-step')?.dataset.step) >= n",
        arg=starts[1] + 2,
        timeout=60_000,
    )
    page.click("#replay-play")
    # Jump to a trick, then the end: the settlement is shown.
    page.click(f'.replay-tricks a[data-trick="{len(starts)}"]')
    page.wait_for_selector(f'#replay-step[data-step="{starts[-1]}"]')
    page.keyboard.press("End")
    page.wait_for_selector(f'#replay-step[data-step="{last}"] #replay-results')
    page.go_back()
    page.wait_for_selector(f'#replay-step[data-step="{starts[-1]}"]')
    assert errors == []
