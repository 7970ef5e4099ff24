"""The life of one Red Ten hand: deal, 亮牌, play, end (file 003 §1–§8).

``apply(state, seat, action)`` is pure, like Baohuang's: it validates, raises a specific
``IllegalAction`` (the state is frozen, so nothing changed), or returns the next state with
``version`` + 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from .._speed import put, slot_copier
from ..errors import (
    DoesNotBeat,
    IllegalAction,
    InvalidSet,
    MalformedAction,
    NotInHand,
    NotYourTurn,
    WrongPhase,
)
from ..state import N_SEATS
from .actions import NO_SHOW, PASS, SHOW, Action, AutoPlay, NoShow, Pass, Play, Show
from .cards import CARDS, HEART_FOUR, N_CARDS, RED_TENS, STRENGTH, TENS, cards_of
from .rules import Rules
from .sets import beats_strengths, enumerate_sets, set_type
from .settlement import is_over
from .state import Phase, State

CARDS_EACH = N_CARDS // N_SEATS  # 10 (file 003 §1)

# ``dataclasses.replace`` took 40 % of self-play (docs/PERFORMANCE.md, Red Ten): a state is
# copied with the Baohuang engine's slot copier and the changes written into the fresh copy,
# which nobody else holds yet, so it is as immutable as any other once handed out.
_copy = slot_copier(State)


def _with(state: State, **changes: object) -> State:
    new = _copy(state)
    for name, value in changes.items():
        put(new, name, value)
    return new


# --- deal (file 003 §1, §3) ------------------------------------------------------------


def deal_order(seed: int) -> tuple[int, tuple[int, ...]]:
    """The random seat of a first hand and the shuffled deck, both from ``seed``."""
    rng = random.Random(seed)
    first = rng.randrange(N_SEATS)
    deck = list(range(N_CARDS))
    rng.shuffle(deck)
    return first, tuple(deck)


def new_hand(seed: int, rules: Rules, *, dealer: int | None = None) -> State:
    """Deal a hand reproducibly from ``seed``, one card at a time counter-clockwise from
    ``dealer`` (file 003 §3: the last hand's first place; None for a first hand or a new
    table: a seat drawn from the seed). Ten cards each.

    A seat dealt all four tens has won at once (§9): the state is already finished.
    """
    first, deck = deal_order(seed)
    if dealer is not None:
        if not isinstance(dealer, int) or not 0 <= dealer < N_SEATS:
            raise MalformedAction(f"dealer {dealer!r} is not a seat 0..4")
        first = dealer
    dealt: list[list[int]] = [[] for _ in range(N_SEATS)]
    for i, card in enumerate(deck):
        dealt[(first + i) % N_SEATS].append(card)
    return start_hand(seed, rules, dealer=first, hands=dealt)


def start_hand(seed: int, rules: Rules, *, dealer: int, hands: Sequence[Iterable[int]]) -> State:
    """A hand from given cards (card indices per seat): the deal's second half, public for
    golden hands and tests that need a particular deal. Hands may hold fewer than ten cards
    (a position testing one rule), but ♥4 and both red tens must be dealt: they decide who
    leads and the teams. A seat holding all four tens has won at once (§9)."""
    sorted_hands = tuple(tuple(sorted(h)) for h in hands)
    if len(sorted_hands) != N_SEATS:
        raise MalformedAction(f"a deal has {N_SEATS} hands")
    every = [i for h in sorted_hands for i in h]
    if len(set(every)) != len(every) or not all(0 <= i < N_CARDS for i in every):
        raise MalformedAction("a deal names a card twice or a card that does not exist")

    def holder(card: int) -> int:
        for seat, hand in enumerate(sorted_hands):
            if card in hand:
                return seat
        raise MalformedAction(f"{CARDS[card]} must be dealt: it decides the teams or the leader")

    four_tens = next((s for s in range(N_SEATS) if set(sorted_hands[s]) >= TENS), None)
    return State(
        seed=seed,
        rules=rules,
        version=0,
        phase=Phase.SHOW if four_tens is None else Phase.FINISHED,
        dealer=dealer,
        hands=sorted_hands,
        ten_holders=(holder(RED_TENS[0]), holder(RED_TENS[1])),
        four_tens=four_tens,
        leader=holder(HEART_FOUR),
        answers=(None,) * N_SEATS,
        shown=0,
        public_tens=0b11 if four_tens is not None else 0,
        turn=None,
        last_set=None,
        last_player=None,
        passed=0,
        places=tuple(1 if s == four_tens else None for s in range(N_SEATS)),
        auto=(False,) * N_SEATS,
        played=(),
    )


# --- apply ------------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` takes ``action``; raises ``IllegalAction`` if it may not."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < N_SEATS:
        raise MalformedAction(f"seat {seat!r} is not in 0..4")
    if state.phase is Phase.FINISHED:
        raise WrongPhase("the hand is over")
    if isinstance(action, Play):
        new = _play(state, seat, action)
    elif isinstance(action, Pass):
        new = _pass(state, seat)
    elif isinstance(action, Show | NoShow):
        new = _answer(state, seat, isinstance(action, Show))
    elif isinstance(action, AutoPlay):
        new = _auto(state, seat, action.on)
    else:
        raise MalformedAction(f"{action!r} is not a Red Ten action")
    return _with(new, version=state.version + 1)


def _set[V](values: tuple[V, ...], seat: int, value: V) -> tuple[V, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


# --- 亮牌 (file 003 §4) -------------------------------------------------------------------


def holds_red_ten(state: State, seat: int) -> bool:
    return seat in state.ten_holders


def show_choices(state: State, seat: int) -> tuple[Action, ...]:
    """Every seat answers once; only a red-ten holder may show. The prompt goes to all five
    so that being asked betrays nothing (docs/RULES-DECISIONS.md)."""
    if state.phase is not Phase.SHOW or state.answers[seat] is not None:
        return ()
    return (SHOW, NO_SHOW) if holds_red_ten(state, seat) else (NO_SHOW,)


def _answer(state: State, seat: int, show: bool) -> State:
    if state.phase is not Phase.SHOW:
        raise WrongPhase("the 亮牌 step is over")
    if state.answers[seat] is not None:
        raise WrongPhase("you have already answered")
    if show and not holds_red_ten(state, seat):
        raise WrongPhase("only a player holding a red ten can show it")
    answers = _set(state.answers, seat, show)
    if any(a is None for a in answers):
        return _with(state, answers=answers)
    # All five answered: announce at once who showed, and start the play (§3: ♥4 leads).
    shown = sum(1 << s for s in range(N_SEATS) if answers[s])
    public = sum(1 << bit for bit, h in enumerate(state.ten_holders) if shown >> h & 1)
    return _with(
        state,
        answers=answers,
        shown=shown,
        public_tens=public,
        phase=Phase.PLAY,
        turn=state.leader,
    )


# --- play (file 003 §3, §5–§8) ------------------------------------------------------------


def _check_turn(state: State, seat: int) -> None:
    if state.phase is not Phase.PLAY:
        raise WrongPhase("cards are not being played yet")
    if seat != state.turn:
        if state.places[seat] is not None:
            raise NotYourTurn("you have gone out of this hand")
        raise NotYourTurn("it is not your turn")


def resolve_cards(action: Play, hand: tuple[int, ...]) -> tuple[int, ...]:
    """Card indices for a play: physical cards as named; strength-only cards picked from
    the rest of the hand."""
    chosen: list[int] = []
    for card in action.cards:
        if not card.is_physical:
            continue
        index = card.index
        if index in chosen:
            raise MalformedAction(f"{card} is named twice")
        if index not in hand:
            raise NotInHand(f"you do not hold {card}")
        chosen.append(index)
    for card in action.cards:
        if card.is_physical:
            continue
        strength = card.strength
        pick = next(
            (i for i in reversed(hand) if STRENGTH[i] == strength and i not in chosen), None
        )
        if pick is None:
            raise NotInHand(f"you do not hold another {card}")
        chosen.append(pick)
    return tuple(sorted(chosen))


def _play(state: State, seat: int, action: Play) -> State:
    _check_turn(state, seat)
    hand = state.hands[seat]
    chosen = resolve_cards(action, hand)
    strengths = [STRENGTH[i] for i in chosen]
    if set_type(strengths) is None:
        raise InvalidSet(
            "a set is one card, two to four cards of one rank, the two red tens, or the two jokers"
        )
    if state.last_set is not None and not beats_strengths(
        [STRENGTH[i] for i in state.last_set], strengths
    ):
        raise DoesNotBeat(
            "a set must be of the same kind and stronger; only the double red ten and the "
            "double joker beat other kinds"
        )
    rest = tuple(i for i in hand if i not in chosen)
    public = state.public_tens
    for bit, ten in enumerate(RED_TENS):
        if ten in chosen:  # a red ten on the table tells everyone its holder's side
            public |= 1 << bit
    places = state.places
    if not rest:
        places = _set(places, seat, sum(p is not None for p in places) + 1)
    new = _with(
        state,
        hands=_set(state.hands, seat, rest),
        last_set=chosen,
        last_player=seat,
        passed=0,
        played=(*state.played, (seat, chosen)),
        public_tens=public,
        places=places,
    )
    if not rest and is_over(new.red, new.out_order):
        return _with(new, phase=Phase.FINISHED, turn=None, public_tens=0b11)
    return _advance(new, seat)


def _pass(state: State, seat: int) -> State:
    _check_turn(state, seat)
    if state.last_set is None:
        raise WrongPhase("you lead this trick: play any set")
    return _advance(_with(state, passed=state.passed | 1 << seat), seat)


def _advance(state: State, actor: int) -> State:
    """The next seat holding cards acts, or the trick closes (everyone else passed)."""
    last = state.last_player
    assert last is not None
    hands = state.hands
    for step in range(1, N_SEATS + 1):
        seat = (actor + step) % N_SEATS
        if seat == last and hands[seat]:
            return _new_trick(state, seat)  # everyone else passed: the last player leads
        if not hands[seat]:
            continue  # players who are out are skipped
        if state.passed >> seat & 1:
            break  # round complete and the last set's player is out
        return _with(state, turn=seat)
    return _new_trick(state, jiefeng_leader(state, last))


def jiefeng_leader(state: State, out_seat: int) -> int:
    """Who leads after ``out_seat`` went out on a set nobody beat. File 003 §7: when both
    red tens were shown (全亮), the next team-mate counter-clockwise still holding cards
    (接风); otherwise, as in Baohuang, simply the next player still holding cards."""
    holders = [(out_seat + k) % N_SEATS for k in range(1, N_SEATS)]
    holders = [s for s in holders if state.hands[s]]
    if state.all_shown:
        team = state.team_of(out_seat)
        mate = next((s for s in holders if state.team_of(s) is team), None)
        if mate is not None:
            return mate
    return holders[0]


def _new_trick(state: State, leader: int) -> State:
    return _with(state, turn=leader, last_set=None, last_player=None, passed=0)


def _auto(state: State, seat: int, on: bool) -> State:
    if state.auto[seat] == on:
        raise WrongPhase("you are already in auto-play" if on else "you are not in auto-play")
    return _with(state, auto=_set(state.auto, seat, on))


# --- questions about a state --------------------------------------------------------------


def to_act(state: State) -> tuple[int, ...]:
    """Seats that owe a decision now."""
    if state.phase is Phase.SHOW:
        return tuple(s for s in range(N_SEATS) if state.answers[s] is None)
    if state.phase is Phase.PLAY and state.turn is not None:
        return (state.turn,)
    return ()


def legal_play_indices(state: State, seat: int) -> list[tuple[int, ...]]:
    if state.phase is not Phase.PLAY or seat != state.turn:
        return []
    previous = None if state.last_set is None else [STRENGTH[i] for i in state.last_set]
    return enumerate_sets(state.hands[seat], previous)


def decisions(state: State, seat: int) -> Iterator[Action]:
    """The seat's decisions now: the 亮牌 answer, or plays in hint order then pass."""
    if state.phase is Phase.SHOW:
        yield from show_choices(state, seat)
    elif state.phase is Phase.PLAY and seat == state.turn:
        for ids in legal_play_indices(state, seat):
            yield Play(cards_of(ids))
        if state.last_set is not None:
            yield PASS


def decision_kinds(state: State, seat: int) -> tuple[str, ...]:
    if state.phase is Phase.PLAY:
        if seat != state.turn:
            return ()
        return ("play",) if state.last_set is None else ("play", "pass")
    return tuple(a.kind for a in decisions(state, seat))


class LegalActions:
    """Lazy legal actions of one seat (the Baohuang engine's contract): iterating yields
    one canonical play per distinct set in hint order, then ``pass``; ``in`` asks
    ``apply`` about any concrete action."""

    __slots__ = ("seat", "state")

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat

    def __iter__(self) -> Iterator[Action]:
        return decisions(self.state, self.seat)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        try:
            apply(self.state, self.seat, action)
        except IllegalAction:
            return False
        return True


def legal_actions(state: State, seat: int) -> LegalActions:
    return LegalActions(state, seat)


def hint(state: State, seat: int, n: int = 0) -> Action:
    """The n-th cheapest legal set, cycling; ``pass`` when there is none."""
    _check_turn(state, seat)
    sets = legal_play_indices(state, seat)
    if not sets:
        return PASS
    return Play(cards_of(sets[n % len(sets)]))


def autoplay_action(state: State, seat: int) -> Action:
    """What the server does for a seat in auto-play or past its deadline (as Baohuang's
    RULES §6.2): do not show; lead the weakest single card; when following, pass."""
    if state.phase is Phase.SHOW:
        if state.answers[seat] is not None:
            raise WrongPhase("you have already answered")
        return NO_SHOW
    _check_turn(state, seat)
    if state.last_set is not None:
        return PASS
    return Play((CARDS[state.hands[seat][0]],))
