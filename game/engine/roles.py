"""Roles and hand modes: the vocabulary of RULES.md, shared by every engine module."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """A seat's side in one hand (RULES vocabulary table)."""

    EMPEROR = "emperor"
    GUARD = "guard"
    REBEL = "rebel"


class Mode(StrEnum):
    """How the hand is played and scored (RULES §3.2, §3.3, §5.2, §5.3).

    A standing rebellion is recorded separately (``rebellion=True``): in a guard hand it makes
    the hand open and counts as open; in dark solo it turns the hand into open solo.
    """

    DARK_GUARD = "dark_guard"
    OPEN_GUARD = "open_guard"
    DARK_SOLO = "dark_solo"
    OPEN_SOLO = "open_solo"

    @property
    def is_solo(self) -> bool:
        return self in (Mode.DARK_SOLO, Mode.OPEN_SOLO)


def is_open_hand(mode: Mode | None, rebellion: bool) -> bool:
    """The open (明) hand, for scoring and end conditions (RULES §5.2/§5.3): open guard,
    open solo, or a standing rebellion (counted once; it opens a dark solo too)."""
    return rebellion or mode in (Mode.OPEN_GUARD, Mode.OPEN_SOLO)


# Finishing places 1..5 (RULES §5.1), index 0 is 1st place.
PLACE_NAMES: tuple[str, ...] = ("头科", "二科", "三科", "二落", "大落")

ROLE_NAMES: dict[Role, str] = {
    Role.EMPEROR: "皇帝",
    Role.GUARD: "侍卫",
    Role.REBEL: "反贼",
}
