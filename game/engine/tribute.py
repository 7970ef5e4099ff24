"""Tribute (进贡, RULES §10.4): before the throne step, the last hand's losers give their
strongest cards to its winners. Pure: from the last result and the new hands, the transfers.

The last hand's result travels as :class:`PreviousResult` (seat by seat, in this hand's seat
numbering: the caller seats the same five players, §10.4) and is written in the hand log, so
a hand with tribute replays from its log alone.
"""

from __future__ import annotations

from .cards import EMPEROR_CARD, GUARD_CARD, STRENGTH
from .previous import PreviousResult
from .roles import Role

N_SEATS = 5


def _royal(role: Role) -> bool:
    return role is not Role.REBEL


def _strongest(hand: list[int], n: int, marked: tuple[int, ...]) -> list[int]:
    """The giver's ``n`` strongest cards, strongest first. The marked cards (emperor card,
    guard card) are never given: they decide the throne and the guard of the new hand, and
    §10.4 gives tribute before that step (docs/RULES-DECISIONS.md)."""
    plain = [i for i in hand if i not in marked]
    return sorted(plain, key=lambda i: (STRENGTH[i], i), reverse=True)[:n]


def tribute_transfers(
    previous: PreviousResult,
    hands: tuple[tuple[int, ...], ...],
    marked: tuple[int, ...] = (EMPEROR_CARD, GUARD_CARD),
) -> tuple[tuple[int, int, int], ...]:
    """(giver, taker, card) for every card handed over, in the order they are given.
    ``marked`` are the cards never given (the emperor card; the guard card where it is
    marked, i.e. not in a called-guard room)."""
    if previous.winner in ("draw", "void"):
        return ()
    royal_won = previous.winner == "royalists"
    roles, places = previous.roles, previous.places
    emperor = roles.index(Role.EMPEROR)
    factor = 2 if previous.open_solo else 1
    by_place = sorted(range(N_SEATS), key=lambda s: places[s])
    if previous.solo:
        others = [s for s in by_place if s != emperor]
        if royal_won:  # each other gives to the emperor
            return tuple(
                (s, emperor, card)
                for s in others
                for card in _strongest(list(hands[s]), factor, marked)
            )
        cards = _strongest(list(hands[emperor]), 4 * factor, marked)
        # Strongest first in finishing order, round after round when open solo doubles.
        return tuple((emperor, others[k % len(others)], card) for k, card in enumerate(cards))
    losers = [s for s in by_place if _royal(roles[s]) != royal_won]
    takers = [s for s in by_place if _royal(roles[s]) == royal_won]
    given: list[tuple[int, int]] = []  # (giver, card)
    for s in losers:
        count = 2 if roles[s] is Role.EMPEROR else 1
        given += [(s, card) for card in _strongest(list(hands[s]), count, marked)]
    given.sort(key=lambda gc: (STRENGTH[gc[1]], gc[1]), reverse=True)
    if royal_won:
        # The guard gets the middle card of the three; the emperor the other two.
        guard = roles.index(Role.GUARD)
        middle = given[1]
        rest = [given[0], given[2]]
        out = [(g, emperor, c) for g, c in rest] + [(middle[0], guard, middle[1])]
        return tuple(out)
    # Rebels take one each, strongest first in finishing order.
    return tuple((g, takers[k], c) for k, (g, c) in enumerate(given))
