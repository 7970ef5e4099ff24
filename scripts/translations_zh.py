"""Chinese (zh-hans) text for the site's English msgids.

`make translations` runs `manage.py makemessages -l zh_Hans`, then this script to fill
locale/zh_Hans/LC_MESSAGES/django.po from the table below plus every `ZH` dict in
`scripts/zh/*.py` (one file per area of the site), then `compilemessages`. Game terms follow
RULES.md's vocabulary table.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ZH = {
    "Amount": "数量",
    "Positive to add beans, negative to take them away.": "正数增加星豆，负数扣除星豆。",
    "Reason": "原因",
    "An adjustment of zero changes nothing.": "调整为零不会改变任何东西。",
    "Game": "游戏",
    "Balance adjusted.": "余额已调整。",
    "Adjust beans of %(name)s": "调整 %(name)s 的星豆",
    "Players": "玩家",
    "beans (星豆)": "星豆",
    "emperor title points": "皇帝称号积分",
    "guard title points": "侍卫称号积分",
    "rebel title points": "反贼称号积分",
    "player": "玩家",
    "players": "玩家",
    "starting grant": "新手赠送",
    "hand result": "牌局结果",
    "table fee": "桌费",
    "fled penalty": "逃跑罚分",
    "title reward": "称号奖励",
    "daily task": "每日任务",
    "admin adjustment": "管理员调整",
    "ledger entry": "账目",
    "ledger entries": "账目",
    "running": "进行中",
    "finished": "已结束",
    "The table's n-th hand.": "本桌的第几局。",
    "A visitor's trial hand: no beans, no titles.": "游客试玩局：不计星豆，不计称号。",
    "hand": "牌局",
    "hands": "牌局",
    "bot": "机器人",
    "auto-play": "托管",
    "deadline passed": "超时",
    "disconnected": "掉线",
    "system": "系统",
    "The hand's version after this event.": "此事件之后牌局的版本号。",
    "Lobby": "大厅",
    "Standard (普通场)": "普通场",
    "Quick (快速场)": "快速场",
    "Keep six (保六场)": "保六场",
    "name": "名称",
    "slug": "网址名",
    "rule preset": "规则",
    "base stake (底分)": "底分",
    "table fee (桌费)": "桌费",
    "minimum balance": "最低余额",
    "Beans needed to sit. Empty: the largest loss of one hand, 35 × stake + fee.": "入座所需星豆。留空：一局最大输分，35 × 底分 + 桌费。",
    "pass-lock (过牌不准上)": "过牌不准上",
    "A player who passed may not play again in the same trick (RULES §4.7).": "过牌的玩家在本轮中不得再出牌（规则 §4.7）。",
    "seconds for a role choice": "身份选择时限（秒）",
    "seconds for a play": "出牌时限（秒）",
    "reconnect grace period (seconds)": "掉线重连宽限（秒）",
    "open": "开放",
    "order": "排序",
    "room": "房间",
    "rooms": "房间",
    "table": "牌桌",
    "tables": "牌桌",
    "Emperor": "皇帝",
    "Guard": "侍卫",
    "Rebel": "反贼",
    "Dark guard (暗保)": "暗保",
    "Open guard (明保)": "明保",
    "Dark solo (暗独)": "暗独",
    "Open solo (明独)": "明独",
    "Ascend (登基)": "登基",
    "Abdicate (让位)": "让位",
    "Declare rebellion (造反)": "造反",
    "Stay quiet": "不表态",
    "You need at least %(need)s beans to sit in %(room)s; you have %(have)s.": "在%(room)s入座至少需要 %(need)s 星豆；你有 %(have)s。",
    "There is no seat %(seat)s.": "没有座位 %(seat)s。",
    "This is a guest's trial table.": "这是游客的试玩桌。",
    "You are already sitting at a table; stand up there first.": "你已在另一桌入座，请先在那里起身。",
    "That seat is taken.": "这个座位已有人。",
    "You are not sitting at this table.": "你没有坐在这一桌。",
    "A hand is running: finish it first (leaving counts as fleeing).": "牌局进行中：请先打完（中途离开算逃跑）。",
    "Sit at the table before inviting bots.": "请先入座再邀请机器人。",
    "That seat is not empty.": "这个座位不是空的。",
    "The hand is still running.": "牌局仍在进行。",
    "Guest": "游客",
    "Current balance: %(balance)s beans.": "当前余额：%(balance)s 星豆。",
    "Adjust": "调整",
    "Adjust beans": "调整星豆",
    "Baohuang": "保皇",
    "Rooms": "房间",
    "beans": "星豆",
    "Admin": "管理",
    "Password": "密码",
    "Log out": "退出",
    "Log in": "登录",
    "Sign up": "注册",
    "Baohuang (保皇): an emperor, a secret guard, three rebels.": "保皇：一位皇帝，一名暗藏的侍卫，三个反贼。",
    "Seat %(sender)s → seat %(target)s": "%(sender)s号位 → %(target)s号位",
    "Rules": "规则",
    "pass-lock": "过牌不准上",
    "Base stake": "底分",
    "Table fee": "桌费",
    "Minimum balance": "最低余额",
    "Enter": "进入",
    "No room is open right now.": "目前没有开放的房间。",
    "Waiting for players": "等待玩家",
    "The throne (登基)": "登基",
    "Declarations (表态)": "表态",
    "Playing (出牌)": "出牌",
    "Hand over (结算)": "结算",
    "Rebellion stands (明反)": "明反成立",
    "Your turn": "轮到你了",
    "lead any set": "可出任意套牌",
    "%(name)s to play": "等待 %(name)s 出牌",
    "%(name)s holds the emperor card ♛": "%(name)s 持有皇帝牌 ♛",
    "Everyone answers in secret…": "各家秘密表态中…",
    "seconds left": "剩余秒数",
    "Watching": "旁观中",
    "you": "你",
    "cards left": "剩余牌数",
    "fled": "逃跑",
    "failed rebel": "造反失败",
    "thinking…": "思考中…",
    "Ready": "准备",
    "Not ready": "未准备",
    "Stand up": "起身",
    "Your private guess about this player": "你对此玩家身份的私人猜测",
    "emperor": "皇帝",
    "guard": "侍卫",
    "rebel": "反贼",
    "unknown": "未知",
    "Psych war: a public message about this player": "心战：关于此玩家的公开消息",
    "Peek": "看牌",
    "Empty seat": "空座",
    "Sit here": "坐这里",
    "Add bot": "加机器人",
    "Result of the hand": "本局结果",
    "Place": "名次",
    "Player": "玩家",
    "Role": "身份",
    "Payout": "输赢",
    "Fee": "桌费",
    "Penalty": "罚分",
    "Net": "净得",
    "Title": "称号",
    "Reward": "奖励",
    "Next hand": "下一局",
    "Enjoyed it? Sign up to play for beans, earn titles and keep your record.": "玩得开心吗？注册后可以赢星豆、升称号、保存战绩。",
    "The hand starts when all five seats are filled and ready.": "五个座位坐满并全部准备后开局。",
    "New trick: any set may lead.": "新一轮：可出任意套牌。",
    "Who takes the throne?": "谁来登基？",
    "Declarations are secret; the outcome is announced when everyone has answered.": "表态是秘密的；所有人表态后公布结果。",
    "Close": "关闭",
    "No cards left.": "没有剩余的牌。",
    "You hold the guard card ⚔: reveal yourself?": "你持有侍卫牌 ⚔：要明保吗？",
    "Declare rebellion? It stands only if another rebel declares too.": "要造反吗？须另有一名反贼也造反才成立。",
    "You hold the emperor card ♛:": "你持有皇帝牌 ♛：",
    "Auto-play is locked for this hand": "本局托管已锁定",
    "Cancel auto-play": "取消托管",
    "Click a card to raise it · Ctrl+click: a run · drag across cards · right-click the hand: play · Ctrl+click the hand: lower all · Enter/Space play · P pass · H hint · Esc lower all · A auto-play": "单击选牌 · Ctrl+单击：连选 · 拖动选牌 · 右键手牌：出牌 · Ctrl+单击空白：全部放下 · 回车/空格 出牌 · P 不要 · H 提示 · Esc 放下 · A 托管",
    "Five players, four decks: the emperor and his secret guard against three rebels. Who is on whose side?": "五人四副牌：皇帝和暗藏的侍卫对抗三个反贼。谁是自己人？",
    "Base stake %(stake)s · table fee %(fee)s · minimum balance %(min)s beans": "底分 %(stake)s · 桌费 %(fee)s · 最低余额 %(min)s 星豆",
    "Back to my table": "回到我的牌桌",
    "Play with bots": "和机器人玩",
    "Open a new table": "开新桌",
    "Try a hand against bots as a guest": "以游客身份和机器人试玩一局",
    "Sign up to play for beans": "注册后赢星豆",
    "Tables": "牌桌",
    "Table %(n)s": "%(n)s号桌",
    "playing": "对局中",
    "No tables yet: open one, or play with bots.": "还没有牌桌：开一桌，或者和机器人玩。",
    "Nothing beats the last set: pass (不要)": "没有能压过的牌：不要",
    "Reconnecting…": "重新连接中…",
    "Seat": "座位",
    "Profile": "我的资料",
    "Leave the table": "离开牌桌",
    "Leaving a running hand counts as fleeing: if your side loses you pay its whole loss, and 3 × the base stake either way.": "牌局中离开算逃跑：若你方输，你一人承担全部输分，并且无论输赢都罚 3 × 底分。",
    "Leave anyway": "仍然离开",
    "Pass": "不要",
    "Play": "出牌",
    "Hint": "提示",
    "Auto-play": "托管",
    "Watch": "旁观",
}

ENTRY = re.compile(
    r"(#, [^\n]*\n)?((?:#\| [^\n]*\n)*)"
    r'(msgctxt "(?:[^"\\]|\\.)*"\n)?msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgstr ((?:"(?:[^"\\]|\\.)*"\n)+)'
)


def _join(block: str) -> str:
    return (
        "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
        .encode()
        .decode("unicode_escape")
        .encode("latin-1")
        .decode("utf-8")
    )


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"\n'


def fill(po: Path) -> list[str]:
    text = po.read_text(encoding="utf-8")
    missing: list[str] = []

    def replace(match: re.Match[str]) -> str:
        flags, ctx, msgid_block = match.group(1) or "", match.group(3) or "", match.group(4)
        msgid = _join(msgid_block)
        if not msgid:
            return match.group(0)
        zh = ZH.get(msgid)
        if zh is None:
            missing.append(msgid)
            return match.group(0)
        # Our translation replaces msgmerge's fuzzy guess: drop the fuzzy flag (it may share
        # its line with "python-format", and msgfmt skips fuzzy entries) and the "#|" lines.
        flags = re.sub(r"\bfuzzy(, )?|, fuzzy\b", "", flags)
        flags = "" if flags.strip() == "#," else flags
        return f"{flags}{ctx}msgid {msgid_block}msgstr {_quote(zh)}"

    po.write_text(ENTRY.sub(replace, text), encoding="utf-8")
    return missing


def _load_areas() -> None:
    import importlib.util

    for area in sorted((Path(__file__).resolve().parent / "zh").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"zh_{area.stem}", area)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        ZH.update(getattr(module, "ZH", {}))


if __name__ == "__main__":
    _load_areas()
    path = Path(__file__).resolve().parent.parent / "locale/zh_Hans/LC_MESSAGES/django.po"
    left = fill(path)
    for msgid in left:
        print(f"untranslated: {msgid!r}", file=sys.stderr)
    sys.exit(1 if left else 0)
