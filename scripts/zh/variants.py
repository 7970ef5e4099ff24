"""Chinese for the sources' other systems at the site: the rooms, their switches, and the
table's controls for calling the guard, passing with a 2, grabbing solo, jiefeng on request
and tribute (RULES §10)."""

from __future__ import annotations

ZH = {
    # rooms and their switches (admin, room cards)
    "rules in effect": "实际规则",
    "Lianzhong classic (联众经典场)": "联众经典场",
    "Lianzhong simple (联众简明场)": "联众简明场",
    "Duole (多乐场)": "多乐场",
    "rule switches": "单项规则",
    "Single rules changed from the preset, as a JSON object; its keys are those of a hand "
    "log's rules line. The sentence below shows what the room then plays.": (
        "与预设不同的单项规则，JSON 对象；键名与牌局记录规则行相同。下方的句子说明本房间实际怎么打。"
    ),
    "Lianzhong classic: the emperor calls his guard by naming a card he holds three of; the "
    "emperor card passes to the player before (上家) without a 2 and must be taken after one "
    "round; others may grab solo; scored by Lianzhong's formula; quitting costs 40 stakes.": (
        "联众经典：皇帝叫一张自己有三张的牌，第四张的持有者就是侍卫；皇帝牌传给上家，不带 2，"
        "传满一圈必须登基；其他人可以抢独；按联众公式计分；逃跑罚 40 倍底分。"
    ),
    "Lianzhong simple: the guard card as usual; the emperor card is passed on with a 2; "
    "jokers may toast jokers (烤牌); scored by Lianzhong's formula; quitting costs 40 "
    "stakes.": (
        "联众简明：照常由侍卫牌的持有者当侍卫；让位时带一张 2；王可以烤王（烤牌）；按联众公式计分；"
        "逃跑罚 40 倍底分。"
    ),
    "Duole: 216 cards with 3s, 4s and 5s; the emperor calls his guard; passes add a 2; "
    "points for every place; ask for jiefeng (接风); the losers give the winners their best "
    "cards (进贡) when the same five play on.": (
        "多乐：216 张牌，含 3、4、5；皇帝叫保；让位带 2；按名次计分；接风需申请；"
        "同样五人续局时，输家向赢家进贡最大的牌。"
    ),
    "The emperor card may be passed on.": "皇帝牌可以让出。",
    "The emperor card may not be passed on.": "皇帝牌不能让出。",
    "Solo is allowed.": "可以独保。",
    "No solo.": "不能独保。",
    "The guard may reveal himself.": "侍卫可以亮明身份。",
    "The guard always stays hidden.": "侍卫始终暗保。",
    "Rebels may declare rebellion.": "反贼可以造反。",
    "No declared rebellion.": "不能造反。",
    "Keep six (保六) is on.": "保六。",
    "No keep six.": "不保六。",
    "The emperor calls his guard by naming a card.": "皇帝叫牌定侍卫。",
    "The guard card decides the guard.": "侍卫牌的持有者是侍卫。",
    "Jokers may toast jokers (烤牌).": "王可以烤王（烤牌）。",
    "No toasting.": "不烤牌。",
    "Others may grab solo (抢独).": "其他人可以抢独。",
    "No grabbing solo.": "不能抢独。",
    "Jiefeng (接风) is asked for.": "接风需申请。",
    "Jiefeng (接风) is automatic.": "自动接风。",
    "Losers pay tribute (进贡) when the same five play on.": "同样五人续局时输家进贡。",
    "No tribute.": "不进贡。",
    "The abandoned throne (弃皇) is on.": "有弃皇。",
    "No abandoned throne.": "没有弃皇。",
    "Scored the Boke City way.": "按博客城规则计分。",
    "Scored by Lianzhong's formula.": "按联众公式计分。",
    "Scored by points for every place.": "按名次积分计分。",
    "Quitting costs %(n)s stakes.": "逃跑罚 %(n)s 倍底分。",
    # the table's controls
    "Grab solo (抢独)": "抢独",
    "Let him rule (不抢)": "不抢",
    "Take the throne from him and play alone against four, openly: the solo stakes; everyone "
    "knows at once.": "从皇帝手里抢过皇位，明着一打四：按独保输赢；所有人立刻知道。",
    "Leave him the throne; the next player may still grab.": "让他当皇帝；下一位仍可以抢独。",
    "Click again: you play alone against four": "再点一次：你将一打四",
    "Pass the emperor card to the player before you (上家); everyone sees that you passed "
    "it.": "把皇帝牌交给上家；所有人都看到你让位。",
    "Your %(card)s goes with it, for everyone to see.": "你的 %(card)s 随皇帝牌一起传出，所有人都看得到。",
    "You hold the fourth copy of the called card: you are the guard. Reveal yourself?": (
        "你有皇帝所叫牌的第四张：你是侍卫。亮明身份吗？"
    ),
    "The emperor took the throne. Grab solo from him?": "皇帝已登基。要抢独吗？",
    "Take the throne and call your guard: name a card you hold three of. Its fourth copy's "
    "holder is your guard and only he learns it; calling a card you hold all four of is dark "
    "solo.": (
        "登基并叫保：叫一张你有三张的牌。第四张的持有者就是你的侍卫，只有他自己知道；"
        "叫一张你有全部四张的牌就是暗独。"
    ),
    "Click again: dark solo, 16× the stake": "再点一次：暗独，16 倍底分",
    "Call it: dark solo (暗独)": "叫这张：暗独",
    "Call it (叫保)": "叫这张（叫保）",
    "You hold all four: you play alone against four in secret.": "四张都在你手里：你暗中一打四。",
    "You hold three: everyone sees the card you call, not who holds the fourth.": (
        "你有三张：所有人都看到你叫的牌，但不知道第四张在谁手里。"
    ),
    "Tribute (进贡) at the deal, seen only by giver and taker:": "发牌时的进贡（只有进贡和收贡的双方看得到）：",
    "You gave %(name)s": "你进贡给 %(name)s",
    "You took from %(name)s": "你收到 %(name)s 的贡",
    "Pass on this set and ask to lead next if nobody beats it": "不出，并申请在无人压过时接风出牌",
    "Ask for jiefeng (申请接风)": "申请接风",
    # play log, status line, centre of the table
    "passed the emperor card on": "让位",
    "added": "带",
    "took the throne and called": "登基，叫",
    "grabbed solo (抢独)": "抢独",
    "did not grab": "不抢",
    "pass, asking for jiefeng (申请接风)": "不出，申请接风",
    "Void hand (流局)": "流局",
    "Grab solo? (抢独)": "抢独？",
    "Called guard card:": "所叫保牌：",
    "With the emperor card:": "随皇帝牌：",
    "%(name)s asks for jiefeng (接风)": "%(name)s 申请接风",
    "Pass · asks for jiefeng (接风)": "不出 · 申请接风",
    "Will anyone grab solo (抢独)?": "有人抢独吗？",
    "Nobody took the throne: this hand is void (no score). The next hand is being dealt.": (
        "无人登基：本局流局（不计分）。正在发下一局。"
    ),
    "Nobody took the throne last hand: it was void (no score), and the cards have been "
    "dealt again.": "上一局无人登基，流局（不计分），已重新发牌。",
    # the replay
    "%(name)s grabs solo (抢独)": "%(name)s 抢独",
    "%(name)s does not grab": "%(name)s 不抢",
    "%(name)s passes and asks for jiefeng (申请接风)": "%(name)s 不出，申请接风",
    "%(name)s ascends and calls %(card)s (叫保)": "%(name)s 登基，叫 %(card)s（叫保）",
    "Tribute (进贡): %(giver)s gives %(taker)s %(card)s": "进贡：%(giver)s 给 %(taker)s %(card)s",
    "With the emperor card: %(cards)s": "随皇帝牌：%(cards)s",
    "The fourth copy makes %(name)s the guard": "第四张在 %(name)s 手里：他是侍卫",
    "Nobody took the throne: the hand is void (流局), no score": "无人登基：流局，不计分",
}
