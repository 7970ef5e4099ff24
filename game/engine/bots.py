"""Bots: players the server (or self-play) can seat, deciding only from a seat's View.

A bot sees exactly what a human in that seat sees: the web layer calls
``bot.choose(view_for(state, seat))``. Nothing here reads a ``State``; the one function that
touches the View's fields is :func:`seen_from_view`, which distils it into :class:`Seen`, so
the policies below cannot look at anything a player could not.

Two bots:

* :class:`SensibleBot` plays a plain, reasonable game: beat with the cheapest set,
  keep jokers until they matter, lead the weakest ranks, let a known partner's strong set
  run, declare open guard or rebellion only with a strong hand, abdicate rarely, go solo in
  the dark unless the hand is very strong.
* :class:`AutoPlayBot` is the auto-play (托管) policy of RULES §6.2, computed from the View
  the same way the engine's ``autoplay_action`` computes it from the State (a test checks
  they agree), so a server can use either.

Both are deterministic: all chance comes from the ``random.Random`` given to the bot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from ._speed import memo_by_identity, memoised
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
    Action,
    Call,
    Play,
)
from .cards import STRENGTH, Card, Rank, cards_of, indices_of, sort_hand
from .errors import NotYourTurn
from .roles import Role
from .sets import BJ, SJ, beats_strengths, keep_six_ok, legal_set_indices
from .state import Phase
from .throne import callable_identities
from .variant_sets import buckets_by, general_sets
from .view import View

TWO = int(Rank.TWO)  # strengths (RULES §1.3)
ACE = int(Rank.ACE)
QUEEN = int(Rank.QUEEN)


# --- what a seat knows ---------------------------------------------------------------


class Seen(NamedTuple):
    """The facts a policy uses, all taken from one seat's View (never from the State).

    Immutable like the engine's frozen dataclasses, but a NamedTuple: one is built for every
    decision, and a frozen dataclass's ``__init__`` (one ``object.__setattr__`` per field)
    cost ~4 µs of a ~20 µs decision in self-play (docs/PERFORMANCE.md).

    ``hand`` and ``last_set`` are card indices (``cards.py``), sorted. ``allies`` are the
    seats this player *knows* to be on their side: for the guard, the emperor; for the
    emperor, the guard once revealed; for a rebel, the other rebels once every identity is
    public (RULES §3.4). ``choices`` are the role decisions on offer (throne, declaration);
    in play they are empty and the bot computes its sets itself.
    """

    seat: int
    phase: Phase
    my_turn: bool
    hand: tuple[int, ...]
    counts: tuple[int, ...]  # cards held per seat (public)
    allies: frozenset[int]
    last_set: tuple[int, ...] | None  # None: this seat leads
    last_player: int | None
    keep_six: bool
    pass_locked: bool  # RULES §4.7: passed in this trick under pass-lock
    choices: tuple[Action, ...]
    may_request: bool = False  # RULES §10.10: this seat may ask to lead (jiefeng)
    called_guard: bool = False  # RULES §10.1: the emperor calls his guard
    general: bool = False  # RULES §10.2 (3 4 5) or §10.6 (toasting): the general play policy
    toasting: bool = False  # RULES §10.6


def seen_from_view(view: View) -> Seen:
    """Distil a seat's View into the facts the policies use (the only place that reads it)."""
    if view.seat is None or view.hand is None:
        raise ValueError("a bot plays a seat: a spectator's view has no hand")
    me = view.seat
    seats = view.seats
    phase = view.phase
    choices = view.choices
    # In play the bot computes its sets itself; role decisions come as actions.
    role_choices = (
        ()
        if phase is Phase.PLAY
        else tuple(_ROLE_CHOICES[k] for k in choices if k in _ROLE_CHOICES)
    )
    if "call" in choices:
        role_choices = _variant_role_choices(_indices_of(view.hand), choices)
    # Positional, in Seen's field order (cheaper than keywords for a NamedTuple, and this
    # runs for every decision); the comments name the fields.
    return Seen(
        me,  # seat
        phase,  # phase
        view.turn == me or (phase is not Phase.PLAY and bool(choices)),  # my_turn
        _indices_of(view.hand),  # hand
        tuple([sv.card_count for sv in seats]),  # counts
        _allies(me, tuple([sv.role for sv in seats])),  # allies
        None if view.last_set is None else _indices_of(view.last_set),  # last_set
        view.last_player,  # last_player
        view.rules.keep_six,  # keep_six
        # RULES §4.7: the View offers no "play" to a seat locked out of this trick.
        phase is Phase.PLAY and view.turn == me and "play" not in choices,  # pass_locked
        role_choices,  # choices
        "request" in choices,  # may_request
        view.rules.called_guard,  # called_guard
        view.rules.deck != 168 or view.rules.toasting,  # general
        view.rules.toasting,  # toasting
    )


@memoised
def _allies(me: int, roles: tuple[Role | None, ...]) -> frozenset[int]:
    """Known allies: seats whose role this seat knows and that share its side (RULES §3.4).
    In solo no seat is the guard (the emperor holds the card), so the emperor has none.
    Memoised: a handful of role layouts per hand (``roles`` is indexed by seat, as the
    View's seats are), asked at every decision."""
    mine = roles[me]
    if mine is None:
        return _NOBODY
    royal = mine is not Role.REBEL
    return frozenset(
        seat
        for seat, role in enumerate(roles)
        if role is not None and seat != me and (role is not Role.REBEL) == royal
    )


_NOBODY: frozenset[int] = frozenset()


def _check_turn(seen: Seen) -> None:
    # A bot asked out of turn would answer something illegal; say so where the bug is.
    if not seen.my_turn:
        raise NotYourTurn(f"seat {seen.seat} has no decision to take now")


_ROLE_CHOICES: dict[str, Action] = {
    a.kind: a
    for a in (
        ASCEND,
        ABDICATE,
        OPEN_SOLO,
        DARK_SOLO,
        OPEN_GUARD,
        DARK_GUARD,
        REBEL,
        NO_REBEL,
        GRAB_SOLO,
        NO_GRAB,
    )
}


# --- the §10 variants' decisions (kept apart from Boke City's policy above) -------------


def _variant_role_choices(hand: Sequence[int], kinds: Sequence[str]) -> tuple[Action, ...]:
    """RULES §10.1: the View offers "call" once per identity; the identities are the ones
    this seat's own hand holds three or four times, in the engine's order."""
    out: list[Action] = []
    for kind in dict.fromkeys(kinds):  # in order, each kind once
        if kind == "call":
            out += [Call.of_identity(ident) for ident, _ in callable_identities(hand)]
        elif kind in _ROLE_CHOICES:
            out.append(_ROLE_CHOICES[kind])
    return tuple(out)


def called_throne_choice(seen: Seen, temper: Temper) -> Action:
    """RULES §10.1 / §10.3 for a sensible bot: open solo with a crushing hand; pass a weak
    hand on when allowed; otherwise call a triple (the guard exists), or a quad (dark solo)
    when that is all the hand offers."""
    power = hand_power(seen.hand)
    calls = [a for a in seen.choices if isinstance(a, Call)]
    if OPEN_SOLO in seen.choices and power >= temper.open_solo:
        return OPEN_SOLO
    if ABDICATE in seen.choices and (power - 3.0 < temper.abdicate or not calls):
        return ABDICATE
    if calls:
        counts = dict(callable_identities(seen.hand))
        triples = [c for c in calls if counts.get(c.identity) == 3]
        return triples[0] if triples else calls[0]
    return ABDICATE if ABDICATE in seen.choices else seen.choices[0]


def grab_choice(seen: Seen, temper: Temper) -> Action:
    """RULES §10.7: grab solo only with a hand that would go open solo anyway."""
    return GRAB_SOLO if hand_power(seen.hand) >= temper.open_solo else NO_GRAB


def _general_sets(seen: Seen, previous: Sequence[int] | None) -> list[tuple[int, ...]]:
    hand = sort_hand(seen.hand)
    prev = None if previous is None else [STRENGTH[i] for i in previous]
    buckets = buckets_by(hand, STRENGTH.__getitem__)
    return general_sets(buckets, prev, toasting=seen.toasting, keep_six=seen.keep_six)


def general_play(seen: Seen) -> Action:
    """Play for the 216-card deck (RULES §10.2: strengths below the 6) and for toasting
    (§10.6): the same plain judgement as the sensible bot's, over the general list of legal
    sets in hint order. Leading: go out if one set is the whole hand, else the weakest rank
    whole. Following: the cheapest beat (fewest jokers, then weakest), jokers and 2s only
    when the trick matters; a known partner's strong set runs."""
    if seen.last_set is None:
        # No enumeration needed to lead (a 43-card hand has thousands of sets): the whole
        # hand when it is one set, else the weakest rank, whole, without jokers.
        ranks = sorted({STRENGTH[i] for i in seen.hand if STRENGTH[i] < SJ})
        jokers = tuple(i for i in seen.hand if STRENGTH[i] >= SJ)
        if len(ranks) <= 1 and not (seen.keep_six and ranks == [0] and jokers):
            return _play(seen.hand)
        if seen.keep_six:  # RULES §4.8: the 6s go last, alone
            ranks = [r for r in ranks if r != 0]
            if not ranks:
                return _play(jokers)
        return _play(tuple(i for i in seen.hand if STRENGTH[i] == ranks[0]))
    if seen.pass_locked:
        return PASS
    last = seen.last_set
    if seen.last_player in seen.allies and _strong(last):
        return PASS
    if not seen.keep_six:
        quick = _plain_follow(seen, last)
        if quick is not None:
            return quick
    sets = _general_sets(seen, last)
    if not sets:
        return PASS
    whole = [s for s in sets if len(s) == len(seen.hand)]
    if whole:
        return _play(whole[0])
    best = min(sets, key=lambda s: (_jokers(s), _big(s), _rank_of(s), len(s)))
    urgent = SensibleBot._urgent(seen)
    if seen.last_player in seen.allies:
        urgent = False
    if _jokers(best) == 0 and (_rank_of(best) < TWO or urgent):
        return _play(best)
    return _play(best) if urgent else PASS


def _plain_follow(seen: Seen, last: Sequence[int]) -> Action | None:
    """``general_play``'s answer to ``last`` without listing every legal set, when it can be
    told from the ranks alone (§4.3 without toasting: a beat has exactly as many cards, and a
    joker-free beat is one rank above a joker-free set). The same action as the full list
    gives (the cheapest beat is the weakest plain one); None where jokers come into it. A
    playout of the 216-card deck is mostly such follows (docs/PERFORMANCE.md). Toasting
    (§10.6) changes nothing against a set without a joker (``toasting`` module doc)."""
    if seen.toasting and STRENGTH[last[-1]] >= SJ:
        return None
    k = len(last)
    hand = sort_hand(seen.hand)
    if len(hand) < k:
        return PASS
    if len(hand) == k:  # the only set of k cards is the whole hand
        strengths = [STRENGTH[i] for i in hand]
        whole = beats_strengths([STRENGTH[i] for i in last], strengths)
        return _play(hand) if whole else PASS
    if STRENGTH[last[-1]] >= SJ:
        return None  # a set with a joker: only jokers beat it
    floor = STRENGTH[last[0]]
    counts: dict[int, int] = {}
    jokers = False
    for i in hand:
        s = STRENGTH[i]
        if s >= SJ:
            jokers = True
        else:
            counts[s] = counts.get(s, 0) + 1
    plain = [r for r, n in counts.items() if r > floor and n >= k]
    if not plain:
        return None if jokers else PASS
    rank = min(plain)
    best = tuple([i for i in hand if STRENGTH[i] == rank][-k:])
    urgent = SensibleBot._urgent(seen) and seen.last_player not in seen.allies
    return _play(best) if rank < TWO or urgent else PASS


def with_request(seen: Seen, action: Action) -> Action:
    """RULES §10.10: a bot that would pass on a set somebody went out with asks to lead."""
    return REQUEST if seen.may_request and action is PASS else action


# --- the interface -----------------------------------------------------------------------


class Bot(Protocol):
    """A player: given what one seat sees, the action it takes.

    ``choose`` is called only when the seat owes a decision (``to_act``). Implementations
    must be deterministic given their ``random.Random`` so self-play and tests replay.
    """

    def choose(self, view: View) -> Action: ...


# --- hand evaluation ---------------------------------------------------------------------


def hand_power(hand: Sequence[int]) -> float:
    """A rough strength of a whole hand, in "2s": a big joker counts 3, a small joker 2,
    a 2 one, an ace a half. An average 34-card hand scores about 8.8 (0.8 BJ, 0.8 SJ,
    3.2 twos, 3.2 aces); the thresholds below are multiples of that average."""
    power = 0.0
    for i in hand:
        s = STRENGTH[i]
        if s == BJ:
            power += 3.0
        elif s == SJ:
            power += 2.0
        elif s == TWO:
            power += 1.0
        elif s == ACE:
            power += 0.5
    return power


@dataclass(frozen=True, slots=True)
class Temper:
    """Thresholds on :func:`hand_power` (an average hand scores about 8.8). The defaults keep
    the rarer choices rare, as at a real table (``python -m game.engine selfplay`` prints
    the mode counts); other values make bolder or shyer bots (e.g. to find golden hands)."""

    # Measured: at 15 / 14 / 18 the bots never stood a rebellion in 1 000 hands and rarely
    # went open solo. A rebel's hand averages below 8.8 (the emperor holds the crown joker),
    # so 11.5 is about its strongest fifth; two such rebels (one hand in twenty or so) are
    # worth an open fight, since opening doubles the stake *and* unmasks the guard (§5.2).
    open_guard: float = 14.0  # §3.3 reveal when the pair can dominate openly
    rebel: float = 11.5  # §3.3 declare with a hand that can carry an open fight
    open_solo: float = 17.0  # §3.2/§5.3 open solo doubles the stake: only a crushing hand
    abdicate: float = 3.0  # §3.1 abdicate below this, not counting the emperor card itself


# --- the sensible bot --------------------------------------------------------------------


def _count_ranks(hand: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * (BJ + 1)
    for i in hand:
        counts[STRENGTH[i]] += 1
    return tuple(counts)


def _rank_of(cards: Sequence[int]) -> int:
    """The ordinary rank of a set, or SJ/BJ for a joker-only set."""
    ordinary = [STRENGTH[i] for i in cards if STRENGTH[i] < SJ]
    return ordinary[0] if ordinary else min(STRENGTH[i] for i in cards)


def _jokers(cards: Sequence[int]) -> int:
    return sum(1 for i in cards if STRENGTH[i] >= SJ)


def _play(cards: Sequence[int]) -> Play:
    return Play(cards_of(cards))


class SensibleBot:
    """A plain, reasonable player. See the module docstring for the policy."""

    def __init__(
        self, rng: random.Random | None = None, *, seed: int = 0, temper: Temper | None = None
    ) -> None:
        self.rng = rng if rng is not None else random.Random(seed)
        self.temper = temper if temper is not None else Temper()

    def choose(self, view: View) -> Action:
        return self.decide(seen_from_view(view))

    def decide(self, seen: Seen) -> Action:
        _check_turn(seen)
        if seen.phase is Phase.THRONE:
            return self._throne(seen)
        if seen.phase is Phase.GRAB:
            return grab_choice(seen, self.temper)
        if seen.phase is Phase.DECLARE:
            return self._declare(seen)
        if seen.general:
            return with_request(seen, general_play(seen))
        if seen.last_set is None:
            return self._lead(seen)
        if seen.may_request:
            return with_request(seen, self._follow(seen))
        return self._follow(seen)

    # RULES §3.1, §3.2 ------------------------------------------------------------------

    def _throne(self, seen: Seen) -> Action:
        if seen.called_guard:
            return called_throne_choice(seen, self.temper)
        power = hand_power(seen.hand)
        # Abdicating hands the emperor card on (§3.1): judge what would be left without it.
        weak = power - 3.0 < self.temper.abdicate
        if OPEN_SOLO in seen.choices and power >= self.temper.open_solo:
            return OPEN_SOLO
        if DARK_SOLO in seen.choices:
            # Holding both marked jokers is already strong, and dark solo costs only 16·S
            # when lost (§5.3): take it, unless the hand is so weak that passing the throne
            # on (with both jokers!) is the lesser evil.
            if ABDICATE in seen.choices and weak:
                return ABDICATE
            return DARK_SOLO
        if ABDICATE in seen.choices and weak:
            return ABDICATE
        return ASCEND if ASCEND in seen.choices else seen.choices[0]

    # RULES §3.3 ------------------------------------------------------------------------

    def _declare(self, seen: Seen) -> Action:
        power = hand_power(seen.hand) + self.rng.uniform(-1.0, 1.0)  # a little table talk
        if OPEN_GUARD in seen.choices:
            return OPEN_GUARD if power >= self.temper.open_guard else DARK_GUARD
        if DARK_GUARD in seen.choices:
            return DARK_GUARD
        if REBEL in seen.choices and power >= self.temper.rebel:
            return REBEL
        return NO_REBEL if NO_REBEL in seen.choices else seen.choices[0]

    # RULES §4 ---------------------------------------------------------------------------

    def _lead(self, seen: Seen) -> Action:
        # Leading needs no enumeration of sets (the costliest step of a decision): any
        # whole rank, with or without jokers, may be led, except 6s under keep-six.
        hand = seen.hand
        counts = _counts(hand)
        ordinary = [r for r in range(SJ) if counts[r]]
        jokers = [i for i in hand if STRENGTH[i] >= SJ]
        if len(ordinary) <= 1 and not (seen.keep_six and ordinary == [0] and jokers):
            return _play(hand)  # the whole hand is one set: go out (RULES §4.2, §4.8)
        # Ranks a lead may use: under keep-six the 6s wait for the very end (§4.8).
        ranks = [r for r in ordinary if not (seen.keep_six and r == 0)]
        if not ranks:
            # Only jokers and 6s (keep-six) are left: all jokers first, so nobody can take
            # the lead back before the 6s go out alone.
            return _play(jokers)
        if len(ranks) <= 2:
            return self._endgame_lead(hand, ranks, jokers)
        # Normal lead: the weakest rank, whole, without jokers. Low cards are the ones that
        # are hard to get rid of later; a whole rank keeps the rest of the hand in groups.
        return _play(self._whole_rank(hand, ranks[0]))

    def _endgame_lead(self, hand: Sequence[int], ranks: list[int], jokers: list[int]) -> Action:
        """One or two ranks left (plus jokers): lead the set likeliest to keep the lead, so
        the last one goes out on our next lead. A set with a big joker can never be beaten
        (RULES §4.3), so with one we attach every joker to the stronger rank."""
        strong = ranks[-1]
        if any(STRENGTH[i] == BJ for i in jokers):
            return _play(tuple(sorted((*self._whole_rank(hand, strong), *jokers))))
        # Without a big joker: the stronger rank first; small jokers stay to cover the rest.
        return _play(self._whole_rank(hand, strong))

    @staticmethod
    def _whole_rank(hand: Sequence[int], rank: int) -> tuple[int, ...]:
        return tuple(i for i in hand if STRENGTH[i] == rank)

    def _follow(self, seen: Seen) -> Action:
        if seen.pass_locked:
            return PASS  # RULES §4.7
        last = seen.last_set
        assert last is not None
        hand = seen.hand
        k = len(last)
        if len(hand) < k:
            return PASS  # RULES §4.3: a beat has exactly as many cards
        if len(hand) == k:
            # Going out beats any other consideration, if the whole hand is a legal beat.
            strengths = [STRENGTH[i] for i in hand]
            if beats_strengths([STRENGTH[i] for i in last], strengths) and (
                not seen.keep_six or keep_six_ok(strengths, strengths)
            ):
                return _play(hand)
        counts = _counts(hand)
        partner_set = seen.last_player in seen.allies
        if partner_set and _strong(last):
            return PASS  # let a known partner's strong set run
        plain = _plain_beats(last, counts)
        if partner_set:
            # Take a partner's weak set only cheaply: no 2s, no broken group, no jokers.
            cheap = [r for r in plain if r < TWO and counts[r] == k]
            return _play(_of_rank(hand, cheap[0], k)) if cheap else PASS
        urgent = self._urgent(seen)
        if plain:
            best = min(plain, key=lambda r: self._cost(r, k, counts, urgent))
            if urgent or self._cost(best, k, counts, urgent) < 100:
                return _play(_of_rank(hand, best, k))
            return PASS
        if urgent and (counts[SJ] or counts[BJ]) and STRENGTH[last[-1]] < BJ:
            # Jokers matter now. Only here do we need every legal set (the costly
            # enumeration): spend the fewest jokers, small before big (RULES §4.9 order).
            # No enumeration when it must come back empty (RULES §4.3): without a joker
            # every beat is a plain one, and there were none; and nothing beats a set
            # holding a big joker. That skips two calls in three (7 496 -> 2 433 in 200 hands).
            sets = legal_set_indices(hand, last, keep_six=seen.keep_six)
            if sets:
                return _play(min(sets, key=lambda s: (_jokers(s), _big(s), _rank_of(s))))
        return PASS

    @staticmethod
    def _cost(rank: int, k: int, counts: Sequence[int], urgent: bool) -> int:
        """How much a plain beat of ``k`` cards of ``rank`` hurts the hand: its rank, plus a
        penalty for breaking a group (it leaves an awkward remainder), and a prohibitive one
        for spending a single 2 on a cheap trick while the game is young."""
        cost = rank
        if k < counts[rank]:
            cost += 4 if counts[rank] - k < 3 else 8
        if rank == TWO and not urgent and k == 1:
            cost += 100
        return cost

    @staticmethod
    def _urgent(seen: Seen) -> bool:
        """Does this trick matter enough to spend jokers and 2s on it? When an opponent is
        close to going out, when our own hand is nearly played out, or when the set is big
        (a big set is many cards the opponent gets rid of at once)."""
        me, allies = seen.seat, seen.allies
        assert seen.last_set is not None
        for seat, count in enumerate(seen.counts):  # a loop, not any(generator): cheaper
            if 0 < count <= 6 and seat != me and seat not in allies:
                return True  # an opponent is low
        return len(seen.hand) <= 8 or len(seen.last_set) >= 4


def _plain_beats(last: Sequence[int], counts: Sequence[int]) -> list[int]:
    """Ranks of which the hand holds enough cards to beat ``last`` without jokers. By RULES
    §4.3 a joker-free set beats only a joker-free set of a weaker rank (an ordinary card
    never beats a joker in the same position). 6s are the weakest rank, so keep-six never
    comes into it: a 6 cannot beat anything."""
    k = len(last)
    floor = STRENGTH[last[0]]
    if STRENGTH[last[-1]] >= SJ:
        return []
    return [r for r in range(floor + 1, SJ) if counts[r] >= k]


def _of_rank(hand: Sequence[int], rank: int, k: int) -> tuple[int, ...]:
    """``k`` cards of ``rank``, highest index first (the engine's hint picks the same)."""
    return tuple(sorted([i for i in reversed(hand) if STRENGTH[i] == rank][:k]))


def _big(cards: Sequence[int]) -> int:
    return sum(1 for i in cards if STRENGTH[i] == BJ)


def _strong(cards: Sequence[int]) -> bool:
    """A set worth letting a partner keep: any joker, a rank of Q or higher, or three or
    more cards (hard for opponents to beat, and the partner chose to lead big)."""
    return _jokers(cards) > 0 or _rank_of(cards) >= QUEEN or len(cards) >= 3


# --- auto-play (RULES §6.2) --------------------------------------------------------------


class AutoPlayBot:
    """托管 (RULES §6.2): ascend; dark guard; no rebellion; when leading, the weakest legal
    single card (under keep-six with only 6s left, all the 6s); when following, pass.

    Mirrors ``hand.autoplay_action`` but from the View, so it can sit at a table like any
    bot. ``rng`` and ``seed`` are accepted for the common constructor and not used: §6.2
    is fixed.
    """

    def __init__(self, rng: random.Random | None = None, *, seed: int = 0) -> None:
        del rng, seed  # nothing random in auto-play

    def choose(self, view: View) -> Action:
        return self.decide(seen_from_view(view))

    @staticmethod
    def decide(seen: Seen) -> Action:
        _check_turn(seen)
        if seen.phase is Phase.THRONE:
            if ASCEND in seen.choices:
                return ASCEND
            calls = [a for a in seen.choices if isinstance(a, Call)]
            if calls:  # hand.autoplay_action in a called-guard room
                return calls[0]
            if DARK_SOLO in seen.choices:
                return DARK_SOLO
            return ABDICATE if ABDICATE in seen.choices else OPEN_SOLO
        if seen.phase is Phase.GRAB:
            return NO_GRAB
        if seen.phase is Phase.DECLARE:
            return DARK_GUARD if DARK_GUARD in seen.choices else NO_REBEL
        if seen.last_set is not None:
            return PASS
        if seen.general:  # hand.autoplay_action: the weakest single, highest index
            hand = sort_hand(seen.hand)
            if seen.keep_six:  # RULES §6.2 under keep six: with only 6s left, all the 6s
                if all(STRENGTH[i] == 0 for i in hand):
                    return _play(hand)
                hand = tuple(i for i in hand if STRENGTH[i] != 0)
            weakest = STRENGTH[hand[0]]
            return _play((max(i for i in hand if STRENGTH[i] == weakest),))
        else:
            sets = legal_set_indices(seen.hand, None, keep_six=seen.keep_six)
        single = next((s for s in sets if len(s) == 1), sets[0])
        return _play(single)


def cards_to_indices(cards: Sequence[Card]) -> tuple[int, ...]:
    indices = indices_of(cards)
    indices.sort()
    return tuple(indices)


# --- remembered by identity --------------------------------------------------------------
#
# A seat's hand changes only when it plays; until then ``view_for`` hands out the same
# tuple of Cards again (view.py keeps it per seat), so its indices and rank counts are worth
# remembering between that seat's decisions: turning 34 Cards back into sorted indices and
# counting them were a third of a bot's decision (``_speed.memo_by_identity``).


_indices_of = memo_by_identity(cards_to_indices)
_counts = memo_by_identity(_count_ranks)
