"""Chinese for the bot levels (issue 19): 新手 / 普通 / 高手."""

ZH = {
    "Novice": "新手",
    "Normal": "普通",
    "Expert": "高手",
    "Bot level": "机器人水平",
    "Choose a bot level: novice, normal or expert.": "请选择机器人水平：新手、普通或高手。",
}
