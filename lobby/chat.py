"""Table chat: quick phrases and emotes only, never free text, so that nothing a
player types can carry their cards to a partner (RULES §3.4) or abuse to anyone.

The chat is not part of the hand: like psych war it is a group message that never moves the
hand's version, and it is kept only by the pages that saw it.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# One message per player every this many seconds, as for psych war (RULES §8.3).
CHAT_INTERVAL = 3.0
CHAT_LOG_SIZE = 8

PHRASES: dict[str, Promise] = {
    "hello": _("Hello!"),
    "gg": _("Well played!"),
    "hurry": _("Please hurry up."),
    "thanks": _("Thanks!"),
    "again": _("One more hand?"),
    "bye": _("Bye, see you!"),
}

EMOTES: dict[str, str] = {
    "smile": "😀",
    "laugh": "😂",
    "think": "🤔",
    "cry": "😭",
    "clap": "👏",
    "angry": "😠",
}


def is_known(key: str) -> bool:
    return key in PHRASES or key in EMOTES


def text_of(key: str) -> str:
    """The words or emote for ``key``, in the active language (each page its own)."""
    if key in EMOTES:
        return EMOTES[key]
    return str(PHRASES[key])
