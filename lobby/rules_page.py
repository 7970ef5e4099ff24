"""The rules page (规则): every verdict and number on it comes from the engine, so the page
cannot drift from the rules the tables play (RULES §1, §3, §4, §5). Each rule system has a
section with its own anchor (RULES §9.2, §10, §11); a room links to its system's."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from display.cards import CardInfo, card_info
from display.labels import ROLE_SHORT
from game import engine
from game.engine.settlement import hand_result
from game.engine.state import N_SEATS
from lobby.summary import units_of

# A room's section of the rules page, by its preset (RULES §9.2, §10); Red Ten's is "redten".
RULES_ANCHORS = {
    "standard": "standard",
    "quick": "quick",
    "keep_six": "keep-six",
    "lianzhong_classic": "lianzhong-classic",
    "lianzhong_simple": "lianzhong-simple",
    "duole": "duole",
}
REDTEN_ANCHOR = "redten"


def rules_anchor(*, game: str, preset: str) -> str:
    """The anchor of a room's section on the rules page."""
    if game == "redten":
        return REDTEN_ANCHOR
    return RULES_ANCHORS.get(preset, "standard")


@dataclass(frozen=True, slots=True)
class BeatExample:
    previous: tuple[CardInfo, ...]
    new: tuple[CardInfo, ...]
    beats: bool  # engine.beats decided it
    why: Promise


# (set on the table, set played on it, why). The verdict is the engine's, not written here.
EXAMPLES = (
    ("8 8", "9 9", _("same number of cards, each one stronger")),
    ("8 8", "9 9 9", _("a different number of cards never beats")),
    ("K K", "A SJ", _("a joker may join any rank (挂王)")),
    ("8 8 8 SJ", "9 9 9 9", _("the small joker must be beaten by a big joker")),
    ("8 8 8 SJ", "9 9 9 BJ", _("card by card stronger, the joker by a big joker")),
    ("A A", "2 2", _("2 is the strongest ordinary rank")),
    ("2", "SJ", _("jokers beat every ordinary card")),
    ("BJ", "BJ", _("nothing beats a big joker: equal is not stronger")),
    ("Q Q", "K A", _("two different ranks are not a set")),
)


@dataclass(frozen=True, slots=True)
class PatternRow:
    places: str  # royalists A, rebels B, first place first
    winner: str
    multiple: int


def _patterns() -> tuple[PatternRow, ...]:
    rows = []
    for royal in combinations(range(N_SEATS), 2):
        roles = [engine.Role.REBEL] * N_SEATS
        roles[royal[0]] = engine.Role.EMPEROR
        roles[royal[1]] = engine.Role.GUARD
        winner, multiple = hand_result(mode=engine.Mode.DARK_GUARD, rebellion=False, places=roles)
        rows.append(
            PatternRow(
                places=" ".join("A" if r is not engine.Role.REBEL else "B" for r in roles),
                winner={"royalists": "A", "rebels": "B"}.get(winner, "="),
                multiple=multiple,
            )
        )
    return tuple(rows)


def _units() -> tuple[tuple[Promise, tuple[int, ...]], ...]:
    """Stake units per multiple for (emperor, guard, each rebel); a solo has no guard (0)."""
    roles = (engine.Role.EMPEROR, engine.Role.GUARD, engine.Role.REBEL)
    modes = (
        (_("Dark guard (暗保)"), engine.Mode.DARK_GUARD),
        (_("Open hand (明保 / 明反)"), engine.Mode.OPEN_GUARD),
        (_("Dark solo (暗独)"), engine.Mode.DARK_SOLO),
        (_("Open solo (明独)"), engine.Mode.OPEN_SOLO),
    )
    return tuple(
        (
            label,
            tuple(
                0 if mode.is_solo and r is engine.Role.GUARD else units_of(r, mode, False)
                for r in roles
            ),
        )
        for label, mode in modes
    )


def rules_context() -> dict[str, object]:
    order = tuple(card_info(c) for c in engine.parse_cards("6S 7H 8C 9D TS JH QC KD AS 2H SJ BJ"))
    examples = tuple(
        BeatExample(
            previous=tuple(card_info(c) for c in engine.parse_cards(a)),
            new=tuple(card_info(c) for c in engine.parse_cards(b)),
            beats=engine.beats(engine.parse_cards(a), engine.parse_cards(b)),
            why=why,
        )
        for a, b, why in EXAMPLES
    )
    return {
        "order": order,
        "examples": examples,
        "patterns": _patterns(),
        "units": _units(),
        "role_short": ROLE_SHORT,
    }
