"""A person in Chromium: sign up, play with bots, play a whole hand by clicking (issue 8)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PASSWORD = "correct horse battery staple"


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}/")


def play_my_turns(page, *, shots: bool = False) -> int:
    """Act whenever the page offers a decision, using only its controls, until the end."""
    turns = 0
    for _ in range(2000):
        if page.locator("#center.center--results").count():
            return turns
        choice = page.locator("#controls form:has(input[name=choice]) button")
        play = page.locator("#play-button")
        if choice.count():
            choice.last.click()  # the quieter answer: ascend / dark guard / stay quiet
            turns += 1
        elif play.count():
            turns += 1
            leading = page.locator("#controls[data-leading='1']").count() > 0
            if leading:
                page.locator("#my-hand .card").last.click()  # my weakest single card
            else:
                page.click("#hint-button")
                page.wait_for_function(
                    "document.querySelector('#hint') && "
                    "document.querySelector('#hint').dataset.cards !== undefined"
                )
            if play.is_enabled():
                play.click()
            elif page.locator("#pass-button").count():
                page.click("#pass-button")
            else:  # a hint that raised nothing while leading: play the weakest card
                page.locator("#my-hand .card").last.click()
                play.click()
            if shots and turns == 8:
                page.screenshot(path=str(ARTIFACTS / "mid-hand.png"))
        # Wait for the table to move on (the next frame), not for a fixed time.
        page.wait_for_function(
            "v => document.querySelector('#controls')?.dataset.version !== v "
            "|| document.querySelector('#center.center--results') !== null",
            arg=page.locator("#controls").get_attribute("data-version"),
            timeout=60_000,
        )
    raise AssertionError("the hand did not end")


def test_a_person_plays_a_hand_against_bots_in_chromium(live, browser) -> None:
    _, base = live
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, base, "pia")
    page.goto(f"{base}/rooms/standard/")
    page.click("#play-with-bots")
    page.wait_for_selector("#my-hand .card")
    assert page.locator("#my-hand .card").count() in (33, 34)  # RULES §2.2
    page.screenshot(path=str(ARTIFACTS / "deal.png"))
    turns = play_my_turns(page, shots=True)
    assert turns > 0
    page.screenshot(path=str(ARTIFACTS / "settlement.png"))
    rows = page.locator("#center.center--results tbody tr")
    assert rows.count() == 5
    assert not errors, errors
