"""Chinese for the rules page's sections on each room system (RULES §9.2, §10, §11), the
table's features, beans and titles."""

from __future__ import annotations

ZH = {
    "This room's rules": "本房间规则",
    "Sections": "目录",
    "This page explains the standard game first, then how each other room differs:": (
        "本页先讲普通场的打法，再逐一说明其他房间的不同之处："
    ),
    "At the table: 接风, 托管, leaving": "牌桌上：接风、托管、离开",
    "Beans (星豆)": "星豆",
    "Titles (称号)": "称号",
    "The rules of Boke City, played in 普通场 and, with the changes below, in every other "
    "Baohuang room.": "博克城规则：普通场照此打，其他保皇房间在此基础上按下文改动。",
    "The holder of the emperor card must ascend: no abdication (让位).": (
        "拿到皇帝牌的人必须登基：不能让位。"
    ),
    "The guard always stays hidden (暗保 only), and there is no rebellion (造反): nobody is "
    "asked anything after the throne.": "侍卫只能暗保，也没有造反：登基之后不再问任何人。",
    "Solo (独) is played as in the standard game.": "独保与普通场相同。",
    "Keep six (保六): your 6s may be played only as your very last set, all of them at once "
    "and nothing else (no jokers with them). While you hold any other card, no set of yours "
    "may contain a 6. Everything else is the standard game.": (
        "保六：你的 6 只能作为最后一手出，所有 6 一起出，不能带别的牌（也不能挂王）。"
        "手里还有别的牌时，出的牌里不能有 6。其余与普通场相同。"
    ),
    "Pass-lock (过牌不准上) is a switch any room may have, shown on its card: a player who "
    "passed may not play again in the same trick.": (
        "过牌不准上是任何房间都可以开的开关，会写在房间卡片上：这一轮里不要过的人不能再出牌。"
    ),
    "Called guard (叫保): there is no guard card. On taking the throne the emperor names a "
    "card (rank and suit, not a joker, not a 2) of which he holds three copies; whoever holds "
    "the fourth copy is his guard and is told privately. The called card is public; the "
    "guard is revealed when he reveals himself or plays that card. Calling a card he holds "
    "all four of is dark solo.": (
        "叫保：没有侍卫牌。皇帝登基时叫一张自己有三张的牌（点数和花色，不能是王或 2）；"
        "第四张的持有者就是侍卫，只有他自己被告知。叫的牌公开；侍卫亮明身份或打出那张牌时才暴露。"
        "叫一张自己有全部四张的牌就是暗独。"
    ),
    "The emperor card is passed to the player before you (上家), without adding any card. "
    "Once it has gone round once, its holder must ascend (unless he cannot call a guard).": (
        "皇帝牌传给上家，不带牌。传满一圈后，拿到的人必须登基（除非他叫不出侍卫）。"
    ),
    "Grab solo (抢独): when the emperor ascends without solo, the others are asked in turn, "
    "nearest on his 上家 side first, whether to play open solo themselves; the first to grab "
    "becomes an open-solo emperor.": (
        "抢独：皇帝登基而不独保时，其他人从他的上家一侧最近的开始依次被问是否自己明独；"
        "第一个抢的人成为明独的皇帝。"
    ),
    "No rebellion (造反); the guard may still reveal himself (明保).": "没有造反；侍卫仍可明保。",
    "Scored by Lianzhong's formula (below); leaving a running hand costs 40 × S.": (
        "按联众公式计分（见下）；牌局中离开罚 40 × S。"
    ),
    "The guard card decides the guard, as in the standard game.": (
        "与普通场一样，侍卫牌的持有者是侍卫。"
    ),
    "The emperor card is passed to the player before you (上家); everyone after the first "
    "who passes it adds one 2 from his hand (or, without a 2, his strongest card that is not "
    "a joker), and the cards travel together to whoever ascends. After two full rounds "
    "without an emperor the hand is void (流局) and dealt again.": (
        "皇帝牌传给上家；第一个之后每个让位的人都要从手里加一张 2（没有 2 就加一张最大的非王牌），"
        "这些牌随皇帝牌一起归登基的人。传满两圈无人登基则流局，重新发牌。"
    ),
    "Toasting (烤牌): a set may also beat one with fewer jokers by 'toasting' them: two small "
    "jokers or one big joker toast a small joker; two big jokers or three small jokers toast "
    "a big joker; the other cards must still beat card by card. So BJ BJ 8 8 8 8 beats BJ 7 "
    "7 7 7.": (
        "烤牌：出的牌可以用更多的王“烤”掉对方的王：两个小王或一个大王烤一个小王；"
        "两个大王或三个小王烤一个大王；其余的牌仍要一张张大过。所以 大王 大王 8 8 8 8 能管 大王 7 7 7 7。"
    ),
    "Lianzhong's formula": "联众公式",
    "Two against three: guard = 6 − (emperor's place + guard's place); the emperor gets twice "
    "that, each rebel minus that, all × S. So emperor first and guard second gives the guard "
    "+3, the emperor +6, each rebel −3; a sum of 6 is a draw. Dark solo: the emperor first "
    "+12, second 0, otherwise −12 (each other −3 / 0 / +3). Open solo: first +24, otherwise "
    "−24 (each other ∓6). Open guard (明保) or a standing rebellion doubles everything, a "
    "dark solo included.": (
        "二打三：侍卫 = 6 −（皇帝名次 + 侍卫名次）；皇帝得两倍，每个反贼得其负数，都乘 S。"
        "皇帝头科、侍卫二科：侍卫 +3，皇帝 +6，每个反贼 −3；名次和为 6 是平局。"
        "暗独：皇帝头科 +12，二科 0，否则 −12（其余每家 −3 / 0 / +3）。明独：头科 +24，否则 −24（其余每家 ∓6）。"
        "明保或造反成功时全部翻倍，暗独也一样。"
    ),
    "216 cards: four full decks with 3s, 4s and 5s (3 is the weakest). One big joker is the "
    "emperor card; the other 215 are dealt, 43 each.": (
        "216 张牌：四副完整的牌，含 3、4、5（3 最小）。一张大王是皇帝牌；其余 215 张每人发 43 张。"
    ),
    "The emperor card goes to a random player, who ascends or passes it to the player before "
    "him (上家); every later player who refuses adds a 2 if he has one. If all five refuse, "
    "it goes back to the first, who must choose again; if he refuses again, the hand is void "
    "(流局) and dealt again.": (
        "皇帝牌随机给一家，他可以登基或传给上家；之后每个不要的人有 2 就加一张 2。"
        "五家都不要，就回到第一家再选一次；他再不要则流局，重新发牌。"
    ),
    "Called guard (叫保), as in Lianzhong classic above.": "叫保，与上面的联众经典场相同。",
    "接风 on request (申请接风): when a player goes out, the next player may ask to lead "
    "instead of playing. If everyone else passes, he leads any set; if anyone beats the set, "
    "the request fails. Nobody asking, the lead goes on to the next player.": (
        "申请接风：有人出完牌时，下一家可以不出而申请接风。其他人都不要，他就可以任意领出；"
        "有人管上，申请失败。没人申请，接风顺延给再下一家。"
    ),
    "Tribute (进贡): when the same five play on, before the next hand each player of the side "
    "that lost gives his strongest card to the side that won: the emperor gives or takes two "
    "cards, everyone else one; a solo emperor four, an open solo eight. No tribute after a "
    "draw or a void hand. Only giver and taker see the cards.": (
        "进贡：同样五人续局时，下一局开始前输的一方每人把最大的牌贡给赢的一方："
        "皇帝进贡或收贡两张，其余每人一张；独保的皇帝四张，明独八张。平局或流局后不进贡。"
        "只有进贡和收贡的人看得到是哪张牌。"
    ),
    "Position points: the hand is played until one player is left; places score +4, +2, 0, "
    "−2, −4. Two against three: s = the emperor's points + the guard's; the emperor gets 2 × "
    "s × S, the guard s × S, each rebel −s × S (s = 0 is a draw). Solo: p = the emperor's "
    "points; he gets 4 × p × S, each other −p × S. Open guard, open solo or a standing "
    "rebellion doubles.": (
        "按名次计分：打到只剩一家为止；各名次得 +4、+2、0、−2、−4。二打三：s = 皇帝得分 + 侍卫得分；"
        "皇帝得 2 × s × S，侍卫得 s × S，每个反贼得 −s × S（s = 0 为平局）。"
        "独保：p = 皇帝得分；皇帝得 4 × p × S，其余每家 −p × S。明保、明独或造反成功时翻倍。"
    ),
    "A second game on the site, in the rooms 红十积分场 and 红十金币场. Five players, one deck "
    "of 50 cards: 4 to 2 in four suits plus the two jokers.": (
        "本站的第二种游戏，在红十积分场和红十金币场。五人，一副 50 张的牌：四种花色的 4 到 2，加大小王。"
    ),
    "Sides: whoever holds a red ten (♥10, ♦10) is on the red side, everyone else on the black "
    "side. Nobody is told who holds them.": (
        "分边：拿到红十（♥10、♦10）的人是红方，其余是黑方。不告诉任何人谁拿着红十。"
    ),
    "Showing (亮牌): before play every player answers privately; a red-ten holder may show it. "
    "If anyone shows, the hand is open (明打) and every score doubles; otherwise it is dark "
    "(暗打).": (
        "亮牌：开打前每人私下回答；拿红十的人可以亮出。有人亮牌就是明打，得分全部翻倍；否则是暗打。"
    ),
    "The holder of ♥4 leads. Sets are singles, pairs, triples and fours of one rank, compared "
    "by strength within the same kind; the two red tens together beat any set but the two "
    "jokers; the two jokers are the strongest pair and also beat the two red tens.": (
        "拿♥4 的人先出。牌型有单张、对子、三张、四张，同牌型比大小；双红十能管除双王外的任何牌；"
        "双王是最大的对子，也能管双红十。"
    ),
    "The hand ends when one side is all out. That side wins if it also took first place, else "
    "it is a draw; the losers still holding cards are caught (抓到), and the score grows with "
    "each player caught. A player dealt both red tens plays alone against four.": (
        "一方全部出完牌局结束。这一方若拿到头名则胜，否则为和局；输方手里还有牌的人被抓到，"
        "抓到的人越多得分越高。拿到两张红十的人一打四。"
    ),
    "When both red tens were shown, a player going out with a set nobody beats hands the lead "
    "straight to his next team-mate still holding cards (接风).": (
        "两张红十都亮出时，有人出完牌而无人管上，出牌权直接交给他下一个还有牌的队友（接风）。"
    ),
    "Points rooms score table points and a military ladder (列兵 to 上将); in coin rooms the "
    "winners receive 0.9 of what the losers pay.": (
        "积分场记积分和军衔（列兵到上将）；金币场里赢家得到输家所付的 0.9。"
    ),
    "At the table": "牌桌上",
    "接风: a player who plays his last card takes the next place. If nobody beats that set, the "
    "lead goes to the next player still holding cards, who may lead any set.": (
        "接风：出完最后一张牌的人得到下一个名次。若无人管上这手牌，出牌权给下一个还有牌的人，他可以任意领出。"
    ),
    "托管 (auto-play): when your time runs out, or you switch it on, the server plays for you "
    "until you cancel it: it ascends, stays a hidden guard, never rebels, leads your weakest "
    "single card and passes every trick it does not lead. A seat that only passes usually "
    "finishes last. After three times in one hand it stays on.": (
        "托管：你超时或自己打开时，服务器替你出牌，直到你取消：它会登基、当暗保、从不造反，"
        "领出时出最小的一张单牌，别人领出的每一轮都不要。只会不要的座位通常最后出完。"
        "同一局第三次托管后不能再取消。"
    ),
    "Leaving a running hand, or staying away past the grace period, is fleeing (逃跑): if your "
    "side loses you pay its whole loss, and a penalty of 3 × S either way (40 × S in the "
    "Lianzhong rooms).": (
        "牌局中离开，或掉线超过宽限时间，就是逃跑：你的一方输了由你承担全部输分，"
        "无论输赢另罚 3 × S（联众房间罚 40 × S）。"
    ),
    "Beans are the play currency. A new account starts with 10 000. Every hand moves beans by "
    "the room's scoring × its base stake S, and each player then pays the room's table fee "
    "(桌费). To sit in a room you need its minimum balance, enough for the largest loss a "
    "hand can cost. A guest's trial moves no beans and pays no fee.": (
        "星豆是游戏货币。新账号有 10 000 星豆。每局按房间的计分乘底分 S 输赢星豆，然后每人付房间的桌费。"
        "进房间需要有最低余额，足够一局最多可能输掉的数目。游客试玩不动星豆，也不付桌费。"
    ),
    "Each player has title points for each role, and only the ladder of the role he held "
    "moves after a hand. Emperor: 普通皇帝, from 10 000 points 秦始皇; guard: 捕快, 禁军, 校尉, "
    "将军, 元帅; rebel: 拦路小贼, 山贼头目, 山寨大王, 叛军将领, 叛军首领. A win gains points (the "
    "royalists only when the emperor went out before the guard), a loss costs more in the "
    "higher titles, a draw changes nothing, and points never go below 0. Reaching some "
    "titles pays beans once; the highest titles unlock daily tasks. At the table a player "
    "shows the title of his publicly known role only, so a hidden guard shows none. Your "
    "general level (等级, 家丁 to 起义军) follows your lifetime result in stakes.": (
        "每个玩家每种身份各有称号积分，一局后只变动他这局身份的那一条。皇帝：普通皇帝，10 000 分起为秦始皇；"
        "侍卫：捕快、禁军、校尉、将军、元帅；反贼：拦路小贼、山贼头目、山寨大王、叛军将领、叛军首领。"
        "赢了加分（保皇派须皇帝先于侍卫出完），输了扣分、称号越高扣得越多，平局不变，积分不低于 0。"
        "首次达到某些称号奖励星豆；最高的几个称号开启每日任务。牌桌上只显示公开身份的称号，所以暗保的侍卫不显示。"
        "等级（家丁到起义军）按你累计输赢的底分数计算。"
    ),
}
