"""Why a finished hand ended as it did, in words: who went out in which order, what ended
the hand (RULES §5.1), which rule decided the winner (§5.2 / §5.3, §10.5, §10.9) and how the
multiple came about, and who fled (§6.3).

``explain`` is pure: it reads the finished hand's public facts (every role is public once the
hand is over) and returns an :class:`OutcomeReason` whose fields say what was decided;
``reason_lines`` puts it in words in the active language, for the templates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from display.labels import PLACE_LABELS, ROLE_LABELS
from game import engine
from game.engine.roles import is_open_hand
from game.engine.scoring import POSITION_POINTS
from game.engine.settlement import Settlement

SECTION = {"boke": "§5.2", "formula": "§10.5", "position": "§10.9"}


@dataclass(frozen=True, slots=True)
class Finisher:
    place: int
    seat: int
    name: str
    role: engine.Role
    cards_left: int  # 0: went out; else still holding cards when the hand ended (§5.1)
    fled: bool


@dataclass(frozen=True, slots=True)
class OutcomeReason:
    scoring: str  # "boke" (§5), "formula" (§10.5), "position" (§10.9)
    section: str  # the RULES section that decided the winner
    solo: bool
    open_scoring: bool  # scored open (RULES §5.2 open hand, §5.3 open solo)
    # Every amount doubled on top of the rule's own numbers: §5.2's open hand, §10.5's open
    # guard or standing rebellion (a dark solo included), §10.9's open guard, open solo or
    # standing rebellion. Boke City's open solo has its own amounts (§5.3): not doubled.
    doubled: bool
    opened_by_rebellion: bool  # a dark solo that a standing rebellion opened
    finishers: tuple[Finisher, ...]  # by place
    # What ended the hand (§5.1): "royalists_out", "rebels_out", "emperor_out", "two_out",
    # "anyone_out", "one_left".
    ended_by: str
    royal_places: tuple[int, ...]  # the emperor's place, then the guard's (solo: one)
    # The number the rule reads: Boke City two against three, the royalists' places added
    # (below 6 they win, 6 draws, above 6 the rebels win); the formula, 6 − that sum; position
    # points, the royalists' points (solo: the emperor's). Solo under Boke City: his place.
    value: int
    winner: str  # "royalists" / "rebels" / "draw"
    multiple: int


def explain(
    *,
    mode: engine.Mode,
    rebellion: bool,
    scoring: str,
    places: Sequence[int],
    roles: Sequence[engine.Role],
    cards_left: Sequence[int],
    fled: Sequence[bool],
    names: Sequence[str],
    winner: str,
    multiple: int,
) -> OutcomeReason:
    """The reason for a finished hand; every sequence is by seat (``places`` 1..5 as
    scored)."""
    finishers = tuple(
        sorted(
            (
                Finisher(
                    place=places[s],
                    seat=s,
                    name=names[s],
                    role=roles[s],
                    cards_left=cards_left[s],
                    fled=fled[s],
                )
                for s in range(len(places))
            ),
            key=lambda f: f.place,
        )
    )
    emperor = next(f.place for f in finishers if f.role is engine.Role.EMPEROR)
    guard = next((f.place for f in finishers if f.role is engine.Role.GUARD), None)
    solo = mode.is_solo
    open_ = is_open_hand(mode, rebellion)
    royal = (emperor,) if guard is None else (emperor, guard)
    if scoring == "position":
        value = sum(POSITION_POINTS[p - 1] for p in royal)
    elif solo:
        value = emperor
    elif scoring == "formula":
        value = 6 - (emperor + (guard or 0))
    else:
        value = emperor + (guard or 0)
    return OutcomeReason(
        scoring=scoring,
        section="§5.3" if solo and scoring == "boke" else SECTION.get(scoring, "§5.2"),
        solo=solo,
        open_scoring=open_,
        doubled=_doubled(mode, rebellion, scoring),
        opened_by_rebellion=mode is engine.Mode.DARK_SOLO and rebellion,
        finishers=finishers,
        ended_by=_ended_by(finishers, scoring=scoring, solo=solo, open_=open_),
        royal_places=royal,
        value=value,
        winner=winner,
        multiple=multiple,
    )


def explain_hand(
    state: engine.State, settlement: Settlement, names: Sequence[str]
) -> OutcomeReason:
    """The reason for a finished hand from its state and settlement; ``names`` by seat."""
    return explain(
        mode=settlement.mode,
        rebellion=settlement.rebellion,
        scoring=state.rules.scoring,
        places=[s.place for s in settlement.seats],
        roles=[s.role for s in settlement.seats],
        cards_left=[len(h) for h in state.hands],
        fled=[s.fled for s in settlement.seats],
        names=names,
        winner=settlement.winner,
        multiple=settlement.multiple,
    )


def _doubled(mode: engine.Mode, rebellion: bool, scoring: str) -> bool:
    if scoring == "boke":
        return not mode.is_solo and is_open_hand(mode, rebellion)
    opened = mode is engine.Mode.OPEN_GUARD or rebellion
    return opened or (scoring == "position" and mode is engine.Mode.OPEN_SOLO)


def _ended_by(finishers: tuple[Finisher, ...], *, scoring: str, solo: bool, open_: bool) -> str:
    """RULES §5.1 (§10.9: played until one player is left)."""
    if scoring == "position":
        return "one_left"
    out = [f for f in finishers if f.cards_left == 0]
    if solo:
        if open_:
            return "anyone_out"
        return "emperor_out" if any(f.role is engine.Role.EMPEROR for f in out) else "two_out"
    royals_out = sum(1 for f in out if f.role is not engine.Role.REBEL)
    return "royalists_out" if royals_out == 2 else "rebels_out"


def _name(f: Finisher) -> str:
    return _("%(place)s %(name)s (%(role)s)") % {
        "place": PLACE_LABELS[f.place - 1],
        "name": f.name,
        "role": ROLE_LABELS[f.role],
    }


def _winner_words(winner: str) -> str:
    return {
        "royalists": _("the royalists win"),
        "rebels": _("the rebels win"),
    }.get(winner, _("a draw (平)"))


def reason_lines(reason: OutcomeReason) -> tuple[str, ...]:
    """The reason in words, one sentence a line, in the active language."""
    out = [f for f in reason.finishers if f.cards_left == 0]
    holding = [f for f in reason.finishers if f.cards_left > 0]
    lines = [_("Went out in this order: %(order)s.") % {"order": ", ".join(_name(f) for f in out)}]
    if holding:
        lines.append(
            _(
                "Still holding cards when the hand ended, placed by fewest cards (RULES §5.1): "
                "%(rest)s."
            )
            % {
                "rest": ", ".join(
                    _("%(who)s, %(n)s cards") % {"who": _name(f), "n": f.cards_left}
                    for f in holding
                )
            }
        )
    lines.append(
        {
            "royalists_out": _("The hand ended when both royalists were out (RULES §5.1)."),
            "rebels_out": _("The hand ended when all three rebels were out (RULES §5.1)."),
            "emperor_out": _("The hand ended when the solo emperor was out (RULES §5.1)."),
            "two_out": _(
                "The hand ended when two others were out: the solo emperor could no longer "
                "finish better than third (RULES §5.1)."
            ),
            "anyone_out": _("An open solo ends as soon as anyone is out (RULES §5.1)."),
            "one_left": _(
                "Position points: the hand is played until one player is left (RULES §10.9)."
            ),
        }[reason.ended_by]
    )
    lines.append(_decision(reason))
    if reason.doubled or (reason.opened_by_rebellion and reason.scoring == "boke"):
        lines.append(_doubling(reason))
    for f in reason.finishers:
        if f.fled:
            lines.append(
                _(
                    "%(name)s left the hand (逃跑): if his side lost he pays its whole loss, and a "
                    "penalty either way (RULES §6.3)."
                )
                % {"name": f.name}
            )
    return tuple(lines)


def _decision(r: OutcomeReason) -> str:
    words = _winner_words(r.winner)
    if r.scoring == "position":
        if r.solo:
            return _(
                "Position points (RULES §10.9): places score +4 +2 0 −2 −4; the solo emperor "
                "came %(place)s, p = %(p)s: he gets 4 × p × S, each other −p × S, so %(words)s."
            ) % {"place": PLACE_LABELS[r.royal_places[0] - 1], "p": r.value, "words": words}
        return _(
            "Position points (RULES §10.9): places score +4 +2 0 −2 −4; the royalists came "
            "%(e)s and %(g)s, s = %(s)s: the emperor gets 2 × s × S, the guard s × S, each "
            "rebel −s × S (s = 0 is a draw), so %(words)s."
        ) % {
            "e": r.royal_places[0],
            "g": r.royal_places[1],
            "s": r.value,
            "words": words,
        }
    if r.scoring == "formula":
        if r.solo:
            return _(
                "Formula (RULES §10.5): a dark solo emperor first wins 12 × S, second draws, "
                "lower loses 12 × S; an open solo wins or loses 24 × S (each other pays or gets "
                "a quarter). He came %(place)s, so %(words)s."
            ) % {"place": PLACE_LABELS[r.royal_places[0] - 1], "words": words}
        return _(
            "Formula (RULES §10.5): guard = 6 − (emperor's place + guard's place) = 6 − "
            "(%(e)s + %(g)s) = %(v)s; the emperor gets twice that, each rebel minus that, × S; "
            "so %(words)s."
        ) % {"e": r.royal_places[0], "g": r.royal_places[1], "v": r.value, "words": words}
    if r.solo:
        place = PLACE_LABELS[r.royal_places[0] - 1]
        if r.open_scoring:
            return _(
                "Open solo (RULES §5.3): the emperor wins 32 × S (8 × S from each other) only "
                "in first place, and loses 32 × S in any other. He came %(place)s, so %(words)s."
            ) % {"place": place, "words": words}
        return _(
            "Dark solo (RULES §5.3): the emperor first wins 16 × S (4 × S from each other), "
            "second is a draw, lower loses 16 × S. He came %(place)s, so %(words)s."
        ) % {"place": place, "words": words}
    e, g = r.royal_places
    if r.winner == "draw":
        multiple = _("a draw has multiple 0")
    elif r.multiple == 2:
        multiple = _("multiple 2, since the royalists finished both first or both last")
    else:
        multiple = _("multiple 1")
    units = (4, 2, 2) if r.open_scoring else (2, 1, 1)
    return _(
        "The royalists came %(e)s and %(g)s: %(e)s + %(g)s = %(sum)s. By RULES §5.2 a sum "
        "below 6 wins for the royalists, exactly 6 is a draw, above 6 wins for the rebels: "
        "%(words)s, %(multiple)s. Each then wins or loses m × S times: emperor %(ue)s, guard "
        "%(ug)s, each rebel %(ur)s."
    ) % {
        "e": e,
        "g": g,
        "sum": r.value,
        "words": words,
        "multiple": multiple,
        "ue": units[0],
        "ug": units[1],
        "ur": units[2],
    }


def _doubling(r: OutcomeReason) -> str:
    if r.opened_by_rebellion and r.scoring == "boke":
        return _("A standing rebellion (明反) opened the dark solo: it is scored as open solo.")
    if r.solo:
        return _("The hand was open (明独 / 明反): every amount is doubled.")
    return _("The hand was open (明保 or a standing rebellion 明反): every amount is doubled.")
