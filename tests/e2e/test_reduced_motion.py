"""The table's pulses and glows stop for a player whose system asks for reduced motion, and
only for them; the signals stay (colours, the ring), in Chromium.

The markup is the table's own classes with the site's own ``table.css``: what is checked is
the style Chromium computes for them under each setting of ``prefers-reduced-motion``."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e]

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "table.css"

# One element of each kind that moves on the table: the urgent clock, an armed choice
# (the button that sends the choice on a second press), the seat whose turn it is, the
# "reconnecting" badge; and a card of the hand, which slides when raised.
MARKUP = """
<span id="clock" class="countdown urgent">5</span>
<div id="controls"><button id="armed" class="decide-button primary armed">x</button></div>
<div class="seat"><div id="seat" class="seat-box"><span class="is-turn">0:10</span></div></div>
<div id="reconnecting" class="reconnecting">…</div>
<div class="hand"><span id="card" class="card">A</span></div>
"""

STYLE = """() => Object.fromEntries(['clock', 'armed', 'seat', 'reconnecting', 'card'].map(id => {
    const s = getComputedStyle(document.getElementById(id));
    return [id, {animation: s.animationName, transition: s.transitionDuration,
                 background: s.backgroundColor, shadow: s.boxShadow}];
}))"""


def _styles(browser: object, motion: str) -> dict[str, dict[str, str]]:
    page = browser.new_page(reduced_motion=motion)  # type: ignore[attr-defined]
    try:
        page.set_content(f"<html><body>{MARKUP}</body></html>")
        page.add_style_tag(content=CSS.read_text(encoding="utf-8"))
        styles = page.evaluate(STYLE)
        assert isinstance(styles, dict)
        return styles
    finally:
        page.close()


def test_motion_stops_when_the_player_asks_for_less(browser: object) -> None:
    moving = _styles(browser, "no-preference")
    still = _styles(browser, "reduce")
    # Without the request the table moves as it always did.
    assert moving["clock"]["animation"] == "tick-pulse"
    assert moving["armed"]["animation"] == "tick-pulse"
    assert moving["seat"]["animation"] == "turn-glow"
    assert moving["reconnecting"]["animation"] == "tick-pulse"
    assert moving["card"]["transition"] != "0s"
    # With it, nothing pulses or slides …
    for element in ("clock", "armed", "seat", "reconnecting"):
        assert still[element]["animation"] == "none", element
    assert still["card"]["transition"] == "0s"
    # … and what the pulse meant is still shown: the same colours, the turn's ring.
    for element in ("clock", "armed", "reconnecting"):
        assert still[element]["background"] == moving[element]["background"], element
    assert "rgba(201, 151, 44" in still["seat"]["shadow"]
