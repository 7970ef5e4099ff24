"""The last hand's result at this table, as the next hand needs it for tribute (RULES §10.4).

Seat by seat, in the new hand's seat numbering (the caller seats the same five players). It is
written in the hand log, so a hand with tribute replays from its log alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import MalformedAction
from .roles import Role

N_SEATS = 5

_LETTERS = {"E": Role.EMPEROR, "G": Role.GUARD, "R": Role.REBEL}
_WINNERS = ("royalists", "rebels", "draw", "void")


@dataclass(frozen=True, slots=True)
class PreviousResult:
    """The last hand at this table: each seat's role and place, who won, and whether the
    emperor played open solo (which doubles the tribute). ``winner`` is "void" for a void
    hand (roles and places are then meaningless and no tribute is due)."""

    roles: tuple[Role, ...]
    places: tuple[int, ...]
    winner: str
    open_solo: bool = False

    def __post_init__(self) -> None:
        if self.winner not in _WINNERS:
            raise MalformedAction(f"winner must be one of {', '.join(_WINNERS)}")
        if len(self.roles) != N_SEATS or sorted(self.places) != [1, 2, 3, 4, 5]:
            raise MalformedAction("a previous result has five roles and places 1–5")
        if self.roles.count(Role.EMPEROR) != 1 or self.roles.count(Role.GUARD) > 1:
            raise MalformedAction("a previous result has one emperor and at most one guard")

    @property
    def solo(self) -> bool:
        return Role.GUARD not in self.roles

    def to_text(self) -> str:
        letters = "".join({v: k for k, v in _LETTERS.items()}[r] for r in self.roles)
        places = "".join(str(p) for p in self.places)
        return (
            f"roles={letters} places={places} winner={self.winner} open_solo={int(self.open_solo)}"
        )

    @classmethod
    def from_text(cls, text: str) -> PreviousResult:
        values = dict(part.partition("=")[::2] for part in text.split())
        try:
            roles = tuple(_LETTERS[c] for c in values["roles"])
            places = tuple(int(c) for c in values["places"])
            return cls(roles, places, values["winner"], values.get("open_solo", "0") == "1")
        except (KeyError, ValueError) as exc:
            raise MalformedAction(f"cannot read previous result {text!r}") from exc
