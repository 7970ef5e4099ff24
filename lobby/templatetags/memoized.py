"""Memoised partials of the table: ``{% card %}``, ``{% seat_tools %}``, ``{% seat %}`` and
its parts (``{% seat_head %}``, ``{% seat_role %}``, ``{% seat_stats %}``, ``{% seat_play %}``),
``{% status %}``, ``{% controls %}``, ``{% trick_rows %}`` and ``{% play_log %}``.

A push re-renders the table for each connection; the costliest pieces were the card faces
(up to 34 in a hand, each through nested partials), the four seats' tool menus (about forty
controls), the seats themselves, the status line and the controls. Each partial is rendered
from exactly the values that make its cache key, and nothing else, so equal keys render
equal html by construction and a cached rendering can never carry anything its key does not
say: no viewer can be handed what was rendered for another unless both would have been
shown the very same thing. Card faces and seat menus are made once per process (168
physical cards × 3 variants; 5 seats × 4 marks × 2 × 2 × languages); a seat, a status line
or a control bar is made once per change and shared by the players who see it alike
(measured by ``python -m bench render``).

What it saves, measured in the same-run load bench (20 tables × 5 sockets, one action a
second per table, 30 s; real and writing-floor runs alternate), two runs each with these
memos and without them (every ``lru_cache`` here and the three dict/identity memos turned
off, the same templates and frames), ordered A/B/B/A:

    .venv/bin/python -m bench load --tables 20 --seconds 30 --floor --floor-writes --rounds 1

CPU per action as a multiple of the same run's writing floor (``cpu_ratio_writes``): with
the memos median 2.59 (2.41–2.77), without them median 5.27 (4.99–5.55); in server CPU per
action 4.76–4.78 ms against 9.08–9.33 ms. Removing them doubles the CPU per action (+103 %),
far above the 5 % a speed trick must save to stay.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape as html_escape
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop

from lobby.identity_memo import IdentityMemo
from lobby.page_language import page_language
from lobby.presenters import (
    STATUS_ACTOR,
    CardInfo,
    ControlsView,
    CounterCell,
    SeatInfo,
    StatusView,
    TableContext,
    TrickEntry,
    controls_fields,
    position_of,
    status_fields,
)

register = template.Library()

# A run of white space that holds a line break: the templates' indentation. HTML renders any
# run of white space between words or tags as one space (no fragment holds <pre> or a
# <textarea>), so one space shows the same page for a fraction of the bytes every push sends.
_INDENT = re.compile(r"\s*\n\s*")


def compact(html: str) -> str:
    """``html`` with its indentation collapsed to single spaces and its ends stripped."""
    return _INDENT.sub(" ", html).strip()


CARD_VARIANTS = ("", "mini", "hand", "pick", "picked")


@register.simple_tag
def card(c: CardInfo, variant: str = "", data: str = "") -> SafeString:
    """The face of ``c``; ``data`` names an attribute (``data-held``…) set to its code, or
    for a "pick" face the id of the form its checkbox belongs to."""
    if variant not in CARD_VARIANTS:
        raise template.TemplateSyntaxError(f"unknown card variant {variant!r}")
    if variant in ("pick", "picked") and not data:
        raise template.TemplateSyntaxError("a pick face needs the id of its form")
    if data and variant not in ("pick", "picked") and not data.startswith("data-"):
        raise template.TemplateSyntaxError(f"card data attribute must start with data-: {data!r}")
    return _card(c, variant, data)


@lru_cache(maxsize=4096)
def _card(c: CardInfo, variant: str, data: str) -> SafeString:
    html = render_to_string("lobby/_card.html", {"c": c, "variant": variant, "data": data})
    return mark_safe(compact(html))  # the template engine escaped it


@register.simple_tag
def seat_tools(seat: SeatInfo, can_mark: bool) -> SafeString:
    """The viewer's mark menu, psych-war menu and peek button for another seat."""
    language = page_language()
    return _seat_tools(language, seat.index, seat.mark, seat.mark_label, can_mark, seat.can_peek)


def pushed_seat_tools(seat: SeatInfo, can_mark: bool) -> str:
    """The tools of ``seat`` on their own, swapped in by their id (``seat-tools-<index>``)."""
    language = page_language()
    return _seat_tools(
        language, seat.index, seat.mark, seat.mark_label, can_mark, seat.can_peek, oob=True
    )


@lru_cache(maxsize=1024)
def _seat_tools(
    language: str | None,
    index: int,
    mark: str,
    mark_label: str,
    can_mark: bool,
    can_peek: bool,
    oob: bool = False,
) -> SafeString:
    html = render_to_string(
        "lobby/_seat_tools.html",
        {
            "index": index,
            "mark": mark,
            "mark_label": mark_label,
            "show_mark": can_mark,
            "can_peek": can_peek,
            "oob": oob,
        },
    )
    return mark_safe(compact(html))  # the template engine escaped it


# Stands in for the seat's position in a cached rendering; the tag puts the viewer's in.
_POSITION_SLOT = "seat--position-slot"


@register.simple_tag
def seat(seat: SeatInfo, t: TableContext, oob: bool = False) -> SafeString:
    """One seat as ``t``'s viewer sees it (templates/lobby/_seat.html).

    The position around the table (counter-clockwise from the viewer) is the one thing
    every viewer sees differently even when they know the same; it stays out of the key and
    is put into the class afterwards.
    """
    html = _seat(
        page_language(),
        seat,
        t.phase,
        t.me is None,
        seat.index == t.me,
        t.can_mark,
        oob,
        t.is_owner and seat.index != t.me and seat.occupant is not None,
        t.host is not None,
    )
    position = position_of(seat.index, t.me)
    return SafeString(html.replace(_POSITION_SLOT, f"seat--{position}", 1))


@lru_cache(maxsize=8192)  # a table's seats as its viewers see them: ~25 a table
def _seat(
    language: str | None,
    seat: SeatInfo,
    phase: str,
    spectator: bool,
    is_self: bool,
    can_mark: bool,
    oob: bool,
    can_remove: bool = False,
    hosted: bool = False,
) -> str:
    return compact(
        render_to_string(
            "lobby/_seat.html",
            {
                "seat": seat,
                "position": _POSITION_SLOT.removeprefix("seat--"),
                "phase": phase,
                "spectator": spectator,
                "is_self": is_self,
                "can_mark": can_mark,
                "oob": oob,
                "can_remove": can_remove,
                "hosted": hosted,
            },
        )
    )


def _seat_part(part: str, **values: object) -> SafeString:
    """Part ``part`` of _seat.html rendered from ``values`` alone (they are its whole key)."""
    return _seat_part_cached(page_language(), part, tuple(values.items()))


@lru_cache(maxsize=4096)
def _seat_part_cached(
    language: str | None, part: str, values: tuple[tuple[str, object], ...]
) -> SafeString:
    html = render_to_string(f"lobby/_seat.html#{part}", dict(values))
    return mark_safe(compact(html))  # the template engine escaped it


@register.simple_tag
def seat_head(seat: SeatInfo) -> SafeString:
    """The seat's name line: who sits there, and the crown once the emperor is known."""
    o = seat.occupant
    assert o is not None  # the template draws a head for an occupied seat only
    return _seat_part(
        "head",
        index=seat.index,
        crown=seat.holds_throne or seat.role_code == "emperor",
        name=o.name,
        is_bot=o.is_bot,
        bot_level=o.bot_level,
        is_me=o.is_me,
    )


@register.simple_tag
def seat_role(seat: SeatInfo) -> SafeString:
    """The seat's role as the viewer knows it, and its title (RULES §7.6)."""
    title = seat.occupant.title if seat.occupant is not None else ""
    return _seat_part(
        "role", index=seat.index, role=seat.role, role_code=seat.role_code, title=title
    )


@register.simple_tag
def seat_stats(seat: SeatInfo, phase: str, hosted: bool = False) -> SafeString:
    """The seat's public state during and after a hand: cards left, place, tags, clock.
    ``hosted``: a tournament's table, where nobody is asked to be ready for the next hand."""
    o = seat.occupant
    return _seat_part(
        "stats",
        index=seat.index,
        phase=phase,
        hosted=hosted,
        card_count=seat.card_count,
        place=seat.place,
        place_label=seat.place_label,
        auto_play=seat.auto_play,
        away=seat.away,
        fled=seat.fled,
        failed_rebel=seat.failed_rebel,
        owes_decision=seat.owes_decision,
        is_bot=o is not None and o.is_bot,
        ready=o is not None and o.ready,
    )


# Stands in for a deadline in a cached rendering; the tag puts the real one in. A deadline
# is a moment (an ISO time), new with every move: in the key it would make every status line
# and seat clock a fresh rendering, while the rest of them repeats from move to move.
_DEADLINE_SLOT = "deadline-slot"


def _with_deadline(html: str, deadline: str) -> SafeString:
    """A rendering made with ``_DEADLINE_SLOT`` for ``deadline``, with the deadline put in.
    (``SafeString`` and the standard library's ``escape``, which Django's ``mark_safe`` and
    ``escape`` wrap: this runs for every seat clock and status line of every push.)"""
    if not deadline:
        return SafeString(html)
    return SafeString(html.replace(_DEADLINE_SLOT, html_escape(deadline), 1))


@register.simple_tag
def seat_clock(seat: SeatInfo) -> SafeString:
    """Whether it is the seat's turn, and its decision clock."""
    deadline = seat.deadline
    html = _seat_part(
        "clock", index=seat.index, is_turn=seat.is_turn, deadline=deadline and _DEADLINE_SLOT
    )
    return _with_deadline(html, deadline)


@register.simple_tag
def seat_play(seat: SeatInfo) -> SafeString:
    """What the seat played last in the trick, or its pass: new with every play, like the
    trick's moves, so written in Python like them (below)."""
    return _seat_play(page_language(), seat.index, seat.last_set, seat.passed)


@lru_cache(maxsize=4096)
def _seat_play(
    language: str | None, index: int, last_set: tuple[CardInfo, ...], passed: bool
) -> SafeString:
    if last_set:
        inner = '<div class="mini-set">' + "".join([_card(c, "mini", "") for c in last_set])
        inner += "</div>"
    elif passed:
        inner = f'<span class="passed">{html_escape(gettext("Pass"))}</span>'
    else:
        inner = ""
    return SafeString(f'<div class="seat-play" id="seat-play-{index}">{inner}</div>')


@register.simple_tag
def version_input(version: int, oob: bool = False) -> SafeString:
    """The hand's version as the page shows it (``#ver``): every push carries it, and every
    ws-send form of the table sends it (hx-include), so an action made on an older state is
    refused as stale. Tiny, so the status line and the controls need not carry it."""
    return _version_input(int(version), bool(oob))


@lru_cache(maxsize=4096)
def _version_input(version: int, oob: bool) -> SafeString:
    swap = ' hx-swap-oob="true"' if oob else ""
    return mark_safe(f'<input hidden id="ver" name="version" value="{version}"{swap}>')


@register.simple_tag
def status(t: TableContext, oob: bool = False) -> SafeString:
    """The status line for ``t``'s viewer: all five players but the one to act see the same."""
    # The name of the seat the line names is put in afterwards, like the deadline: the line's
    # rendering is then the same at every table (one per phase, seat and kind of turn), not
    # one per player's name, which a process of many tables drew afresh for each new hand.
    fields = status_fields(t, _DEADLINE_SLOT, _ACTOR_SLOT)
    html = _drawn_view(StatusView, "lobby/_status.html", fields, bool(oob))
    name: str | None = None
    if _ACTOR_SLOT in html:  # the line names another player than the viewer
        actor = fields[STATUS_ACTOR]
        name = next(s.occupant.name for s in t.seats if s.index == actor and s.occupant)
    # The viewers who read the same line get one string: the consumer cuts a line it has not
    # seen into its parts, found again by that string (lobby.consumers.split_parts).
    key = (html, name, t.my_deadline or t.turn_deadline)
    line = _status_lines.get(key)
    if line is None:
        if len(_status_lines) >= 4096:
            _status_lines.clear()  # atomic, unlike evicting one while a view thread may read
        named = html if name is None else html.replace(_ACTOR_SLOT, html_escape(name), 1)
        line = _status_lines[key] = _with_deadline(named, key[2])
    return line


# The status lines with their names and deadlines put in, by the line drawn with slots for
# them, the name and the deadline (``status``).
_status_lines: dict[tuple[str, str | None, str], SafeString] = {}


# Stands in for the actor's name in a cached status line (``status``). Not a character a name
# can hold (accounts' usernames are letters, digits and @.+-_), nor one escaping touches.
_ACTOR_SLOT = "\x00actor-name\x00"


@register.simple_tag
def controls(t: TableContext, oob: bool = False) -> SafeString:
    """The viewer's controls: everyone without a decision to make sees the same."""
    return _drawn_view(ControlsView, "lobby/_controls.html", controls_fields(t), bool(oob))


def _drawn_view(
    view: type[StatusView | ControlsView], template_name: str, fields: tuple[Any, ...], oob: bool
) -> SafeString:
    """``template_name`` drawn from ``view(*fields)``, found by the fields themselves: a plain
    tuple hashes and compares in C, the view would call Python to do both for every socket's
    push. The view is built only to draw the template, when the fields are new."""
    key = (template_name, page_language(), oob, fields)
    html = _views_drawn.get(key)
    if html is None:
        context = {"v": view(*fields), "oob": oob}
        html = mark_safe(compact(render_to_string(template_name, context)))
        if len(_views_drawn) >= 4096:
            _views_drawn.clear()  # atomic, unlike evicting one while a view thread may read
        _views_drawn[key] = html
    return html


# The status lines and controls drawn lately, by template, language, oob and fields.
_views_drawn: dict[tuple[object, ...], SafeString] = {}


@register.simple_tag
def counter_cells(cells: tuple[CounterCell, ...]) -> SafeString:
    """The counter's ranks, each drawn once per count and language (its ``countercell``
    partial): every player's counter differs from the others' (their own cards are left
    out), so the whole one is drawn for each of them when the play begins, and its fifteen
    partials were most of that."""
    language = page_language()
    return SafeString("".join([counter_cell(language, cell, False) for cell in cells]))


@lru_cache(maxsize=1024)
def counter_cell(language: str | None, cell: CounterCell, oob: bool) -> str:
    """One rank of the counter (``oob``: on its own, swapped in by its id)."""
    return render_to_string("lobby/_table.html#countercell", {"cell": cell, "cell_oob": oob})


@register.simple_tag
def play_log(t: TableContext, oob: bool = False) -> SafeString:
    """The public play log: the same for every viewer of a table (lobby/play_log.py)."""
    return _play_log(page_language(), t.log, bool(oob))


@lru_cache(maxsize=256)
def _play_log(language: str | None, log: tuple[TrickEntry, ...], oob: bool) -> SafeString:
    html = render_to_string("lobby/_log.html", {"log": log, "oob": oob})
    return mark_safe(compact(html))  # the template engine escaped it


# A trick that stands for any trick (``trick_rows`` draws its slot): the centre is rendered
# once per shape with it, and each trick's own rows are put in (lobby/table_state.py).
TRICK_SLOT = (TrickEntry(seat=-1, name="", kind="slot"),)
TRICK_ROWS_SLOT = "\x00trick-rows\x00"


@register.simple_tag
def trick_rows(trick: tuple[TrickEntry, ...]) -> SafeString:
    """The moves of the current trick, each one space apart as the page's list holds them:
    the same for every viewer, and a move unchanged while the trick grows, so each is
    rendered once however often the centre is."""
    if trick is TRICK_SLOT:
        return SafeString(TRICK_ROWS_SLOT)
    language = page_language()
    # A snapshot's trick is one tuple for all its viewers (lobby.presenters.record_lines):
    # its rows are remembered while it is the very same object (the tables' pushes take
    # turns on the event loop, so a few hundred tricks are the latest of their tables).
    known = _rows.get((trick,), (language,))
    if known is not None:
        return known
    html = SafeString("".join([f" {_trick_row(language, e)}" for e in trick]) + " ")
    return _rows.put((trick,), (language,), html)


_rows: IdentityMemo[SafeString] = IdentityMemo(1024)


# A move of the trick and a line of the play log are new with nearly every move, so unlike
# the rest of the table they are rendered afresh on every push, not found in a memo: written
# here in Python (each field escaped as the template engine would), they cost a tenth of a
# template partial (docs/PERFORMANCE.md). tests/lobby/test_rows.py holds them to the page.


@lru_cache(maxsize=4096)
def _trick_row(language: str | None, e: TrickEntry) -> SafeString:
    # RULES §12.2: a play effect is one class on the move, the same for every card.
    effect = f" effect-{html_escape(e.effect)}" if e.effect else ""
    head = (
        f'<li class="trick-move trick-{html_escape(e.kind)}{effect}" data-seat="{e.seat}">'
        f'<span class="trick-who">{html_escape(e.name)}</span>'
    )
    if e.kind == "play":
        faces = "".join([_card(c, "", "") for c in e.cards])
        body = f'<span class="trick-cards">{faces}</span>'
        if e.place_label:
            body += f'<span class="place">{html_escape(e.place_label)}</span>'
    elif e.kind == "request":
        label = html_escape(gettext("Pass · asks for jiefeng (接风)"))
        body = f'<span class="passed requested">{label}</span>'
    else:
        body = f'<span class="passed">{html_escape(gettext("Pass"))}</span>'
    return SafeString(f"{head}{body}</li>")


# The play log's new lines are appended to the list (htmx's ``beforeend`` out-of-band swap):
# the log only grows while a hand runs, and every line stays as it was written.
LOG_APPEND = '<ol hx-swap-oob="beforeend:#play-log">'


def log_rows(entries: tuple[TrickEntry, ...]) -> str:
    """The play log's lines ``entries`` alone, to be appended to the page's list."""
    language = page_language()
    return LOG_APPEND + "".join(_log_row(language, e) for e in entries) + "</ol>"


@register.simple_tag
def log_row(entry: TrickEntry) -> SafeString:
    """One line of the play log (templates/lobby/_log.html draws the list with it)."""
    return _log_row(page_language(), entry)


def _faces(cards: tuple[CardInfo, ...], between: str = "", *, suit_first: bool = False) -> str:
    """A log line's cards as text: rank then suit (a called card: suit then rank)."""
    texts = [f"{c.suit}{c.rank}" if suit_first else f"{c.rank}{c.suit}" for c in cards]
    return html_escape(between.join(texts))


# What a log line says after its player's name, by the kind of move (templates/lobby/_log.html
# drew the same): "play", "abdicate" and "call" also show cards, below.
_LOG_SAYS = {
    "pass": gettext_noop("pass"),
    "auto_on": gettext_noop("auto-play on"),
    "auto_off": gettext_noop("auto-play off"),
    "flee": gettext_noop("fled"),
    "grab_solo": gettext_noop("grabbed solo (抢独)"),
    "no_grab": gettext_noop("did not grab"),
    "request": gettext_noop("pass, asking for jiefeng (申请接风)"),
}


@lru_cache(maxsize=4096)
def _log_row(language: str | None, e: TrickEntry) -> SafeString:
    lead = " log-lead" if e.leads else ""
    out = [f'<li class="log-{html_escape(e.kind)}{lead}">']
    if e.leads:
        trick = html_escape(gettext("Trick %(n)s") % {"n": e.trick})
        out.append(f'<span class="log-trick">{trick}</span> ')
    out.append(f'<span class="who">{html_escape(e.name)}</span> ')
    if e.kind == "play":
        out.append(f'<span class="log-cards">{_faces(e.cards, " ")}</span>')
        if e.place_label:
            out.append(f" · {html_escape(e.place_label)}")
    elif e.kind == "abdicate":
        out.append(html_escape(gettext("passed the emperor card on")))
        if e.cards:
            added = html_escape(gettext("added"))
            out.append(f' · {added} <span class="log-cards">{_faces(e.cards)}</span>')
    elif e.kind == "show":  # Red Ten's 亮牌 (RULES §11): the red tens shown, public
        showed = html_escape(gettext("showed (亮牌)"))
        out.append(f'{showed} <span class="log-cards">{_faces(e.cards, " ")}</span>')
    elif e.kind == "call":
        called = html_escape(gettext("took the throne and called"))
        out.append(f'{called} <span class="log-cards">{_faces(e.cards, suit_first=True)}</span>')
    elif e.kind in _LOG_SAYS:
        out.append(html_escape(gettext(_LOG_SAYS[e.kind])))
    out.append("</li>")
    return SafeString("".join(out))
