"""What one seat may know of a Red Ten hand: the only road from a state to a page.

File 003 §2 makes the red-ten holders a team; in 暗打 nobody learns a holder's side until a
red ten is shown (亮牌) or played. So a seat knows:

* its own cards, hence its own side (a holder of both red tens knows it plays alone, and
  therefore that everyone else is black);
* the holder of every red ten that was shown or played (public);
* once both red tens are known to it (public, or one public and the other its own), every
  seat's side: the rest are black;
* nothing else — before that, other seats' sides are unknown (``None``), also to spectators.

When the hand is over every side is shown (the result shows it anyway); remaining cards
stay hidden. The 亮牌 answers are secret until all five are in, then announced at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._speed import interner, slot_builder
from ..errors import MalformedAction
from ..state import N_SEATS
from .cards import RED_TENS, Card, cards_of
from .hand import decision_kinds
from .rules import Rules
from .settlement import Result, Team
from .state import Phase, State


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    card_count: int
    team: Team | None  # as far as the viewer knows; None = unknown to the viewer
    showed: bool  # showed a red ten at 亮牌 (public once the step is over)
    place: int | None  # going-out order, 1.. (None while holding cards)
    auto_play: bool
    passed: bool  # passed since the last set of the current trick


@dataclass(frozen=True, slots=True)
class View:
    version: int
    seat: int | None  # None: spectator
    phase: Phase
    rules: Rules
    seats: tuple[SeatView, ...]
    hand: tuple[Card, ...] | None  # the viewer's cards, strongest first; None: spectator
    open: bool | None  # 明打 (True) / 暗打 (False); None while the 亮牌 step runs
    public_red_tens: tuple[Card, ...]  # red tens everyone has seen (shown or played)
    leader: int | None  # the ♥4 holder, who leads the first trick (once play starts)
    turn: int | None
    leading: bool  # the player to act starts a trick
    last_set: tuple[Card, ...] | None
    last_player: int | None
    choices: tuple[str, ...]  # the viewer's decision kinds now (buttons)
    answered: bool  # the viewer has answered the 亮牌 question (its own fact only)
    result: Result | None  # once finished
    caught: int | None  # once finished (0 in a draw)
    four_tens: int | None  # the seat dealt all four tens, if any (the hand is over)


def known_tens(state: State, viewer: int | None) -> int:
    """Red tens whose holder ``viewer`` knows (bit 0 ♥10, bit 1 ♦10)."""
    if state.phase is Phase.FINISHED:
        return 0b11
    known = state.public_tens
    if viewer is not None:
        for bit, holder in enumerate(state.ten_holders):
            if holder == viewer:
                known |= 1 << bit
    return known


def known_teams(state: State, viewer: int | None) -> tuple[Team | None, ...]:
    """Each seat's side as far as ``viewer`` (None = spectator) knows it."""
    known = known_tens(state, viewer)
    if known == 0b11:  # both red tens placed: the rest are black
        return tuple(state.team_of(s) for s in range(N_SEATS))
    teams: list[Team | None] = [None] * N_SEATS
    for bit, holder in enumerate(state.ten_holders):
        if known >> bit & 1:
            teams[holder] = Team.RED
    if viewer is not None:
        teams[viewer] = state.team_of(viewer)
    return tuple(teams)


# Views are built for every seat after every accepted action, so they are built the way the
# Baohuang views are (game/engine/view.py), with the engine's ``_speed`` helpers: a
# ``slot_builder`` (each slot's own setter, about twice as fast as a frozen dataclass's
# __init__), and equal SeatViews shared (``interner``: they are immutable; between two
# actions most seats do not change). Same values either way.
_build_view = slot_builder(View)
_seat_view = interner(slot_builder(SeatView))


def view_for(state: State, seat: int | None) -> View:
    """Exactly what ``seat`` (None = spectator) may know of ``state``."""
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < N_SEATS):
        raise MalformedAction(f"seat {seat!r} is not in 0..4")
    phase = state.phase
    teams = known_teams(state, seat)
    after_show = phase is not Phase.SHOW
    shown = state.shown if after_show else 0
    hands, places, auto, passed = state.hands, state.places, state.auto, state.passed
    seats = tuple(
        [
            _seat_view(
                (
                    s,  # seat
                    len(hands[s]),  # card_count
                    teams[s],  # team
                    bool(shown >> s & 1),  # showed
                    places[s],  # place
                    auto[s],  # auto_play
                    bool(passed >> s & 1),  # passed
                )
            )
            for s in range(N_SEATS)
        ]
    )
    finished = phase is Phase.FINISHED
    public = 0b11 if finished else state.public_tens
    result = state.outcome() if finished else None
    last_set = state.last_set
    # Positional, in View's field order (slot_builder); the comments name the fields.
    return _build_view(
        state.version,  # version
        seat,  # seat
        phase,  # phase
        state.rules,  # rules
        seats,  # seats
        None if seat is None else cards_of(reversed(hands[seat])),  # hand
        state.open if after_show else None,  # open
        _PUBLIC_TENS[public],  # public_red_tens
        state.leader if after_show and state.four_tens is None else None,  # leader
        state.turn if phase is Phase.PLAY else None,  # turn
        phase is Phase.PLAY and last_set is None,  # leading
        None if last_set is None else cards_of(last_set),  # last_set
        state.last_player,  # last_player
        () if seat is None else decision_kinds(state, seat),  # choices
        seat is not None and state.answers[seat] is not None,  # answered
        None if result is None else result.result,  # result
        None if result is None else result.caught,  # caught
        state.four_tens,  # four_tens
    )


# The public red tens for each 2-bit mask (bit 0 ♥10, bit 1 ♦10).
_PUBLIC_TENS: tuple[tuple[Card, ...], ...] = tuple(
    cards_of(t for bit, t in enumerate(RED_TENS) if mask >> bit & 1) for mask in range(4)
)
