"""Bot levels: 新手 novice, 普通 normal, 高手 expert — one name per level for the
site, self-play and tournaments, each deciding only from ``view_for`` of its seat.

* ``novice`` (:class:`NoviceBot`): plays like a beginner — always takes the throne and never
  declares anything, leads its weakest single card, and beats whatever it can with the
  cheapest legal set (the hint, RULES §4.9), jokers, 2s and partners' sets included. In the
  other systems' rooms (RULES §10) its role decisions are 普通's, its play the same habits.
* ``normal``: :class:`bots.SensibleBot` — plain, sound play, role choices by hand strength.
* ``expert``: :class:`expert.ExpertBot` — searches sampled deals consistent with what it saw.
"""

from __future__ import annotations

import random

from .actions import ASCEND, DARK_GUARD, DARK_SOLO, NO_REBEL, PASS, Action
from .bots import (
    AutoPlayBot,
    Bot,
    Seen,
    SensibleBot,
    _check_turn,
    _general_sets,
    _play,
    seen_from_view,
)
from .cards import N_CARDS, STRENGTH
from .expert import ExpertBot
from .rules import Rules
from .sets import SJ, legal_set_indices
from .state import Phase
from .view import View

LEVELS: tuple[str, ...] = ("novice", "normal", "expert")
DEFAULT_LEVEL = "normal"
LEVEL_NAMES: dict[str, str] = {"novice": "新手", "normal": "普通", "expert": "高手"}


class NoviceBot:
    """新手: legal, simple, and wasteful (see the module docstring)."""

    def __init__(self, rng: random.Random | None = None, *, seed: int = 0) -> None:
        self.rng = rng if rng is not None else random.Random(seed)
        self._normal = SensibleBot(self.rng)

    def choose(self, view: View) -> Action:
        seen = seen_from_view(view)
        if _other_system(view.rules) and seen.phase is not Phase.PLAY:
            # The other systems' role decisions (calls, grabs, their throne styles: RULES
            # §10.1, §10.3, §10.7) are taken as 普通 takes them; the play keeps the
            # beginner's habits on every deck (``play``).
            return self._normal.decide(seen)
        return self.decide(seen)

    @staticmethod
    def decide(seen: Seen) -> Action:
        _check_turn(seen)
        if seen.phase is Phase.THRONE:
            # Never abdicates, and a beginner holding both jokers keeps quiet: dark solo.
            return ASCEND if ASCEND in seen.choices else DARK_SOLO
        if seen.phase is Phase.DECLARE:
            return DARK_GUARD if DARK_GUARD in seen.choices else NO_REBEL
        return NoviceBot.play(seen)

    @staticmethod
    def play(seen: Seen) -> Action:
        """Lead the weakest single card; beat whatever it can with the cheapest legal set,
        plain before jokers; never asks to lead (RULES §10.10). The general list of sets
        serves the 216-card deck and toasting (§10.2, §10.6)."""
        if seen.last_set is None:
            return AutoPlayBot.decide(seen)  # the weakest single card (§6.2's lead)
        if seen.pass_locked:
            return PASS
        if seen.general:
            sets = _general_sets(seen, seen.last_set)
        else:
            sets = legal_set_indices(seen.hand, seen.last_set, keep_six=seen.keep_six)
        if not sets:
            return PASS
        plain = [s for s in sets if STRENGTH[s[-1]] < SJ]
        return _play(plain[0] if plain else sets[0])


def _other_system(rules: Rules) -> bool:
    return (
        rules.called_guard
        or rules.deck != N_CARDS
        or rules.toasting
        or rules.grab_solo
        or rules.jiefeng_request
        or rules.throne != "boke"
    )


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`) drawing its chance from ``rng``."""
    if level == "novice":
        return NoviceBot(rng)
    if level == "normal":
        return SensibleBot(rng)
    if level == "expert":
        return ExpertBot(rng)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
