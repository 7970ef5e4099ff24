"""Memoised partials of the table: ``{% card %}`` and ``{% seat_tools %}``.

A push re-renders the table for each connection; the two costliest pieces were the card
faces (up to 34 in a hand, each through nested partials) and the four seats' tool menus
(about forty controls). Both depend only on a few plain values, never on who is looking
beyond what those values say, so each distinct rendering is made once per process and
reused for every viewer and every push (measured in bench/push_bench.py). The keys are
small: 168 physical cards × 3 variants, and 5 seats × 4 marks × 2 × 2 × languages.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from lobby.presenters import CardInfo, SeatInfo, TableContext

register = template.Library()

CARD_VARIANTS = ("", "mini", "hand")


@register.simple_tag
def card(c: CardInfo, variant: str = "", data: str = "") -> SafeString:
    """The face of ``c``; ``data`` names an attribute (``data-held``…) set to its code."""
    if variant not in CARD_VARIANTS:
        raise template.TemplateSyntaxError(f"unknown card variant {variant!r}")
    if data and not data.startswith("data-"):
        raise template.TemplateSyntaxError(f"card data attribute must start with data-: {data!r}")
    return _card(c, variant, data)


@lru_cache(maxsize=4096)
def _card(c: CardInfo, variant: str, data: str) -> SafeString:
    html = render_to_string("lobby/_card.html", {"c": c, "variant": variant, "data": data})
    return mark_safe(html.strip())  # the template engine escaped it


@register.simple_tag
def seat_tools(seat: SeatInfo, t: TableContext) -> SafeString:
    """The viewer's mark menu, psych-war menu and peek button for another seat."""
    language = translation.get_language()
    return _seat_tools(language, seat.index, seat.mark, seat.mark_label, t.can_mark, seat.can_peek)


@lru_cache(maxsize=1024)
def _seat_tools(
    language: str | None, index: int, mark: str, mark_label: str, can_mark: bool, can_peek: bool
) -> SafeString:
    html = render_to_string(
        "lobby/_seat_tools.html",
        {
            "index": index,
            "mark": mark,
            "mark_label": mark_label,
            "show_mark": can_mark,
            "can_peek": can_peek,
        },
    )
    return mark_safe(html.strip())  # the template engine escaped it
