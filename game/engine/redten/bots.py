"""Red Ten bots: players the server or self-play seats, deciding only from a seat's View
(the Baohuang bots' contract: ``bot.choose(view_for(state, seat))``; nothing here reads a
State, so a bot knows exactly what a human in that seat knows).

* :class:`SensibleBot` plays a plain, reasonable game: shows its red ten only with a
  strong hand (明打 doubles the stake), leads its weakest cards whole, beats with the
  cheapest set, keeps the double red ten and the double joker for a threat, and lets a
  *known* team-mate's set run.
* :class:`AutoPlayBot` is the auto-play policy (``hand.autoplay_action``) from the View.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .actions import NO_SHOW, PASS, SHOW, Action, Play
from .cards import BIG_JOKER, RED_TEN, SMALL_JOKER, STRENGTH, TWO, Card, cards_of
from .sets import SetType, enumerate_sets, set_type
from .state import Phase
from .view import View


class Bot(Protocol):
    def choose(self, view: View) -> Action: ...


def hand_power(hand: Sequence[int]) -> float:
    """A rough strength of a hand: big joker 3, small joker 2, red ten 1.5, a 2 one."""
    weights = {BIG_JOKER: 3.0, SMALL_JOKER: 2.0, RED_TEN: 1.5, TWO: 1.0}
    return sum(weights.get(STRENGTH[i], 0.0) for i in hand)


def _indices(cards: Sequence[Card]) -> list[int]:
    return sorted(c.index for c in cards)


_BOMBS = (SetType.DOUBLE_RED_TEN, SetType.DOUBLE_JOKER)


def _is_bomb(ids: Sequence[int]) -> bool:
    return set_type([STRENGTH[i] for i in ids]) in _BOMBS


class SensibleBot:
    def __init__(self, rng: random.Random | None = None, *, show_power: float = 6.0) -> None:
        self.rng = rng or random.Random(0)
        self.show_power = show_power

    def choose(self, view: View) -> Action:
        if view.seat is None or view.hand is None:
            raise ValueError("a bot plays a seat: a spectator's view has no hand")
        if view.phase is Phase.SHOW:
            if "show" in view.choices and hand_power(_indices(view.hand)) >= self.show_power:
                return SHOW
            return NO_SHOW
        if view.turn != view.seat:
            raise ValueError(f"seat {view.seat} has no decision to take now")
        hand = _indices(view.hand)
        if view.last_set is None:
            return self._lead(hand)
        return self._follow(view, hand)

    def _lead(self, hand: list[int]) -> Action:
        sets = enumerate_sets(hand, None)
        plain = [s for s in sets if not _is_bomb(s)] or sets
        # Weakest strength first, the whole group of it; now and then keep a pair back.
        pick = plain[0]
        if len(pick) > 1 and self.rng.random() < 0.1:
            pick = pick[:1]
        return Play(cards_of(pick))

    def _follow(self, view: View, hand: list[int]) -> Action:
        me = view.seat
        assert me is not None and view.last_set is not None and view.last_player is not None
        mine = view.seats[me].team
        theirs = view.seats[view.last_player].team
        if mine is not None and theirs is mine:
            return PASS  # a known team-mate's set: let it run
        previous = [STRENGTH[i] for i in _indices(view.last_set)]
        sets = enumerate_sets(hand, previous)
        if not sets:
            return PASS
        threat = view.seats[view.last_player].card_count <= 2
        plain = [s for s in sets if not _is_bomb(s)]
        if plain:
            pick = plain[0]
            # Do not spend a joker or a red ten on a weak set unless the hand is ending.
            if STRENGTH[pick[0]] >= RED_TEN and not threat and len(hand) > 3 and previous[0] < TWO:
                return PASS
            return Play(cards_of(pick))
        if threat or len(hand) <= 3:
            return Play(cards_of(sets[0]))
        return PASS


class AutoPlayBot:
    """托管: do not show; lead the weakest single; when following, pass."""

    def choose(self, view: View) -> Action:
        if view.seat is None or view.hand is None:
            raise ValueError("a bot plays a seat: a spectator's view has no hand")
        if view.phase is Phase.SHOW:
            return NO_SHOW
        if view.last_set is not None:
            return PASS
        return Play((view.hand[-1],))
