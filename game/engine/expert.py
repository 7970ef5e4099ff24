"""高手 (expert): a bot that searches from its information state.

It sees exactly what a player in its seat sees (``view_for``) and nothing else. For a play
it (OpenSpiel's ISMCTS, flattened to one level, i.e. "determinized Monte Carlo"):

1. lists a few sensible candidate sets (:func:`candidates`): what the normal bot would do,
   passing, the cheapest and dearest plain beats, the cheapest joker beat, other leads;
2. samples ``worlds``: full deals of the hidden cards consistent with everything the seat
   has seen (:func:`determinize`): its own hand, every set played (``View.played``), each
   seat's card count, the emperor holding the crown joker until it is played, a known
   guard holding the sword joker, failed rebels being rebels (RULES §1.2, §3.3, §3.4);
3. in every world plays every candidate and then the rest of the hand with the fast normal
   policy (auto-play seats with the §6.2 policy, as they would), and scores the seat's
   payout in stakes (RULES §5);
4. picks the best mean. The same worlds and the same playout seeds serve every candidate
   (common random numbers), so the comparison is not drowned in the luck of the sample,
   and the normal bot's own choice wins ties and near-ties (``margin``).

Role decisions (throne, declarations) are judgement from the hand, as the normal bot's
(``bots.SensibleBot``): a search there would have to guess four other hands' answers.

Deterministic: the sampling seed is derived from the bot's seed and the view itself, so two
states that look the same to the seat get the same decision (tests check it), and a
tournament replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from .actions import PASS, REQUEST, Action, Call, Play
from .bots import (
    Seen,
    SensibleBot,
    _allies,
    _counts,
    _general_sets,
    _jokers,
    seen_from_view,
)
from .cards import EMPEROR_CARD, GUARD_CARD, N_CARDS, N_CARDS_FULL, STRENGTH, cards_of, sort_hand
from .errors import NotYourTurn
from .hand import apply, autoplay_action, new_hand
from .outcome import settle
from .roles import Mode, Role
from .rules import Rules
from .sets import BJ, SIX, SJ, legal_set_indices
from .state import N_SEATS, Phase, State
from .view import View, known_roles


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the expert thinks. ``playout_cards`` caps the work of one decision: the
    number of worlds is ``playout_cards`` divided by the cards still in play (a playout's
    length), between ``min_worlds`` and ``max_worlds``; each world plays every candidate.
    The defaults keep a decision under 300 ms at p95 on one core (docs/PERFORMANCE.md)."""

    playout_cards: int = 3200
    min_worlds: int = 6
    max_worlds: int = 40
    max_candidates: int = 5
    margin: float = 0.05  # stakes a rival must gain over the normal choice to replace it
    # The general rules (216-card deck, toasting: RULES §10.2, §10.6) play out slower and
    # longer: there the cards of all playouts together are capped, candidates included.
    general_playout_cards: int = 6400


DEFAULT_BUDGET = Budget()


class ExpertBot:
    """高手: determinized Monte Carlo search over the seat's information state."""

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        seed: int = 0,
        budget: Budget = DEFAULT_BUDGET,
    ) -> None:
        # The seed (not a running stream) makes the decision a function of the view alone.
        self.seed = rng.randrange(1 << 30) if rng is not None else seed
        self.budget = budget
        self.judge = SensibleBot(random.Random(self.seed))

    def choose(self, view: View) -> Action:
        return self.analyse(view).action

    def analyse(self, view: View, also: Action | None = None) -> Analysis:
        """The decision with its estimated value per candidate (used by the hand review).
        ``also``: an action to value alongside the candidates (the one a player took); it
        is valued, never chosen unless it is a candidate anyway."""
        seen = seen_from_view(view)
        if not seen.my_turn:
            raise NotYourTurn(f"seat {seen.seat} has no decision to take now")
        if seen.phase is not Phase.PLAY:
            # Judgement, not search; a fresh generator per view keeps it view-determined.
            self.judge.rng = random.Random(_view_key(self.seed, view))
            return Analysis(self.judge.decide(seen), ())
        default = self.judge.decide(seen)
        if seen.general:  # the 216-card deck (RULES §10.2) or toasting (§10.6)
            options = general_candidates(seen, default, self.budget.max_candidates)
        else:
            options = candidates(seen, default, self.budget.max_candidates)
        chosen = len(options)
        if also is not None and _key(also) not in {_key(o) for o in options}:
            options.append(also)
        if len(options) == 1:
            return Analysis(options[0], ())
        values = evaluate(view, seen, options, self.budget, _view_key(self.seed, view))
        best = 0
        for i in range(1, chosen):
            if values[i] > values[best] + (self.budget.margin if best == 0 else 0.0):
                best = i
        return Analysis(options[best], tuple(zip(options, values, strict=True)))


@dataclass(frozen=True, slots=True)
class Analysis:
    """The chosen action and, when the expert searched, each candidate's mean payout in
    stakes over the sampled worlds (the first candidate is the normal bot's choice)."""

    action: Action
    values: tuple[tuple[Action, float], ...]

    def value_of(self, action: Action) -> float | None:
        """The estimated value of ``action`` (same strengths = same set), if it was valued."""
        key = _key(action)
        return next((v for a, v in self.values if _key(a) == key), None)


# --- candidates --------------------------------------------------------------------------


def _collector(default: Action, limit: int) -> tuple[list[Action], Callable[[Action], None]]:
    """A candidate list starting with ``default``, and the function that adds an action to
    it unless an equal one is there already or the list is full."""
    out: list[Action] = [default]
    keys = {_key(default)}

    def add(action: Action) -> None:
        key = _key(action)
        if key not in keys and len(out) < limit:
            keys.add(key)
            out.append(action)

    return out, add


def candidates(seen: Seen, default: Action, limit: int) -> list[Action]:
    """A few distinct sensible actions, the normal bot's ``default`` first."""
    out, add = _collector(default, limit)

    hand = seen.hand
    if seen.last_set is None:
        for cards in _leads(hand, seen.keep_six):
            add(Play(cards_of(cards)))
        return out
    if seen.pass_locked:
        return [PASS]
    sets = legal_set_indices(hand, seen.last_set, keep_six=seen.keep_six)
    add(PASS)
    plain: list[tuple[int, ...]] = [s for s in sets if STRENGTH[s[-1]] < SJ]
    jokered = [s for s in sets if STRENGTH[s[-1]] >= SJ]
    if plain:
        add(Play(cards_of(plain[0])))  # the cheapest plain beat
        add(Play(cards_of(plain[-1])))  # the dearest: take the trick firmly
    if jokered:
        cheapest: tuple[int, ...] = min(jokered, key=_joker_cost)
        add(Play(cards_of(cheapest)))
    for s in plain[1:-1]:
        add(Play(cards_of(s)))
    return out


def general_candidates(seen: Seen, default: Action, limit: int) -> list[Action]:
    """:func:`candidates` for the general rules (the 216-card deck's 3 4 5, RULES §10.2;
    toasting, §10.6), from ``variant_sets.general_sets``: passing (or asking to lead,
    §10.10), the cheapest and dearest plain beats, the cheapest joker beat, then other beats
    in hint order (RULES §4.9), at most :data:`PER_SHAPE` per shape (cards, jokers, big
    jokers) so a 43-card hand's long list stays a few candidates. Leads are whole ranks as
    in :func:`candidates` (no enumeration: a 43-card hand has thousands of sets)."""
    out, add = _collector(default, limit)

    hand = sort_hand(seen.hand)
    if seen.last_set is None:
        for cards in _general_leads(hand, seen.keep_six):
            add(Play(cards_of(cards)))
        return out
    if seen.pass_locked:
        return [PASS]
    add(REQUEST if seen.may_request else PASS)
    shapes: dict[tuple[int, int, int], int] = {}
    sets: list[tuple[int, ...]] = []
    for s in _general_sets(seen, seen.last_set):
        shape = (len(s), _jokers(s), _big(s))
        if shapes.get(shape, 0) < PER_SHAPE:
            shapes[shape] = shapes.get(shape, 0) + 1
            sets.append(s)
    plain = [s for s in sets if STRENGTH[s[-1]] < SJ]
    jokered = [s for s in sets if STRENGTH[s[-1]] >= SJ]
    if plain:
        add(Play(cards_of(plain[0])))
        add(Play(cards_of(plain[-1])))
    if jokered:
        cheapest: tuple[int, ...] = min(jokered, key=_joker_cost)
        add(Play(cards_of(cheapest)))
    for s in sets:
        add(Play(cards_of(s)))
    return out


PER_SHAPE = 2  # general_candidates: legal sets kept per shape, in hint order


def _general_leads(hand: Sequence[int], keep_six: bool) -> list[tuple[int, ...]]:
    """:func:`_leads` for either deck (the 216-card deck's 3 4 5 have strengths below 0)."""
    ranks = sorted({STRENGTH[i] for i in hand if STRENGTH[i] < SJ})
    if keep_six:
        ranks = [r for r in ranks if r != SIX]
    jokers = tuple(i for i in hand if STRENGTH[i] >= SJ)
    if not ranks:
        return [jokers] if jokers else [tuple(hand)]
    whole = [tuple(i for i in hand if STRENGTH[i] == r) for r in ranks]
    picks = [whole[0], whole[-1]]
    if len(whole) > 2:
        picks.append(whole[1])
    if jokers:
        picks.append((*whole[-1], *jokers))
    picks.append(whole[0][-1:])
    return picks


def _leads(hand: Sequence[int], keep_six: bool) -> list[tuple[int, ...]]:
    """Whole ranks to lead, weakest, strongest, second weakest, then the strongest rank
    with every joker (a set with a big joker cannot be beaten, RULES §4.3)."""
    counts = _counts(hand)
    ranks = [r for r in range(SJ) if counts[r] and not (keep_six and r == 0)]
    jokers = tuple(i for i in hand if STRENGTH[i] >= SJ)
    if not ranks:
        return [jokers] if jokers else [tuple(hand)]
    whole = [tuple(i for i in hand if STRENGTH[i] == r) for r in ranks]
    picks = [whole[0], whole[-1]]
    if len(whole) > 2:
        picks.append(whole[1])
    if jokers:
        picks.append(tuple(sorted((*whole[-1], *jokers))))
    # A single low card keeps the rest of its rank together for later.
    picks.append(whole[0][-1:])
    return picks


def _key(action: Action) -> tuple[int, ...] | str:
    """Actions that are the same decision: a play by its strengths (which physical 8 is
    played changes nothing) and whether it shows the sword joker (that unmasks the guard,
    RULES §3.4), anything else by its kind."""
    if isinstance(action, Play):
        shows = any(c.deck is not None and c.index == GUARD_CARD for c in action.cards)
        return (*sorted(int(c.rank) for c in action.cards), -1 if shows else 0)
    return action.kind


def _joker_cost(cards: tuple[int, ...]) -> tuple[int, int]:
    """Fewest big jokers, then the weakest set (RULES §4.9's order)."""
    return (_big(cards), STRENGTH[cards[0]])


def _big(cards: Sequence[int]) -> int:
    return sum(1 for i in cards if STRENGTH[i] == BJ)


# --- sampling the hidden cards -----------------------------------------------------------


def determinize(view: View, seen: Seen, rng: random.Random) -> State:
    """One full state consistent with what ``view``'s seat knows (see the module doc)."""
    me = seen.seat
    assert view.emperor is not None
    emperor = view.emperor
    mine = set(seen.hand)
    played = {i for _, cards in view.played for i in cards}
    deck = N_CARDS_FULL if view.rules.deck == N_CARDS_FULL else N_CARDS
    hidden = [i for i in range(deck) if i not in mine and i not in played]
    need = list(seen.counts)
    need[me] = 0
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    hands[me] = list(seen.hand)
    roles = [sv.role for sv in view.seats]
    guard = next((s for s, r in enumerate(roles) if r is Role.GUARD), None)
    mode = view.mode

    def place(card: int, seat: int) -> None:
        hidden.remove(card)
        hands[seat].append(card)
        need[seat] -= 1

    if EMPEROR_CARD in hidden:  # the emperor took the crown joker and has not played it
        place(EMPEROR_CARD, emperor)
    if view.rules.called_guard:
        guard = _place_called_copies(view, seen, guard, hidden, need, place, rng)
    else:
        guard = _place_guard_card(view, seen, guard, hidden, need, place, rng)
    rng.shuffle(hidden)
    at = 0
    for s in range(N_SEATS):
        hands[s].extend(hidden[at : at + need[s]])
        at += need[s]
    if mode is None:
        mode = Mode.DARK_SOLO if guard == emperor else Mode.DARK_GUARD
    seats = view.seats
    passed = sum(1 << s for s in range(N_SEATS) if seats[s].passed)
    if seen.pass_locked:
        passed |= 1 << me
    last_set = None if view.last_set is None else sort_hand(c.index for c in view.last_set)
    return replace(
        _template(view.rules),
        version=view.version,
        phase=Phase.PLAY,
        hands=tuple(sort_hand(h) for h in hands),  # §10.2: 3 4 5 sort below the 6
        throne_first=emperor,
        throne_holder=emperor,
        emperor=emperor,
        guard=guard,
        mode=mode,
        rebellion=view.rebellion,
        guard_card_shown=_guard_shown(view, emperor),
        called=_called_identity(view),
        failed_rebels=tuple(sv.failed_rebel for sv in seats),
        turn=view.turn,
        last_set=last_set,
        last_player=view.last_player,
        passed=passed,
        # Who passed earlier in this trick is not in the view; under pass-lock the seats
        # that passed since the last set are a lower bound, and this seat's own lock is known.
        passed_in_trick=passed,
        places=tuple(sv.place for sv in seats),
        auto=tuple(sv.auto_play for sv in seats),
        fled=tuple(sv.fled for sv in seats),
        played=view.played,
    )


def _place_guard_card(
    view: View,
    seen: Seen,
    guard: int | None,
    hidden: list[int],
    need: list[int],
    place: Callable[[int, int], None],
    rng: random.Random,
) -> int:
    """RULES §1.2/§3.4: the sword joker marks the guard (the emperor in solo)."""
    me = seen.seat
    roles = [sv.role for sv in view.seats]
    if GUARD_CARD in hidden:
        if guard is None:
            # A dark hand and this seat is not the guard: the sword joker is with the emperor
            # (dark solo) or a seat not known to be a rebel; weigh seats by hidden cards.
            # Only the emperor himself knows he is not solo (RULES §3.4).
            guard = _sample_guard(view, me, roles, need, rng)
        place(GUARD_CARD, guard)
    if guard is None:  # the sword joker is in this seat's hand or was played by the guard
        guard = _guard_from_played(view, view.emperor, me)
    return guard


def _place_called_copies(
    view: View,
    seen: Seen,
    guard: int | None,
    hidden: list[int],
    need: list[int],
    place: Callable[[int, int], None],
    rng: random.Random,
) -> int:
    """RULES §10.1: no guard card; the emperor called an identity of which he held three
    copies (four: dark solo), and the holder of the fourth copy is the guard. The called
    identity is public; the guard is hidden until he plays a copy or the hand is open."""
    me = seen.seat
    emperor = view.emperor
    assert emperor is not None
    if view.mode is Mode.OPEN_SOLO or view.mode is Mode.DARK_SOLO:
        guard = emperor  # known to the seat: solo, or the solo emperor himself
    identity = _called_identity(view)
    if identity is None:  # open solo declared without a call: no copies to place
        return emperor if guard is None else guard
    copies = [i for i in hidden if i // 4 == identity]
    by_emperor = sum(
        1 for s, cards in view.played if s == emperor for i in cards if i // 4 == identity
    )
    if guard is None and by_emperor == 4:
        guard = emperor  # he played all four copies: he held them all, a dark solo
    if guard is None:
        if any(i // 4 == identity for i in seen.hand) and me != emperor:
            guard = me  # this seat holds the fourth copy
        else:
            # Dark solo only if the emperor has room for every copy still hidden.
            roles = [sv.role for sv in view.seats]
            solo_fits = need[emperor] >= len(copies)
            guard = _sample_guard(view, me, roles, need, rng, not solo_fits)
    # The emperor keeps what he has not played of his three copies (four in solo); the rest
    # (the fourth copy, unless played or in this seat's hand) is with the guard.
    emperor_keeps = (4 if guard == emperor else 3) - by_emperor
    for copy in copies:
        if emperor != me and emperor_keeps > 0:
            place(copy, emperor)
            emperor_keeps -= 1
        elif guard != me:
            place(copy, guard)
    return guard


def _sample_guard(
    view: View,
    me: int,
    roles: Sequence[Role | None],
    need: Sequence[int],
    rng: random.Random,
    not_emperor: bool = False,
) -> int:
    """A seat that may be the hidden guard (the emperor himself: dark solo), weighed by the
    cards it hides: never this seat, a known rebel or a failed rebel (RULES §3.3, §3.4)."""
    holders = [
        s
        for s in range(N_SEATS)
        if s != me
        and need[s] > 0
        and not view.seats[s].failed_rebel
        and roles[s] is not Role.REBEL
        and not (not_emperor and s == view.emperor)
    ]
    if not holders:  # cannot happen in a consistent view; stay safe
        holders = [s for s in range(N_SEATS) if s != me and need[s] > 0]
    return rng.choices(holders, weights=[need[s] for s in holders])[0]


def _called_identity(view: View) -> int | None:
    """RULES §10.1: the called identity (public) as ``card index // 4``."""
    if view.called is None:
        return None
    return Call.of(view.called, full_deck=True).identity


def _guard_shown(view: View, emperor: int) -> bool:
    """The guard revealed himself by play: the sword joker (§3.4), or in a called-guard
    room a copy of the called identity played by a seat other than the emperor (§10.1)."""
    if not view.rules.called_guard:
        return any(GUARD_CARD in cards for _, cards in view.played)
    identity = _called_identity(view)
    return identity is not None and any(
        s != emperor and any(i // 4 == identity for i in cards) for s, cards in view.played
    )


def _guard_from_played(view: View, emperor: int | None, me: int) -> int:
    for seat, cards in view.played:
        if GUARD_CARD in cards:
            return seat
    return me  # the seat holds it itself (guard, or emperor in solo)


@cache
def _template(rules: Rules) -> State:
    """A state to copy fields from (``replace``), so a field the engine adds later keeps
    its starting value instead of breaking the sampler."""
    return new_hand(0, rules)


# --- playouts ------------------------------------------------------------------------------


def evaluate(
    view: View, seen: Seen, options: Sequence[Action], budget: Budget, key: int
) -> list[float]:
    """Mean payout (in stakes) of each option for the seat, over the same sampled worlds."""
    cards_left = max(1, sum(seen.counts))
    if seen.general:
        share = budget.general_playout_cards // (cards_left * len(options))
    else:
        share = budget.playout_cards // cards_left
    worlds = max(budget.min_worlds, min(budget.max_worlds, share))
    rng = random.Random(key)
    totals = [0.0] * len(options)
    me = seen.seat
    for _ in range(worlds):
        world = determinize(view, seen, rng)
        playout_seed = rng.randrange(1 << 30)
        for i, option in enumerate(options):
            state = apply(world, me, option)
            totals[i] += playout(state, me, playout_seed)
    return [t / worlds for t in totals]


def playout(state: State, me: int, seed: int) -> float:
    """Finish the hand with the fast policies; the seat's payout in stakes."""
    policy = SensibleBot(random.Random(seed))
    decide = policy.decide
    keep_six = state.rules.keep_six
    pass_lock = state.rules.pass_lock
    rules = state.rules
    general = rules.deck != N_CARDS or rules.toasting  # as ``seen_from_view``
    while state.phase is Phase.PLAY:
        seat = state.turn
        assert seat is not None
        if state.auto[seat]:
            action = autoplay_action(state, seat)
        else:
            hand = state.hands[seat]
            emperor = state.emperor
            assert emperor is not None
            roles = known_roles(state, seat)
            seen = Seen(
                seat,
                Phase.PLAY,
                True,
                hand,
                tuple(map(len, state.hands)),
                _allies(seat, roles),
                state.last_set,
                state.last_player,
                keep_six,
                pass_lock
                and state.last_set is not None
                and bool(state.passed_in_trick >> seat & 1),
                (),
                False,  # may_request: playouts do not ask to lead (§10.10)
                rules.called_guard,
                general,
                rules.toasting,
            )
            action = decide(seen)
        state = apply(state, seat, action)
    return settle(state).seats[me].payout / state.rules.stake


def _view_key(seed: int, view: View) -> int:
    """A seed for one decision from the bot's seed and what the seat sees (ints only, so the
    hash is the same in every process: Python salts the hashes of strings, not of ints)."""
    hand = tuple(c.index for c in view.hand or ())
    last = tuple(c.index for c in view.last_set or ())
    counts = tuple(sv.card_count for sv in view.seats)
    return hash((seed, view.version, view.seat, hand, last, counts, len(view.played))) & (
        (1 << 62) - 1
    )


__all__ = ["Analysis", "Budget", "ExpertBot", "candidates", "determinize", "playout"]
