"""The settlement explained to one player: who won, the arithmetic in one line, the title
change with its reason, the rewards paid with the hand (RULES §5, §7).

The line states the room's own scoring: §5.2/§5.3 (Boke City, the default), §10.5's formula
(Lianzhong, dark and open solo included) or §10.9's position points (Duole). Its share,
``Share.factors`` × S, is what the viewer wins or loses when nobody fled; the §6.3 flight
rule is named only when a flight moved the viewer's payout away from that share.

Made only once the hand is over, when every role is public (the results table names them
all), from the engine's own ``settle`` of the finished state and the stored rows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from display.labels import ROLE_SHORT
from game import engine
from game.engine.roles import is_open_hand
from game.engine.scoring import POSITION_POINTS
from game.engine.settlement import Settlement

MODE_SHORT = {
    engine.Mode.DARK_GUARD: gettext_lazy("Dark guard (暗保)"),
    engine.Mode.OPEN_GUARD: gettext_lazy("Open guard (明保)"),
    engine.Mode.DARK_SOLO: gettext_lazy("Dark solo (暗独)"),
    engine.Mode.OPEN_SOLO: gettext_lazy("Open solo (明独)"),
}


@dataclass(frozen=True, slots=True)
class Reward:
    label: str
    beans: int


@dataclass(frozen=True, slots=True)
class Share:
    """The viewer's share as the line states it: the product of ``factors`` × S, signed."""

    factors: tuple[int, ...]  # the role's units, the rule's number, 2 when doubled
    stake: int
    sign: int  # +1 the viewer's side won, −1 it lost, 0 a draw

    @property
    def amount(self) -> int:
        return self.sign * math.prod(self.factors) * self.stake


@dataclass(frozen=True, slots=True)
class SettlementSummary:
    outcome: str  # "win" / "loss" / "draw" for the viewer's side; "royalists"/"rebels"/"draw"
    headline: str  # 胜 / 负 / 平, or who won for a spectator
    arithmetic: str  # one line: mode, places, the rule's number, share × S, fee, penalty, net
    title_line: str = ""
    rewards: tuple[Reward, ...] = ()
    reason: tuple[str, ...] = ()  # why the hand ended so, in words (display.outcome)
    share: Share | None = None  # the viewer's share the line states (None: a spectator)
    fled: tuple[int, ...] = ()  # the seats the line names under the flight rule (§6.3)
    score_line: str = ""  # a double-score card doubled the general score's gain (§12.4)


@dataclass(frozen=True, slots=True)
class SeatLine:
    """The stored settlement of one seat, as the summary needs it."""

    seat: int
    role: engine.Role
    place: int
    payout: int
    fee: int
    penalty: int
    net: int
    fled: bool
    points_before: int | None = None
    points_after: int | None = None
    title_before: str = ""
    title_after: str = ""
    name: str = ""
    score_doubled: bool = False


def units_of(role: engine.Role, mode: engine.Mode, rebellion: bool) -> int:
    """Stake units per multiple a role wins or loses (RULES §5.2, §5.3)."""
    open_ = is_open_hand(mode, rebellion)
    if mode.is_solo:
        if role is engine.Role.EMPEROR:
            return 32 if open_ else 16
        return 8 if open_ else 4
    units = {engine.Role.EMPEROR: 2, engine.Role.GUARD: 1, engine.Role.REBEL: 1}[role]
    return units * 2 if open_ else units


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _side_won(role: engine.Role, winner: str) -> bool:
    return (winner == "rebels") == (role is engine.Role.REBEL)


def _doubled(scoring: str, mode: engine.Mode, rebellion: bool) -> bool:
    """§10.5: open guard or a standing rebellion doubles everything (a dark solo included);
    §10.9 adds open solo. Boke City's open amounts are units of their own (``units_of``)."""
    if scoring == "boke":
        return False
    return (
        mode is engine.Mode.OPEN_GUARD
        or rebellion
        or (scoring == "position" and mode is engine.Mode.OPEN_SOLO)
    )


def rule_number(
    scoring: str, mode: engine.Mode, multiple: int, by_place: Sequence[SeatLine]
) -> tuple[int, str]:
    """The number the room's rule reads from the places, and its working in words: Boke
    City's multiple m (§5.2, §5.3), the formula's guard value 6 − (emperor + guard) (§10.5),
    the royalists' position points (§10.9). A solo under the formula has fixed amounts: m is
    1 when somebody won, 0 in a draw."""
    emperor = next(r.place for r in by_place if r.role is engine.Role.EMPEROR)
    guard = next((r.place for r in by_place if r.role is engine.Role.GUARD), None)
    if scoring == "position":
        points = [POSITION_POINTS[emperor - 1]]
        if guard is not None:
            points.append(POSITION_POINTS[guard - 1])
        value = sum(points)
        if guard is None:
            return abs(value), _("position points p = %(p)s") % {"p": signed(value)}
        return abs(value), _("position points s = %(pe)s + %(pg)s = %(s)s") % {
            "pe": signed(points[0]),
            "pg": signed(points[1]),
            "s": signed(value),
        }
    if scoring == "formula" and guard is not None:
        value = 6 - (emperor + guard)
        return abs(value), _("formula 6 − (%(e)s + %(g)s) = %(v)s") % {
            "e": emperor,
            "g": guard,
            "v": signed(value),
        }
    return multiple, _("multiple %(m)s") % {"m": multiple}


def share_units(scoring: str, role: engine.Role, mode: engine.Mode, rebellion: bool) -> int:
    """Stake units per the rule's number a role wins or loses, before any doubling: §5.2 /
    §5.3 (``units_of``), §10.5 (emperor 2, guard 1, rebel 1; dark solo 12 and 3, open solo
    24 and 6), §10.9 (emperor 2, guard 1, rebel 1; solo: emperor 4, each other 1)."""
    if scoring == "boke":
        return units_of(role, mode, rebellion)
    if mode.is_solo:
        if scoring == "formula":
            emperor = 24 if mode is engine.Mode.OPEN_SOLO else 12
            return emperor if role is engine.Role.EMPEROR else emperor // 4
        return 4 if role is engine.Role.EMPEROR else 1
    return 2 if role is engine.Role.EMPEROR else 1


def share_of(
    mine: SeatLine,
    *,
    scoring: str,
    mode: engine.Mode,
    rebellion: bool,
    stake: int,
    multiple: int,
    winner: str,
    by_place: Sequence[SeatLine],
) -> Share:
    """The viewer's share when nobody fled, as the room's rule works it out."""
    value, _words = rule_number(scoring, mode, multiple, by_place)
    doubling = (2,) if _doubled(scoring, mode, rebellion) else ()
    factors = (share_units(scoring, mine.role, mode, rebellion), value, *doubling)
    sign = 0 if winner == "draw" else 1 if _side_won(mine.role, winner) else -1
    return Share(factors=factors, stake=stake, sign=sign)


def summarize_hand(
    settlement: Settlement,
    *,
    scoring: str,
    lines: Sequence[SeatLine],
    me: int | None,
    rewards: Sequence[Reward] = (),
    reason: Sequence[str] = (),
    tournament: bool = False,
    challenge: bool = False,
) -> SettlementSummary:
    """The summary of a settled hand (``engine.settle``) for the viewer at seat ``me``."""
    return summarize(
        mode=settlement.mode,
        rebellion=settlement.rebellion,
        stake=settlement.stake,
        multiple=settlement.multiple,
        winner=settlement.winner,
        lines=lines,
        me=me,
        rewards=rewards,
        reason=reason,
        scoring=scoring,
        tournament=tournament,
        challenge=challenge,
    )


def summarize(
    *,
    mode: engine.Mode,
    rebellion: bool,
    stake: int,
    multiple: int,
    winner: str,
    lines: Sequence[SeatLine],
    me: int | None,
    rewards: Sequence[Reward] = (),
    reason: Sequence[str] = (),
    scoring: str = "boke",
    tournament: bool = False,
    challenge: bool = False,
) -> SettlementSummary:
    """The summary for the viewer at seat ``me`` (None: a spectator); ``tournament``: a
    tournament's hand, which moves no beans (its payout is scored, not paid); ``challenge``:
    one of those dealt by the daily challenge, whose result is compared with the field."""
    by_place = sorted(lines, key=lambda r: r.place)
    pattern = " ".join(ROLE_SHORT[r.role] for r in by_place)
    _value, working = rule_number(scoring, mode, multiple, by_place)
    if rebellion and mode is engine.Mode.DARK_SOLO:
        head = _("%(mode)s, opened by rebellion · places %(pattern)s · %(rule)s")
    else:
        head = _("%(mode)s · places %(pattern)s · %(rule)s")
    head = head % {
        "mode": MODE_SHORT[mode] if not (rebellion and not mode.is_solo) else _("Open hand (明反)"),
        "pattern": pattern,
        "rule": working,
    }
    if _doubled(scoring, mode, rebellion):
        head += " · " + _("open: doubled")
    mine = next((r for r in lines if r.seat == me), None)
    if mine is None:
        headline = {
            "royalists": _("The royalists win"),
            "rebels": _("The rebels win"),
        }.get(winner, _("Draw"))
        return SettlementSummary(
            outcome=winner,
            headline=headline,
            arithmetic=_("%(head)s · S = %(stake)s") % {"head": head, "stake": stake},
            reason=tuple(reason),
        )
    if winner == "draw":
        outcome, headline = "draw", _("Draw (平)")
    elif _side_won(mine.role, winner):
        outcome, headline = "win", _("You win (胜)")
    else:
        outcome, headline = "loss", _("You lose (负)")
    share = share_of(
        mine,
        scoring=scoring,
        mode=mode,
        rebellion=rebellion,
        stake=stake,
        multiple=multiple,
        winner=winner,
        by_place=by_place,
    )
    parts = [
        head,
        _("you %(factors)s × S %(stake)s = %(share)s")
        % {
            "factors": " × ".join(str(f) for f in share.factors),
            "stake": stake,
            "share": signed(share.amount),
        },
    ]
    fled: tuple[int, ...] = ()
    if mine.payout != share.amount:
        # RULES §6.3: on a losing side with a fled player, he carries the side's whole loss.
        mates = [
            r for r in lines if (r.role is engine.Role.REBEL) == (mine.role is engine.Role.REBEL)
        ]
        fled = tuple(r.seat for r in mates if r.fled)
        names = [_("you")] if mine.fled else []
        names += [r.name for r in mates if r.fled and r.seat != mine.seat]
        parts.append(
            _(
                "flight rule (RULES §6.3): %(names)s fled and carry your side's loss, so you "
                "get %(payout)s"
            )
            % {"names": ", ".join(names), "payout": signed(mine.payout)}
        )
    if mine.fee:  # a free trial's hands are dealt without a fee (game.hands.start_hand)
        parts.append(_("fee %(fee)s") % {"fee": signed(-mine.fee)})
    if mine.penalty:
        # RULES §6.3: 3·S; §10.8: the room's quit penalty (40·S in Lianzhong rooms).
        parts.append(
            _("fled penalty %(units)s × S = %(penalty)s")
            % {"units": mine.penalty // stake, "penalty": signed(-mine.penalty)}
        )
    if challenge:
        parts.append(
            _(
                "daily challenge hand (每日比赛局): no beans move, the result is compared "
                "with everyone who played these cards"
            )
        )
    elif tournament:
        parts.append(_("tournament hand (比赛局): no beans move, the payout is scored"))
    else:
        parts.append(_("net %(net)s") % {"net": signed(mine.net)})
    return SettlementSummary(
        outcome=outcome,
        headline=headline,
        arithmetic=" · ".join(parts),
        title_line=_title_line(mine, mode, winner, by_place),
        rewards=tuple(rewards),
        reason=tuple(reason),
        share=share,
        fled=fled,
        score_line=_score_line(mine, stake),
    )


def _score_line(mine: SeatLine, stake: int) -> str:
    """RULES §12.4: what the double-score card did to the general score, when it did."""
    if not mine.score_doubled:
        return ""
    units = mine.payout / stake if stake else 0
    once = f"{units:g}"
    return _(
        "Double-score card (双倍积分卡): general score +%(twice)s stake units (twice %(once)s)"
    ) % {"twice": f"{units * 2:g}", "once": once}


def _title_line(mine: SeatLine, mode: engine.Mode, winner: str, by_place: list[SeatLine]) -> str:
    """The title-points change and why (RULES §7.1–§7.4)."""
    before, after = mine.points_before, mine.points_after
    if before is None or after is None:
        return ""
    change = after - before
    numbers = f"{before} → {after} ({signed(change)})"
    if change > 0:
        reason = _("your side won")
    elif change < 0:
        reason = _("your side lost; the loss depends on the title you held")
    elif winner == "draw":
        reason = _("a draw changes no title points")
    elif not _side_won(mine.role, winner):
        reason = _("title points never go below 0")
    elif mine.role is not engine.Role.REBEL and not mode.is_solo:
        emperor = next(r.place for r in by_place if r.role is engine.Role.EMPEROR)
        guard = next(r.place for r in by_place if r.role is engine.Role.GUARD)
        reason = (
            _("the royalists score only when the emperor goes out before the guard")
            if guard < emperor
            else _("no points for this result")
        )
    else:
        reason = _("no points for this result")
    line = _("Title points %(numbers)s: %(reason)s.") % {"numbers": numbers, "reason": reason}
    if mine.title_after and mine.title_after != mine.title_before:
        line += " " + _("New title: %(title)s!") % {"title": mine.title_after}
    return line
