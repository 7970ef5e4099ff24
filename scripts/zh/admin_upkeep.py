"""zh-hans for the admin's upkeep: the 调整星豆 floor, ledger reasons in words, the bean
history on the profile, the trial-table cap's refusal, the quick-match keep-apart note and
the "Fair play" page's schedule and column explanations."""

ZH = {
    # accounts.services / accounts.admin: 调整星豆
    "The balance is %(balance)s beans: taking %(taken)s would leave %(after)s. A balance cannot go below 0; take at most %(balance)s.": "当前余额为 %(balance)s 星豆：扣除 %(taken)s 后将剩 %(after)s。余额不能低于 0，最多可扣 %(balance)s。",
    "Positive to add beans, negative to take them away; a balance cannot go below 0.": "正数为增加星豆，负数为扣除；余额不能低于 0。",
    "Balance adjusted by %(amount)+d: the new balance is %(balance)s beans.": "余额已调整 %(amount)+d：新余额为 %(balance)s 星豆。",
    # accounts.ledger_words
    "entry fee": "报名费",
    "entry fee refunded (you left before the start)": "退还报名费（开赛前退出）",
    "entry fee refunded (the tournament was cancelled)": "退还报名费（比赛已取消）",
    "prize for place %(place)s": "第 %(place)s 名奖金",
    "Daily task done: %(task)s": "完成每日任务：%(task)s",
    "First reached the title %(tier)s": "首次达到称号 %(tier)s",
    "Tournament %(number)s: %(what)s": "比赛 %(number)s：%(what)s",
    "Starting beans of a new account": "新账号的初始星豆",
    "Hand %(hand)s": "第 %(hand)s 局",
    # accounts/profile.html: the owner's bean history
    "Recent bean changes": "最近的星豆变动",
    "When": "时间",
    "What": "类别",
    "Balance after": "变动后余额",
    # lobby.views: the new-table cap
    "You have opened too many tables lately (%(limit)s in %(window)s minutes): you can open another at %(time)s, in %(minutes)s min.": "你最近开桌太多（%(window)s 分钟内 %(limit)s 张）：%(time)s（%(minutes)s 分钟后）可以再开。",
    "This address has opened too many tables lately (%(limit)s trial tables in %(window)s minutes): you can open another at %(time)s, in %(minutes)s min.": "此网络地址最近开桌太多（%(window)s 分钟内 %(limit)s 张试玩桌）：%(time)s（%(minutes)s 分钟后）可以再开。",
    # lobby.views: quick match's keep-apart note
    "Quick match seats people of one address (or one browser) at different tables. To play with people at your address, open a private table and invite them.": "快速匹配不会把同一网络地址（或同一浏览器）的人安排在同一桌。想和同一地址的人一起玩，请开私人牌桌并邀请他们。",
    # game.models: the scan's schedule
    "last scan": "上次扫描",
    "hands counted by the last scan": "上次扫描统计的局数",
    "next scan due": "下次扫描时间",
    # templates/admin/game/pairsignal/_explained.html
    "Last scan: %(at)s (%(ago)s ago), %(n)s newly finished hands counted.": "上次扫描：%(at)s（%(ago)s前），统计了 %(n)s 局新结束的牌局。",
    "No scan has run yet: the list fills once finished hands have been counted.": "尚未扫描：统计过已结束的牌局后，列表才会有内容。",
    "The server scans by itself every %(n)s minutes, a minute behind the hands' ends.": "服务器每 %(n)s 分钟自动扫描一次，统计一分钟前已结束的牌局。",
    "The server does not scan by itself here (BAOHUANG_FAIRPLAY_SCAN_EVERY=0): run manage.py fairplay_scan.": "本站服务器不自动扫描（BAOHUANG_FAIRPLAY_SCAN_EVERY=0）：请运行 manage.py fairplay_scan。",
    "What the columns mean": "各列的含义",
    "z values": "z 值",
    "Each signal compares how the two played with each other to how each plays with everybody else, counted in standard deviations (z). Near 0 is ordinary; 2 happens by chance to about one pair in forty; 4 or more almost never does. Below 10 chances (or hands) a signal counts as 0.": "每项信号把两人彼此之间的打法与各自和其他所有人的打法相比较，以标准差（z）计。接近 0 属正常；达到 2 的，约四十对中碰巧有一对；4 或以上几乎不会是巧合。机会（或局数）少于 10 次的信号按 0 计。",
    "Finished hands (not trials, not voided) both players sat in.": "两人都在座的已结束牌局（不含试玩和作废的牌局）。",
    "How much more often each let the other's sets run (passed when he could have beaten them) than he does with other players' sets. A colluder spares his friend.": "每人放过对方的牌（能压却不要）比放过其他玩家的牌多出多少。串通者会放过同伙。",
    "Passes the expert (高手) judged costly to the passer (0.75 stakes or more worse than his best play), on the other's sets against everybody else's. It stays 0 unless the scan runs with the expert's judgement (manage.py fairplay_scan --judge).": "高手判定对放牌者自己代价大的“不要”（比最佳出法差 0.75 注或更多），对方的牌与其他所有人的牌相比较。只有扫描带高手判断运行时（manage.py fairplay_scan --judge）才有值，否则为 0。",
    "Whether the two win more, added together, in hands they share than each wins without the other. It moves slowly: it needs many hands.": "两人同桌时合计赢得是否比各自不同桌时更多。此值变化慢，需要很多局。",
    "While the other's role was hidden from a player: did he spare him more when the other was really on his side than when he was not? Nobody honest can tell, so it stays near 0; a high value means one knew what he should not.": "在看不到对方身份时：对方其实与自己同一方时，是否比不同方时更常放过他？诚实的玩家无从得知，所以此值接近 0；值高说明有人知道了不该知道的。",
    "The four z values added and divided by 2. A pair stands out (is listed first) at 4.0 or more over at least 30 shared hands; honest pairs measured stayed below 3.3. A listing is only a suggestion: look at their hands together before deciding.": "四项 z 值相加再除以 2。同桌至少 30 局且分数达到 4.0 的一对会被突出显示（排在最前）；实测诚实玩家对都低于 3.3。列出只是提示：处理前请先查看他们同桌的牌局。",
}
