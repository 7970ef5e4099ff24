"""The state of one hand: a frozen value, replaced (never mutated) by every action.

Hands are sorted tuples of card indices (``cards.py``) and seat sets are 5-bit masks, so
copying a state is cheap and two states compare equal exactly when they are the same
position: ``replay`` relies on that.

Fields hold secrets (hands, the guard's seat, declaration answers, marks, the seed); the
web layer must never read them directly but go through ``view.view_for``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import Guess
from .previous import PreviousResult
from .roles import Mode, Role, is_open_hand
from .rules import Rules

N_SEATS = 5


class Phase(StrEnum):
    THRONE = "throne"  # §3.1/§3.2 the emperor-card holder ascends, abdicates or goes solo
    GRAB = "grab"  # §10.7 the others, in turn, may grab solo
    DECLARE = "declare"  # §3.3 simultaneous private questions
    PLAY = "play"  # §4
    FINISHED = "finished"  # §5.1 result fixed


class Question(StrEnum):
    """The private declaration question a non-emperor gets (RULES §3.3)."""

    GUARD = "guard"  # open_guard / dark_guard
    REBEL = "rebel"  # rebel / no_rebel


@dataclass(frozen=True, slots=True)
class State:
    seed: int
    rules: Rules
    version: int
    phase: Phase
    hands: tuple[tuple[int, ...], ...]
    first_dealt: int  # §2.2 the random seat dealt first
    throne_first: int  # §3.1 first holder of the emperor card
    throne_holder: int  # current holder of the emperor card
    abdications: int  # §3.1 after five, the card is back with the first holder: must ascend
    emperor: int | None  # set once somebody ascends
    guard: int | None  # holder of the guard card once the emperor is known (= emperor in solo)
    mode: Mode | None  # as declared; None until fixed
    rebellion: bool  # §3.3 two or more rebels declared
    guard_card_shown: bool  # the guard card was played: its holder is public
    questions: tuple[Question | None, ...]
    answers: tuple[str | None, ...]  # action kinds, private until announced
    failed_rebels: tuple[bool, ...]
    turn: int | None
    last_set: tuple[int, ...] | None  # None: the player to act leads
    last_player: int | None
    passed: int  # seats that passed since the last set (bit mask)
    passed_in_trick: int  # seats that passed at any point of this trick (pass-lock, §4.7)
    places: tuple[int | None, ...]  # 1..5 once out (or placed at the end)
    auto: tuple[bool, ...]
    auto_count: tuple[int, ...]
    fled: tuple[bool, ...]
    marks: tuple[tuple[Guess, ...], ...]  # marks[viewer][target], private to the viewer
    played: tuple[tuple[int, tuple[int, ...]], ...]  # every set played: (seat, cards), public
    # --- RULES §10 (all default to "not in use", so Boke City's hands are unchanged) -----
    called: int | None = None  # §10.1 the called identity (card index // 4), public
    void: bool = False  # §10.2/§10.3 nobody took the throne: no play, no settlement
    attached: tuple[int, ...] = ()  # §10.3 cards travelling with the emperor card, public
    grab_turn: int = 0  # §10.7 how many seats have answered the grab question
    jiefeng_claim: int | None = None  # §10.10 who asked to lead on the set that went out
    tribute: tuple[tuple[int, int, int], ...] = ()  # §10.4 (giver, taker, card) at the deal
    previous: PreviousResult | None = None  # §10.4 the last hand's result, for the log
    abandoned: bool = False  # §10.11 the throne came back: dark solo scored one step less

    # --- derived facts every module needs ----------------------------------------------

    def role_of(self, seat: int) -> Role | None:
        """The seat's true role, once the emperor is known (None before)."""
        if self.emperor is None:
            return None
        if seat == self.emperor:
            return Role.EMPEROR
        if seat == self.guard:
            return Role.GUARD
        return Role.REBEL

    @property
    def is_solo(self) -> bool:
        return self.emperor is not None and self.guard == self.emperor

    @property
    def effective_mode(self) -> Mode | None:
        """How the hand is played now: a standing rebellion opens a dark solo (§3.3)."""
        if self.mode is Mode.DARK_SOLO and self.rebellion:
            return Mode.OPEN_SOLO
        return self.mode

    @property
    def roles_public(self) -> bool:
        """Is every identity public? (§3.3 open guard / rebellion, open solo, the guard card
        played, or the hand is over and settled for all to see.)"""
        return (
            self.phase is Phase.FINISHED
            or self.rebellion
            or self.guard_card_shown
            or self.mode in (Mode.OPEN_GUARD, Mode.OPEN_SOLO)
        )

    @property
    def is_open(self) -> bool:
        """Open (明) hand for scoring and end conditions (``roles.is_open_hand``)."""
        return is_open_hand(self.mode, self.rebellion)

    def holding(self, seat: int) -> bool:
        return bool(self.hands[seat])

    @property
    def finishing_order(self) -> tuple[int, ...]:
        placed = [(p, s) for s, p in enumerate(self.places) if p is not None]
        return tuple(s for _, s in sorted(placed))

    def seat_passed(self, seat: int) -> bool:
        return bool(self.passed >> seat & 1)
