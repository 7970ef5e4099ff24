"""Chinese for the settlement line of every system (lobby/summary.py, lobby/redten_summary.py),
Red Ten's reason lines and its hint."""

from __future__ import annotations

ZH = {
    # the settlement line: the rule's number (RULES §5.2, §10.5, §10.9)
    "%(mode)s · places %(pattern)s · %(rule)s": "%(mode)s · 名次 %(pattern)s · %(rule)s",
    "%(mode)s, opened by rebellion · places %(pattern)s · %(rule)s": (
        "%(mode)s（被明反打开）· 名次 %(pattern)s · %(rule)s"
    ),
    "multiple %(m)s": "%(m)s 倍",
    "formula 6 − (%(e)s + %(g)s) = %(v)s": "公式 6 − (%(e)s + %(g)s) = %(v)s",
    "position points s = %(pe)s + %(pg)s = %(s)s": "名次分 s = %(pe)s + %(pg)s = %(s)s",
    "position points p = %(p)s": "名次分 p = %(p)s",
    "open: doubled": "明打：翻倍",
    "you %(factors)s × S %(stake)s = %(share)s": "你 %(factors)s × 底分 %(stake)s = %(share)s",
    "flight rule (RULES §6.3): %(names)s fled and carry your side's loss, so you get "
    "%(payout)s": "逃跑规则（规则 §6.3）：%(names)s 逃跑，本方输分由逃跑者承担，你得 %(payout)s",
    "fled penalty %(units)s × S = %(penalty)s": "逃跑罚分 %(units)s × 底分 = %(penalty)s",
    # Red Ten's settlement line and reason (RULES §11, file 003 §8, §9, the coin room)
    "The red side wins": "红方胜",
    "The black side wins": "黑方胜",
    "A draw (和局)": "和局",
    "%(n)s caught (抓到 %(n)s 家)": "抓到 %(n)s 家",
    "open (明打) × 2": "明打 × 2",
    "dark (暗打) × 1": "暗打 × 1",
    "N = %(n)s": "系数 N = %(n)s",
    "S = %(s)s": "底分 %(s)s",
    "you %(x)s × %(m)s × S %(base)s = %(beans)s": "你 %(x)s × %(m)s × 底分 %(base)s = %(beans)s",
    "you %(x)s × %(m)s × N %(base)s × 0.9 = %(beans)s": (
        "你 %(x)s × %(m)s × 系数 %(base)s × 0.9 = %(beans)s"
    ),
    "you %(x)s × %(m)s × N %(base)s = %(beans)s": "你 %(x)s × %(m)s × 系数 %(base)s = %(beans)s",
    "(rounded down)": "（向下取整）",
    "%(side)s: %(mine)s": "%(side)s：%(mine)s",
    "%(name)s was dealt all four tens and wins at once: scored as a solo with both red tens "
    "in first place (RULES §11).": "%(name)s 摸到全部四张十，直接获胜：按双红十单打头科计分（规则 §11）。",
    "%(name)s held both red tens and played alone against four (双红十).": (
        "%(name)s 拿到两张红十，一打四（双红十）。"
    ),
    "Red side: %(a)s and %(b)s, a red ten each; black side: the other three.": (
        "红方：%(a)s 和 %(b)s，各有一张红十；黑方：其余三人。"
    ),
    "The hand ended when the whole red side was out (RULES §11).": "红方全部出完牌，牌局结束（规则 §11）。",
    "The hand ended when the whole black side was out (RULES §11).": (
        "黑方全部出完牌，牌局结束（规则 §11）。"
    ),
    "That side did not take first place (%(name)s of the other side did): a draw (和局), "
    "nobody wins or loses.": "这一方没有拿到头科（头科是对方的 %(name)s）：和局，不输不赢。",
    "That side also took first place (%(name)s), so it wins; %(n)s of the other side still "
    "held cards: %(n)s caught.": "这一方也拿到了头科（%(name)s），获胜；对方还有 %(n)s 人手里有牌：抓到 %(n)s 家。",
    "The scoring table (RULES §11): with %(n)s caught each winner gets %(gain)s and each "
    "loser pays %(loss)s, times the multiple.": (
        "计分表（规则 §11）：抓到 %(n)s 家，每个赢家得 %(gain)s，每个输家付 %(loss)s，再乘倍数。"
    ),
    "Open game (明打): a red ten was shown, so every score doubles (m = 2).": (
        "明打：有人亮了红十，所有输赢翻倍（m = 2）。"
    ),
    "Dark game (暗打): no red ten was shown, so scores are not doubled (m = 1).": (
        "暗打：没人亮红十，输赢不翻倍（m = 1）。"
    ),
    "Coin room, N = %(n)s: a loser pays X × m × N; a winner receives 0.9 of X × m × N, "
    "rounded down to whole beans.": (
        "游戏币场，系数 N = %(n)s：输家付 X × m × N；赢家得 X × m × N 的 0.9，向下取整。"
    ),
    # Red Ten's hint (RULES §8.4)
    "Raise the smallest set that may be played; again for the next one": (
        "抬起可以出的最小一手牌；再按一次换下一手"
    ),
    "Hint: nothing in your hand beats the last set, so pass.": "提示：你手里没有能管上的牌，只能不要。",
    # the role choices' stakes in the other systems (RULES §10.5, §10.9)
    "Be the emperor with a hidden guard: you win or lose 2× the stake per point of "
    "6 − (your place + the guard's); everyone knows you are the emperor.": (
        "当皇帝，侍卫暗中相助：按 6 −（你的名次 + 侍卫名次）每点输赢 2 倍底分；所有人都知道你是皇帝。"
    ),
    "Play alone against four, in secret: first place +12× the stake, second a draw, else "
    "−12×; only you know.": "暗中一打四：头科赢 12 倍底分，二科不输不赢，否则输 12 倍；只有你知道。",
    "Announce you play alone against four: first place +24× the stake, else −24×; everyone "
    "knows at once.": "宣布一打四：头科赢 24 倍底分，否则输 24 倍；所有人立刻知道。",
    "Stay hidden: normal stakes (you 1× per point); only you know you are the guard.": (
        "不亮身份：正常输赢（每点 1 倍底分）；只有你知道自己是侍卫。"
    ),
    "Be the emperor with a hidden guard: you win or lose 2× the stake per position point of "
    "you and the guard (+4 +2 0 −2 −4); everyone knows you are the emperor.": (
        "当皇帝，侍卫暗中相助：按你和侍卫的名次分（+4 +2 0 −2 −4）每分输赢 2 倍底分；"
        "所有人都知道你是皇帝。"
    ),
    "Play alone against four, in secret: 4× your position points, from first place +16× "
    "the stake to last −16×; only you know.": (
        "暗中一打四：按你的名次分的 4 倍计，头科赢 16 倍底分，大落输 16 倍；只有你知道。"
    ),
    "Announce you play alone against four: 8× your position points, from first place +32× "
    "the stake to last −32×; everyone knows at once.": (
        "宣布一打四：按你的名次分的 8 倍计，头科赢 32 倍底分，大落输 32 倍；所有人立刻知道。"
    ),
    "Stay hidden: normal stakes (you 1× per position point); only you know you are the "
    "guard.": "不亮身份：正常输赢（每个名次分 1 倍底分）；只有你知道自己是侍卫。",
    "Click again: 24× the stake": "再点一次确认：24 倍底分",
    "Click again: 12× the stake": "再点一次确认：12 倍底分",
    "Click again: up to 32× the stake": "再点一次确认：最多 32 倍底分",
    "Click again: up to 16× the stake": "再点一次确认：最多 16 倍底分",
}
