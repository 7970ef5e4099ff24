"""What one seat may know: the only road from a state to a page (boardgame.io ``playerView``).

``view_for`` builds a fresh frozen value from the public facts plus exactly the viewer's own
secrets (RULES §3.4, §7.6, §8.1, §8.2). It never copies the seed, the declaration answers,
another seat's cards (except an allowed peek) or a hidden guard's seat into any field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .actions import Call, Guess
from .cards import Card, cards_of
from .errors import MalformedAction, WrongPhase
from .hand import decision_kinds, throne_choices
from .roles import Mode, Role
from .rules import Rules
from .state import N_SEATS, Phase, Question, State, slot_builder


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
    # Every set played so far, as (seat, card indices of ``cards.py``): public, since every
    # player saw each set hit the table and may remember it (a bot's search needs it to know
    # which cards are still hidden, issue 19). Indices, not Cards: it is the State's own
    # tuple, shared, so adding it costs ``view_for`` nothing.
    played: tuple[tuple[int, tuple[int, ...]], ...]
    # --- RULES §10 (None / empty / False in Boke City's rooms) ------------------------
    called: str | None = None  # §10.1 the called identity, e.g. "8S": public
    attached: tuple[Card, ...] = ()  # §10.3 cards travelling with the emperor card: public
    void: bool = False  # §10.2/§10.3 nobody took the throne
    tribute: tuple[tuple[int, int, Card], ...] = ()  # §10.4 the viewer's own transfers
    jiefeng_claim: int | None = None  # §10.10 who asked to lead (public)
    calls: tuple[str, ...] = ()  # §10.1 the identities the viewer may call now (own hand)


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


_NO_ROLES: tuple[Role | None, ...] = (None,) * N_SEATS


def known_roles(state: State, viewer: int | None) -> tuple[Role | None, ...]:
    """Each seat's role as far as ``viewer`` knows it (None = spectator)."""
    if state.emperor is None:
        return _NO_ROLES
    return _roles_known(state.emperor, state.guard, viewer, _knows_everything(state, viewer))


@cache
def _roles_known(
    emperor: int, guard: int | None, viewer: int | None, everything: bool
) -> tuple[Role | None, ...]:
    # Memoised: the answer depends on these four small values only (at most 360 keys), and
    # it is asked for every view of every action.
    def role_of(seat: int) -> Role:  # State.role_of, once the emperor is known
        return Role.EMPEROR if seat == emperor else Role.GUARD if seat == guard else Role.REBEL

    if everything:
        return tuple(role_of(s) for s in range(N_SEATS))
    roles: list[Role | None] = [None] * N_SEATS
    roles[emperor] = Role.EMPEROR  # everyone knows the emperor
    if viewer is not None:
        roles[viewer] = role_of(viewer)
    return tuple(roles)


def known_mode(state: State, viewer: int | None) -> Mode | None:
    return _known_mode(state, viewer, _knows_everything(state, viewer))


def _known_mode(state: State, viewer: int | None, everything: bool) -> Mode | None:
    if state.mode is None:
        return None
    if everything or viewer == state.emperor:
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


# --- building views fast ------------------------------------------------------------------
#
# ``view_for`` runs for the acting seat on every bot decision and for all five seats after
# every accepted action (the web layer), so it is the engine's hottest function. Built with
# the frozen dataclasses' own ``__init__`` it cost ~29 µs, two thirds of it in writing the
# fields of one View and five SeatViews. Three things make it cheap while the values stay
# exactly the same:
#
# * Views are built by ``slot_builder`` (state.py): each slot's setter called directly.
# * SeatViews are interned. A SeatView is nine small public values plus the viewer's
#   knowledge of that seat's role and the viewer's mark on it; between actions almost none
#   of them change, so equal SeatViews are shared (they are immutable) instead of rebuilt.
# * A seat's hand as Cards is kept per seat while that seat's index tuple stays the same
#   object (i.e. until the seat plays), and the last set likewise: most actions are passes.
#
# The caches hold strong references to their keys, so an identity test cannot be fooled by
# a recycled id, and they are bounded; a cache miss only costs the plain construction.

_build_view = slot_builder(View)
_build_seat_view = slot_builder(SeatView)

_SEAT_VIEWS: dict[tuple[Any, ...], SeatView] = {}
_SEAT_VIEWS_MAX = 8192  # 300 self-play hands, viewed by every seat and a spectator: 2 183


def _seat_views(
    state: State, roles: tuple[Role | None, ...], marks: tuple[Guess, ...]
) -> tuple[SeatView, ...]:
    # ``zip`` yields each seat's key, which is the SeatView's fields in order (so a miss
    # builds the SeatView from it), without a Python-level loop body per seat.
    keys = zip(
        _SEAT_NUMBERS,  # seat
        map(len, state.hands),  # card_count
        roles,  # role
        state.places,  # place
        state.auto,  # auto_play
        state.fled,  # fled
        state.failed_rebels,  # failed_rebel
        _PASSED[state.passed],  # passed: state.seat_passed(s) for each seat
        marks,  # mark
        strict=True,
    )
    get = _SEAT_VIEWS.get
    return tuple([get(key) or _new_seat_view(key) for key in keys])


def _new_seat_view(key: tuple[Any, ...]) -> SeatView:
    if len(_SEAT_VIEWS) >= _SEAT_VIEWS_MAX:
        _SEAT_VIEWS.clear()
    seat_view = _SEAT_VIEWS[key] = _build_seat_view(*key)
    return seat_view


_SEAT_NUMBERS = tuple(range(N_SEATS))
# Each 5-bit mask of ``State.passed`` as five booleans, by seat.
_PASSED: tuple[tuple[bool, ...], ...] = tuple(
    tuple(bool(mask >> s & 1) for s in range(N_SEATS)) for mask in range(1 << N_SEATS)
)


_EMPTY: tuple[int, ...] = ()
_hand_cards: list[tuple[tuple[int, ...], tuple[Card, ...]]] = [(_EMPTY, ())] * N_SEATS
_last_set_cards: list[tuple[tuple[int, ...], tuple[Card, ...]]] = [(_EMPTY, ())]


def _cards_of_hand(state: State, seat: int) -> tuple[Card, ...]:
    """The seat's cards, strongest first, reused while its hand is the same tuple."""
    hand = state.hands[seat]
    known, cards = _hand_cards[seat]
    if known is not hand:
        cards = cards_of(reversed(hand))
        _hand_cards[seat] = (hand, cards)
    return cards


def _cards_of_last_set(last_set: tuple[int, ...]) -> tuple[Card, ...]:
    known, cards = _last_set_cards[0]
    if known is not last_set:
        cards = cards_of(last_set)
        _last_set_cards[0] = (last_set, cards)
    return cards


_NO_MARKS: tuple[Guess, ...] = (Guess.UNKNOWN,) * N_SEATS


def view_for(state: State, seat: int | None, *, peek: int | None = None) -> View:
    """Exactly what ``seat`` (None = spectator) may know of ``state``."""
    if seat is not None and not 0 <= seat < N_SEATS:
        raise MalformedAction(f"seat {seat!r} is not in 0..4")
    public = state.roles_public  # a property: read it once
    emperor = state.emperor
    # _knows_everything(state, seat) and known_roles(state, seat), from ``public``.
    everything = emperor is not None and (public or (seat is not None and seat == state.guard))
    roles = _NO_ROLES if emperor is None else _roles_known(emperor, state.guard, seat, everything)
    phase = state.phase
    # peek_targets(state, seat), without the call in the usual case: the viewer still plays.
    out = seat is not None and phase is Phase.PLAY and state.places[seat] is not None
    targets = peek_targets(state, seat) if out else ()
    peek_cards: tuple[Card, ...] | None = None
    if peek is not None:
        if peek not in targets:
            raise WrongPhase("you may not look at that player's cards")
        peek_cards = cards_of(reversed(state.hands[peek]))
    marks = _NO_MARKS if seat is None else state.marks[seat]
    question = None
    if seat is not None and phase is Phase.DECLARE and state.answers[seat] is None:
        question = state.questions[seat]
    last_set = state.last_set
    # Positional, in View's field order (slot_builder); the comments name the fields.
    return _build_view(
        state.version,  # version
        seat,  # seat
        phase,  # phase
        state.rules,  # rules
        _seat_views(state, roles, marks),  # seats
        None if seat is None else _cards_of_hand(state, seat),  # hand
        state.throne_holder if phase is Phase.THRONE else None,  # throne_holder
        emperor,  # emperor
        _known_mode(state, seat, everything),  # mode
        public,  # open
        state.rebellion,  # rebellion
        state.turn if phase is Phase.PLAY or phase is Phase.GRAB else None,  # turn
        phase is Phase.PLAY and last_set is None,  # leading
        None if last_set is None else _cards_of_last_set(last_set),  # last_set
        state.last_player,  # last_player
        question,  # question
        () if seat is None else decision_kinds(state, seat),  # choices
        seat is not None and (state.fled[seat] or state.auto_count[seat] >= 3),  # auto_locked
        targets,  # peek_targets
        peek if peek_cards is not None else None,  # peek_seat
        peek_cards,  # peek_cards
        state.played,  # played
        None if state.called is None else Call.of_identity(state.called).label,  # called
        cards_of(state.attached) if state.attached else (),  # attached
        state.void,  # void
        _own_tribute(state, seat),  # tribute
        state.jiefeng_claim,  # jiefeng_claim
        _own_calls(state, seat),  # calls
    )


def _own_calls(state: State, seat: int | None) -> tuple[str, ...]:
    """RULES §10.1: what the emperor-card holder may call: read from his own hand only."""
    if seat is None or state.phase is not Phase.THRONE or not state.rules.called_guard:
        return ()
    return tuple(a.label for a in throne_choices(state, seat) if isinstance(a, Call))


def _own_tribute(state: State, seat: int | None) -> tuple[tuple[int, int, Card], ...]:
    """RULES §10.4: each transfer is seen by its giver and its taker, nobody else."""
    if seat is None or not state.tribute:
        return ()
    return tuple(
        (giver, taker, cards_of((card,))[0])
        for giver, taker, card in state.tribute
        if seat in (giver, taker)
    )
