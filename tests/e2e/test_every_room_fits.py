"""Every room's table on the screens people use, in Chromium: at 1366×800, on a phone held
upright (390×844) and on its side (844×390), the whole hand, the controls and every seat's name
are on screen without scrolling, and nothing covers a control's button (also for the largest
decision, the Lianzhong holder's take-or-pass and guard calls, on a deal that asks both); the
five names are told apart (none cut short); a seat's clock never covers the "you" badge. Each
room's settlement, with a daily task's reward line in it, shows the player's own row and its
next steps (the replay, the next hand, every other button of the panel) on screen at once, no
box scrolled. Then a Red Ten hand (RULES §11) is played by clicks on the same table: its 亮牌
buttons say why, a card face is picked by a click, the hint raises a legal set, the play log
and the trick fill in, to the settlement and its reason. One site for the module; each room
its own player, signed in by a session cookie. Screenshots go to tests/e2e/artifacts/
(gitignored)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import site_on
from tests.e2e.conftest import ARTIFACTS, FAST_BOTS
from tests.support.browser import REDTEN_MOVED, SYNCED
from tests.support.live_server import LiveSite, free_port

# One worker runs both tests, on the module's one site.
pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.xdist_group("every-room-fits")]

SIZES = ((1366, 800), (390, 844), (844, 390))
# Every preset's room: hands of 33/34 (standard, quick, keep six, Lianzhong), 43 (Duole) and
# 10 cards (Red Ten).
ROOMS = (
    "standard",
    "quick",
    "keep-six",
    "lianzhong-classic",
    "lianzhong-simple",
    "duole",
    "redten",
)
# The table's parts by game: (the hand's cards, the controls).
PARTS = {
    "baohuang": ("#my-hand .card", "#controls"),
    "redten": ("#redten-hand .card", "#redten-controls"),
}

# What a user would see wrong, measured in the page: each entry names a failure, or is empty.
MEASURE = """([cards, controls]) => {
  const vw = innerWidth, vh = innerHeight;
  const inside = el => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= vh + 1 && r.right <= vw + 1; };
  const problems = [];
  const hand = Array.from(document.querySelectorAll(cards));
  if (!hand.length) problems.push('no hand');
  else if (!inside(hand[hand.length - 1])) problems.push('the last card is off screen');
  const ctl = document.querySelector(controls);
  if (!ctl || !inside(ctl)) problems.push('the controls are off screen');
  for (const b of ctl ? ctl.querySelectorAll('button') : []) {
    if (!b.checkVisibility()) continue;  // in a closed menu: not shown, nothing to click
    if (!inside(b)) { problems.push(`"${b.textContent.trim()}" is off screen`); continue; }
    const r = b.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !b.contains(top))
      problems.push(`"${b.textContent.trim()}" is covered by ${top && top.outerHTML.slice(0, 80)}`);
  }
  const names = Array.from(document.querySelectorAll('.seat .seat-name'));
  if (names.length !== 5) problems.push(`${names.length} seat names`);
  for (const n of names) {
    if (!inside(n)) problems.push(`${n.textContent} is off screen`);
    if (n.scrollWidth > n.clientWidth + 1) problems.push(`${n.textContent} is cut short`);
  }
  const texts = names.map(n => n.textContent.trim());
  if (new Set(texts).size !== texts.length) problems.push(`names alike: ${texts}`);
  const scroll = document.scrollingElement.scrollHeight;
  if (scroll > vh) problems.push(`the page is ${scroll} px high on a ${vh} px screen`);
  let clocks = 0;
  const me = document.querySelector('.seat.is-me');
  const badge = me && me.querySelector('.tag-me');
  const clock = me && me.querySelector('.countdown:not(:empty)');
  if (badge && clock) {
    clocks = 1;
    const a = badge.getBoundingClientRect(), b = clock.getBoundingClientRect();
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      problems.push('the clock covers the "you" badge');
  }
  return {problems, clocks};
}"""


# The settlement, measured as the hand's table is: the player's own row (its place, name and
# net) and every button or link of its next steps (the panel's, and any the table's controls
# offer after the hand, such as standing up) must be on screen and uncovered, with no box
# scrolled to show them.
SETTLEMENT = """([panel, own, actions, task, controls]) => {
  const vw = innerWidth, vh = innerHeight;
  const inside = el => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= vh + 1 && r.right <= vw + 1; };
  const shown = el => { if (!inside(el)) return false;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && el.contains(top); };
  const problems = [];
  const box = document.querySelector(panel);
  if (!box) return {problems: ['no settlement'], buttons: 0};
  for (const el of [box, ...box.querySelectorAll('*')])
    if (el.scrollTop > 0) problems.push(`${el.id || el.className} is scrolled`);
  const row = box.querySelector(own);
  if (!row) problems.push('no row of mine');
  // its place, name and net beans (a narrow screen may leave the other columns to the right)
  else for (const cell of row.querySelectorAll('td:first-child, td:nth-child(2), td.net'))
    if (!shown(cell)) problems.push(`my row's "${cell.textContent.trim()}" is hidden`);
  if (task && !box.querySelector(task)) problems.push('no daily-task line');
  // the panel's next steps, and any button the table's controls offer after the hand
  const buttons = [...box.querySelectorAll(actions), ...document.querySelectorAll(controls)]
    .filter(b => b.checkVisibility());
  for (const b of buttons)
    if (!shown(b)) problems.push(`"${b.textContent.trim()}" is off screen or covered`);
  const scroll = document.scrollingElement.scrollHeight;
  if (scroll > vh) problems.push(`the page is ${scroll} px high on a ${vh} px screen`);
  return {problems, buttons: buttons.length};
}"""
# (the settlement panel, the player's own row, its next steps, the daily-task line) by game.
SETTLEMENT_PARTS = {
    "baohuang": ("#center.center--results", "tr.me", ".results-actions :is(a, button)",
                 "#results-rewards"),
    "redten": ("#redten-result", "tr.me", ".results-actions :is(a, button)", ""),
}  # fmt: skip

# Each named player's hand, played to its end at once: his seat goes to auto-play and every due
# decision is taken on a clock a second ahead each look (the site's own keeper may take some
# of them first). His "play 3 hands" task stands at two, so the hand pays its reward line.
# One script for every room: each script is a Python process setting up Django, seconds of a
# loaded machine's time.
FINISH_HANDS = """
from datetime import timedelta
from django.utils import timezone
from accounts.models import DailyTask, User
from accounts.tasks import local_day
from game.engine.actions import AutoPlay
from game.games import act_on_deadlines, submit_action
from game.models import HandStatus, TableSeat

finished = {}
for username in USERNAMES:
    user = User.objects.get(username=username)
    DailyTask.objects.update_or_create(
        user=user, day=local_day(timezone.now()), task="play3", defaults={"progress": 2}
    )
    seat = TableSeat.objects.select_related("table__current_hand").get(user=user)
    hand = seat.table.current_hand
    if hand.status != HandStatus.FINISHED:
        submit_action(
            hand_id=hand.pk, seat=seat.index, action=AutoPlay(on=True), expected_version=None
        )
    for n in range(5000):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            break
        act_on_deadlines(hand_id=hand.pk, now=timezone.now() + timedelta(seconds=1 + n))
    finished[username] = hand.status == HandStatus.FINISHED
print(json.dumps(finished))
"""

# The module's players, each signed in by a session cookie made here rather than by the
# sign-up form (which has its own tests): a sign-up hashes a password on the server, about
# a second of CPU each. Turns long enough that a slow machine's player keeps his seat (no
# auto-play).
PLAYERS = [f"fit{n}" for n in range(len(ROOMS))] + ["caller", "hongshi"]
SETUP = """
from django.test import Client
from accounts.models import User
from game.models import Room

Room.objects.update(play_seconds=60, role_seconds=45)
sessions = {}
for name in PLAYERS:
    client = Client()
    client.force_login(User.objects.create_user(name))
    sessions[name] = client.cookies["sessionid"].value
print(json.dumps(sessions))
"""


# The module's site: the site, its address and each player's session cookie.
Site = tuple[LiveSite, str, dict[str, str]]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[Site]:
    live = site_on(migrated_sqlite, tmp_path_factory.mktemp("fits"), **FAST_BOTS)
    setup = live.python_started(f"PLAYERS = {PLAYERS!r}\n{SETUP}")
    port = free_port()
    live.start(port)
    sessions = setup()
    assert isinstance(sessions, dict)
    yield live, f"http://127.0.0.1:{port}", sessions
    live.stop_all()


# The header's menu folds away on a narrow screen when the page hears of its new width (a media
# query's change event, static/js/site.js); measured before that, on a busy machine, the wide
# screen's open menu still lies over the table.
SETTLED = """w => innerWidth === w && document.getElementById('site-menu')?.open
    === matchMedia('(min-width: 901px)').matches"""


def resize(page: Any, width: int, height: int) -> None:
    """Give the page a new screen size, and wait until its layout has taken it in."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(SETTLED, arg=width)


def signed_in(browser: Any, site: Site, user: str) -> Any:
    """A page at 1366×800 in Chinese, signed in as ``user``."""
    _, base, sessions = site
    context = browser.new_context(viewport={"width": 1366, "height": 800}, locale="zh-CN")
    context.add_cookies([{"name": "sessionid", "value": sessions[user], "url": base}])
    return context.new_page()


def open_room(browser: Any, site: Site, room: str, user: str) -> Any:
    page = signed_in(browser, site, user)
    page.goto(f"{site[1]}/rooms/{room}/")
    page.click("#play-with-bots")
    return page


def test_every_rooms_hand_fits_every_screen(site, browser) -> None:
    live, _, _ = site
    clocks_seen = 0
    failures: list[str] = []
    pages: dict[str, Any] = {}
    for n, room in enumerate(ROOMS):
        game = "redten" if room.startswith("redten") else "baohuang"
        cards, controls = PARTS[game]
        page = pages[room] = open_room(browser, site, room, f"fit{n}")
        page.wait_for_selector(cards)
        page.wait_for_selector(".seat.is-me .seat-name")
        if game == "baohuang":
            # Measured once the socket's first frame is in (the table as the server has it),
            # not while the page swaps the first render for it.
            page.wait_for_selector(SYNCED)
        for width, height in SIZES:
            resize(page, width, height)
            found = page.evaluate(MEASURE, [cards, controls])
            page.screenshot(path=str(ARTIFACTS / f"fits-{room}-{width}x{height}.png"))
            clocks_seen += found["clocks"]
            failures += [f"{room} {width}×{height}: {p}" for p in found["problems"]]
    # The settlement of each of these hands, on its page opened afresh (the hands are finished
    # by another process, whose changes reach a page's socket only by a reload).
    players = [f"fit{n}" for n in range(len(ROOMS))]
    done = live.python(f"USERNAMES = {players!r}\n{FINISH_HANDS}")
    assert done == dict.fromkeys(players, True), done
    for room, page in pages.items():
        game = "redten" if room.startswith("redten") else "baohuang"
        parts = SETTLEMENT_PARTS[game]
        controls = PARTS[game][1]
        resize(page, 1366, 800)
        page.reload()
        page.wait_for_selector(parts[0] + " " + parts[1])
        for width, height in SIZES:
            resize(page, width, height)
            found = page.evaluate(SETTLEMENT, [*parts, controls + " button"])
            page.screenshot(path=str(ARTIFACTS / f"fits-{room}-settlement-{width}x{height}.png"))
            failures += [f"{room} settlement {width}×{height}: {p}" for p in found["problems"]]
            if found["buttons"] < 2:
                failures.append(f"{room} settlement {width}×{height}: {found['buttons']} buttons")
        page.context.close()
    assert not failures, failures
    # The badge check looked at a running clock at least once (the deal's decisions run one).
    assert clocks_seen > 0


# A Lianzhong classic deal (RULES §10.1) in which seat 0 holds the emperor card and the most
# identities to call: the page asks both questions at once, take or pass the throne and which
# card to call, the tallest the controls get. The seed is found from the room's own rules, and
# "play with bots" (the person at seat 0) deals it: the deal's seed is its one random draw.
CALLER_TABLE = """
from types import SimpleNamespace
import game.hands
from game.engine.hand import new_hand
from game.engine.throne import callable_identities
from game.hands import rules_for_room
from game.models import Room
from accounts.models import User
from lobby.tables import play_with_bots

room = Room.objects.get(slug="lianzhong-classic")
rules = rules_for_room(room)
def calls(seed):
    state = new_hand(seed, rules)
    return len(callable_identities(state.hands[0])) if state.throne_holder == 0 else 0
seed = max(range(400), key=calls)
game.hands.secrets = SimpleNamespace(randbits=lambda _bits: seed)
table = play_with_bots(room=room, user=User.objects.get(username=USERNAME))
print(json.dumps({"table": table.pk, "calls": calls(seed)}))
"""


def test_the_lianzhong_holders_two_questions_fit_every_screen(site, browser) -> None:
    live, base, _ = site
    page = signed_in(browser, site, "caller")
    made = live.python(f"USERNAME = 'caller'\n{CALLER_TABLE}")
    assert isinstance(made, dict) and made["calls"] >= 3, made
    page.goto(f"{base}/tables/{made['table']}/")
    page.wait_for_selector(SYNCED)
    assert page.locator("#call-guard .call-button").count() == made["calls"]
    assert page.locator("#controls .decide-button").count() >= 1  # pass the card on
    failures: list[str] = []
    for width, height in SIZES:
        resize(page, width, height)
        found = page.evaluate(MEASURE, list(PARTS["baohuang"]))
        page.screenshot(path=str(ARTIFACTS / f"fits-lianzhong-calls-{width}x{height}.png"))
        failures += [f"{width}×{height}: {p}" for p in found["problems"]]
    assert not failures, failures
    page.context.close()


# The Red Ten table as it is now, read in one evaluation: the html the next wait compares with
# must be the one whose buttons were pressed. Read apart, a frame coming in between left the
# wait satisfied by that frame, and the next look pressed a button the answer to the first
# press was about to take away (a click on it waits out its whole timeout).
REDTEN_LOOK = """() => {
    const table = document.querySelector('#redten-table');
    return {
        html: table?.innerHTML ?? '',
        version: table?.dataset.version ?? '',
        over: document.querySelector('#redten-result') !== null,
        pass: document.querySelector('#redten-pass-button') !== null,
        play: document.querySelector('#redten-play-button') !== null,
    };
}"""


def test_a_red_ten_hand_played_by_clicks_on_the_shared_table(site, browser) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = open_room(browser, site, "redten", "hongshi")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for _ in range(5):
        page.wait_for_selector("#no-show-button, #redten-result")
        if page.locator("#no-show-button").count():
            break
        page.click("#redten-next-button")  # all four tens to one seat: over at once (§9)
        page.wait_for_selector("#redten-result", state="detached")
    # The Baohuang table's felt, seats and card faces.
    assert page.locator(".felt").count() == 1
    assert page.locator(".seat .seat-box").count() == 5
    assert page.locator("#redten-hand .card[data-r]").count() == 10
    # Every 亮牌 button says what it does; 亮牌 greyed out says why.
    helps = page.locator("#redten-controls .choice .choice-help").all_inner_texts()
    assert len(helps) == 2 and all(h.strip() for h in helps)
    show = page.locator("#show-button")
    if show.is_disabled():
        reason = page.locator("#" + show.get_attribute("aria-describedby"))
        assert "no red ten" in reason.inner_text() or "红十" in reason.inner_text()
    # The alerts of the Baohuang table: the tab's title says it is this player's move, and
    # his own clock counts down in the status line.
    # (Functions, not bare expressions: Playwright evals an expression again at every look
    # after the first, which the page's CSP refuses, so a wait that does not pass at once
    # failed; a function is evaled once.)
    page.wait_for_function("() => document.title.startsWith('●')")
    page.wait_for_function(
        "() => /^\\d+$/.test(document.querySelector('#redten-status .main-countdown')?.textContent)"
    )
    page.screenshot(path=str(ARTIFACTS / "redten-table-show.png"))
    page.click("#no-show-button")
    plays = turns = hinted = 0
    tried = ""  # the version at which the strongest card was offered on a set
    for _ in range(400):
        table = page.evaluate(REDTEN_LOOK)
        if table["over"]:
            break
        before = table["html"]
        try:
            if table["pass"] and not table["play"]:
                assert page.locator("#redten-turn-note").inner_text().strip()  # says why
                page.click("#redten-pass-button", timeout=10_000)  # nothing beats the set
                turns += 1
            elif table["play"]:
                note = page.locator("#redten-turn-note").inner_text()
                assert note.strip()  # the play buttons say what may be played
                version = table["version"]
                following = table["pass"]
                turns += 1
                if not hinted:
                    # 提示 raises the cheapest legal set on this page (RULES §8.4); it plays.
                    page.click("#redten-hint-button", timeout=10_000)
                    page.wait_for_selector("#redten-hand input:checked", timeout=10_000)
                    hinted = page.locator("#redten-hand input:checked").count()
                    before = page.locator("#redten-table").inner_html()
                    page.click("#redten-play-button", timeout=10_000)
                    plays += 1
                elif following and (plays or tried == version):
                    page.click("#redten-pass-button", timeout=10_000)
                else:
                    # Leading: the weakest card (the hand is strongest first); following,
                    # once, the strongest (refused with a reason if it beats nothing: then
                    # the next look passes).
                    tried = version if following else tried
                    hand = page.locator("#redten-hand label.card")
                    face = hand.first if following else hand.last
                    # On its left strip, as a person clicks it: the next card covers the
                    # rest of the strongest one, and a click on its middle would land there.
                    face.click(timeout=10_000, position={"x": 8, "y": 20})
                    assert face.locator("input").is_checked()
                    page.click("#redten-play-button", timeout=10_000)
                    plays += 1
                    if plays == 1:
                        page.screenshot(path=str(ARTIFACTS / "redten-table-play.png"))
            page.wait_for_function(
                REDTEN_MOVED,
                arg=before,
                timeout=60_000,
            )
        except PlaywrightTimeout:
            continue
    page.wait_for_selector("#redten-result")
    page.screenshot(path=str(ARTIFACTS / "redten-table-settlement.png"))
    assert turns > 0  # the player acted by clicks (a short hand may leave him only passes)
    assert hinted or not plays  # the first play was the hint's set
    # The settlement says its sums and why (RULES §11).
    assert page.locator("#redten-arithmetic").inner_text().strip()
    assert page.locator("#redten-reason li").count() >= 3
    # The public log kept every set, each under its player's name.
    page.click("#log-box summary")
    assert page.locator("#play-log li.log-play").count() >= 5
    assert page.locator("#redten-result tbody tr").count() == 5
    assert not errors, errors
    page.context.close()
