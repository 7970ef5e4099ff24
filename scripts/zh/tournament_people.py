"""zh-hans for tournaments played by people: the start announced on every page, the first
deal's wait and the pause at the table, places and prizes among people, scores in base
stakes, the rules' section, the profile's list, the admin form."""

ZH = {
    # models, admin
    "deals to play": "牌局数",
    "How many deals (hands of cards) every player plays; every table plays the same ones. With a single table each deal is played twice.": "每位选手要打的牌局数（每局一副牌）；各桌打相同的牌。只有一桌时每副牌打两次。",
    "Give a start time, or a number of players below, or both (one of the two is required).": "请填写开始时间或下面的开赛人数，也可两者都填（至少填一项）。",
    "Give a start time, or a number of players below, or both (one of the two is required). The time is in the site's time zone, %(zone)s.": "请填写开始时间或下面的开赛人数，也可两者都填（至少填一项）。时间按站点时区（%(zone)s）计算。",
    "Leave empty to start at the time above only.": "留空则只按上面的时间开始。",
    "played a decision": "亲自做过决定",
    "pause between a tournament's deals (seconds)": "比赛每副之间的间隔（秒）",
    "Tournaments played by this room's rules wait this long between deals.": "按本房间规则进行的比赛，每副牌之间等待这么久。",
    # the start, on every page
    "“%(name)s” has started: your table is waiting for you.": "「%(name)s」开始了：你的牌桌在等你。",
    "The tournament has started: your table is waiting for you.": "比赛开始了：你的牌桌在等你。",
    "The tournament has started. You left your table: auto-play plays your seat.": "比赛已开始。你离开了牌桌：由托管代打。",
    "The tournament has started.": "比赛已开始。",
    "This tournament was cancelled: every entry fee was refunded.": "这场比赛已取消：报名费已全部退还。",
    # the tournament page
    "Deals to play": "牌局数",
    "base stake S = %(s)s beans": "底分 S = %(s)s 星豆",
    "%(fee)s beans": "%(fee)s 星豆",
    "How tournaments work": "比赛怎么打",
    "players: %(n)s": "参赛 %(n)s 人",
    "Prize pool so far: %(pool)s beans (the entry fees paid); it grows with every registration.": "目前奖池：%(pool)s 星豆（已付的报名费），每多一人报名就增加。",
    "Prize pool: %(pool)s beans (the entry fees paid).": "奖池：%(pool)s 星豆（已付的报名费）。",
    "Place %(place)s: %(beans)s beans (%(percent)s%% of the pool)": "第 %(place)s 名：%(beans)s 星豆（奖池的 %(percent)s%%）",
    "(place %(place)s: a better-placed person played no decision himself)": "（第 %(place)s 名：排名更前的选手没有亲自打过一手）",
    "not paid: too few people took a decision themselves (%(n)s)": "未发放：亲自打过牌的选手不够（%(n)s 人）",
    "Score, in base stakes (S = %(s)s beans): your payout in a hand minus the average payout of the same seat with the same cards at the other tables, added up over the deals.": "得分以底分 S 计（S = %(s)s 星豆）：你每局的输赢减去其他桌同一副牌、同一座位的平均输赢，各副相加。",
    "Tournament rules": "比赛规则",
    "Score (S)": "得分（S）",
    "no prize: played no decision himself": "无奖金：没有亲自打过一手",
    "Bots": "机器人",
    "Bot": "机器人",
    "Bots fill the last table. They are scored like everyone, but take no place and no prize.": "机器人补满最后一桌。它们和大家一样计分，但不排名次、不领奖金。",
    "%(beans)s beans": "%(beans)s 星豆",
    # the deal page
    "Payout in beans as the hand settled it (no beans move in a tournament); score in base stakes (S = %(s)s beans): the payout ÷ S minus the average of the same seat at the other tables.": "输赢是本局结算的星豆数（比赛不实际动豆）；得分以底分 S 计（S = %(s)s 星豆）：输赢 ÷ S，减去其他桌同一座位的平均值。",
    "Seat %(n)s": "%(n)s 号座",
    "Table %(n)s": "第 %(n)s 桌",
    "Table": "牌桌",
    "Status": "状态",
    # the home page and the profile
    "Open for registration": "报名中",
    "Running": "进行中",
    "Finished": "已结束",
    "%(n)s players": "%(n)s 人参赛",
    "Tournament": "比赛",
    "Tournaments (比赛)": "比赛",
    "%(place)s of %(n)s": "第 %(place)s 名 / 共 %(n)s 人",
    "No tournaments yet.": "还没有参加过比赛。",
    # the table
    "Hand %(k)s of %(n)s": "第 %(k)s / %(n)s 副",
    'Next hand in <span class="countdown" id="tournament-countdown" data-deadline="%(at)s"></span> s.': '下一副 <span class="countdown" id="tournament-countdown" data-deadline="%(at)s"></span> 秒后开始。',
    'Dealt as soon as everyone at this table is here, at the latest in <span class="countdown" id="tournament-countdown" data-deadline="%(at)s"></span> s.': '本桌选手到齐即发牌，最迟 <span class="countdown" id="tournament-countdown" data-deadline="%(at)s"></span> 秒后。',
    "Your place so far: %(p)s of %(n)s.": "你目前第 %(p)s 名（共 %(n)s 人）。",
    "Tournament hand (比赛局)": "比赛局",
    "tournament hand (比赛局): no beans move, the payout is scored": "比赛局：不动星豆，输赢只用于计分",
    # the rules page
    "Every table plays the same deals (the same cards), with the seats turned so that each player holds different cards from one deal to the next; with a single table each deal is played twice. A new deal is dealt once every table has finished the last one, after a pause with a countdown at the table.": "各桌打同样的牌（同样的发牌），座位轮转，每位选手每副拿到的牌不同；只有一桌时每副牌打两次。所有牌桌都打完上一副后，牌桌上倒计时结束即发下一副。",
    "Score of a hand, in base stakes S: your payout ÷ S, minus the average payout ÷ S of the same seat with the same cards at the other tables. Your total is the sum over the deals. The luck of the cards cancels; what is left is how they were played. A deal counts once every table has finished it; until then the standings show —.": "每局得分以底分 S 计：你的输赢 ÷ S，减去其他桌同一副牌、同一座位的平均输赢 ÷ S。总分是各副之和。牌运相互抵消，剩下的是打法。一副牌在所有牌桌都打完后才计分；之前排名表显示 —。",
    "Tournament hands (比赛局) move no beans: you pay the entry fee when registering (refunded if you leave before the start or it is cancelled), and the prizes are shares of the fees, in beans, paid at the end.": "比赛局不动星豆：报名时交报名费（开赛前退出或比赛取消则退还），奖金按报名费的份额以星豆在赛后发放。",
    "Places and prizes count people only. Bots fill the last table; they are scored like everyone, listed apart, and take no place and no prize.": "名次和奖金只算真人。机器人补满最后一桌；它们照样计分，单独列出，不排名次、不领奖金。",
    "The start is announced on every page a registrant has open, with a link to his table. The first deal is dealt once everyone at the table has opened it, or 60 seconds after the announcement. Whoever is not at his table when a deal starts is treated as disconnected: his clock runs, and past the grace period the system plays for him to the end of the hand.": "开赛时，报名者打开的每个页面都会收到通知，并附上去他牌桌的链接。本桌所有人都打开牌桌后即发第一副，最迟在通知后 60 秒发牌。发牌时不在牌桌的选手按掉线处理：他的计时照走，超过宽限时间后由系统代打到本局结束。",
    "A prize goes only to a person who took at least one decision of the tournament himself. A prize whose place went to somebody the system played throughout goes to the next person; a prize nobody can take is not paid, and the tournament's page says so.": "奖金只发给在比赛中至少亲自做过一次决定的选手。某个名次的选手全程由系统代打，该名次的奖金顺延给下一位；无人可领的奖金不发放，比赛页面会写明。",
}
