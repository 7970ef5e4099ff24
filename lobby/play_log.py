"""The public record of a hand's play: who played which set, who passed, who went on auto-play.

Everything here is what every player at the table saw happen (RULES §4: sets and passes
are played face up; the auto-play tag and a flight are shown on the seat), so the record
is the same for every viewer and carries nothing from the hidden part of the state:
throne and declaration answers (§3) and private marks (§8.2) are dropped, and no hand is
read. The current trick, the live play log and the card counter (记牌) are drawn from it.

It is folded from the hand's event log, incrementally: the events after the last one folded,
cached per hand in the process; the events this process has just committed come from memory
(``game.event_log.committed_events``), anything else is one query.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from game import engine
from game.engine.cards import cards_of
from game.event_log import committed_events, dealt
from game.models import Hand, HandEvent


@dataclass(frozen=True, slots=True)
class PublicEvent:
    seat: int
    kind: str  # "play", "pass", "auto_on", "auto_off", "flee"; §10: "abdicate", "call",
    # "grab_solo", "no_grab", "request"
    cards: tuple[engine.Card, ...] = ()  # a play's cards, strongest first
    trick: int = 0  # 1-based trick number of a play or pass
    leads: bool = False  # this play started its trick
    went_out: int | None = None  # the place this play took (§4.6)
    source: str = ""  # for auto_on: "player", "timeout", "disconnect", … (its event source)


@dataclass(frozen=True, slots=True)
class _Folded:
    state: engine.State
    events: tuple[PublicEvent, ...]
    trick: int
    # Per seat: its last decision was taken at its deadline (RULES §6.1; public, as every
    # seat's clock is): the player is told that one more miss turns auto-play on.
    missed: tuple[bool, ...] = (False,) * 5


_CACHE_SIZE = 1024
_cache: OrderedDict[tuple[object, ...], _Folded] = OrderedDict()
_lock = threading.Lock()


def public_events(hand: Hand) -> tuple[PublicEvent, ...]:
    """The public record of ``hand`` up to its stored version."""
    return _folded(hand).events


def missed_last(hand: Hand) -> tuple[bool, ...]:
    """Per seat, whether its last decision in ``hand`` was a missed deadline (RULES §6.1)."""
    return _folded(hand).missed


def _folded(hand: Hand) -> _Folded:
    key = (hand.pk, hand.seed, hand.started_at)
    with _lock:
        folded = _cache.get(key)
    if folded is None or folded.state.version > hand.version:
        folded = _Folded(state=dealt(hand), events=(), trick=0)
    if folded.state.version < hand.version:
        # The events this process just committed come from memory (the push of an action
        # reads nothing back); anything else from the log.
        rows = committed_events(hand, after=folded.state.version, upto=hand.version)
        if rows is None:
            rows = tuple(
                HandEvent.objects.filter(
                    hand_id=hand.pk, seq__gt=folded.state.version, seq__lte=hand.version
                )
                .order_by("seq")
                .values_list("seq", "seat", "action", "source")
            )
        for _seq, seat, notation, source in rows:
            folded = _fold(
                folded, seat, engine.Action.from_notation(notation, full_deck=True), source
            )
        with _lock:
            _cache[key] = folded
            _cache.move_to_end(key)
            while len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
    return folded


def _fold(folded: _Folded, seat: int, action: engine.Action, source: str) -> _Folded:
    before = folded.state
    state = engine.apply(before, seat, action)
    trick = folded.trick
    event: PublicEvent | None = None
    if isinstance(action, engine.Play):
        leads = before.last_set is None
        trick += 1 if leads else 0
        went_out = state.places[seat] if before.places[seat] is None else None
        event = PublicEvent(
            seat=seat,
            kind="play",
            cards=tuple(reversed(cards_of(state.played[-1][1]))),
            trick=trick,
            leads=leads,
            went_out=went_out,
        )
    elif isinstance(action, engine.Pass):
        event = PublicEvent(seat=seat, kind="pass", trick=trick)
    elif isinstance(action, engine.AutoPlay):
        event = PublicEvent(
            seat=seat, kind="auto_on" if action.on else "auto_off", source=source, trick=trick
        )
    elif isinstance(action, engine.Flee):
        event = PublicEvent(seat=seat, kind="flee", trick=trick)
    else:
        event = _variant_event(before, state, seat, action, trick)
    # Everything else (throne, declarations, marks) is private or announced by the view.
    events = folded.events if event is None else (*folded.events, event)
    missed = folded.missed
    if not isinstance(action, engine.AutoPlay | engine.Mark):  # the switch and marks decide nothing
        missed = (*missed[:seat], source == "timeout", *missed[seat + 1 :])
    return _Folded(state=state, events=events, trick=trick, missed=missed)


def _variant_event(
    before: engine.State, state: engine.State, seat: int, action: engine.Action, trick: int
) -> PublicEvent | None:
    """RULES §10's public decisions: a pass of the throne with the card it added (§10.3,
    public), the called identity (§10.1, public), grabbing solo or not (§10.7, asked in
    turn), a request to lead (§10.10, public). Declarations stay private."""
    if isinstance(action, engine.Abdicate):
        added = tuple(cards_of(state.attached[len(before.attached) :]))
        return PublicEvent(seat=seat, kind="abdicate", cards=added)
    if isinstance(action, engine.Call):
        return PublicEvent(
            seat=seat, kind="call", cards=(engine.Card(action.rank, action.suit, 0),)
        )
    if isinstance(action, engine.GrabSolo | engine.NoGrab):
        return PublicEvent(seat=seat, kind=action.kind)
    if isinstance(action, engine.RequestLead):
        return PublicEvent(seat=seat, kind="request", trick=trick)
    return None


def current_trick(events: tuple[PublicEvent, ...]) -> tuple[PublicEvent, ...]:
    """The plays and passes of the latest trick, in order (the finished one until the next
    lead)."""
    plays = [e for e in events if e.kind in ("play", "pass", "request")]
    if not plays:
        return ()
    last = plays[-1].trick
    return tuple(e for e in plays if e.trick == last and e.trick > 0)


def played_counts(events: tuple[PublicEvent, ...]) -> tuple[int, ...]:
    """How many cards of each rank have been played so far, indexed by strength + 3 (the
    216-card deck's 3 4 5 have strengths −3..−1, RULES §10.2)."""
    counts = [0] * 15
    for e in events:
        for c in e.cards:
            counts[c.strength + 3] += 1
    return tuple(counts)
