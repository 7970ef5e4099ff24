"""The settlement explained to one player: who won, the arithmetic in one line, the title
change with its reason, the rewards paid with the hand (RULES §5, §7).

Made only once the hand is over, when every role is public (the results table names them
all), from the engine's own ``settle`` of the finished state and the stored rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from display.labels import ROLE_SHORT
from game import engine
from game.engine.roles import is_open_hand

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
class SettlementSummary:
    outcome: str  # "win" / "loss" / "draw" for the viewer's side; "royalists"/"rebels"/"draw"
    headline: str  # 胜 / 负 / 平, or who won for a spectator
    arithmetic: str  # one line: mode, places, multiple, units × S, fee, penalty, net
    title_line: str = ""
    rewards: tuple[Reward, ...] = ()
    reason: tuple[str, ...] = ()  # why the hand ended so, in words (display.outcome)


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
    tournament: bool = False,
) -> SettlementSummary:
    """The summary for the viewer at seat ``me`` (None: a spectator); ``tournament``: a
    tournament's hand, which moves no beans (its payout is scored, not paid)."""
    by_place = sorted(lines, key=lambda r: r.place)
    pattern = " ".join(ROLE_SHORT[r.role] for r in by_place)
    head = _("%(mode)s · places %(pattern)s · multiple %(m)s") % {
        "mode": MODE_SHORT[mode] if not (rebellion and not mode.is_solo) else _("Open hand (明反)"),
        "pattern": pattern,
        "m": multiple,
    }
    if rebellion and mode is engine.Mode.DARK_SOLO:
        head = _("%(mode)s, opened by rebellion · places %(pattern)s · multiple %(m)s") % {
            "mode": MODE_SHORT[mode],
            "pattern": pattern,
            "m": multiple,
        }
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
    units = units_of(mine.role, mode, rebellion)
    base = units * multiple * stake * (1 if outcome == "win" else -1 if outcome == "loss" else 0)
    parts = [
        head,
        _("you %(units)s × %(m)s × S %(stake)s = %(base)s")
        % {"units": units, "m": multiple, "stake": stake, "base": signed(base)},
    ]
    if mine.payout != base:
        # RULES §6.3: a fled team-mate carries the side's loss.
        parts.append(_("after the fled-player rule %(payout)s") % {"payout": signed(mine.payout)})
    if mine.fee:  # a free trial's hands are dealt without a fee (game.hands.start_hand)
        parts.append(_("fee %(fee)s") % {"fee": signed(-mine.fee)})
    if mine.penalty:
        parts.append(_("fled penalty %(penalty)s") % {"penalty": signed(-mine.penalty)})
    if tournament:
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
    )


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
