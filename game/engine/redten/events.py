"""Public events: what everyone at the table sees when an action is accepted.

The hand log (``replay.HandLog``) is the truth and holds private facts (each 亮牌 answer
as it comes in); an event is the public face of one step, the same for every seat and
spectator, so a table can announce it (and a test can rebuild what any seat may know from
the events plus that seat's own cards: tests/engine/redten/test_no_leak.py).

Kinds: ``show`` (one seat's shown red tens), ``shown`` (the 亮牌 step is over: who
showed, 明打 or 暗打), ``play``, ``pass``,
``out`` (a seat went out, with its place), ``lead`` (a new trick, and who leads it),
``auto``, ``finished`` (result and caught count, every side revealed), ``four_tens``.
An answer to the 亮牌 question before the last one produces no event at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state import N_SEATS
from .actions import Action, AutoPlay, Pass, Play
from .cards import RED_TENS, Card, cards_of
from .settlement import Result
from .state import Phase, State


@dataclass(frozen=True, slots=True)
class Event:
    version: int  # the state's version after the step
    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    seats: tuple[int, ...] = ()  # shown: the seats that showed
    open: bool | None = None  # shown: 明打
    place: int | None = None  # out
    on: bool | None = None  # auto
    result: Result | None = None  # finished
    caught: int | None = None  # finished
    red: tuple[int, ...] = ()  # finished, four_tens: the red team


def deal_events(state: State) -> tuple[Event, ...]:
    """Events of a fresh deal: only a four-tens win is announced (§9)."""
    if state.four_tens is None:
        return ()
    return (
        Event(state.version, "four_tens", seat=state.four_tens, red=state.red),
        _finished(state),
    )


def _finished(state: State) -> Event:
    result = state.outcome()
    return Event(
        state.version, "finished", result=result.result, caught=result.caught, red=state.red
    )


def events_of(before: State, seat: int, action: Action, after: State) -> tuple[Event, ...]:
    """The public events of one accepted step ``before`` → ``after``."""
    v = after.version
    out: list[Event] = []
    if isinstance(action, AutoPlay):  # public in any phase: the seat shows 托管
        return (Event(v, "auto", seat=seat, on=action.on),)
    if before.phase is Phase.SHOW:
        if after.phase is not Phase.SHOW:
            showed = tuple(s for s in range(N_SEATS) if after.shown >> s & 1)
            for shower in showed:  # each shows every red ten it holds (file 003 §4)
                tens = [t for t, h in zip(RED_TENS, after.ten_holders, strict=True) if h == shower]
                out.append(Event(v, "show", seat=shower, cards=cards_of(tens)))
            out.append(Event(v, "shown", seats=showed, open=after.open))
            out.append(Event(v, "lead", seat=after.turn))
        return tuple(out)
    if isinstance(action, Play):
        assert after.last_set is not None and after.last_player == seat
        out.append(Event(v, "play", seat=seat, cards=cards_of(after.last_set)))
        if after.places[seat] is not None:
            out.append(Event(v, "out", seat=seat, place=after.places[seat]))
    elif isinstance(action, Pass):
        out.append(Event(v, "pass", seat=seat))
    if after.phase is Phase.FINISHED:
        out.append(_finished(after))
    elif after.last_set is None:
        out.append(Event(v, "lead", seat=after.turn))
    return tuple(out)
