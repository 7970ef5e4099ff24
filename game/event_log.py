"""The event log read back: the one place where ``HandEvent`` rows become engine actions,
hand logs and states (for the live state, replays, exports and checks alike).

Private identity marks (RULES §8.2) are stored beside the log, so that marking neither moves
the version nor shows in the public log (docs/SECURITY.md, the griefer's marks). A database
may still hold hands whose log carries them as ``Mark`` actions; ``include_marks=False``
leaves those out (decided on the parsed action's type, not on its text).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from game import engine
from game.hand_cache import HandCache, hand_key
from game.models import Hand, HandEvent


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    seq: int
    seat: int
    action: engine.Action
    notation: str  # as recorded
    source: str  # an ``EventSource`` value
    created_at: datetime


# (seq, seat, notation, source) of an event as committed.
Committed = tuple[int, int, str, str]
TAIL = 32  # events kept per hand: a push is one to a few events behind, never more

# The latest events each recent hand committed in this process (``remember_event``), so that
# what reads a hand right after its own action (the push of that action) folds them from
# memory instead of reading back the rows just written. Only what this process committed is
# here; anything else (another process's events, a gap) is read from the log.
_tails: HandCache[tuple[Committed, ...]] = HandCache()


def remember_event(hand: Hand, seq: int, seat: int, notation: str, source: str) -> None:
    """Note an event of ``hand`` as committed (call it from ``transaction.on_commit``)."""
    key = hand_key(hand)
    tail = _tails.get(key) or ()
    if tail and tail[-1][0] + 1 == seq:
        tail = (*tail[-(TAIL - 1) :], (seq, seat, notation, source))
    elif not tail or tail[-1][0] < seq:
        tail = ((seq, seat, notation, source),)  # a gap: another process wrote in between
    else:
        return  # older than what is kept (commits seen out of order): the log has it
    _tails.put(key, tail)


def committed_events(hand: Hand, *, after: int, upto: int) -> tuple[Committed, ...] | None:
    """Events ``after < seq <= upto`` of ``hand`` from this process's memory, or None when
    memory does not hold all of them (read them from the log then)."""
    if upto <= after:
        return ()
    tail = _tails.get(hand_key(hand))
    if not tail or tail[0][0] > after + 1 or tail[-1][0] < upto:
        return None
    return tuple(e for e in tail if after < e[0] <= upto)


def forget_events() -> None:
    _tails.clear()


def rules_of(hand: Hand) -> engine.Rules:
    return engine.Rules.from_dict(dict(hand.rules))


def previous_of(hand: Hand) -> engine.PreviousResult | None:
    """The result the hand was dealt after, for tribute (RULES §10.4); None if none."""
    text = hand.previous
    return engine.PreviousResult.from_text(text) if text else None


def dealt(hand: Hand) -> engine.State:
    """The hand as dealt: seed, rules and (for tribute) the previous result."""
    return engine.new_hand(hand.seed, rules_of(hand), previous_of(hand))


def logged_events(
    hand: Hand, *, include_marks: bool = True, after: int = 0, upto: int | None = None
) -> list[LoggedEvent]:
    """The hand's events in order, parsed; only those with ``after < seq <= upto``."""
    rows = HandEvent.objects.filter(hand=hand, seq__gt=after)
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    events = [
        # Read with the 216-card notation (RULES §10.2): a stored event was legal when written.
        LoggedEvent(
            seq,
            seat,
            engine.Action.from_notation(notation, full_deck=True),
            notation,
            source,
            created,
        )
        for seq, seat, notation, source, created in rows.order_by("seq").values_list(
            "seq", "seat", "action", "source", "created_at"
        )
    ]
    if include_marks:
        return events
    return [e for e in events if not isinstance(e.action, engine.Mark)]


def hand_log(hand: Hand, events: Iterable[LoggedEvent]) -> engine.HandLog:
    """The engine's log of ``hand`` made of ``events`` (docs/NOTATION.md)."""
    return engine.HandLog(
        hand.seed, rules_of(hand), tuple((e.seat, e.action) for e in events), previous_of(hand)
    )


def fold(state: engine.State, events: Iterable[LoggedEvent]) -> engine.State:
    """``state`` with ``events`` applied in order."""
    for event in events:
        state = engine.apply(state, event.seat, event.action)
    return state
