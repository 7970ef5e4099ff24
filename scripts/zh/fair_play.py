"""Chinese for fair play: the invite-guessing limit, the quick-match room setting, and the
waiting room's mark of seats that share a network address."""

from __future__ import annotations

ZH = {
    "Too many tries": "尝试次数过多",
    "Too many tries at table codes and invite links: please wait %(minutes)s minutes, then "
    "try again.": "牌桌号码和邀请链接尝试次数过多：请等待 %(minutes)s 分钟后再试。",
    "Back to the lobby": "返回大厅",
    "Seats %(seats)s (%(names)s) are playing from one network address.": (
        "座位 %(seats)s（%(names)s）来自同一网络地址。"
    ),
    "Fair play": "公平游戏",
    "quick match may seat one address together": "快速匹配可让同一地址的玩家同桌",
    "Off: quick match never seats two accounts seen at one network address at one table. On: "
    "it may (internet cafés, families). Accounts that signed in from one browser are kept "
    "apart either way.": (
        "关闭：快速匹配从不让同一网络地址的两个账号坐在同一桌。开启：允许（网吧、家庭）。"
        "在同一浏览器登录过的账号无论如何都不会被安排同桌。"
    ),
    "sighting": "登录记录",
    "sightings": "登录记录",
    "browser (hashed)": "浏览器（散列）",
    "network address (hashed)": "网络地址（散列）",
    "first seen": "首次出现",
    "last seen": "最近出现",
}
