"""The state of one hand: a frozen value, replaced (never mutated) by every action.

Hands are sorted tuples of card indices (``cards.py``) and seat sets are 5-bit masks, so
copying a state is cheap and two states compare equal exactly when they are the same
position: ``replay`` relies on that.

Fields hold secrets (hands, the guard's seat, declaration answers, marks, the seed); the
web layer must never read them directly but go through ``view.view_for``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, cast

from .actions import Guess
from .previous import PreviousResult
from .roles import Mode, Role
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
        """Open (明) hand for scoring and end conditions: open guard, open solo, rebellion."""
        return self.rebellion or self.mode in (Mode.OPEN_GUARD, Mode.OPEN_SOLO)

    def holding(self, seat: int) -> bool:
        return bool(self.hands[seat])

    @property
    def finishing_order(self) -> tuple[int, ...]:
        placed = [(p, s) for s, p in enumerate(self.places) if p is not None]
        return tuple(s for _, s in sorted(placed))

    def seat_passed(self, seat: int) -> bool:
        return bool(self.passed >> seat & 1)


# --- drafting the next state ------------------------------------------------------------------
#
# ``apply`` must be cheap (bot self-play runs ~140 actions per hand), and
# ``dataclasses.replace`` on this many fields costs ~17 µs per call. So ``apply`` takes one
# private copy per action, fills in the changes with ``put``, and only then hands the new
# state out; after that nobody writes to it again, so it is as immutable as any other.
# The copy is generated from the class's fields (``slot_copier``), so it cannot forget one,
# and a test checks that ``draft(s) == s``.

put = object.__setattr__


def slot_builder[T](cls: type[T]) -> Callable[..., T]:
    """A positional constructor for a frozen, slotted dataclass without ``__post_init__``:
    ``slot_builder(C)(a, b, …)`` equals ``C(a, b, …)``, arguments in field order.

    Why: a frozen dataclass's ``__init__`` writes each field with ``object.__setattr__(self,
    "name", value)``, which looks the name up on every call; calling each slot's own
    ``__set__`` (fetched once, here) is about twice as fast, and a state draft and a view
    are built on every action. The function is generated once per class, the way
    ``dataclasses`` generates ``__init__``, so it cannot miss a field.
    """
    names = _field_names(cls)
    return _generate(cls, ", ".join(names), {name: name for name in names})


def slot_copier[T](cls: type[T]) -> Callable[[T], T]:
    """A field-by-field copy of an instance of a frozen, slotted dataclass, written with
    the slots' own setters like :func:`slot_builder` (and for the same reason)."""
    return _generate(cls, "source", {name: f"source.{name}" for name in _field_names(cls)})


def _field_names(cls: type[Any]) -> list[str]:
    return [f.name for f in fields(cls)]


def _generate[T](cls: type[T], signature: str, values: dict[str, str]) -> Callable[..., T]:
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    namespace |= {f"_set_{name}": getattr(cls, name).__set__ for name in values}
    lines = [f"def build({signature}):", "    obj = _new(_cls)"]
    lines += [f"    _set_{name}(obj, {value})" for name, value in values.items()]
    lines.append("    return obj")
    exec("\n".join(lines), namespace)
    return cast(Callable[..., T], namespace["build"])


_copy_state = slot_copier(State)


def draft(state: State) -> State:
    """A fresh copy of ``state`` that only the engine's ``apply`` may still fill in."""
    return _copy_state(state)
