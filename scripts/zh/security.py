"""Chinese for the refusals and caps against the attacks on a running site (docs/SECURITY.md)."""

from __future__ import annotations

ZH = {
    "This table is closed.": "这一桌已关闭。",
    "A hand is running at this table: sit down when it ends.": "这一桌正在打牌：请等这一局结束再入座。",
    "A hand is running at this table: invite bots when it ends.": "这一桌正在打牌：请等这一局结束再邀请机器人。",
    "You need %(need)s beans free to sit in %(room)s; you have %(have)s, of which %(held)s"
    " are held for a hand still running (a hand you left is played to its end before it is"
    " settled).": (
        "在%(room)s入座需要 %(need)s 可用星豆；你有 %(have)s，其中 %(held)s"
        " 为仍在进行的牌局预留（你离开的牌局会由托管打完后再结算）。"
    ),
    "You have opened too many tables lately; please wait a few minutes.": (
        "你最近开桌太多，请稍等几分钟。"
    ),
    "Your trial table is still open: here it is.": "你的试玩桌还开着：就是这一桌。",
    "Too many open tables for this account: close some tabs and reload.": (
        "这个账号打开的牌桌太多：请关闭一些标签页后刷新。"
    ),
    "Too many tables watched from this address: close some tabs and reload.": (
        "从这个地址观看的牌桌太多：请关闭一些标签页后刷新。"
    ),
}
