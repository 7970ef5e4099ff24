"""The Baohuang rules engine: pure Python, no Django (RULES.md; docs/NOTATION.md).

The web layer needs only: ``new_hand``, ``apply``, ``view_for``, ``legal_actions``,
``hint``, ``autoplay_action``, ``to_act``, ``settle``, the ``Action`` notation and the
``IllegalAction`` tree. Everything else is for tests, bots and the referee command.
"""

from .actions import (
    ROLE_CHOICES,
    Abdicate,
    Action,
    Ascend,
    AutoPlay,
    Call,
    DarkGuard,
    DarkSolo,
    Flee,
    GrabSolo,
    Guess,
    Mark,
    NoGrab,
    NoRebel,
    OpenGuard,
    OpenSolo,
    Pass,
    Play,
    Rebel,
    RequestLead,
)
from .cards import Card, LowRank, Rank, Suit, format_cards, parse_cards
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
from .outcome import previous_result, seat_outcomes, settle
from .previous import PreviousResult
from .replay import HandLog, replay, states
from .roles import Mode, Role
from .rules import Rules
from .sets import beats, is_set, legal_sets
from .state import Phase, Question, State
from .view import SeatView, View, view_for

__all__ = [
    "ROLE_CHOICES",
    "Abdicate",
    "Action",
    "Ascend",
    "AutoPlay",
    "Call",
    "Card",
    "DarkGuard",
    "DarkSolo",
    "DoesNotBeat",
    "Flee",
    "GrabSolo",
    "Guess",
    "HandLog",
    "IllegalAction",
    "InvalidSet",
    "KeepSixViolation",
    "LegalActions",
    "LowRank",
    "MalformedAction",
    "Mark",
    "Mode",
    "NoGrab",
    "NoRebel",
    "NotInHand",
    "NotYourTurn",
    "OpenGuard",
    "OpenSolo",
    "Pass",
    "PassLocked",
    "Phase",
    "Play",
    "PreviousResult",
    "Question",
    "Rank",
    "Rebel",
    "RequestLead",
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
    "previous_result",
    "replay",
    "seat_outcomes",
    "settle",
    "states",
    "to_act",
    "view_for",
]
