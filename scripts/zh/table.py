"""Chinese for the table's explanations, alerts, play log, settlement summary, the home
start button, room sentences and the rules page."""

from __future__ import annotations

ZH = {
    # role decisions: one line each
    "Be the emperor with a hidden guard: you win or lose 2× the stake per multiple; "
    "everyone knows you are the emperor.": "当皇帝，侍卫暗中相助：每倍输赢 2 倍底分；所有人都知道你是皇帝。",
    "Pass the emperor card to the next player: no risk of the throne; everyone sees that you "
    "passed it.": "把皇帝牌交给下家：不担皇帝的风险；所有人都看到你让位。",
    "Play alone against four, in secret: first place +16× the stake, second a draw, else "
    "−16×; only you know.": "暗中一打四：头科赢 16 倍底分，二科不输不赢，否则输 16 倍；只有你知道。",
    "Announce you play alone against four: first place +32× the stake, else −32×; everyone "
    "knows at once.": "宣布一打四：头科赢 32 倍底分，否则输 32 倍；所有人立刻知道。",
    "Stay hidden: normal stakes (you 1× per multiple); only you know you are the guard.": (
        "不亮身份：正常输赢（每倍 1 倍底分）；只有你知道自己是侍卫。"
    ),
    "Reveal yourself: the hand opens and every stake doubles; everyone will know you are the "
    "guard.": "亮明身份：本局明打，输赢全部翻倍；所有人都会知道你是侍卫。",
    "Say nothing: normal stakes; nobody learns your answer.": "不表态：正常输赢；没人知道你的回答。",
    "Declare: if another rebel declares too, all roles are revealed and stakes double; alone, "
    "you are marked a failed rebel for all to see.": (
        "造反：若另有反贼也造反，所有身份公开、输赢翻倍；只有你一人则被标为造反失败，人人可见。"
    ),
    "Click again: 32× the stake": "再点一次确认：32 倍底分",
    "Click again: 16× the stake": "再点一次确认：16 倍底分",
    # auto-play reasons and banner
    "your time ran out": "你的时间用完了",
    "you were disconnected": "你掉线了",
    "you switched it on": "你自己开启了托管",
    "the table switched it on": "牌桌为你开启了托管",
    "Auto-play (托管) is on: %(reason)s.": "托管中：%(reason)s。",
    "Cancel auto-play (取消托管)": "取消托管",
    # the rules page's examples
    "same number of cards, each one stronger": "张数相同，每张都更大",
    "a different number of cards never beats": "张数不同，永远压不过",
    "a joker may join any rank (挂王)": "王可以挂在任何点数上（挂王）",
    "the small joker must be beaten by a big joker": "小王只能被大王压",
    "card by card stronger, the joker by a big joker": "逐张更大，小王被大王压",
    "2 is the strongest ordinary rank": "2 是最大的普通点数",
    "jokers beat every ordinary card": "王比所有普通牌都大",
    "nothing beats a big joker: equal is not stronger": "大王压不了：一样大不算大",
    "two different ranks are not a set": "两种点数凑不成一套牌",
    "Open hand (明保 / 明反)": "明打（明保 / 明反）",
    # the settlement explained
    "Open hand (明反)": "明反",
    "%(mode)s, opened by rebellion · places %(pattern)s · multiple %(m)s": (
        "%(mode)s（被明反打开）· 名次 %(pattern)s · %(m)s 倍"
    ),
    "The royalists win": "保皇派胜",
    "The rebels win": "反贼胜",
    "Draw": "平局",
    "%(head)s · S = %(stake)s": "%(head)s · 底分 %(stake)s",
    "Draw (平)": "平",
    "You win (胜)": "胜",
    "You lose (负)": "负",
    "fee %(fee)s": "桌费 %(fee)s",
    "net %(net)s": "净得 %(net)s",
    "your side won": "你方获胜",
    "your side lost; the loss depends on the title you held": "你方落败；扣分多少取决于你原有的称号",
    "a draw changes no title points": "平局不改变称号积分",
    "title points never go below 0": "称号积分不会低于 0",
    "the royalists score only when the emperor goes out before the guard": (
        "只有皇帝比侍卫先出完，保皇派才加分"
    ),
    "no points for this result": "这个结果不加分",
    "Title points %(numbers)s: %(reason)s.": "称号积分 %(numbers)s：%(reason)s。",
    "New title: %(title)s!": "新称号：%(title)s！",
    "Daily task: %(task)s": "每日任务：%(task)s",
    "Title reward: %(tier)s": "称号奖励：%(tier)s",
    # room cards
    "Full rules: the emperor may hand on the throne or go solo, the guard may reveal himself "
    "and rebels may declare.": "完整规则：皇帝可以让位或独打，侍卫可以亮明身份，反贼可以造反。",
    "Quick hands: no handing on the throne, the guard always stays hidden, no declared "
    "rebellion: straight to the cards.": "快速局：不能让位，侍卫总是暗保，不能造反：直接出牌。",
    "Full rules plus keep six (保六): 6s may only be your last set, all of them at once.": (
        "完整规则加保六：6 只能作为最后一手，全部一起出。"
    ),
    "Pass-lock: once you pass, you sit out the rest of the trick.": "过牌不准上：不要之后，本轮不能再出。",
    "Each stake unit is %(stake)s beans; a hand can cost up to %(most)s.": (
        "底分 %(stake)s 星豆；一局最多可能输 %(most)s。"
    ),
    "Menu": "菜单",
    "Rules (规则)": "规则",
    "Playing now": "正在进行",
    # the table: trick, log, counter
    "The current trick": "本轮出牌",
    "Trick over: a new one starts.": "本轮结束：开始新一轮。",
    "Play log": "出牌记录",
    "pass": "不要",
    "auto-play on": "开启托管",
    "auto-play off": "取消托管",
    "Nothing played yet.": "还没有人出牌。",
    "Card counter (记牌)": "记牌器",
    "Cards not yet played and not in your hand:": "还没出过、也不在你手里的牌：",
    "The counter fills in once cards are played.": "开始出牌后这里会显示剩余的牌。",
    # home
    "Start a game (开始游戏)": "开始游戏",
    "A table with four bots in the standard room; the hand starts at once.": (
        "在普通场和四个机器人开一桌，立即开始。"
    ),
    "A free trial hand against four bots, no account needed.": "免费试玩一局，对手是四个机器人，无需注册。",
    # the rules page
    "Five players, four decks (168 cards). The emperor and a secret guard play against three "
    "rebels; the first side to get its players out wins.": (
        "五人四副牌（168 张）。皇帝和暗中的侍卫对抗三个反贼；先把牌出完的一方获胜。"
    ),
    "Card order": "牌的大小",
    "From weakest to strongest; suits never matter:": "从小到大；花色不分大小：",
    "The big joker ♛ marked 皇 is the emperor card; the small joker marked ⚔ is the guard card.": (
        "标 ♛ 的大王是皇帝牌；标 ⚔ 的小王是侍卫牌。"
    ),
    "What beats what": "什么压什么",
    "A set is any number of cards of one rank, plus any jokers. To beat it, play exactly as "
    "many cards, and with both sets sorted strongest first, each card must be stronger than "
    "the card in the same place (步步高). The one who leads a trick may play any set; the "
    "others beat it or pass (不要).": (
        "一套牌是同一点数的任意张牌，可以挂王。要压过它，必须出同样张数，两套牌各自从大到小排好后，"
        "每张都要比对应位置的牌大（步步高）。每轮首家可以出任意一套；其他人要么压过，要么不要。"
    ),
    "On the table": "桌上的牌",
    "Played on it": "跟出的牌",
    "Beats?": "压得过？",
    "Why": "原因",
    "yes": "能",
    "no": "不能",
    "Roles": "身份",
    "The holder of the emperor card ascends (登基) or hands it on (让位). Holding the guard card "
    "too, they play alone: dark solo (暗独, nobody is told) or open solo (明独, announced).": (
        "拿到皇帝牌的人登基或让位。如果同时拿到侍卫牌，就一打四：暗独（不告诉任何人）或明独（公开宣布）。"
    ),
    "The guard-card holder is the guard: they may stay hidden (暗保) or reveal themselves (明保, "
    "doubling the stakes).": "拿到侍卫牌的人是侍卫：可以暗保，也可以明保（输赢翻倍）。",
    "Each rebel may declare rebellion (造反): it stands only if two or more declare, and then "
    "every role is revealed and the stakes double.": (
        "每个反贼都可以造反：两人以上造反才成立，此时所有身份公开，输赢翻倍。"
    ),
    "The emperor leads the first trick. Whoever plays their last card takes the next place: "
    "头科, 二科, 三科, 二落, 大落.": "皇帝首先出牌。谁先出完牌谁得下一个名次：头科、二科、三科、二落、大落。",
    "Scoring": "计分",
    "Two against three: the royalists' places (A) against the rebels' (B) give the winner "
    "and the multiple m:": "二打三：保皇派（A）与反贼（B）的名次决定胜负和倍数 m：",
    "Places 1 → 5": "名次 1 → 5",
    "Winner": "胜方",
    "royalists": "保皇派",
    "rebels": "反贼",
    "draw": "平局",
    "Each player wins or loses units × m × S (S: the room's base stake):": (
        "每人输赢 = 份数 × m × S（S：房间底分）："
    ),
    "Each rebel": "每个反贼",
    "In solo the emperor must finish first (in dark solo, second place is a draw). Every "
    "player then pays the room's table fee (桌费). Leaving a running hand costs 3 × S, and a "
    "losing side's whole loss.": (
        "独打时皇帝必须头科（暗独二科算平局）。之后每人交桌费。中途离开要罚 3 × S，若己方输还要承担全部损失。"
    ),
    "Back to the rooms": "返回房间列表",
    # selection reasons and alerts (table.js reads them from data attributes)
    "Play exactly {n} cards: as many as the set to beat.": "要出 {n} 张：和要压的牌张数相同。",
    "Each card must beat the card in the same place of the set to beat (步步高).": (
        "每张都要比对应位置的牌大（步步高）。"
    ),
    "A set is cards of one rank, plus any jokers.": "一套牌只能是同一点数，可以挂王。",
    "Keep six (保六): 6s go only as your last set, all of them, alone.": "保六：6 只能最后一手全部单独出。",
    "You passed in this trick: pass-lock (过牌不准上) keeps you out until the next one.": (
        "你本轮已经不要：过牌不准上，下一轮才能出。"
    ),
    "Not your turn yet.": "还没轮到你。",
    "Your turn!": "轮到你了！",
    "5 seconds left!": "只剩 5 秒！",
    "Baohuang: your turn": "保皇：轮到你了",
    "It is your turn at the table.": "牌桌上轮到你出牌了。",
    "Click again to confirm": "再点一次确认",
    "Sound on or off": "声音开关",
    "Sound on": "声音开",
    "Sound off": "声音关",
    "Notify me when it is my turn": "轮到我时通知我",
    "Notify me": "通知我",
}
