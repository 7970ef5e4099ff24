"""When each seat must act: decision clocks, server deadlines, bot pacing and who is away.

Pure bookkeeping on the ``Hand`` row inside the caller's transaction; nothing here writes
events. The writers are ``game.hands`` (actions), ``game.deadlines`` (acting when a deadline
passes) and ``game.presence`` (away and back).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings

from game import engine
from game.engine.state import N_SEATS
from game.hand_cache import HandCache, hand_key
from game.models import Hand
from game.soonest import note_deadline

# Actions a player may take whatever the version: they do not depend on the position, so a
# stale page must not make them fail (marks are private notes; auto-play is a switch), and
# they end no decision (the seat's clock keeps running).
VERSIONLESS = (engine.Mark, engine.AutoPlay)


@dataclass(frozen=True, slots=True)
class ClockRules:
    """What the clocks read of a game's engine: one set of clock rules for every game, with
    Baohuang's below and Red Ten's in ``game.redten_hands``."""

    to_act: Callable[[Any], Sequence[int]]
    play_phase: object  # the engine's Phase.PLAY: plays get the play clock, the rest the role clock
    finished_phase: object
    versionless: tuple[type, ...]  # actions that end no decision (the clock keeps running)
    can_flee: bool  # RULES §6.3; Red Ten has no flight (docs/DECISIONS.md)
    autoplay_action: Callable[[Any, int], Any]

    def fled(self, state: Any, seat: int) -> bool:
        return self.can_flee and bool(state.fled[seat])


BAOHUANG = ClockRules(
    to_act=engine.to_act,
    play_phase=engine.Phase.PLAY,
    finished_phase=engine.Phase.FINISHED,
    versionless=VERSIONLESS,
    can_flee=True,
    autoplay_action=engine.autoplay_action,
)

_bots: HandCache[frozenset[int]] = HandCache()


def bot_seats(hand: Hand) -> frozenset[int]:
    """The seats bots play in ``hand``: fixed when the hand starts, so read once per hand."""
    key = hand_key(hand)
    bots = _bots.get(key)
    if bots is None:
        bots = frozenset(hand.seats.filter(is_bot=True).values_list("seat", flat=True))
        _bots.put(key, bots)
    return bots


def remember_bots(hand: Hand, bots: frozenset[int]) -> None:
    """``bot_seats`` of ``hand`` as a read of its seats found them (the table's snapshot
    reads them anyway), so its first action needs no query of its own."""
    _bots.put(hand_key(hand), bots)


def delay(kind: str) -> timedelta:
    low, high = settings.BAOHUANG_DELAYS[kind]
    return timedelta(seconds=random.uniform(low, high))


def set_deadlines(
    hand: Hand,
    old: Any | None,
    new: Any,
    acted: tuple[int, Any] | None,
    bots: frozenset[int],
    now: datetime,
    *,
    rules: ClockRules = BAOHUANG,
) -> None:
    """Give every seat that owes a decision a clock and a deadline.

    The *clock* is the room's time for the decision, started when it became owed; it is the
    only countdown pages show, and nothing but an action that ends the decision moves it (not
    a reconnect, not another seat's mark, not the auto-play switch: docs/SECURITY.md, the
    staller). The
    *deadline* is when the server acts: the clock for a person, here or disconnected (RULES
    §6.3: his clock keeps running as if he were there); for a bot, an auto-played or fled
    seat, a delay drawn from one distribution that depends only on public facts, never on
    what the seat could play (docs/SECURITY.md, the timing observer). A running
    deadline is kept while the same decision is owed.
    """
    previous = list(hand.deadlines) if hand.deadlines else [None] * N_SEATS
    started = list(hand.clocks) if hand.clocks else [None] * N_SEATS
    owed_before = set(rules.to_act(old)) if old is not None else set()
    room = hand.room
    deadlines: list[str | None] = [None] * N_SEATS
    clocks: list[str | None] = [None] * N_SEATS
    for seat in rules.to_act(new):
        same_decision = old is not None and (
            seat in owed_before
            and old.phase is new.phase
            and (acted is None or acted[0] != seat or isinstance(acted[1], rules.versionless))
        )
        clock = started[seat] if (same_decision or old is None) else None
        if clock is None:
            seconds = room.play_seconds if new.phase is rules.play_phase else room.role_seconds
            clock = (now + timedelta(seconds=seconds)).isoformat()
        clocks[seat] = clock
        kept = (
            same_decision
            and old is not None
            and old.auto[seat] == new.auto[seat]
            and previous[seat] is not None
        )
        if kept:
            deadlines[seat] = previous[seat]
        elif seat in bots or new.auto[seat] or rules.fled(new, seat):
            deadlines[seat] = (now + delay(pace(new, seat, bots, rules))).isoformat()
        else:
            deadlines[seat] = clock
    hand.deadlines = deadlines
    hand.clocks = clocks
    pending = [datetime.fromisoformat(d) for d in deadlines if d is not None]
    if rules.can_flee:
        flee = [flee_due(hand, new, seat) for seat in range(N_SEATS)]
        pending += [when for when in flee if when is not None]
    hand.next_deadline_at = min(pending) if pending else None
    if hand.next_deadline_at is not None:
        note_deadline(hand.next_deadline_at)  # this process's keeper looks when it comes


def away_since(hand: Hand, seat: int) -> datetime | None:
    raw = hand.away[seat] if hand.away and seat < len(hand.away) else None
    return datetime.fromisoformat(raw) if raw else None


def flee_due(hand: Hand, state: engine.State, seat: int) -> datetime | None:
    """When an away player is deemed to have fled (RULES §6.3), if they still can."""
    since = away_since(hand, seat)
    if since is None or state.fled[seat] or state.places[seat] is not None:
        return None
    if state.phase is engine.Phase.FINISHED:
        return None
    return since + timedelta(seconds=hand.room.grace_seconds)


def pace(state: Any, seat: int, bots: frozenset[int], rules: ClockRules = BAOHUANG) -> str:
    """Which delay the server waits before acting for a bot or an auto-played seat.

    Chosen from public facts only (who is a bot, who still holds cards, who plays by
    themselves), never from the seat's cards: a quicker forced pass told everybody that the
    seat could not beat the table, and a slower pass that it could (docs/SECURITY.md, the
    timing observer). A person
    watching wants to follow the play, so a decision takes about a second; once no person
    still holds cards the rest is played fast. Auto-play (托管) of a player at the table keeps
    the bots' pace (RULES §6.2); a fled player's seat is passed for at the steady "auto" pace.
    """
    people_playing = any(
        s not in bots and state.hands[s] and not state.auto[s] and not rules.fled(state, s)
        for s in range(N_SEATS)
    )
    if not people_playing:
        return "fast"
    return "auto" if rules.fled(state, seat) else "bot"


def seat_deadline(hand: Hand, seat: int) -> datetime | None:
    """When the server acts for ``seat`` (server side only: see ``seat_clock``)."""
    raw = hand.deadlines[seat] if hand.deadlines and seat < len(hand.deadlines) else None
    return datetime.fromisoformat(raw) if raw else None


def seat_clock(hand: Hand, seat: int) -> datetime | None:
    """The countdown shown for ``seat``: the room's decision clock, the same whoever sits
    there and whatever they hold. Hands begun before clocks existed show the deadline."""
    raw = hand.clocks[seat] if hand.clocks and seat < len(hand.clocks) else None
    return datetime.fromisoformat(raw) if raw else seat_deadline(hand, seat)
