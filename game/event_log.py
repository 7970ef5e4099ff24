"""The event log read back: the one place where ``HandEvent`` rows become engine actions,
hand logs and states (for the live state, replays, exports and checks alike).

Private identity marks (RULES §8.2) are stored beside the log since issue 13; hands recorded
before that carry them in the log as ``Mark`` actions, which ``include_marks=False`` leaves
out (decided on the parsed action's type, not on its text).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from game import engine
from game.models import Hand, HandEvent


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    seq: int
    seat: int
    action: engine.Action
    notation: str  # as recorded
    source: str  # an ``EventSource`` value
    created_at: datetime


def rules_of(hand: Hand) -> engine.Rules:
    return engine.Rules.from_dict(dict(hand.rules))


def logged_events(
    hand: Hand, *, include_marks: bool = True, after: int = 0, upto: int | None = None
) -> list[LoggedEvent]:
    """The hand's events in order, parsed; only those with ``after < seq <= upto``."""
    rows = HandEvent.objects.filter(hand=hand, seq__gt=after)
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    events = [
        LoggedEvent(seq, seat, engine.Action.from_notation(notation), notation, source, created)
        for seq, seat, notation, source, created in rows.order_by("seq").values_list(
            "seq", "seat", "action", "source", "created_at"
        )
    ]
    if include_marks:
        return events
    return [e for e in events if not isinstance(e.action, engine.Mark)]


def hand_log(hand: Hand, events: Iterable[LoggedEvent]) -> engine.HandLog:
    """The engine's log of ``hand`` made of ``events`` (docs/NOTATION.md)."""
    return engine.HandLog(hand.seed, rules_of(hand), tuple((e.seat, e.action) for e in events))


def fold(state: engine.State, events: Iterable[LoggedEvent]) -> engine.State:
    """``state`` with ``events`` applied in order."""
    for event in events:
        state = engine.apply(state, event.seat, event.action)
    return state
