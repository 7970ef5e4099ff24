"""Chinese for leaving a table at every phase and for RULES §6 as the table explains it
(missed decisions, 托管 as the 普通 bot, a drop that costs nothing)."""

from __future__ import annotations

ZH = {
    # RULES §6.1/§6.2: the auto-play banner, the switch, the rules page
    "your time ran out twice in a row": "你的时间连续两次用完了",
    "Auto-play (托管): the server plays your cards as the Normal bot would": (
        "托管：系统像普通机器人一样替你出牌"
    ),
    "The server now plays for you: it takes the throne, stays a hidden guard and never "
    "rebels, and it plays your cards as the Normal (普通) bot would, beating and leading. "
    "Cancel it to play yourself again.": (
        "系统正在替你打牌：它登基、当暗保、从不造反，并像普通机器人一样出牌，该压就压、该出就出。"
        "取消托管即可自己继续打。"
    ),
    "Your time ran out twice in a row, so auto-play took your seat. Press “Cancel auto-play” "
    "here, or the A key, to play yourself again. The third time in one hand it stays on until "
    "the hand ends.": (
        "你的时间连续两次用完了，系统已为你托管。点这里的“取消托管”或按 A 键即可自己继续打。"
        "同一局第三次托管后将一直托管到本局结束。"
    ),
    "When your time runs out, the server takes that one decision for you: it ascends, stays a "
    "hidden guard, never rebels, leads your weakest single card and passes when following; "
    "then you play on. A reload or a dropped connection stops nothing: your clock keeps "
    "running. 托管 (auto-play): two missed decisions in a row, or switching it on yourself, "
    "let the server play for you until you cancel it; it answers the role questions the same "
    "way and plays your cards as the Normal bot would. After three times in one hand it stays "
    "on.": (
        "超时时，系统只替你做这一次决定：登基、当暗保、不造反，首出时出最小的单张，跟牌时不要；"
        "之后你继续自己打。刷新页面或网络断开不会暂停什么：你的计时照常进行。"
        "托管：连续两次超时，或自己开启托管，系统会一直替你打到你取消为止；"
        "身份问题照上面回答，出牌则像普通机器人一样。同一局第三次托管后不能再取消。"
    ),
    "Your time ran out: the server took that decision for you by the missed-decision rule. "
    "Play on; if your time runs out on your next decision too, auto-play (托管) takes over.": (
        "你的时间用完了：系统按超时规则替你做了这一次决定。请继续打；"
        "如果下一次决定也超时，系统将为你托管。"
    ),
    # leaving a running hand: the consequence first (RULES §6.3)
    "You are out of this hand already: leaving now costs nothing, and your result stands.": (
        "你本局已出完牌：现在离开不受任何处罚，成绩照常计算。"
    ),
    "Leaving a running hand is fleeing (逃跑): the server passes for you to the end, you pay a "
    "penalty of %(penalty)s beans, and if your side loses you pay its whole loss.": (
        "牌局进行中离开即为逃跑：系统替你一直不要到本局结束，你被罚 %(penalty)s 星豆，"
        "若你方输了，全方的损失由你一人承担。"
    ),
    "Leaving a running hand is fleeing (逃跑): the server passes for you to the end, your "
    "score loses a penalty of %(penalty)s, and if your side loses you carry its whole loss. "
    "Bots play your seat in the deals still to come.": (
        "牌局进行中离开即为逃跑：系统替你一直不要到本局结束，你的积分被罚 %(penalty)s，"
        "若你方输了，全方的损失由你一人承担。之后各副牌由机器人代你打。"
    ),
    "Flee and leave": "逃跑并离开",
    "Leave the tournament": "退出比赛",
    "A bot plays your seat in the deals still to come; you cannot come back to this table.": (
        "之后各副牌由机器人代你打；你不能再回到这张牌桌。"
    ),
    # home and room pages: back to my table, or out of it
    "A hand is running at your table. Leaving it is fleeing (逃跑): the server passes for you "
    "to the end, you pay a penalty of %(penalty)s beans, and if your side loses you pay its "
    "whole loss.": (
        "你的牌桌正在打牌。现在离开即为逃跑：系统替你一直不要到本局结束，你被罚 %(penalty)s 星豆，"
        "若你方输了，全方的损失由你一人承担。"
    ),
    "Your table is a tournament's: if you leave, a bot plays your seat in the deals still to "
    "come (fleeing a running hand, with its penalty to your score), and you cannot come back "
    "to this table.": (
        "这是比赛的牌桌：离开后，之后各副牌由机器人代你打（牌局进行中离开即为逃跑，积分受罚），"
        "你不能再回到这张牌桌。"
    ),
    "A hand is running at your table: if you leave, auto-play plays your cards to its end.": (
        "你的牌桌正在打牌：离开后，系统托管替你打到本局结束。"
    ),
    "You are not sitting at any table.": "你没有坐在任何牌桌。",
    "You left your table.": "你已离开牌桌。",
}
