"""Chinese for the admin's own titles and the remaining site-wide labels."""

from __future__ import annotations

ZH = {
    "Baohuang administration": "保皇 管理后台",
    "Baohuang admin": "保皇 管理",
    "Site administration": "站点管理",
    "Stakes": "输赢",
    "Deadlines": "时限",
    "The emperor": "皇帝",
    # the profile's daily tasks: a completed task starts over (accounts/tasks.py)
    "%(done)s of today's %(cap)s completions used; a completed task starts over, and all "
    "start over at midnight.": "今天可完成 %(cap)s 次，已完成 %(done)s 次；任务完成后重新计数，午夜全部重置。",
    "next: %(n)s/%(target)s": "下一次：%(n)s/%(target)s",
    "completed ×%(n)s today": "今天已完成 %(n)s 次",
}
