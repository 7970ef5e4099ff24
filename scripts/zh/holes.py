"""zh-hans for the security holes closed at the table, the seating and sign-up (docs/SECURITY.md)."""

from __future__ import annotations

ZH = {
    # game.hands: an action from a page whose seat is not the sender's in the hand
    "You hold no seat in this hand: nothing was done.": "你在这一局中没有座位：操作未执行。",
    "Your seat changed before this arrived: nothing was done. Look again and retry.": "你的座位在此操作到达前已变动：操作未执行。请重新查看后再试。",
}
