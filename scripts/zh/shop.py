"""zh-hans for props (道具, RULES §12): the shop page, what a player holds, the refusals, the
double-score card's lines in the settlement and the history, the admin."""

from __future__ import annotations

ZH = {
    # models, admin, ledger
    "Shop (商店)": "商店",
    "Flash (闪光)": "闪光",
    "Ripple (华纹)": "华纹",
    "Clear negative score (负分清零)": "负分清零",
    "Double-score card (双倍积分卡)": "双倍积分卡",
    "prop": "道具",
    "props": "道具",
    "prop (道具)": "道具",
    "price (beans)": "价格（星豆）",
    "period (days)": "期限（天）",
    "How long one purchase runs (timed props only; a one-use prop ignores it).": (
        "每次购买的有效期（仅限计时道具；一次性道具不用此项）。"
    ),
    "on sale": "在售",
    "runs from": "生效自",
    "runs until": "有效至",
    "uses left": "剩余次数",
    "prop held": "持有道具",
    "props held": "持有道具",
    "bought": "购买",
    "granted by an admin": "管理员赠送",
    "used": "使用",
    "how": "方式",
    "price paid (beans)": "支付价格（星豆）",
    "days added": "增加天数",
    "uses added": "增加次数",
    "general score before": "使用前总积分",
    "ledger row": "账目",
    "granted by": "赠送人",
    "at": "时间",
    "prop record": "道具记录",
    "prop records": "道具记录",
    "general score doubled": "总积分加倍",
    # what each prop does (RULES §12)
    "Play effect: every set you play flashes, for everyone at the table (looks only).": (
        "出牌特效：你出的每一手牌都带闪光，全桌可见（仅外观）。"
    ),
    "Play effect: every set you play sends out ripples, for everyone at the table"
    " (looks only).": "出牌特效：你出的每一手牌都激起华丽的波纹，全桌可见（仅外观）。",
    "Sets a negative general score to 0, once (Baohuang only); at 0 or more it is not"
    " used.": "将为负的总积分清零，用一次（保皇专用）；积分为 0 或以上时不会使用。",
    "A hand you win adds twice its stake units to your general score; a lost hand takes"
    " the normal amount (Baohuang only). Runs from the purchase.": (
        "赢的牌局按两倍底分单位加入总积分；输的牌局照常扣分（保皇专用）。购买即开始计时。"
    ),
    # refusals and messages
    "There is no prop called “%(kind)s”.": "没有名为“%(kind)s”的道具。",
    "%(prop)s is not on sale.": "%(prop)s 暂不出售。",
    "The price of %(prop)s changed from %(seen)s to %(price)s beans while you were buying:"
    " nothing was bought. Buy again at the new price if you wish.": (
        "购买时 %(prop)s 的价格从 %(seen)s 变为 %(price)s 星豆：未购买。"
        "如仍想购买，请按新价格再买一次。"
    ),
    "%(prop)s costs %(price)s beans; you have %(have)s, of which %(held)s are held for your"
    " hand at a table, so %(free)s are free.": (
        "%(prop)s 售价 %(price)s 星豆；你有 %(have)s 星豆，其中 %(held)s 为牌桌上的牌局预留，"
        "可用 %(free)s。"
    ),
    "%(prop)s costs %(price)s beans; you have %(have)s.": (
        "%(prop)s 售价 %(price)s 星豆；你只有 %(have)s 星豆。"
    ),
    "Say why the prop is granted.": "请说明赠送道具的原因。",
    "%(prop)s is not in the catalogue.": "道具目录中没有 %(prop)s。",
    "%(prop)s is not used by hand: it works while it runs.": "%(prop)s 无需手动使用：有效期内自动生效。",
    "You hold no %(prop)s.": "你没有 %(prop)s。",
    "Your general score is %(score)s, not below 0: %(prop)s clears a negative score only."
    " It was not used.": "你的总积分为 %(score)s，不低于 0：%(prop)s 只清除负分。道具未使用。",
    "The form did not say the price you saw.": "表单中没有你看到的价格。",
    "Bought %(prop)s for %(price)s beans.": "已用 %(price)s 星豆购买 %(prop)s。",
    "Your general score is 0 again.": "你的总积分已清零。",
    # the shop page and what a player holds
    "You have %(beans)s beans.": "你有 %(beans)s 星豆。",
    "%(held)s of them are held for your hand at a table and cannot be spent.": (
        "其中 %(held)s 为牌桌上的牌局预留，不能花费。"
    ),
    "%(n)s beans": "%(n)s 星豆",
    "%(n)s-day period": "%(n)s 天",
    "one use": "一次性",
    "Buy": "购买",
    "Props change no card, role or turn, and take no part in tournaments or the daily"
    " challenge. Psych war (心战) and the record aid (牌神之友: the play log and the card"
    " counter) are free at every table.": (
        "道具不改变任何牌、身份或出牌顺序，也不用于比赛和每日挑战。心战和牌神之友"
        "（出牌记录与记牌器）在每张牌桌都免费。"
    ),
    "Props (道具)": "道具",
    "%(left)s left": "剩余 %(left)s",
    "until %(until)s": "至 %(until)s",
    "uses left: %(n)s": "剩余 %(n)s 次",
    "Use": "使用",
    "You hold no props.": "你没有道具。",
    # the general score (RULES §7.7) and the double-score card (§12.4)
    "General score": "总积分",
    "%(score)s stake units: below 0, the level counts it as 0": (
        "%(score)s 底分单位：低于 0，等级按 0 计"
    ),
    "Double-score card (双倍积分卡): general score +%(twice)s stake units (twice %(once)s)": (
        "双倍积分卡：总积分 +%(twice)s 底分单位（%(once)s 的两倍）"
    ),
    "Double-score card (双倍积分卡): this hand added twice its stake units to the general"
    " score": "双倍积分卡：本局按两倍底分单位计入总积分",
    "score ×2": "积分×2",
}
