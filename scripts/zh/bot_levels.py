"""Chinese for the bot levels: 新手 / 普通 / 高手."""

ZH = {
    "Novice": "新手",
    "Normal": "普通",
    "Expert": "高手",
    "Bot level": "机器人水平",
    "Choose a bot level: novice, normal or expert.": "请选择机器人水平：新手、普通或高手。",
    "Expert (高手)": "高手",
    "The expert (高手) is reviewing this hand…": "高手正在复盘这手牌…",
    "The expert's review could not be computed.": "高手复盘未能完成。",
    "differs": "不同",
    "estimated gain over the move played, in base stakes": "比实际出法预计多得（底分倍数）",
    "(%(d)s × S)": "（%(d)s × 底分）",
    "Hide the expert's review (高手)": "隐藏高手复盘",
    "Show what the expert (高手) would have done": "显示高手会怎么打",
    "Advice is only given on a finished hand.": "只有打完的牌局才能复盘。",
    "being computed": "计算中",
    "done": "完成",
    "failed": "失败",
}
