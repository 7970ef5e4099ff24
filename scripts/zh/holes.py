"""zh-hans for the security holes closed at the table, the seating and sign-up (docs/SECURITY.md)."""

from __future__ import annotations

ZH = {
    # game.hands: an action from a page whose seat is not the sender's in the hand
    "You hold no seat in this hand: nothing was done.": "你在这一局中没有座位：操作未执行。",
    "Your seat changed before this arrived: nothing was done. Look again and retry.": "你的座位在此操作到达前已变动：操作未执行。请重新查看后再试。",
    # lobby.tables: a seat refused because somebody kept apart sits there (one message for
    # every reason)
    "You cannot sit at this table. To play with people at your address, open a private table.": "你不能坐在这张桌子。想和同一网络地址的人一起玩，请开一张私人桌。",
    "You cannot sit at this table.": "你不能坐在这张桌子。",
    # accounts: look-alike usernames
    "This name looks like another player's; choose another.": "这个名字与另一位玩家的名字太相像，请换一个。",
    "username as compared": "用于比较的用户名",
}
