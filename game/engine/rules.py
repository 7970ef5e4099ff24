"""Room rules as one frozen value (RULES §9.2 presets, §4.7 pass-lock, §4.8 keep-six, and
the other systems' variants of §10).

The stake and fee travel with the rules so that ``settle(state)`` needs nothing else and a
hand log (seed + rules + actions) is a complete record of the hand and its money.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import MalformedAction

PRESETS = ("standard", "quick", "keep_six", "lianzhong_classic", "lianzhong_simple", "duole")
PRESET_NAMES: dict[str, str] = {
    "standard": "普通场",
    "quick": "快速场",
    "keep_six": "保六场",
    "lianzhong_classic": "联众经典场",
    "lianzhong_simple": "联众简明场",
    "duole": "多乐场",
}

# RULES §10.3: who may pass the emperor card on, in which direction, with what attached.
THRONE_STYLES = ("boke", "lianzhong_simple", "lianzhong_classic", "duole")
# RULES §5 (Boke City), §10.5 (Lianzhong formula), §10.9 (Duole position points).
SCORINGS = ("boke", "formula", "position")
DECKS = (168, 216)
# RULES §6.3 (Boke City 3·S), §10.8 (Lianzhong 40·S, community rooms 50·S).
DEFAULT_QUIT_PENALTY = 3


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
    # --- RULES §10: the other systems' switches. The defaults are Boke City's rules, and
    # ``to_text`` leaves a switch at its default out, so older logs read and print the same.
    called_guard: bool = False  # §10.1 the emperor calls a card; no guard card
    deck: int = 168  # §10.2 168 (Boke, Lianzhong) or 216 (Duole, with 3 4 5)
    throne: str = "boke"  # §3.1 / §10.3 how the emperor card is passed on
    scoring: str = "boke"  # §5 / §10.5 formula / §10.9 position points
    toasting: bool = False  # §10.6 烤牌
    grab_solo: bool = False  # §10.7 抢独
    quit_penalty: int = DEFAULT_QUIT_PENALTY  # §6.3 / §10.8, in stakes
    jiefeng_request: bool = False  # §10.10 接风 on request
    tribute: bool = False  # §10.4 进贡
    abandoned_throne: bool = False  # §10.11 棄皇

    def __post_init__(self) -> None:
        if self.name not in PRESETS:
            raise MalformedAction(f"unknown preset {self.name!r}")
        if self.stake < 1 or self.fee < 0:
            raise MalformedAction("stake must be at least 1 and fee at least 0")
        if self.deck not in DECKS:
            raise MalformedAction(f"deck must be 168 or 216, got {self.deck}")
        if self.throne not in THRONE_STYLES:
            raise MalformedAction(
                f"unknown throne style {self.throne!r}; choose one of {', '.join(THRONE_STYLES)}"
            )
        if self.scoring not in SCORINGS:
            raise MalformedAction(
                f"unknown scoring {self.scoring!r}; choose one of {', '.join(SCORINGS)}"
            )
        if self.quit_penalty < 0:
            raise MalformedAction("the quit penalty cannot be negative")
        # Combinations §10 rules out: the called guard has no guard card to reveal, abandon
        # or combine with solo by holding it; the abandoned throne needs the guard card.
        if self.called_guard and self.abandoned_throne:
            raise MalformedAction("the abandoned throne (§10.11) needs the guard card (§3)")
        if self.deck == 216 and not self.called_guard:
            # §10.2 sets one big joker aside as the emperor card and deals 215: there is no
            # marked small joker in the Duole game, so its guard is called (§10.1).
            raise MalformedAction("the 216-card deck (§10.2) is played with a called guard")
        if self.deck == 216 and self.throne != "duole":
            raise MalformedAction("the 216-card deck (§10.2) uses the Duole throne (§10.3)")
        if self.throne == "duole" and self.deck != 216:
            raise MalformedAction("the Duole throne (§10.3) needs the 216-card deck (§10.2)")
        if self.keep_six and self.deck == 216:
            raise MalformedAction("keep six (§4.8) is not a rule of the 216-card game")

    @classmethod
    def preset(cls, name: str, *, pass_lock: bool = False, stake: int = 1, fee: int = 0) -> Rules:
        """The presets of RULES §9.2; pass-lock is a separate switch on any room."""
        if name == "standard":
            return cls("standard", True, True, True, True, False, pass_lock, stake, fee)
        if name == "quick":
            return cls("quick", False, True, False, False, False, pass_lock, stake, fee)
        if name == "keep_six":
            return cls("keep_six", True, True, True, True, True, pass_lock, stake, fee)
        if name == "lianzhong_classic":
            # RULES §10 table: called guard, throne passed to 上家 without a 2, grab solo,
            # formula scoring, quit −40·S. File 004 offers rebellion (造反) in the simple
            # mode only; the guard may open in both (docs/RULES-DECISIONS.md).
            return cls(
                "lianzhong_classic", True, True, True, False, False, pass_lock, stake, fee,
                called_guard=True, throne="lianzhong_classic", scoring="formula",
                grab_solo=True, quit_penalty=40,
            )  # fmt: skip
        if name == "lianzhong_simple":
            # Guard card (§3), abdicate with a 2 (§10.3), formula scoring; toasting is the
            # room's switch (§10.6), on in the preset as file 004's simple rooms play it.
            return cls(
                "lianzhong_simple", True, True, True, True, False, pass_lock, stake, fee,
                throne="lianzhong_simple", scoring="formula", toasting=True, quit_penalty=40,
            )  # fmt: skip
        if name == "duole":
            # 216 cards, called guard, random first chooser with 2s attached, position
            # points, jiefeng on request, tribute (RULES §10 table, file 002).
            return cls(
                "duole", True, True, True, True, False, pass_lock, stake, fee,
                called_guard=True, deck=216, throne="duole", scoring="position",
                jiefeng_request=True, tribute=True,
            )  # fmt: skip
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
        """One line, ``key=value`` pairs in field order, booleans as 0/1. The §10 switches
        appear only when they differ from Boke City's default, so every log written before
        they existed prints exactly as it was recorded."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _VARIANT_FIELDS and value == f.default:
                continue
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


_VARIANT_FIELDS = frozenset(
    (
        "called_guard",
        "deck",
        "throne",
        "scoring",
        "toasting",
        "grab_solo",
        "quit_penalty",
        "jiefeng_request",
        "tribute",
        "abandoned_throne",
    )
)
