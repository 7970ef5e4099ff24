"""zh-hans for Red Ten (红十, RULES §11) on the site: rooms, table, replay, profile ladder."""

ZH = {
    "Red Ten points": "红十积分",
    "Red side (红方)": "红方",
    "Black side (黑方)": "黑方",
    "Open game (明打)": "明打",
    "Dark game (暗打)": "暗打",
    "Show (亮牌)": "亮牌",
    "Do not show (不亮)": "不亮",
    "Red Ten (红十)": "红十",
    "Baohuang (保皇)": "保皇",
    "game": "游戏",
    "coin coefficient N (红十)": "红十房间系数 N",
    "Red Ten only: 0 is a points room; N ≥ 1 a coin room where losers pay X × multiple × N "
    "and winners receive 0.9 of it.": (
        "仅限红十：0 为积分场；N ≥ 1 为游戏币场，输家付 X × 倍数 × N，赢家得其 0.9。"
    ),
    "message too large or not text": "消息过大或不是文本",
    "not JSON": "不是 JSON",
    "a message must be a JSON object": "消息必须是 JSON 对象",
    "Malformed message: %(reason)s.": "消息格式错误：%(reason)s。",
    "unknown action %(action)r": "未知操作 %(action)r",
    "Spectators cannot act at this table.": "旁观者不能在此桌操作。",
    "No hand is running at this table.": "此桌没有进行中的牌局。",
    "field 'version' must be a whole number": "字段 'version' 必须是整数",
    "field 'cards' must be card codes": "字段 'cards' 必须是牌的代码",
    "Select the cards to play first.": "请先选择要出的牌。",
    "field 'on' must be '1' or '0'": "字段 'on' 必须是 '1' 或 '0'",
    "Sign in to take a seat.": "请登录后入座。",
    "Bot": "机器人",
    "Red Ten rank (红十军衔)": "红十军衔",
    "Level %(n)s of 20": "第 %(n)s 级（共 20 级）",
    "Open game (明打): scores double": "明打：得分加倍",
    "Step %(n)s of %(total)s": "第 %(n)s 步（共 %(total)s 步）",
    "Side": "阵营",
    "Cards": "手牌",
    "On the table:": "桌上：",
    "Coin room, N = %(n)s": "游戏币场，N = %(n)s",
    "Waiting for five players": "等待五位玩家",
    "Show red tens (亮牌)?": "亮牌吗？",
    "Red tens seen:": "已亮出的红十：",
    "Showed (亮)": "已亮",
    "The red side wins.": "红方获胜。",
    "The black side wins.": "黑方获胜。",
    "A draw.": "平局。",
    "Rank": "军衔",
    "Advice is only given on Baohuang hands.": "高手点评只针对保皇牌局。",
    "Answered; waiting for the others.": "已回答，等待其他玩家。",
    "Show your red tens (亮牌) for an open game? Every player is asked.": (
        "亮出你的红十打明牌吗？每位玩家都会被问到。"
    ),
    "Red Ten (红十): the two red tens make the teams; showing them doubles the score.": (
        "红十：两张红十定队伍；亮牌则得分加倍。"
    ),
    "Coin room, N = %(n)s: losers pay points × N beans, winners receive 0.9 of it.": (
        "游戏币场，N = %(n)s：输家付 分数 × N 星豆，赢家得其 0.9。"
    ),
    "Points room: each point is %(stake)s beans.": "积分场：每分 %(stake)s 星豆。",
    "A hand can cost up to %(most)s beans.": "一局最多输 %(most)s 星豆。",
    # the Red Ten table: the 亮牌 choices and the play buttons say what they do, or why not
    "Red Ten (红十): the two red tens make one side, everyone else the other; nobody is told "
    "who holds them until they are shown or played. The side that empties its hands first, "
    "taking first place, wins.": (
        "红十：两张红十为一方，其余为另一方；红十亮出或打出之前，谁也不知道在谁手里。"
        "先出完牌并拿到头科的一方获胜。"
    ),
    "Auto-play (托管) is on: the server plays for you.": "托管已开启：服务器替你出牌。",
    "It answers 不亮, leads your weakest single card and passes every trick it does not lead: "
    "a seat that only passes is usually caught.": (
        "托管会回答不亮，领出时出你最小的单张，不是自己领出的轮次一律不要：只会不要的玩家通常会被抓。"
    ),
    "Waiting for the others to be ready.": "等待其他玩家准备。",
    "Show your red tens to everyone: the hand is open (明打) and every score doubles; everyone "
    "then knows your side.": "向所有人亮出你的红十：本局明打，输赢翻倍；大家都会知道你是哪一方。",
    "You hold no red ten, so you have none to show: only a red-ten holder can. Everyone is "
    "asked, so answering 不亮 tells nobody anything.": (
        "你手里没有红十，无牌可亮：只有持红十的玩家才能亮牌。每位玩家都会被问到，所以回答不亮不会透露任何信息。"
    ),
    "Keep your cards secret: if nobody shows, the hand is dark (暗打), normal scores, and each "
    "side comes out as its red tens are played.": (
        "不公开你的牌：若无人亮牌则为暗打，正常计分，红十打出时各方身份才揭晓。"
    ),
    "Waiting for %(name)s to play.": "等待%(name)s出牌。",
    "You lead: play any single, pair, triple or four of one rank. Leading, you cannot pass.": (
        "由你领出：可出同点数的单张、对子、三张或四张。领出时不能不要。"
    ),
    "Beat the last set with a stronger one of the same kind (the two red tens or the two "
    "jokers beat more), or pass.": (
        "出同类型且更大的牌压过上家（双红十、双王可压更多），或者不要。"
    ),
    "Nothing in your hand beats the last set: pass.": "你没有能压过上家的牌：只能不要。",
    "showed (亮牌)": "亮牌",
    "Red Ten: your turn": "红十：轮到你了",
}
