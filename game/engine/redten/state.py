"""The state of one Red Ten hand: a frozen value, replaced (never mutated) by every action.

Hands are sorted tuples of card indices (``cards.py``), seat sets are 5-bit masks, as in
the Baohuang state. Fields hold secrets (hands, who holds which red ten, the 亮牌 answers
before they are announced, the seed): the web layer must read a state only through
``view.view_for``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import WrongPhase
from ..state import N_SEATS
from .rules import Rules
from .settlement import Outcome, Team, four_tens_outcome, outcome


class Phase(StrEnum):
    SHOW = "show"  # file 003 §4: every seat answers 亮牌 or not, privately, at once
    PLAY = "play"  # §3, §7
    FINISHED = "finished"  # §8 a team is out (or four tens were dealt, §9)


@dataclass(frozen=True, slots=True)
class State:
    seed: int
    rules: Rules
    version: int
    phase: Phase
    dealer: int  # §3 the seat dealt first (the last hand's first place, or random)
    hands: tuple[tuple[int, ...], ...]
    ten_holders: tuple[int, int]  # seats dealt ♥10 and ♦10: the red team (secret)
    four_tens: int | None  # §9 a seat dealt all four tens: it has won, nothing is played
    leader: int  # §3 the holder of ♥4 leads the first trick
    answers: tuple[bool | None, ...]  # 亮牌 answers (True = show), secret until all are in
    shown: int  # seats that showed (mask), public once the 亮牌 step is over
    public_tens: int  # red tens everyone has seen, shown or played (bit 0 ♥10, bit 1 ♦10)
    turn: int | None
    last_set: tuple[int, ...] | None  # None: the player to act leads
    last_player: int | None
    passed: int  # seats that passed since the last set (mask)
    places: tuple[int | None, ...]  # 1.. in going-out order; None while holding (or caught)
    auto: tuple[bool, ...]
    played: tuple[tuple[int, tuple[int, ...]], ...]  # every set played: (seat, cards), public

    @property
    def red(self) -> tuple[int, ...]:
        """The red team's seats (one seat when a player holds both red tens)."""
        return tuple(sorted(set(self.ten_holders)))

    def team_of(self, seat: int) -> Team:
        return Team.RED if seat in self.ten_holders else Team.BLACK

    @property
    def is_solo(self) -> bool:
        return self.ten_holders[0] == self.ten_holders[1]

    @property
    def open(self) -> bool:
        """明打: somebody showed (file 003 §4; one shows and the other not is still 明打)."""
        return self.shown != 0

    @property
    def all_shown(self) -> bool:
        """两个红十全亮: every red-ten holder showed at 亮牌 (file 003 §7, jiefeng)."""
        return self.public_shown_tens == 0b11

    @property
    def public_shown_tens(self) -> int:
        mask = 0
        for bit, holder in enumerate(self.ten_holders):
            if self.shown >> holder & 1:
                mask |= 1 << bit
        return mask

    @property
    def out_order(self) -> tuple[int, ...]:
        placed = sorted((p, s) for s, p in enumerate(self.places) if p is not None)
        return tuple(s for _, s in placed)

    def holding(self, seat: int) -> bool:
        return bool(self.hands[seat])

    def outcome(self) -> Outcome:
        """Result and caught count of a finished hand (file 003 §9)."""
        if self.phase is not Phase.FINISHED:
            raise WrongPhase("the hand is not over yet")
        if self.four_tens is not None:
            return four_tens_outcome(self.four_tens)
        return outcome(self.red, self.out_order)


SEATS = tuple(range(N_SEATS))
