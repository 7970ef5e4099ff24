"""What one seat may know: the only road from a state to a page (boardgame.io ``playerView``).

``view_for`` builds a fresh frozen value from the public facts plus exactly the viewer's own
secrets (RULES §3.4, §7.6, §8.1, §8.2). It never copies the seed, the declaration answers,
another seat's cards (except an allowed peek) or a hidden guard's seat into any field.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._speed import BITS_BY_SEAT, interner, memo_by_identity, memoised, slot_builder
from .actions import Call, Guess
from .cards import Card, cards_of
from .errors import MalformedAction, WrongPhase
from .hand import auto_locked, decision_kinds, throne_choices
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
    # Every set played so far, as (seat, card indices of ``cards.py``): public, since every
    # player saw each set hit the table and may remember it (a bot's search needs it to know
    # which cards are still hidden). Indices, not Cards: it is the State's own
    # tuple, shared, so adding it costs ``view_for`` nothing.
    played: tuple[tuple[int, tuple[int, ...]], ...]
    # --- RULES §10 (None / empty / False in Boke City's rooms) ------------------------
    called: str | None = None  # §10.1 the called identity, e.g. "8S": public
    attached: tuple[Card, ...] = ()  # §10.3 cards travelling with the emperor card: public
    void: bool = False  # §10.2/§10.3 nobody took the throne
    tribute: tuple[tuple[int, int, Card], ...] = ()  # §10.4 the viewer's own transfers
    jiefeng_claim: int | None = None  # §10.10 who asked to lead (public)
    calls: tuple[str, ...] = ()  # §10.1 the identities the viewer may call now (own hand)


# --- what a seat knows (RULES §3.4, §8.1): one copy of each piece of role knowledge --------


def knows_everything(state: State, viewer: int | None) -> bool:
    """RULES §3.4: does ``viewer`` (None = spectator) know every seat's role?"""
    if state.emperor is None:
        return False
    if state.roles_public:
        return True
    if viewer is None:
        return False
    # The guard knows the emperor and himself, hence everyone; in dark solo the emperor
    # (who holds the guard card) knows he is alone. The emperor of a dark guard hand knows
    # only himself.
    return viewer == state.guard


_NO_ROLES: tuple[Role | None, ...] = (None,) * N_SEATS


def known_roles(state: State, viewer: int | None) -> tuple[Role | None, ...]:
    """Each seat's role as far as ``viewer`` (None = spectator) knows it: everyone knows the
    emperor once he ascends, each seat knows its own role, and some know all (§3.4)."""
    if state.emperor is None:
        return _NO_ROLES
    return _roles_seen(state.emperor, state.guard, viewer, knows_everything(state, viewer))


@memoised  # four small values, at most 360 keys, asked for every view of every action
def _roles_seen(
    emperor: int, guard: int | None, viewer: int | None, everything: bool
) -> tuple[Role | None, ...]:
    def role_of(seat: int) -> Role:  # State.role_of, once the emperor is known
        return Role.EMPEROR if seat == emperor else Role.GUARD if seat == guard else Role.REBEL

    if everything:
        return tuple(role_of(s) for s in range(N_SEATS))
    roles: list[Role | None] = [None] * N_SEATS
    roles[emperor] = Role.EMPEROR
    if viewer is not None:
        roles[viewer] = role_of(viewer)
    return tuple(roles)


def known_mode(state: State, viewer: int | None) -> Mode | None:
    """The hand's mode as far as ``viewer`` knows it: in a dark hand only the emperor and
    whoever knows every role can tell guard from solo (§3.4)."""
    if state.mode is None:
        return None
    if viewer == state.emperor or knows_everything(state, viewer):
        return state.mode
    return None


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


def pending_question(state: State, viewer: int | None) -> Question | None:
    """RULES §3.3: the viewer's own declaration question, while it is unanswered."""
    if viewer is None or state.phase is not Phase.DECLARE or state.answers[viewer] is not None:
        return None
    return state.questions[viewer]


# --- the view -------------------------------------------------------------------------------
#
# Built with the ``_speed`` helpers (same values as the dataclasses' own constructors):
# Views by a slot builder, SeatViews interned, a seat's hand and the last set as Cards
# remembered while their index tuples stay the same objects (most actions are passes).

_build_view = slot_builder(View)
_seat_view = interner(slot_builder(SeatView))


def _strongest_first(hand: tuple[int, ...]) -> tuple[Card, ...]:
    return cards_of(reversed(hand))


# By identity, not one slot per seat: a server views many tables' hands in turn, and a slot
# per seat number would be overwritten by the next table's seat of that number every time.
_hand_cards = memo_by_identity(_strongest_first, size=4096)
_set_cards = memo_by_identity(cards_of, size=1024)
_SEAT_NUMBERS = tuple(range(N_SEATS))
_NO_MARKS: tuple[Guess, ...] = (Guess.UNKNOWN,) * N_SEATS


def _seat_views(
    state: State, roles: tuple[Role | None, ...], marks: tuple[Guess, ...]
) -> tuple[SeatView, ...]:
    # Each seat's key is its SeatView's fields, in order.
    keys = zip(
        _SEAT_NUMBERS,  # seat
        map(len, state.hands),  # card_count
        roles,  # role (known_roles)
        state.places,  # place
        state.auto,  # auto_play
        state.fled,  # fled
        state.failed_rebels,  # failed_rebel
        BITS_BY_SEAT[state.passed],  # passed: state.seat_passed(s) for each seat
        marks,  # mark: the viewer's own marks (§8.2)
        strict=True,
    )
    return tuple([_seat_view(key) for key in keys])


def view_for(state: State, seat: int | None, *, peek: int | None = None) -> View:
    """Exactly what ``seat`` (None = spectator) may know of ``state``."""
    if seat is not None and not 0 <= seat < N_SEATS:
        raise MalformedAction(f"seat {seat!r} is not in 0..4")
    targets = peek_targets(state, seat)
    peek_cards: tuple[Card, ...] | None = None
    if peek is not None:
        if peek not in targets:
            raise WrongPhase("you may not look at that player's cards")
        peek_cards = cards_of(reversed(state.hands[peek]))
    phase = state.phase
    last_set = state.last_set
    # Positional, in View's field order (slot_builder); the comments name the fields.
    return _build_view(
        state.version,  # version
        seat,  # seat
        phase,  # phase
        state.rules,  # rules
        _seat_views(
            state, known_roles(state, seat), _NO_MARKS if seat is None else state.marks[seat]
        ),  # seats
        None if seat is None else _hand_cards(state.hands[seat]),  # hand
        state.throne_holder if phase is Phase.THRONE else None,  # throne_holder
        state.emperor,  # emperor
        known_mode(state, seat),  # mode
        state.roles_public,  # open
        state.rebellion,  # rebellion
        state.turn if phase is Phase.PLAY or phase is Phase.GRAB else None,  # turn
        phase is Phase.PLAY and last_set is None,  # leading
        None if last_set is None else _set_cards(last_set),  # last_set
        state.last_player,  # last_player
        pending_question(state, seat),  # question
        () if seat is None else decision_kinds(state, seat),  # choices
        seat is not None and auto_locked(state, seat),  # auto_locked
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
