"""A fragment's html cut into parts, and what turns one pushed fragment into the next.

Pure functions of strings: the page (render.py) records what it sent as shells and parts, and
sends a changed part alone when the rest is as the page shows it.
"""

from __future__ import annotations

import functools

from lobby.identity_memo import IdentityMemo

# Every frame of a render carries the hand's version (a tiny input, ``#ver``): the page's
# forms send it, and the tests read a frame's version from it (docs/PROTOCOL.md).
ALWAYS_SENT = ("version",)
# The parts of a seat (element id ``seat-<part>-<index>``, templates/lobby/_seat.html): a
# push sends the changed ones alone when the rest of the seat is the same, else the whole
# seat keeping the unchanged ones as the page has them (``PageRender._delta``).
SEAT_PARTS = ("head", "role", "stats", "clock", "play")
# The status line's part: whose turn it is, and its clock.
STATUS_PARTS = ("st-turn",)
# The parts of the controls: the turn's buttons (empty off turn), and the ones that rarely
# change, kept as the page has them (``_delta``).
CONTROLS_PARTS = ("turn-buttons", "auto-form", "leave-menu", "keys-help")
TRICK_TAIL = "</ol> </div>"  # how the centre ends while a trick is under way


def centre_change(sent: str, html: str) -> str:
    """What turns the centre ``sent`` into ``html``: when the trick only grew, its new lines
    alone (appended to ``#trick`` by htmx); else the whole centre. The table's sockets mostly
    hold the same two strings (``render_center``), so it is worked out once for them."""
    known = _centre_changes.get((sent, html))
    if known is not None:
        return known
    change = html
    if 'id="trick"' in sent and sent.endswith(TRICK_TAIL) and html.endswith(TRICK_TAIL):
        head = sent[: -len(TRICK_TAIL)]
        added = html[len(head) : -len(TRICK_TAIL)]
        if html.startswith(head) and added and "</ol>" not in added:
            change = f'<ol hx-swap-oob="beforeend:#trick">{added}</ol>'
    return _centre_changes.put((sent, html), (), change)


# What turned one centre into the next, by the two strings (``centre_change``).
_centre_changes: IdentityMemo[str] = IdentityMemo(1024)


def slot(element_id: str) -> str:
    """Where part ``element_id`` was cut out of its shell (``split_parts``)."""
    return f"\x00{element_id}\x00"


@functools.lru_cache(maxsize=2048)
def split_parts(html: str, ids: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """``html`` with each element of ``ids`` it holds cut out (a slot marks its place), and
    those elements' outer html by id. Equal shells and equal parts make equal html.

    Remembered: the viewers who see a fragment alike split the very same html (four of a
    table's five status lines after a move), so it is cut once. The parts' dict is shared
    between its callers, who only read it."""
    parts: dict[str, str] = {}
    for element_id in ids:
        at = html.find(f' id="{element_id}"')
        if at < 0:
            continue
        start = html.rindex("<", 0, at)
        tag = html[start + 1 : at].split(" ", 1)[0]
        end = _element_end(html, start, tag)
        parts[element_id] = html[start:end]
        html = html[:start] + slot(element_id) + html[end:]
    return html, parts


def _element_end(html: str, start: int, tag: str) -> int:
    """Where the element of ``tag`` opened at ``start`` ends (elements of its own tag may
    nest inside it)."""
    opener, closer = f"<{tag}", f"</{tag}>"
    depth, pos = 0, start
    while True:
        close = html.index(closer, pos)
        found = html.find(opener, pos)
        while found >= 0 and html[found + len(opener)] not in " >":
            found = html.find(opener, found + 1)
        if 0 <= found < close:
            depth, pos = depth + 1, found + len(opener)
            continue
        depth, pos = depth - 1, close + len(closer)
        if depth == 0:
            return pos


def as_oob(part: str, element_id: str) -> str:
    """A part of a fragment, swapped in on its own by its id."""
    attribute = f' id="{element_id}"'
    return part.replace(attribute, f'{attribute} hx-swap-oob="true"', 1)
