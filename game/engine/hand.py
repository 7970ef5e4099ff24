"""The life of one hand: deal, roles, play, end (RULES §2–§5.1, §6).

``apply(state, seat, action)`` is a pure function (boardgame.io's reducer): it validates,
raises a specific ``IllegalAction`` (leaving the state untouched, since states are frozen),
or returns the next state with ``version`` + 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ._speed import draft, put
from .actions import (
    ABDICATE,
    ASCEND,
    DARK_GUARD,
    DARK_SOLO,
    GRAB_SOLO,
    NO_GRAB,
    NO_REBEL,
    OPEN_GUARD,
    OPEN_SOLO,
    PASS,
    REBEL,
    REQUEST,
    Abdicate,
    Action,
    Ascend,
    AutoPlay,
    Call,
    DarkGuard,
    DarkSolo,
    Flee,
    GrabSolo,
    Guess,
    Mark,
    NoGrab,
    NoRebel,
    OpenGuard,
    OpenSolo,
    Pass,
    Play,
    Rebel,
    RequestLead,
)
from .cards import (
    EMPEROR_CARD,
    GUARD_CARD,
    N_CARDS,
    N_CARDS_FULL,
    ORDER,
    STRENGTH,
    cards_of,
    index_of,
    is_plain,
    sort_hand,
)
from .errors import (
    DoesNotBeat,
    IllegalAction,
    InvalidSet,
    KeepSixViolation,
    MalformedAction,
    NotInHand,
    NotYourTurn,
    PassLocked,
    WrongPhase,
)
from .previous import PreviousResult
from .roles import Mode
from .rules import Rules
from .sets import beats_strengths, is_set_strengths, keep_six_ok, legal_set_indices
from .state import N_SEATS, Phase, Question, State
from .throne import (
    ROUND,
    attached_card,
    callable_identities,
    grab_order,
    identity_of,
    must_take,
    pass_target,
    passes_before_void,
)
from .tribute import tribute_transfers
from .variant_sets import beats_with, buckets_by, general_sets

ABDICATIONS_FOR_A_FULL_ROUND = N_SEATS


# --- deal (RULES §2.2) -------------------------------------------------------------------


def new_hand(seed: int, rules: Rules, previous: PreviousResult | None = None) -> State:
    """Deal a hand reproducibly from ``seed``: a random seat is dealt first, then one card
    at a time in play order, so the first three seats dealt get 34 cards, the others 33.

    ``previous`` is the last hand's result at this table with the same five players; in a
    room with tribute (RULES §10.4) the losers' strongest cards go to the winners before the
    throne step, and the transfers are kept in the state (each seen by giver and taker)."""
    rng = random.Random(seed)
    first = rng.randrange(N_SEATS)
    if rules.deck == N_CARDS_FULL:
        # RULES §10.2: the emperor card is set aside, the other 215 dealt 43 each, and the
        # emperor card goes to a random seat, the first chooser.
        deck = [i for i in range(N_CARDS_FULL) if i != EMPEROR_CARD]
    else:
        deck = list(range(N_CARDS))
    rng.shuffle(deck)
    dealt: list[list[int]] = [[] for _ in range(N_SEATS)]
    for i, card in enumerate(deck):
        dealt[(first + i) % N_SEATS].append(card)
    if rules.deck == N_CARDS_FULL:
        dealt[rng.randrange(N_SEATS)].append(EMPEROR_CARD)
    hands = tuple(sort_hand(h) for h in dealt)
    transfers: tuple[tuple[int, int, int], ...] = ()
    if rules.tribute and previous is not None:
        marked = (EMPEROR_CARD,) if rules.called_guard else (EMPEROR_CARD, GUARD_CARD)
        transfers = tribute_transfers(previous, hands, marked)
        moved = [list(h) for h in hands]
        for giver, taker, card in transfers:
            moved[giver].remove(card)
            moved[taker].append(card)
        hands = tuple(sort_hand(h) for h in moved)
    holder = next(s for s in range(N_SEATS) if EMPEROR_CARD in hands[s])
    return State(
        seed=seed,
        rules=rules,
        version=0,
        phase=Phase.THRONE,
        hands=hands,
        first_dealt=first,
        throne_first=holder,
        throne_holder=holder,
        abdications=0,
        emperor=None,
        guard=None,
        mode=None,
        rebellion=False,
        guard_card_shown=False,
        questions=(None,) * N_SEATS,
        answers=(None,) * N_SEATS,
        failed_rebels=(False,) * N_SEATS,
        turn=holder,
        last_set=None,
        last_player=None,
        passed=0,
        passed_in_trick=0,
        places=(None,) * N_SEATS,
        auto=(False,) * N_SEATS,
        auto_count=(0,) * N_SEATS,
        fled=(False,) * N_SEATS,
        marks=((Guess.UNKNOWN,) * N_SEATS,) * N_SEATS,
        played=(),
        tribute=transfers,
        previous=previous,
    )


# --- apply -------------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` takes ``action``; raises ``IllegalAction`` if it may not.

    The handlers below validate first and then fill in one draft of the next state
    (``state.draft``); on an error the draft is dropped and ``state`` is untouched anyway.
    """
    if not isinstance(seat, int) or not 0 <= seat < N_SEATS:
        raise MalformedAction(f"seat {seat!r} is not in 0..4")
    if state.phase is Phase.FINISHED:
        raise WrongPhase("the hand is over")
    new = draft(state)
    put(new, "version", state.version + 1)
    if isinstance(action, Play):
        _play(new, seat, action)
    elif isinstance(action, Pass):
        _pass(new, seat)
    elif isinstance(action, Ascend | Abdicate | OpenSolo | DarkSolo | Call):
        _throne(new, seat, action)
    elif isinstance(action, GrabSolo | NoGrab):
        _grab(new, seat, action)
    elif isinstance(action, RequestLead):
        _request(new, seat)
    elif isinstance(action, OpenGuard | DarkGuard | Rebel | NoRebel):
        _declare(new, seat, action)
    elif isinstance(action, AutoPlay):
        _auto(new, seat, action.on)
    elif isinstance(action, Flee):
        _flee(new, seat)
    elif isinstance(action, Mark):
        _mark(new, seat, action)
    else:
        raise MalformedAction(f"unknown action {action!r}")
    return new


def _set[V](values: tuple[V, ...], seat: int, value: V) -> tuple[V, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


# --- throne and solo (RULES §3.1, §3.2) -------------------------------------------------


def throne_choices(state: State, seat: int) -> tuple[Action, ...]:
    """What the emperor-card holder may choose. Holding the guard card too, the choice of
    solo is made in the same step: a separate, visible solo step would tell the table the
    emperor is solo (RULES §3.4; docs/RULES-DECISIONS.md)."""
    if state.phase is not Phase.THRONE or seat != state.throne_holder:
        return ()
    rules = state.rules
    if rules.called_guard:
        return _called_throne_choices(state, seat)
    choices: list[Action] = []
    if GUARD_CARD in state.hands[seat]:
        if _abandoned_throne_returned(state, seat):
            return (DARK_SOLO,)  # RULES §10.11: all refused: he plays dark solo
        choices += [OPEN_SOLO, DARK_SOLO] if rules.solo else [ASCEND]
    else:
        choices.append(ASCEND)
    if _may_pass(state, can_take=True):
        choices.append(ABDICATE)
    return tuple(choices)


def _abandoned_throne_returned(state: State, seat: int) -> bool:
    """RULES §10.11: the holder of both marked cards threw the throne on and it came back."""
    return (
        state.rules.abandoned_throne
        and state.abdications >= ROUND
        and seat == state.throne_first
        and GUARD_CARD in state.hands[seat]
    )


def _called_throne_choices(state: State, seat: int) -> tuple[Action, ...]:
    """RULES §10.1: call an identity held three times (four: dark solo), or declare open
    solo; pass the card on as the room's throne rule allows (§10.3). A holder with nothing
    to call may always pass it on (§10.1: "must pass the throne on")."""
    calls = callable_identities(state.hands[seat])
    choices: list[Action] = [Call.of_identity(identity) for identity, _ in calls]
    if state.rules.solo:
        choices.append(OPEN_SOLO)
    if _may_pass(state, can_take=bool(calls)):
        choices.append(ABDICATE)
    return tuple(choices)


def _may_pass(state: State, *, can_take: bool) -> bool:
    """May the holder pass the emperor card on (RULES §3.1, §10.1, §10.3)? A holder who
    cannot take it (no identity to call) always may; the limits of §10.3 end the hand void."""
    rules = state.rules
    if not can_take:
        return True
    if not rules.abdication:
        return False
    if rules.throne == "boke":
        return state.abdications < ABDICATIONS_FOR_A_FULL_ROUND
    return not must_take(rules, state.abdications, can_take)


def _throne(new: State, seat: int, action: Action) -> None:
    if new.phase is not Phase.THRONE:
        raise WrongPhase("the throne is already taken")
    if seat != new.throne_holder:
        raise NotYourTurn("only the holder of the emperor card chooses now")
    if action not in throne_choices(new, seat):
        if isinstance(action, Abdicate) and not new.rules.called_guard:
            if not new.rules.abdication:
                raise WrongPhase("this room does not allow abdication")
            raise WrongPhase("the emperor card came back round to you: you must ascend")
        if new.rules.called_guard:
            if isinstance(action, Call):
                raise WrongPhase(
                    f"you cannot call {action.label}: call a card you hold three or four "
                    "copies of (RULES §10.1)"
                )
            if isinstance(action, Abdicate):
                raise WrongPhase("the card has gone round: you must take the throne (§10.3)")
            raise WrongPhase("in this room the emperor calls a card or declares open solo")
        if isinstance(action, Call):
            raise WrongPhase("this room has a guard card: nobody calls a guard (§3)")
        if _abandoned_throne_returned(new, seat):
            raise WrongPhase("the throne came back to you: you play dark solo (RULES §10.11)")
        if isinstance(action, Ascend):
            raise WrongPhase("you also hold the guard card: choose open solo or dark solo")
        raise WrongPhase("you do not hold the guard card: you cannot play solo")
    rules = new.rules
    if isinstance(action, Abdicate):
        nxt = pass_target(rules, seat)
        hands = list(new.hands)
        extra = attached_card(rules, hands[seat], new.abdications)
        hands[seat] = tuple(i for i in hands[seat] if i not in (EMPEROR_CARD, extra))
        hands[nxt] = sort_hand((*hands[nxt], EMPEROR_CARD))
        put(new, "hands", tuple(hands))
        if extra is not None:
            put(new, "attached", (*new.attached, extra))
        put(new, "throne_holder", nxt)
        put(new, "turn", nxt)
        put(new, "abdications", new.abdications + 1)
        limit = passes_before_void(rules)
        if limit is None and rules.called_guard:
            limit = 2 * ROUND  # a called-guard room on Boke City's throne: as Lianzhong
        if limit is not None and new.abdications >= limit:
            _void(new)
        return
    if new.attached:  # RULES §10.3: the attached cards go to whoever ascends
        hands = list(new.hands)
        hands[seat] = sort_hand((*hands[seat], *new.attached))
        put(new, "hands", tuple(hands))
        put(new, "attached", ())
    put(new, "emperor", seat)
    if rules.called_guard:
        _call_guard(new, seat, action)
    else:
        guard = next(s for s in range(N_SEATS) if GUARD_CARD in new.hands[s])
        put(new, "guard", guard)
        if guard == seat:
            put(new, "mode", Mode.OPEN_SOLO if isinstance(action, OpenSolo) else Mode.DARK_SOLO)
            if _abandoned_throne_returned(new, seat):
                put(new, "abandoned", True)
    if rules.grab_solo and new.mode is None:
        # RULES §10.7: the emperor did not go solo; the others may grab it, in turn.
        put(new, "phase", Phase.GRAB)
        put(new, "grab_turn", 0)
        put(new, "turn", grab_order(seat)[0])
        return
    _start_declarations(new)


def _call_guard(new: State, seat: int, action: Action) -> None:
    """RULES §10.1: the holder of the fourth copy of the called identity is the guard;
    naming an identity held four times is dark solo."""
    if isinstance(action, OpenSolo):
        put(new, "guard", seat)
        put(new, "mode", Mode.OPEN_SOLO)
        return
    assert isinstance(action, Call)
    identity = action.identity
    put(new, "called", identity)
    holders = [
        s
        for s in range(N_SEATS)
        for i in new.hands[s]
        if is_plain(i) and identity_of(i) == identity
    ]
    # Three copies are the caller's; the fourth's holder is the guard. Four: dark solo.
    holder = next((s for s in holders if s != seat), seat)
    put(new, "guard", holder)
    if holder == seat:
        put(new, "mode", Mode.DARK_SOLO)


def _void(new: State) -> None:
    """RULES §10.2/§10.3: nobody took the throne within the limit: the hand is void and is
    redealt; it is recorded and replays, but nothing is settled."""
    put(new, "void", True)
    put(new, "phase", Phase.FINISHED)
    put(new, "turn", None)


# --- grab solo (RULES §10.7) ---------------------------------------------------------------


def grab_choices(state: State, seat: int) -> tuple[Action, ...]:
    if state.phase is not Phase.GRAB or seat != state.turn:
        return ()
    return (GRAB_SOLO, NO_GRAB)


def _grab(new: State, seat: int, action: Action) -> None:
    if new.phase is not Phase.GRAB:
        raise WrongPhase("nobody may grab solo now (RULES §10.7)")
    if seat != new.turn:
        raise NotYourTurn("it is not your turn to answer the grab")
    if isinstance(action, GrabSolo):
        # The nearest on the emperor's 上家 side is asked first, so the first grab wins.
        put(new, "emperor", seat)
        put(new, "guard", seat)
        put(new, "called", None)
        put(new, "mode", Mode.OPEN_SOLO)
        _start_declarations(new)
        return
    assert new.emperor is not None
    answered = new.grab_turn + 1
    put(new, "grab_turn", answered)
    order = grab_order(new.emperor)
    if answered >= len(order):
        _start_declarations(new)
        return
    put(new, "turn", order[answered])


# --- declarations (RULES §3.3) -----------------------------------------------------------


def _start_declarations(new: State) -> None:
    rules = new.rules
    # Asked unless open solo, or the room forbids both open guard and rebellion. In dark
    # solo the rule is the same as in a guard hand, so skipping it cannot betray a solo.
    if new.mode is Mode.OPEN_SOLO or not (rules.open_guard or rules.rebellion):
        put(new, "mode", new.mode or Mode.DARK_GUARD)
        _start_play(new)
        return
    questions = tuple(
        None if s == new.emperor else (Question.GUARD if s == new.guard else Question.REBEL)
        for s in range(N_SEATS)
    )
    put(new, "phase", Phase.DECLARE)
    put(new, "questions", questions)
    put(new, "turn", None)


def declaration_choices(state: State, seat: int) -> tuple[Action, ...]:
    if state.phase is not Phase.DECLARE or state.answers[seat] is not None:
        return ()
    question = state.questions[seat]
    if question is Question.GUARD:
        return (OPEN_GUARD, DARK_GUARD) if state.rules.open_guard else (DARK_GUARD,)
    if question is Question.REBEL:
        return (REBEL, NO_REBEL) if state.rules.rebellion else (NO_REBEL,)
    return ()


def _declare(new: State, seat: int, action: Action) -> None:
    if new.phase is not Phase.DECLARE:
        raise WrongPhase("there is nothing to declare now")
    if new.questions[seat] is None:
        raise WrongPhase("you have no question to answer")
    if new.answers[seat] is not None:
        raise WrongPhase("you have already answered")
    if action not in declaration_choices(new, seat):
        if isinstance(action, OpenGuard) and new.questions[seat] is Question.GUARD:
            raise WrongPhase("this room allows only dark guard")
        if isinstance(action, Rebel) and new.questions[seat] is Question.REBEL:
            raise WrongPhase("this room does not allow rebellion")
        raise WrongPhase("that is not the question you were asked")
    answers = _set(new.answers, seat, action.kind)
    put(new, "answers", answers)
    if all(q is None or a is not None for q, a in zip(new.questions, answers, strict=True)):
        _resolve_declarations(new)


def _resolve_declarations(new: State) -> None:
    """All four answered: announce the outcome at once (RULES §3.3)."""
    rebels = [s for s, a in enumerate(new.answers) if a == REBEL.kind]
    if new.mode is None:  # a guard hand
        assert new.guard is not None
        opened = new.answers[new.guard] == OPEN_GUARD.kind
        put(new, "mode", Mode.OPEN_GUARD if opened else Mode.DARK_GUARD)
    put(new, "rebellion", len(rebels) >= 2)
    put(new, "failed_rebels", tuple(len(rebels) == 1 and s in rebels for s in range(N_SEATS)))
    _start_play(new)


# --- play (RULES §4) ---------------------------------------------------------------------


def _start_play(new: State) -> None:
    # RULES §4.1: the emperor leads the first trick.
    put(new, "phase", Phase.PLAY)
    put(new, "turn", new.emperor)
    put(new, "last_set", None)
    put(new, "last_player", None)


def _check_turn(state: State, seat: int) -> None:
    if state.phase is not Phase.PLAY:
        raise WrongPhase("cards are not being played yet")
    if seat != state.turn:
        if state.places[seat] is not None:
            raise NotYourTurn("you have gone out of this hand")
        raise NotYourTurn("it is not your turn")


def _resolve_cards(action: Play, hand: tuple[int, ...]) -> tuple[int, ...]:
    """Card indices for a play: physical cards as named; strength-only cards picked from
    the rest of the hand, highest index first, so the marked jokers go last."""
    chosen: list[int] = []
    for card in action.cards:
        if card.deck is None:
            continue
        index = index_of(card)  # by identity: the Card.index property is the slow part
        if index in chosen:
            raise MalformedAction(f"{card} is named twice")
        if index not in hand:  # a scan of ≤ 34 ints beats building a set of the hand
            raise NotInHand(f"you do not hold {card}")
        chosen.append(index)
    for card in action.cards:
        if card.deck is not None:
            continue
        pick = next(
            (i for i in reversed(hand) if STRENGTH[i] == card.strength and i not in chosen), None
        )
        if pick is None:
            raise NotInHand(f"you do not hold another {card}")
        chosen.append(pick)
    chosen.sort(key=ORDER.__getitem__)
    return tuple(chosen)


def _without(hand: tuple[int, ...], chosen: tuple[int, ...]) -> tuple[int, ...]:
    """``hand`` minus ``chosen`` (a sub-tuple of it). A set is a few cards of a 34-card
    hand: cutting each out by position is cheaper than filtering the whole hand."""
    rest = hand
    for i in chosen:
        at = rest.index(i)
        rest = rest[:at] + rest[at + 1 :]
    return rest


def _play(new: State, seat: int, action: Play) -> None:
    _check_turn(new, seat)
    rules = new.rules
    if rules.pass_lock and new.passed_in_trick >> seat & 1:
        raise PassLocked("you passed in this trick: you may not play again until it ends")
    hand = new.hands[seat]
    chosen = _resolve_cards(action, hand)
    strengths = [STRENGTH[i] for i in chosen]
    if not is_set_strengths(strengths):
        raise InvalidSet("a set is cards of one rank, plus any jokers")
    if rules.keep_six and not keep_six_ok(strengths, [STRENGTH[i] for i in hand]):
        raise KeepSixViolation("6s may only be played last, all of them at once, alone")
    if new.last_set is not None and not (
        beats_with([STRENGTH[i] for i in new.last_set], strengths, toasting=True)
        if rules.toasting
        else beats_strengths([STRENGTH[i] for i in new.last_set], strengths)
    ):
        raise DoesNotBeat(
            "a set must have as many cards as the last one, each stronger than the card in "
            "the same place"
        )
    rest = _without(hand, chosen)
    put(new, "hands", _set(new.hands, seat, rest))
    put(new, "last_set", chosen)
    put(new, "last_player", seat)
    put(new, "passed", 0)
    put(new, "played", (*new.played, (seat, chosen)))
    if new.jiefeng_claim is not None:
        put(new, "jiefeng_claim", None)  # §10.10: somebody beat the set: the request fails
    if rules.called_guard:
        # §10.1: the guard playing a copy of the called identity reveals him.
        called = new.called
        if (
            called is not None
            and seat == new.guard
            and seat != new.emperor
            and any(identity_of(i) == called for i in chosen if is_plain(i))
        ):
            put(new, "guard_card_shown", True)
    elif GUARD_CARD in chosen:
        put(new, "guard_card_shown", True)
    if not rest:
        place = sum(p is not None for p in new.places) + 1
        put(new, "places", _set(new.places, seat, place))
        if _hand_over(new):
            _finish(new, seat)
            return
    _advance(new, seat)


def _pass(new: State, seat: int) -> None:
    _check_turn(new, seat)
    if new.last_set is None:
        raise WrongPhase("you lead this trick: play any set")
    bit = 1 << seat
    put(new, "passed", new.passed | bit)
    put(new, "passed_in_trick", new.passed_in_trick | bit)
    _advance(new, seat)


def _advance(new: State, actor: int) -> None:
    """Give the turn to the next seat still holding cards, or close the trick (§4.4–§4.6)."""
    last = new.last_player
    assert last is not None
    hands = new.hands
    for step in range(1, N_SEATS + 1):
        seat = (actor + step) % N_SEATS
        if seat == last and hands[seat]:
            _new_trick(new, seat)  # §4.5 everyone else passed
            return
        if not hands[seat]:
            continue  # §4.4 players who are out are skipped
        if new.passed >> seat & 1:
            break  # round complete and the last set's player is out
        put(new, "turn", seat)
        return
    # §4.6 jiefeng: nobody beat the set a player went out with; the next holder leads.
    leader = _next_holder(hands, last)
    if new.rules.jiefeng_request and new.jiefeng_claim != leader:
        # §10.10: he did not ask to lead, so the right lapses to the holder after him.
        leader = _next_holder(hands, leader)
    _new_trick(new, leader)


def _next_holder(hands: tuple[tuple[int, ...], ...], seat: int) -> int:
    return next((seat + k) % N_SEATS for k in range(1, N_SEATS + 1) if hands[(seat + k) % N_SEATS])


# --- jiefeng on request (RULES §10.10) --------------------------------------------------


def may_request(state: State, seat: int) -> bool:
    """The first player after one who went out may answer that set by asking to lead."""
    last = state.last_player
    return (
        state.rules.jiefeng_request
        and state.phase is Phase.PLAY
        and seat == state.turn
        and last is not None
        and not state.hands[last]
        and state.passed == 0
        and seat == _next_holder(state.hands, last)
    )


def _request(new: State, seat: int) -> None:
    _check_turn(new, seat)
    if not new.rules.jiefeng_request:
        raise WrongPhase("this room has no jiefeng on request (RULES §10.10)")
    if not may_request(new, seat):
        raise WrongPhase("only the first player after one who went out may ask to lead")
    _pass(new, seat)
    put(new, "jiefeng_claim", seat)


def _new_trick(new: State, leader: int) -> None:
    put(new, "turn", leader)
    put(new, "last_set", None)
    put(new, "last_player", None)
    put(new, "passed", 0)
    put(new, "passed_in_trick", 0)
    if new.jiefeng_claim is not None:
        put(new, "jiefeng_claim", None)


def _hand_over(state: State) -> bool:
    """RULES §5.1: has the result become fixed?"""
    out = [p is not None for p in state.places]
    if state.rules.scoring == "position":
        return sum(out) >= N_SEATS - 1  # §10.9: played until one player is left
    emperor = state.emperor
    assert emperor is not None
    mode = state.effective_mode
    if mode is Mode.OPEN_SOLO:
        return any(out)
    if mode is Mode.DARK_SOLO:
        return out[emperor] or sum(out) - out[emperor] >= 2
    royal = [s for s in range(N_SEATS) if s in (emperor, state.guard)]
    rebels = [s for s in range(N_SEATS) if s not in royal]
    return all(out[s] for s in royal) or all(out[s] for s in rebels)


def _finish(new: State, last: int) -> None:
    """Remaining players take the remaining places: fewest cards first, ties in play order
    from the player who made the last set (RULES §5.1)."""
    remaining = sorted(
        (s for s in range(N_SEATS) if new.places[s] is None),
        key=lambda s: (len(new.hands[s]), (s - last) % N_SEATS),
    )
    places = list(new.places)
    next_place = N_SEATS - len(remaining) + 1
    for offset, seat in enumerate(remaining):
        places[seat] = next_place + offset
    put(new, "phase", Phase.FINISHED)
    put(new, "places", tuple(places))
    put(new, "turn", None)


# --- table actions (RULES §6, §8.2) -------------------------------------------------------

AUTO_LOCK_ENTRIES = 3  # §6.1 the third entry into auto-play cannot be cancelled


def _auto(new: State, seat: int, on: bool) -> None:
    if on:
        if new.auto[seat]:
            raise WrongPhase("you are already in auto-play")
        put(new, "auto", _set(new.auto, seat, True))
        put(new, "auto_count", _set(new.auto_count, seat, new.auto_count[seat] + 1))
        return
    if not new.auto[seat]:
        raise WrongPhase("you are not in auto-play")
    if new.fled[seat]:
        raise WrongPhase("you left this hand: auto-play plays for you to the end")
    if new.auto_count[seat] >= AUTO_LOCK_ENTRIES:
        raise WrongPhase("auto-play was switched on three times this hand: it stays on")
    put(new, "auto", _set(new.auto, seat, False))


def auto_locked(state: State, seat: int) -> bool:
    """§6.1/§6.3: the seat may not leave auto-play (it fled, or entered it three times)."""
    return state.fled[seat] or state.auto_count[seat] >= AUTO_LOCK_ENTRIES


def _flee(new: State, seat: int) -> None:
    if new.fled[seat]:
        raise WrongPhase("you have already left this hand")
    if new.places[seat] is not None:
        # Decision: leaving after going out hurts nobody, so it is not fleeing.
        raise WrongPhase("you have already gone out: leaving now costs nothing")
    put(new, "fled", _set(new.fled, seat, True))
    put(new, "auto", _set(new.auto, seat, True))


def _mark(new: State, seat: int, action: Mark) -> None:
    if new.phase not in (Phase.DECLARE, Phase.PLAY) or new.roles_public:
        raise WrongPhase("identity marks are for a dark hand")
    if action.seat == seat:
        raise WrongPhase("you cannot mark your own seat")
    row = _set(new.marks[seat], action.seat, action.guess)
    put(new, "marks", _set(new.marks, seat, row))


# --- questions about a state ---------------------------------------------------------------


def to_act(state: State) -> tuple[int, ...]:
    """Seats that owe a decision now (the service runs a deadline for each)."""
    if state.phase is Phase.THRONE:
        return (state.throne_holder,)
    if state.phase is Phase.GRAB:
        return () if state.turn is None else (state.turn,)
    if state.phase is Phase.DECLARE:
        return tuple(
            s for s in range(N_SEATS) if state.questions[s] is not None and state.answers[s] is None
        )
    if state.phase is Phase.PLAY and state.turn is not None:
        return (state.turn,)
    return ()


def _pass_locked(state: State, seat: int) -> bool:
    return state.rules.pass_lock and bool(state.passed_in_trick >> seat & 1)


def legal_play_indices(state: State, seat: int) -> list[tuple[int, ...]]:
    """Legal sets for the seat to act, as card indices, in hint order (§4.7–§4.9)."""
    if state.phase is not Phase.PLAY or seat != state.turn or _pass_locked(state, seat):
        return []
    rules = state.rules
    if rules.toasting or rules.deck == N_CARDS_FULL:
        # §10.6 follows may be longer, §10.2 strengths below the 6: the general enumeration
        hand = state.hands[seat]
        previous = None if state.last_set is None else [STRENGTH[i] for i in state.last_set]
        buckets = buckets_by(hand, STRENGTH.__getitem__)
        return general_sets(buckets, previous, toasting=rules.toasting, keep_six=rules.keep_six)
    return legal_set_indices(state.hands[seat], state.last_set, keep_six=rules.keep_six)


def decisions(state: State, seat: int) -> Iterator[Action]:
    """The seat's decisions now: role choices, or canonical plays in hint order then pass."""
    if state.phase is Phase.THRONE:
        yield from throne_choices(state, seat)
    elif state.phase is Phase.GRAB:
        yield from grab_choices(state, seat)
    elif state.phase is Phase.DECLARE:
        yield from declaration_choices(state, seat)
    elif state.phase is Phase.PLAY and seat == state.turn:
        for ids in legal_play_indices(state, seat):
            yield Play(cards_of(ids))
        if state.last_set is not None:
            yield PASS
        if may_request(state, seat):
            yield REQUEST


def decision_kinds(state: State, seat: int) -> tuple[str, ...]:
    """The kinds of decision the seat may take now, cheaply (for the view's buttons)."""
    if state.phase is Phase.PLAY:
        if seat != state.turn:
            return ()
        # Shared constant tuples: a view asks this for every seat after every action.
        if _pass_locked(state, seat):
            return () if state.last_set is None else _PASS_ONLY
        if state.rules.jiefeng_request and may_request(state, seat):
            return _PLAY_PASS_OR_REQUEST
        return _PLAY_ONLY if state.last_set is None else _PLAY_OR_PASS
    # Each kind once: a called-guard throne offers several ``call`` actions (§10.1); the
    # identities are in ``View.calls``.
    return tuple(dict.fromkeys(a.kind for a in decisions(state, seat)))


_PLAY_ONLY = ("play",)
_PASS_ONLY = ("pass",)
_PLAY_OR_PASS = ("play", "pass")
_PLAY_PASS_OR_REQUEST = ("play", "pass", "request")


class LegalActions:
    """Lazy legal actions of one seat (python-chess ``LegalMoveGenerator`` style).

    Iterating yields the seat's decisions (one canonical play per distinct set, in hint
    order, then ``pass``). ``in`` answers for any concrete action, including any physical
    selection of cards and the table actions (auto-play, flee, marks): it asks ``apply``.
    """

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

    def __bool__(self) -> bool:
        return any(True for _ in self)


def legal_actions(state: State, seat: int) -> LegalActions:
    return LegalActions(state, seat)


def hint(state: State, seat: int, n: int = 0) -> Action:
    """RULES §4.9: the n-th smallest legal set, cycling; ``pass`` when there is none."""
    _check_turn(state, seat)
    sets = legal_play_indices(state, seat)
    if not sets:
        return PASS
    return Play(cards_of(sets[n % len(sets)]))


def autoplay_action(state: State, seat: int) -> Action:
    """RULES §6.2's missed-decision rule: what the server does for a seat past its deadline,
    for a fled seat, and for auto-play's role questions (auto-play's cards are the 普通
    bot's: ``game.deadlines``)."""
    if state.phase is Phase.THRONE:
        if seat != state.throne_holder:
            raise NotYourTurn("only the holder of the emperor card chooses now")
        choices = throne_choices(state, seat)
        if state.rules.called_guard:
            # §6.2 "ascend" in a called-guard room: call the first identity held three
            # times (else four), else pass the card on, else open solo (docs).
            calls = [a for a in choices if isinstance(a, Call)]
            return calls[0] if calls else ABDICATE if ABDICATE in choices else OPEN_SOLO
        return ASCEND if ASCEND in choices else DARK_SOLO
    if state.phase is Phase.GRAB:
        if seat != state.turn:
            raise NotYourTurn("it is not your turn to answer the grab")
        return NO_GRAB
    if state.phase is Phase.DECLARE:
        choices = declaration_choices(state, seat)
        if not choices:
            raise WrongPhase("you have no question to answer")
        return DARK_GUARD if DARK_GUARD in choices else NO_REBEL
    _check_turn(state, seat)
    if state.last_set is not None:
        return PASS
    # The weakest legal single card (the highest index of the weakest strength, so a
    # marked joker goes last); under keep-six a 6 is no single: with only 6s left, all 6s.
    hand = state.hands[seat]
    if state.rules.keep_six:
        if all(STRENGTH[i] == 0 for i in hand):
            return Play(cards_of(hand))
        hand = tuple(i for i in hand if STRENGTH[i] != 0)
    weakest = STRENGTH[hand[0]]
    pick = max(i for i in hand if STRENGTH[i] == weakest)
    return Play(cards_of((pick,)))


__all__ = [
    "LegalActions",
    "apply",
    "autoplay_action",
    "decision_kinds",
    "hint",
    "legal_actions",
    "new_hand",
    "to_act",
]
