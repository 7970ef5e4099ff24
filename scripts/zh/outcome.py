"""Chinese for the settlement's reason (display/outcome.py), the auto-play banner and the
guest trial's messages."""

from __future__ import annotations

ZH = {
    # the settlement's reason (RULES §5, §6.3, §10.5, §10.9)
    "%(place)s %(name)s (%(role)s)": "%(place)s %(name)s（%(role)s）",
    "the royalists win": "保皇派胜",
    "the rebels win": "反贼胜",
    "a draw (平)": "平局",
    "Went out in this order: %(order)s.": "出完牌的顺序：%(order)s。",
    "Still holding cards when the hand ended, placed by fewest cards (RULES §5.1): "
    "%(rest)s.": "牌局结束时手里还有牌的，按剩牌少者在前排名（规则 §5.1）：%(rest)s。",
    "%(who)s, %(n)s cards": "%(who)s，剩 %(n)s 张",
    "The hand ended when both royalists were out (RULES §5.1).": (
        "两名保皇派都出完牌，牌局结束（规则 §5.1）。"
    ),
    "The hand ended when all three rebels were out (RULES §5.1).": (
        "三名反贼都出完牌，牌局结束（规则 §5.1）。"
    ),
    "The hand ended when the solo emperor was out (RULES §5.1).": (
        "独保的皇帝出完牌，牌局结束（规则 §5.1）。"
    ),
    "The hand ended when two others were out: the solo emperor could no longer finish "
    "better than third (RULES §5.1).": (
        "另有两家出完牌，牌局结束：独保的皇帝已不可能好于三科（规则 §5.1）。"
    ),
    "An open solo ends as soon as anyone is out (RULES §5.1).": (
        "明独时任何一家出完牌，牌局即结束（规则 §5.1）。"
    ),
    "Position points: the hand is played until one player is left (RULES §10.9).": (
        "按名次计分：打到只剩一家为止（规则 §10.9）。"
    ),
    "%(name)s left the hand (逃跑): if his side lost he pays its whole loss, and a penalty "
    "either way (RULES §6.3).": (
        "%(name)s 逃跑：他的一方输了则由他一人承担全部输分，无论输赢另扣罚分（规则 §6.3）。"
    ),
    "Position points (RULES §10.9): places score +4 +2 0 −2 −4; the solo emperor came "
    "%(place)s, p = %(p)s: he gets 4 × p × S, each other −p × S, so %(words)s.": (
        "按名次计分（规则 §10.9）：各名次得 +4 +2 0 −2 −4；独保的皇帝是%(place)s，p = %(p)s："
        "皇帝得 4 × p × S，其余每家得 −p × S，所以%(words)s。"
    ),
    "Position points (RULES §10.9): places score +4 +2 0 −2 −4; the royalists came %(e)s "
    "and %(g)s, s = %(s)s: the emperor gets 2 × s × S, the guard s × S, each rebel −s × S "
    "(s = 0 is a draw), so %(words)s.": (
        "按名次计分（规则 §10.9）：各名次得 +4 +2 0 −2 −4；保皇派是第 %(e)s 和第 %(g)s 名，"
        "s = %(s)s：皇帝得 2 × s × S，侍卫得 s × S，每个反贼得 −s × S（s = 0 为平局），"
        "所以%(words)s。"
    ),
    "Formula (RULES §10.5): a dark solo emperor first wins 12 × S, second draws, lower loses "
    "12 × S; an open solo wins or loses 24 × S (each other pays or gets a quarter). He came "
    "%(place)s, so %(words)s.": (
        "联众公式（规则 §10.5）：暗独皇帝头科赢 12 × S，二科不输不赢，更差输 12 × S；"
        "明独输赢 24 × S（其余每家付或得四分之一）。皇帝是%(place)s，所以%(words)s。"
    ),
    "Formula (RULES §10.5): guard = 6 − (emperor's place + guard's place) = 6 − (%(e)s + "
    "%(g)s) = %(v)s; the emperor gets twice that, each rebel minus that, × S; so "
    "%(words)s.": (
        "联众公式（规则 §10.5）：侍卫 = 6 −（皇帝名次 + 侍卫名次）= 6 −（%(e)s + %(g)s）= %(v)s；"
        "皇帝得两倍，每个反贼得其负数，再乘 S；所以%(words)s。"
    ),
    "Open solo (RULES §5.3): the emperor wins 32 × S (8 × S from each other) only in first "
    "place, and loses 32 × S in any other. He came %(place)s, so %(words)s.": (
        "明独（规则 §5.3）：皇帝只有头科才赢 32 × S（每家付 8 × S），其他名次都输 32 × S。"
        "皇帝是%(place)s，所以%(words)s。"
    ),
    "Dark solo (RULES §5.3): the emperor first wins 16 × S (4 × S from each other), second "
    "is a draw, lower loses 16 × S. He came %(place)s, so %(words)s.": (
        "暗独（规则 §5.3）：皇帝头科赢 16 × S（每家付 4 × S），二科不输不赢，更差输 16 × S。"
        "皇帝是%(place)s，所以%(words)s。"
    ),
    "a draw has multiple 0": "平局倍数为 0",
    "multiple 2, since the royalists finished both first or both last": (
        "倍数 2，因为保皇派包揽了前两名或后两名"
    ),
    "multiple 1": "倍数 1",
    "The royalists came %(e)s and %(g)s: %(e)s + %(g)s = %(sum)s. By RULES §5.2 a sum below "
    "6 wins for the royalists, exactly 6 is a draw, above 6 wins for the rebels: "
    "%(words)s, %(multiple)s. Each then wins or loses m × S times: emperor %(ue)s, guard "
    "%(ug)s, each rebel %(ur)s.": (
        "保皇派是第 %(e)s 和第 %(g)s 名：%(e)s + %(g)s = %(sum)s。按规则 §5.2，名次和小于 6 "
        "保皇派胜，等于 6 平局，大于 6 反贼胜：%(words)s，%(multiple)s。各家再按 m × S 的倍数"
        "输赢：皇帝 %(ue)s，侍卫 %(ug)s，每个反贼 %(ur)s。"
    ),
    "A standing rebellion (明反) opened the dark solo: it is scored as open solo.": (
        "造反成功（明反）揭开了暗独：按明独计分。"
    ),
    "The hand was open (明独 / 明反): every amount is doubled.": "本局明打（明独 / 明反）：输赢全部翻倍。",
    "The hand was open (明保 or a standing rebellion 明反): every amount is doubled.": (
        "本局明打（明保或造反成功的明反）：输赢全部翻倍。"
    ),
    "Why this result": "为什么是这个结果",
    # auto-play (RULES §6.1, §6.2)
    "Auto-play (托管): the server plays for you, and passes every trick it does not lead": (
        "托管：由服务器替你出牌；不是你领出的每一轮它都不要"
    ),
    "The server now plays for you: it takes the throne, stays a hidden guard and never "
    "rebels; when you lead it plays your weakest single card, and it passes every trick it "
    "does not lead. A seat that only passes usually finishes last, so your side may lose the "
    "hand and you pay your share.": (
        "现在由服务器替你出牌：它会登基、当暗保、从不造反；轮到你领出时出你最小的一张单牌，"
        "别人领出的每一轮都不要。只会不要的座位通常最后出完，你的一方可能因此输掉这局，你也要承担你的那份输分。"
    ),
    "Your time ran out, so auto-play took your seat. Press “Cancel auto-play” here, or the A "
    "key, to play yourself again. The third time in one hand it stays on until the hand "
    "ends.": (
        "你的时间用完了，托管接管了你的座位。点这里的“取消托管”，或按 A 键，就能自己继续打。"
        "同一局第三次托管后，将一直托管到本局结束。"
    ),
    # the guest trial
    "You are not sitting at this trial table.": "你不在这张试玩桌上。",
    "You left your trial table in %(room)s.": "你已离开 %(room)s 的试玩桌。",
    "You left the trial table. Try another room, or sign up to play for beans.": (
        "你已离开试玩桌。可以试玩其他房间，或注册后用星豆来玩。"
    ),
    "Leave the trial": "离开试玩",
    "You left this trial table.": "你已离开这张试玩桌。",
    "Leave this trial table to try another room": "离开这张试玩桌，去试玩其他房间",
}
