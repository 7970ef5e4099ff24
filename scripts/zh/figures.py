"""Chinese for the settlement line of every system (lobby/summary.py, lobby/redten_summary.py),
Red Ten's reason lines and its hint."""

from __future__ import annotations

ZH = {
    # the settlement line: the rule's number (RULES §5.2, §10.5, §10.9)
    "%(mode)s · places %(pattern)s · %(rule)s": "%(mode)s · 名次 %(pattern)s · %(rule)s",
    "%(mode)s, opened by rebellion · places %(pattern)s · %(rule)s": (
        "%(mode)s（被明反打开）· 名次 %(pattern)s · %(rule)s"
    ),
    "multiple %(m)s": "%(m)s 倍",
    "formula 6 − (%(e)s + %(g)s) = %(v)s": "公式 6 − (%(e)s + %(g)s) = %(v)s",
    "position points s = %(pe)s + %(pg)s = %(s)s": "名次分 s = %(pe)s + %(pg)s = %(s)s",
    "position points p = %(p)s": "名次分 p = %(p)s",
    "open: doubled": "明打：翻倍",
    "you %(factors)s × S %(stake)s = %(share)s": "你 %(factors)s × 底分 %(stake)s = %(share)s",
    "flight rule (RULES §6.3): %(names)s fled and carry your side's loss %(payout)s": (
        "逃跑规则（规则 §6.3）：%(names)s 逃跑，本方输分由逃跑者承担 %(payout)s"
    ),
    "fled penalty %(units)s × S = %(penalty)s": "逃跑罚分 %(units)s × 底分 = %(penalty)s",
}
