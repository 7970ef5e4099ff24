"""Toasting (烤牌, RULES §10.6): a follow may carry more jokers than the set it beats.

The general rule (docs/RULES-DECISIONS.md, "Toasting"), from file 004's rules and examples:
the new set beats the previous one when some of the previous set's jokers are each *toasted*
by a group of the new set's jokers, and the cards left on both sides beat by §4.3 (as many
cards, each strictly stronger position by position, jokers included). A group toasts

* a small joker when it holds two small jokers or a big joker (004 rules 1 and 3),
* a big joker when it holds two big jokers or three small jokers (004 rules 2 and 4),

and may hold more jokers than that ("再加挂更多的王牌"). With no joker toasted this is §4.3
itself, so toasting only ever adds wins, and only against a set with a joker in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import gt

from .sets import BJ, SJ, is_set_strengths


def _groups_fit(big: int, small: int, toast_big: int, toast_small: int) -> bool:
    """Can ``big`` big and ``small`` small jokers, all of them used, form ``toast_big``
    groups that toast a big joker and ``toast_small`` groups that toast a small one?"""
    if toast_big + toast_small == 0:
        return big + small == 0
    for two_big in range(toast_big + 1):  # big-joker groups made of two big jokers
        for one_big in range(toast_small + 1):  # small-joker groups made of one big joker
            need_big = 2 * two_big + one_big
            need_small = 3 * (toast_big - two_big) + 2 * (toast_small - one_big)
            if need_big <= big and need_small <= small:
                return True  # the jokers left over join any group
    return False


def _positional(previous: Sequence[int], new: Sequence[int]) -> bool:
    if len(previous) != len(new):
        return False
    return all(map(gt, sorted(new, reverse=True), sorted(previous, reverse=True)))


def beats_toasting(previous: Sequence[int], new: Sequence[int]) -> bool:
    """RULES §10.6 on strengths: does ``new`` beat ``previous`` when toasting is on?"""
    if not is_set_strengths(previous) or not is_set_strengths(new):
        return False
    prev_big, prev_small = previous.count(BJ), previous.count(SJ)
    new_big, new_small = new.count(BJ), new.count(SJ)
    prev_plain = [s for s in previous if s < SJ]
    new_plain = [s for s in new if s < SJ]
    for toast_big in range(prev_big + 1):
        for toast_small in range(prev_small + 1):
            rest_prev = (
                prev_plain + [BJ] * (prev_big - toast_big) + [SJ] * (prev_small - toast_small)
            )
            in_groups = len(new) - len(rest_prev)
            if in_groups < 0:
                continue
            for g_big in range(min(new_big, in_groups) + 1):
                g_small = in_groups - g_big
                if g_small > new_small:
                    continue
                if not _groups_fit(g_big, g_small, toast_big, toast_small):
                    continue
                rest_new = new_plain + [BJ] * (new_big - g_big) + [SJ] * (new_small - g_small)
                if _positional(rest_prev, rest_new):
                    return True
    return False
