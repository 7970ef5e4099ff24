"""Room rules as one frozen value (RULES §9.2 presets, §4.7 pass-lock, §4.8 keep-six).

The stake and fee travel with the rules so that ``settle(state)`` needs nothing else and a
hand log (seed + rules + actions) is a complete record of the hand and its money.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import MalformedAction

PRESETS = ("standard", "quick", "keep_six")
PRESET_NAMES: dict[str, str] = {"standard": "普通场", "quick": "快速场", "keep_six": "保六场"}


@dataclass(frozen=True, slots=True)
class Rules:
    name: str = "standard"  # the preset this room started from (RULES §9.2)
    abdication: bool = True  # §3.1 may the emperor-card holder pass the throne on
    solo: bool = True  # §3.2 may an emperor holding the guard card choose open solo
    open_guard: bool = True  # §3.3 guard choice "open or dark" (False: dark only)
    rebellion: bool = True  # §3.3 may rebels declare rebellion
    keep_six: bool = False  # §4.8
    pass_lock: bool = False  # §4.7
    stake: int = 1  # §9.1 base stake S
    fee: int = 0  # §9.1 table fee, taken from every player

    def __post_init__(self) -> None:
        if self.name not in PRESETS:
            raise MalformedAction(f"unknown preset {self.name!r}")
        if self.stake < 1 or self.fee < 0:
            raise MalformedAction("stake must be at least 1 and fee at least 0")

    @classmethod
    def preset(cls, name: str, *, pass_lock: bool = False, stake: int = 1, fee: int = 0) -> Rules:
        """The presets of RULES §9.2; pass-lock is a separate switch on any room."""
        if name == "standard":
            return cls("standard", True, True, True, True, False, pass_lock, stake, fee)
        if name == "quick":
            return cls("quick", False, True, False, False, False, pass_lock, stake, fee)
        if name == "keep_six":
            return cls("keep_six", True, True, True, True, True, pass_lock, stake, fee)
        raise MalformedAction(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise MalformedAction(f"unknown rule fields: {', '.join(sorted(unknown))}")
        return cls(**data)

    def to_text(self) -> str:
        """One line, ``key=value`` pairs in field order, booleans as 0/1."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            parts.append(f"{f.name}={int(value) if isinstance(value, bool) else value}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Rules:
        values: dict[str, Any] = {}
        types = {f.name: f.type for f in fields(cls)}
        for part in text.split():
            key, sep, raw = part.partition("=")
            if not sep or key not in types:
                raise MalformedAction(f"cannot read rule {part!r}")
            kind = types[key]
            try:
                if kind in ("bool", bool):
                    if raw not in ("0", "1"):
                        raise ValueError(raw)
                    values[key] = raw == "1"
                elif kind in ("int", int):
                    values[key] = int(raw)
                else:
                    values[key] = raw
            except ValueError:
                raise MalformedAction(f"cannot read rule {part!r}") from None
        return cls(**values)
