"""What one seat may know: the only road from a state to a page (boardgame.io ``playerView``).

``view_for`` builds a fresh frozen value from the public facts plus exactly the viewer's own
secrets (RULES §3.4, §7.6, §8.1, §8.2). It never copies the seed, the declaration answers,
another seat's cards (except an allowed peek) or a hidden guard's seat into any field.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Guess
from .cards import CARDS, Card, cards_of
from .errors import MalformedAction, WrongPhase
from .hand import decision_kinds
from .roles import Mode, Role
from .rules import Rules
from .state import N_SEATS, Phase, Question, State


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    card_count: int
    role: Role | None  # as far as the viewer knows; None = unknown to the viewer
    place: int | None  # 1..5 once out
    auto_play: bool
    fled: bool
    failed_rebel: bool  # §3.3 public marker
    passed: bool  # passed since the last set of the current trick
    mark: Guess  # the viewer's own identity mark on this seat (§8.2)


@dataclass(frozen=True, slots=True)
class View:
    version: int
    seat: int | None  # None: spectator
    phase: Phase
    rules: Rules
    seats: tuple[SeatView, ...]
    hand: tuple[Card, ...] | None  # the viewer's cards, strongest first; None for spectators
    throne_holder: int | None  # who holds the emperor card while the throne is decided
    emperor: int | None
    mode: Mode | None  # as far as the viewer knows (None in a dark hand for most seats)
    open: bool  # every identity is public
    rebellion: bool  # §3.3 a rebellion stands
    turn: int | None
    leading: bool  # the player to act starts a trick
    last_set: tuple[Card, ...] | None
    last_player: int | None
    question: Question | None  # the viewer's pending declaration question
    choices: tuple[str, ...]  # the viewer's decision kinds now (buttons)
    auto_locked: bool  # the viewer may not leave auto-play (§6.1, §6.3)
    peek_targets: tuple[int, ...]  # seats the viewer may peek at (§8.1)
    peek_seat: int | None
    peek_cards: tuple[Card, ...] | None


def _knows_everything(state: State, viewer: int | None) -> bool:
    if state.emperor is None:
        return False
    if state.roles_public:
        return True
    if viewer is None:
        return False
    # RULES §3.4: the guard knows the emperor and himself, hence everyone; in dark solo the
    # emperor knows he is alone. The emperor of a dark guard hand knows only himself.
    return viewer == state.guard


def known_roles(state: State, viewer: int | None) -> tuple[Role | None, ...]:
    """Each seat's role as far as ``viewer`` knows it (None = spectator)."""
    if state.emperor is None:
        return (None,) * N_SEATS
    if _knows_everything(state, viewer):
        return tuple(state.role_of(s) for s in range(N_SEATS))
    roles: list[Role | None] = [None] * N_SEATS
    roles[state.emperor] = Role.EMPEROR  # everyone knows the emperor
    if viewer is not None:
        roles[viewer] = state.role_of(viewer)
    return tuple(roles)


def known_mode(state: State, viewer: int | None) -> Mode | None:
    if state.mode is None:
        return None
    if _knows_everything(state, viewer) or viewer == state.emperor:
        return state.mode
    return None  # a dark hand: guard or solo, the viewer cannot tell


def _royal(role: Role | None) -> bool:
    return role in (Role.EMPEROR, Role.GUARD)


def peek_targets(state: State, viewer: int | None) -> tuple[int, ...]:
    """RULES §8.1: a player who is out may look at a seat still holding cards that the
    viewer *knows* is on their side. Offering a target the viewer cannot know would leak a
    hidden role (docs/RULES-DECISIONS.md)."""
    if viewer is None or state.phase is not Phase.PLAY or state.places[viewer] is None:
        return ()
    roles = known_roles(state, viewer)
    mine = _royal(state.role_of(viewer))
    return tuple(
        s
        for s in range(N_SEATS)
        if s != viewer and state.hands[s] and roles[s] is not None and _royal(roles[s]) == mine
    )


def view_for(state: State, seat: int | None, *, peek: int | None = None) -> View:
    """Exactly what ``seat`` (None = spectator) may know of ``state``."""
    if seat is not None and not 0 <= seat < N_SEATS:
        raise MalformedAction(f"seat {seat!r} is not in 0..4")
    roles = known_roles(state, seat)
    targets = peek_targets(state, seat)
    peek_cards: tuple[Card, ...] | None = None
    if peek is not None:
        if peek not in targets:
            raise WrongPhase("you may not look at that player's cards")
        peek_cards = tuple(CARDS[i] for i in reversed(state.hands[peek]))
    marks = state.marks[seat] if seat is not None else (Guess.UNKNOWN,) * N_SEATS
    seats = tuple(
        SeatView(
            seat=s,
            card_count=len(state.hands[s]),
            role=roles[s],
            place=state.places[s],
            auto_play=state.auto[s],
            fled=state.fled[s],
            failed_rebel=state.failed_rebels[s],
            passed=state.seat_passed(s),
            mark=marks[s],
        )
        for s in range(N_SEATS)
    )
    question = None
    if seat is not None and state.phase is Phase.DECLARE and state.answers[seat] is None:
        question = state.questions[seat]
    return View(
        version=state.version,
        seat=seat,
        phase=state.phase,
        rules=state.rules,
        seats=seats,
        hand=None if seat is None else tuple(CARDS[i] for i in reversed(state.hands[seat])),
        throne_holder=state.throne_holder if state.phase is Phase.THRONE else None,
        emperor=state.emperor,
        mode=known_mode(state, seat),
        open=state.roles_public,
        rebellion=state.rebellion,
        turn=state.turn if state.phase is Phase.PLAY else None,
        leading=state.phase is Phase.PLAY and state.last_set is None,
        last_set=None if state.last_set is None else cards_of(state.last_set),
        last_player=state.last_player,
        question=question,
        choices=() if seat is None else decision_kinds(state, seat),
        auto_locked=seat is not None and (state.fled[seat] or state.auto_count[seat] >= 3),
        peek_targets=targets,
        peek_seat=peek if peek_cards is not None else None,
        peek_cards=peek_cards,
    )
