"""A Red Ten settlement explained (RULES §11, file 003 §8, §9 and the coin room): one line
of arithmetic whose figures come to the player's beans, and the reason in words.

Pure: made from the engine's ``settle`` of the finished state (every side is public once the
hand is over), the names and the room's stake. ``beans`` works the money out exactly as
``game.redten_hands.beans_of`` does, so the line states what the ledger moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from display.labels import TEAM_LABELS, place_label
from game.engine import redten
from game.engine.redten.settlement import WINNER_SHARE, table_amounts
from lobby.summary import signed


@dataclass(frozen=True, slots=True)
class RedTenShare:
    """One seat's money as the line states it: X × m × S in a points room; a coin room's
    loser pays X × m × N and its winner receives X × m × N × 0.9, rounded down."""

    amount: int  # X, the §9 table's figure for the seat, unsigned
    multiple: int  # m: 2 in 明打, else 1
    coin: bool  # a coin room: the base is the room's coefficient N
    base: int  # S, or N in a coin room
    sign: int  # +1 the seat's side won, −1 it lost, 0 a draw

    @property
    def beans(self) -> int:
        exact = Fraction(self.sign * self.amount * self.multiple * self.base)
        if self.coin and self.sign > 0:
            exact *= WINNER_SHARE
        return int(exact) if exact >= 0 else -int(-exact)  # toward zero, as beans_of

    @property
    def rounded(self) -> bool:
        """Whether the winner's 0.9 share was rounded down to whole beans."""
        return self.coin and self.sign > 0 and (self.amount * self.multiple * self.base) % 10 != 0


@dataclass(frozen=True, slots=True)
class RedTenSummary:
    outcome: str  # "win" / "loss" / "draw" for the viewer's side; "red"/"black"/"draw" else
    arithmetic: str
    reason: tuple[str, ...]
    share: RedTenShare | None = None  # None: a spectator


def _side(team: redten.Team | str) -> str:
    return str(TEAM_LABELS[str(team)])


def share_of(settlement: redten.Settlement, seat: int, *, stake: int, coin: int) -> RedTenShare:
    """The seat's money: the §9 figure X, the multiple, and the room's S (or N)."""
    x = table_amounts(settlement.outcome)[seat]
    return RedTenShare(
        amount=abs(x),
        multiple=settlement.multiple,
        coin=bool(coin),
        base=coin or stake,
        sign=(x > 0) - (x < 0),
    )


def summarize_redten(
    state: redten.State,
    settlement: redten.Settlement,
    *,
    names: Sequence[str],
    me: int | None,
    stake: int,
) -> RedTenSummary:
    """The settlement line and its reason for the viewer at seat ``me`` (None: a
    spectator)."""
    result = settlement.outcome
    coin = state.rules.coin
    head = [
        {
            redten.Result.RED: _("The red side wins"),
            redten.Result.BLACK: _("The black side wins"),
        }.get(result.result, _("A draw (和局)"))
    ]
    if result.caught:
        head.append(_("%(n)s caught (抓到 %(n)s 家)") % {"n": result.caught})
    head.append(
        _("open (明打) × 2") if settlement.open else _("dark (暗打) × 1"),
    )
    reason = reason_lines(state, settlement, names=names, coin=coin)
    if me is None:
        base = _("N = %(n)s") % {"n": coin} if coin else _("S = %(s)s") % {"s": stake}
        return RedTenSummary(
            outcome=result.result.value, arithmetic=" · ".join([*head, base]), reason=reason
        )
    share = share_of(settlement, me, stake=stake, coin=coin)
    figures = {
        "x": share.amount,
        "m": share.multiple,
        "base": share.base,
        "beans": signed(share.beans),
    }
    if not share.coin:
        mine = _("you %(x)s × %(m)s × S %(base)s = %(beans)s") % figures
    elif share.sign > 0:
        mine = _("you %(x)s × %(m)s × N %(base)s × 0.9 = %(beans)s") % figures
        if share.rounded:
            mine += " " + _("(rounded down)")
    else:
        mine = _("you %(x)s × %(m)s × N %(base)s = %(beans)s") % figures
    outcome = "draw" if share.sign == 0 else "win" if share.sign > 0 else "loss"
    return RedTenSummary(
        outcome=outcome,
        arithmetic=" · ".join(
            [*head, _("%(side)s: %(mine)s") % {"side": _side(result.team_of(me)), "mine": mine}]
        ),
        reason=reason,
        share=share,
    )


def reason_lines(
    state: redten.State, settlement: redten.Settlement, *, names: Sequence[str], coin: int
) -> tuple[str, ...]:
    """Why the hand ended as it did, one sentence a line (file 003 §8, §9)."""
    result = settlement.outcome
    lines: list[str] = []
    if state.four_tens is not None:
        lines.append(
            _(
                "%(name)s was dealt all four tens and wins at once: scored as a solo with both "
                "red tens in first place (RULES §11)."
            )
            % {"name": names[state.four_tens]}
        )
    else:
        if result.solo:
            lines.append(
                _("%(name)s held both red tens and played alone against four (双红十).")
                % {"name": names[result.red[0]]}
            )
        else:
            lines.append(
                _("Red side: %(a)s and %(b)s, a red ten each; black side: the other three.")
                % {"a": names[result.red[0]], "b": names[result.red[1]]}
            )
        order = ", ".join(
            _("%(place)s %(name)s (%(role)s)")
            % {"place": place_label(n), "name": names[s], "role": _side(result.team_of(s))}
            for n, s in enumerate(result.out, start=1)
        )
        lines.append(_("Went out in this order: %(order)s.") % {"order": order})
        finished = result.team_of(result.out[-1])
        lines.append(
            _("The hand ended when the whole red side was out (RULES §11).")
            if finished is redten.Team.RED
            else _("The hand ended when the whole black side was out (RULES §11).")
        )
        first = names[result.out[0]]
        if result.result is redten.Result.DRAW:
            lines.append(
                _(
                    "That side did not take first place (%(name)s of the other side did): a "
                    "draw (和局), nobody wins or loses."
                )
                % {"name": first}
            )
        else:
            lines.append(
                _(
                    "That side also took first place (%(name)s), so it wins; %(n)s of the "
                    "other side still held cards: %(n)s caught."
                )
                % {"name": first, "n": result.caught}
            )
    amounts = table_amounts(result)
    if any(amounts):
        lines.append(
            _(
                "The scoring table (RULES §11): with %(n)s caught each winner gets %(gain)s "
                "and each loser pays %(loss)s, times the multiple."
            )
            % {"n": result.caught, "gain": max(amounts), "loss": -min(amounts)}
        )
    lines.append(
        _("Open game (明打): a red ten was shown, so every score doubles (m = 2).")
        if settlement.open
        else _("Dark game (暗打): no red ten was shown, so scores are not doubled (m = 1).")
    )
    if coin:
        lines.append(
            _(
                "Coin room, N = %(n)s: a loser pays X × m × N; a winner receives 0.9 of "
                "X × m × N, rounded down to whole beans."
            )
            % {"n": coin}
        )
    return tuple(lines)
