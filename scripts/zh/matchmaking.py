"""Chinese for quick match, private tables and invites, the waiting room and the table
chat."""

from __future__ import annotations

ZH = {
    # refusals
    "Spectators can read the chat but not write to it.": "旁观者可以看聊天，但不能发言。",
    "One chat message every 3 seconds.": "每 3 秒只能发一条聊天。",
    "A table code has six digits.": "牌桌号码是六位数字。",
    "No table has that invite: check the link or code.": "没有找到这个邀请：请检查链接或号码。",
    "That table has been closed; this invite no longer works.": "这张牌桌已关闭，邀请已失效。",
    "This table is full.": "这张牌桌已坐满。",
    "Only the table's owner may do that.": "只有桌主可以这样做。",
    "A hand is running: wait until it ends.": "正在打牌：请等这一局结束。",
    "You cannot remove yourself; close the table instead.": "不能请自己离座；可以关闭牌桌。",
    "That seat is already empty.": "这个座位已经空着。",
    "There is no empty seat.": "没有空座位。",
    "This table is private: join it through its invite link or code.": "这是私人牌桌：请通过邀请链接或牌桌号码加入。",
    "You already have a seat: here is your table.": "你已经有座位了：这是你的牌桌。",
    # table page
    "Mute this player": "屏蔽此玩家",
    "Table chat": "牌桌聊天",
    "Quick phrases and emotes": "快捷短语和表情",
    "Chat": "聊天",
    "Unmute everyone": "取消全部屏蔽",
    "Invite friends": "邀请好友",
    "Private table": "私人牌桌",
    "Invite link:": "邀请链接：",
    "Copied": "已复制",
    "Copy link": "复制链接",
    "Table code:": "牌桌号码：",
    "Close the table": "关闭牌桌",
    "Take this seat": "坐这个位置",
    "Waiting for players… you can fill the empty seats with bots in {n} s.": "等待玩家…… {n} 秒后可以用机器人补满空位。",
    "Nobody else yet? Fill the empty seats with bots and start.": "还没有人来？用机器人补满空位并开始。",
    "Someone sat down at your table.": "有人在你的牌桌坐下了。",
    "The hand is starting!": "牌局开始了！",
    "Fill with bots": "机器人补位",
    # join page, room page
    "Join a private table": "加入私人牌桌",
    "%(owner)s invites you to a private table in %(room)s.": "%(owner)s 邀请你到%(room)s的私人牌桌。",
    "Sit down at this table": "在这张牌桌坐下",
    "Quick match (快速匹配)": "快速匹配",
    "Open a private table": "开私人牌桌",
    "Table code": "牌桌号码",
    "Join": "加入",
    "Open seats: %(n)s": "空位：%(n)s",
    # chat phrases
    "Hello!": "大家好！",
    "Well played!": "打得好！",
    "Please hurry up.": "快点吧。",
    "Thanks!": "谢谢！",
    "One more hand?": "再来一局？",
    "Bye, see you!": "再见！",
}
ZH.update(
    {
        "Players online": "在线玩家",
        "Players online: %(n)s": "在线玩家：%(n)s",
        "Tables playing: %(n)s": "正在打牌的桌：%(n)s",
    }
)
ZH.update(
    {
        # Closing and removing, the bot question
        "Back to the room": "返回房间",
        "The table was closed by its owner.": "桌主已关闭这张牌桌。",
        "The table's owner removed you from this table.": "桌主已将你移出这张牌桌。",
        "You are no longer seated at this private table.": "你已不在这张私人牌桌就座。",
        "This private table has been closed.": "这张私人牌桌已关闭。",
        "The people at the table are still being asked whether a bot takes that seat.": (
            "正在询问桌上的玩家是否让机器人坐这个座位。"
        ),
        "Nobody is asking about a bot for that seat.": "这个座位没有在询问是否由机器人补位。",
        "You were not asked about that seat.": "这个座位的询问不包括你。",
        "You have already answered.": "你已经回答过了。",
        "Only the people seated at the table are asked.": "只询问在座的玩家。",
        "%(name)s left the table. Keep playing with a bot in that seat, or wait for a person?": (
            "%(name)s 离开了牌桌。让机器人补位继续打，还是等待真人？"
        ),
        "You chose a bot: waiting for the others to answer.": "你选择了机器人补位，正在等待其他人回答。",
        "Keep playing with a bot": "机器人补位，继续打",
        "Wait for a person": "等待真人",
        "Remove from the table": "移出牌桌",
    }
)
