"""The throne step of the other systems (RULES §10.1, §10.3, §10.7, §10.11): pure helpers on
card indices that ``hand.py`` calls. Boke City's own throne (§3.1) stays in ``hand.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ORDER, STRENGTH
from .rules import Rules
from .sets import SJ
from .state import N_SEATS

TWO = 9  # strength of a 2 (RULES §1.3); a 2 can never be called (§10.1)
ROUND = N_SEATS  # passes that bring the emperor card back to its first holder


def identity_of(index: int) -> int:
    """Rank and suit of an ordinary physical card as one number (cards.py: r*16 + s*4 + d)."""
    return index // 4


def callable_identities(hand: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """RULES §10.1: (identity, copies) for every identity, not a 2 and not a joker, of which
    the hand holds three copies (a guard call) or four (dark solo), in strength order."""
    counts: dict[int, int] = {}
    for i in hand:
        if STRENGTH[i] < TWO:  # ordinary ranks of either deck, not a 2, not a joker
            identity = identity_of(i)
            counts[identity] = counts.get(identity, 0) + 1
    ordered = sorted(counts.items(), key=lambda item: ORDER[item[0] * 4])
    return tuple((ident, n) for ident, n in ordered if n >= 3)


def pass_target(rules: Rules, seat: int) -> int:
    """Who receives the emperor card: the next seat in Boke City's rooms (§3.1); 上家, the
    previous seat (clockwise), in Lianzhong's and Duole's (§10.3)."""
    step = 1 if rules.throne == "boke" else -1
    return (seat + step) % N_SEATS


def attached_card(rules: Rules, hand: Sequence[int], passes: int) -> int | None:
    """RULES §10.3: the card a passer adds to the travelling emperor card, if any. ``passes``
    counts the passes made before this one (the first passer adds nothing).

    Lianzhong simple: one 2, or failing that his strongest non-joker. Duole: a 2 if he has
    one. Classic and Boke City: nothing. The highest index of the strength is given, so a
    marked card is never chosen needlessly (all 2s are plain anyway)."""
    if passes == 0 or rules.throne not in ("lianzhong_simple", "duole"):
        return None
    plain = [i for i in hand if STRENGTH[i] < SJ]
    twos = [i for i in plain if STRENGTH[i] == TWO]
    if twos:
        return twos[-1]
    if rules.throne == "lianzhong_simple" and plain:
        return plain[-1]
    return None


def passes_before_void(rules: Rules) -> int | None:
    """How many passes make the hand void (§10.2, §10.3), or None when the card can never
    leave a holder who must ascend (Boke City: after one round the first holder ascends)."""
    if rules.throne in ("lianzhong_simple", "lianzhong_classic"):
        return 2 * ROUND  # two full rounds without an emperor
    if rules.throne == "duole":
        return ROUND + 1  # back to the first chooser, who refused again
    return None


def must_take(rules: Rules, passes: int, can_call: bool) -> bool:
    """Lianzhong classic (§10.3): once the card has gone round once, the holder must ascend
    unless he cannot call a guard."""
    return rules.throne == "lianzhong_classic" and passes >= ROUND and can_call


def grab_order(emperor: int) -> tuple[int, ...]:
    """RULES §10.7: the others, nearest the emperor on his 上家 (clockwise) side first; the
    first of them to grab wins, as "the one nearest the emperor" does."""
    return tuple((emperor - k) % N_SEATS for k in range(1, N_SEATS))
