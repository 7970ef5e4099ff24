"""Chinese for the admin's own titles and the remaining site-wide labels (issue 16)."""

from __future__ import annotations

ZH = {
    "Baohuang administration": "保皇 管理后台",
    "Baohuang admin": "保皇 管理",
    "Site administration": "站点管理",
    "Stakes": "输赢",
    "Deadlines": "时限",
}
