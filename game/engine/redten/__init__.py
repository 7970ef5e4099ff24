"""Red Ten (红十, RULES §11, seeds file 003): the five-player sister game, a pure engine in
the Baohuang engine's shape. The web layer needs only ``new_hand``, ``apply``,
``view_for``, ``legal_actions``, ``hint``, ``autoplay_action``, ``to_act``, ``settle``,
``parse_action`` and the shared ``IllegalAction`` tree; the rest is for tests, bots, replay
and the referee (``python -m game.engine.redten``).

Shared with Baohuang, imported not copied: suits (``game.engine.cards.Suit``), the
``Action`` contract with ``pass`` and ``auto on/off`` (``game.engine.actions``), the error
tree (``game.engine.errors``), the seat count, and the referee's conventions.
"""

from ..errors import IllegalAction
from .actions import NO_SHOW, PASS, SHOW, Action, NoShow, Pass, Play, Show, parse_action
from .cards import Card, Rank, format_cards, parse_cards
from .events import Event, deal_events, events_of
from .hand import (
    LegalActions,
    apply,
    autoplay_action,
    hint,
    legal_actions,
    new_hand,
    to_act,
)
from .ladder import LEVELS, Level, level_for
from .outcome import Settlement, settle
from .replay import HandLog, replay, states
from .rules import Rules
from .sets import SetType, beats, is_set, legal_sets, set_type
from .settlement import Outcome, Result, Team, coins, outcome, points
from .state import Phase, State
from .view import SeatView, View, view_for

__all__ = [
    "LEVELS",
    "NO_SHOW",
    "PASS",
    "SHOW",
    "Action",
    "Card",
    "Event",
    "HandLog",
    "IllegalAction",
    "LegalActions",
    "Level",
    "NoShow",
    "Outcome",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "Result",
    "Rules",
    "SeatView",
    "SetType",
    "Settlement",
    "Show",
    "State",
    "Team",
    "View",
    "apply",
    "autoplay_action",
    "beats",
    "coins",
    "deal_events",
    "events_of",
    "format_cards",
    "hint",
    "is_set",
    "legal_actions",
    "legal_sets",
    "level_for",
    "new_hand",
    "outcome",
    "parse_action",
    "parse_cards",
    "points",
    "replay",
    "set_type",
    "settle",
    "states",
    "to_act",
    "view_for",
]
