"""The Baohuang rules engine: pure Python, no Django (RULES.md; docs/NOTATION.md).

The web layer needs only: ``new_hand``, ``apply``, ``view_for``, ``legal_actions``,
``hint``, ``autoplay_action``, ``to_act``, ``settle``, the ``Action`` notation and the
``IllegalAction`` tree. Everything else is for tests, bots and the referee command.
"""

from .actions import (
    Abdicate,
    Action,
    Ascend,
    AutoPlay,
    DarkGuard,
    DarkSolo,
    Flee,
    Guess,
    Mark,
    NoRebel,
    OpenGuard,
    OpenSolo,
    Pass,
    Play,
    Rebel,
)
from .cards import Card, Rank, Suit, format_cards, parse_cards
from .errors import (
    DoesNotBeat,
    IllegalAction,
    InvalidSet,
    KeepSixViolation,
    MalformedAction,
    NotInHand,
    NotYourTurn,
    PassLocked,
    WrongPhase,
)
from .hand import (
    LegalActions,
    apply,
    autoplay_action,
    hint,
    legal_actions,
    new_hand,
    to_act,
)
from .outcome import seat_outcomes, settle
from .replay import HandLog, replay, states
from .roles import Mode, Role
from .rules import Rules
from .sets import beats, is_set, legal_sets
from .state import Phase, Question, State
from .view import SeatView, View, view_for

__all__ = [
    "Abdicate",
    "Action",
    "Ascend",
    "AutoPlay",
    "Card",
    "DarkGuard",
    "DarkSolo",
    "DoesNotBeat",
    "Flee",
    "Guess",
    "HandLog",
    "IllegalAction",
    "InvalidSet",
    "KeepSixViolation",
    "LegalActions",
    "MalformedAction",
    "Mark",
    "Mode",
    "NoRebel",
    "NotInHand",
    "NotYourTurn",
    "OpenGuard",
    "OpenSolo",
    "Pass",
    "PassLocked",
    "Phase",
    "Play",
    "Question",
    "Rank",
    "Rebel",
    "Role",
    "Rules",
    "SeatView",
    "State",
    "Suit",
    "View",
    "WrongPhase",
    "apply",
    "autoplay_action",
    "beats",
    "format_cards",
    "hint",
    "is_set",
    "legal_actions",
    "legal_sets",
    "new_hand",
    "parse_cards",
    "replay",
    "seat_outcomes",
    "settle",
    "states",
    "to_act",
    "view_for",
]
