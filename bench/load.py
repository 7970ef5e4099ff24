"""Websocket load: K tables × 5 players against real daphne processes, beside the floor.

A bounded, loopback-only run that prints figures for docs/PERFORMANCE.md.

    .venv/bin/python -m bench load --tables 50 --seconds 60                 # 1 process, SQLite
    .venv/bin/python -m bench load --tables 60 --seconds 20 --floor --floor-writes --rounds 3
    DATABASE_URL=postgres://root@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python -m bench load --tables 50 --seconds 60 --processes 2 --floor

Each player is a small bot that acts only on what its own frames show: when its controls
offer a role choice it takes one; when it may play it picks its set as a person does, on
its own side, from the hand and the trick its page shows (the smallest legal set, what the
first hint would say, RULES §4.9), or passes. So an action is one message, as at the floor.
``--hints`` has the players ask the server for a hint before every play instead (a second
message and a second frame per play).

Each table acts about once a second (``--pace``), from its own random point of the second.
For every action the latency is the time from sending it to all five seats having received
a frame with the new version. A fresh site (database, users, tables) is made for every run
under a temporary directory (SQLite) or in a new PostgreSQL database that is dropped
afterwards.

``--floor`` also runs the floor (bench/floor_asgi.py): the same clients at the same pace
against the same stack (daphne, Channels, the same channel layer) where an action is one
small message and the table's five sockets each get one frame as large as the real
table's pushes in the run before (or ``--frame-bytes``). Real and floor runs alternate,
``--rounds`` times (real, floor; floor, real; ...), so a busy machine weighs on both alike,
and the real table's CPU per action is printed as a multiple of the floor's. Server CPU is
the daphne processes' user + system time over the measured window, divided by the actions.

``--bots expert`` also runs tables where ``--bot-seats`` seats (default 2) are bots
of that level, added as a person adds them, and the other seats are the same small clients;
real and bot runs alternate like real and floor runs. The bots think where the site makes
them think (高手: the bot pool's worker processes, never the web process); the web process's
CPU is divided by every change of a table's state (``cpu_ms_per_change``: people's and bots'
actions alike), the workers' CPU is reported apart (``bot_cpu_share``), and the latency is
a person's action's, as without bots. ``bots_cpu_ratio`` and ``bots_p99_ratio`` are the bot
run's figures over the people-only run's of the same round (``--baseline-bots normal``: over
a run with as many 普通 bots in the same seats, which isolates where 高手 thinks).
``total_cpu_ms_per_change`` adds the workers' CPU (``bots_total_cpu_ratio``).

``--challenge`` (with ``--bots LEVEL --bot-seats 4``) makes the bot run's tables a daily
challenge's: the day's challenge of the standard room with one deal, one entrant a table,
each table opened by ``challenge.services.play`` (the entrant in the deal's seat, four bots
of LEVEL seeded from the deal and their seat, which reuse each other's stored decisions,
``game/bot_pool.py``). The client plays the entrant's seat as it plays any seat, so every
table plays the same deal alike. ``--baseline-bots LEVEL`` compares it with ordinary tables
of one person and four bots of that level.

    .venv/bin/python -m bench load --tables 10 --seconds 30 --rounds 3 --bots expert \\
        --bot-seats 4 --baseline-bots expert --challenge

The last line is JSON: ``{"real": {...}, "floor": {...}, "cpu_ratio": ..., "rounds": [...]}``
where each side holds ``cpu_ms_per_action``, ``p50_ms``, ``p99_ms``, ``bytes_per_action`` (a mean;
``bytes_per_action_median``: the median of what each action sent the five seats, its push
and the frames of the action that led to it),
``actions_per_second`` and ``refused`` (the median over the rounds, with their ``range``).
``first_p99_ms`` is the p99 of each table's first action in the window, the one that follows
its sockets' connecting (after a restart, every table's at once); ``later_p99_ms`` the rest's.
``--floor-writes`` runs, after each floor, the floor again with each action committed as one
row on the database thread before its ring (bench/floor_asgi.py): ``cpu_ratio_writes`` is the
real table's CPU per action over that one's, a reference for what committing every action
costs on this stack (the target stays the ratio to the floor).
``--trace FILE`` writes every action of the real runs, a line each: seconds into the window
when sent, latency in ms, table, kind.
``--mid-hand`` plays each table's hand, before its sockets connect, to a random point of its
length, so hands end (and settle) in the window as at a busy site (``hands_finished``);
fresh hands last longer than any window.
``--spectators N`` has N signed-in people watch each table, each from a socket of their own
that only reads (the floor's tables get N more sockets each, which its rings reach alike).
The players' figures stay the five seats'; what the watchers received per action is
``watcher_bytes_per_action`` (all of them), and their pushes' CPU is in the server's.

``--warm-up S`` has as many other tables (other people) play on each server, real or floor,
for S seconds before the measured tables connect, then leave: the figures are then those of
a server that has been running, whose process-wide memos and compiled templates are warm,
not those of its first half-minute. The measured tables, their names and hands, are still
new to it. Without it (the default) the server is fresh at the window's start.

``--idle`` opens every socket and then lets nobody act for the window: ``cpu_ms_per_second``
is what the server costs by the clock (its deadline keeper, daphne's own timers), a cost that
``cpu_ms_per_action`` shares out among the actions of the window. Every run reports it.

    .venv/bin/python -m bench load --tables 20 --seconds 20 --idle --floor --rounds 3

``--py-spy FILE`` profiles the first real run's server with py-spy (installed beside the
venv's python or on the PATH); ``python -m bench spy FILE`` reads it by thread and function.
With ``--py-spy-seconds`` the profile keeps idle samples, and ``python -m bench spy-seconds``
reads it second by second beside ``--trace``'s latencies.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from baohuang_site.devtools.live_site import LiveSite, free_port
from display.labels import RANK_LABELS
from game import engine
from game.engine.cards import RANK_SYMBOLS

FLOOR_APPLICATION = "bench.floor_asgi:application"
ACTION_TIMEOUT = 10.0  # seconds for an action's push (or a hint) to reach the seats
# Every push carries the hand's version (the page's ``#ver``); the controls come only when
# they change for that seat, so each seat's latest controls are kept (``read_frames``).
VERSION = re.compile(r'id="ver" name="version" value="(\d+)"')
CONTROLS = ('id="controls"', 'id="turn-buttons"')
CHOICE = re.compile(r'name="choice" value="([a-z_]+)"')
HINT = re.compile(r'id="hint" data-cards="([^"]*)"')
# What a seat's own page shows of its hand and of the trick (this bench's own play):
# the hand's cards are the page's only ``data-card`` elements; a play removes its cards
# with a delete swap; the trick is redrawn whole with the centre, or grows by appended rows.
HAND_FRAGMENT = re.compile(r'<div id="my-hand"[^>]*>(.*?)</div>', re.S)
HAND_CARD = re.compile(r'data-card="([^"]+)"')
HAND_DELETE = re.compile(r'hx-swap-oob="delete:([^"]+)"')
CENTER = 'id="center"'
TRICK_APPEND = 'hx-swap-oob="beforeend:#trick"'
TRICK_PLAY = re.compile(r'<li class="trick-move trick-play"[^>]*>(.*?)</li>', re.S)
CARD_RANK = re.compile(r'data-r="([^"]+)"')
PLAY_BUTTON = 'id="play-button"'
PASS_BUTTON = 'id="pass-button"'
FINISHED = 'data-phase="finished"'
# The figures every run reports; the last line holds them for the real table and the floor.
KEYS = (
    "cpu_ms_per_action",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "first_p99_ms",
    "later_p99_ms",
    "bytes_per_action",
    "bytes_per_action_median",
    "actions_per_second",
    "refused",
    "frames_per_action",
    "bytes_per_push",
    "cpu_share",
    "cpu_ms_per_second",
    "cpu_ms_per_change",
    "total_cpu_ms_per_change",
    "bot_cpu_share",
    "loop_cpu_ms_per_action",
    "threads_cpu_ms_per_action",
    "client_cpu_share",
    "watcher_bytes_per_action",
)

SITE = """
from django.core.management import call_command
from django.test import Client
from accounts.models import User
from game.models import Room
call_command("migrate", interactive=False, verbosity=0)
call_command("ensure_rooms", verbosity=0)
# The hands are dealt here, before the tables' sockets connect, which at 200 tables takes
# longer than a role clock (15 s): the keeper would then answer for the seats (RULES §6.2,
# rightly), and the clients' next actions would be refused as stale. The bench measures the
# actions, so its room's clocks outlast a run.
Room.objects.filter(slug="standard").update(role_seconds=900, play_seconds=900)
room = Room.objects.get(slug="standard")
out = []
"""

SETUP = (
    SITE
    + """
from lobby import tables
for t in range({tables}):
    table = tables.create_table(room=room)
    sessions = []
    users = []
    for seat in range({people}):
        user = User.objects.create_user(f"t{{t}}s{{seat}}", None, None)  # signed in by session
        tables.sit(table=table, seat=seat, user=user)
        client = Client()
        client.force_login(user)
        sessions.append(client.cookies["sessionid"].value)
        users.append(user)
    for seat in range({people}, 5):  # bots, added as a person adds them
        tables.add_bot(table=table, seat=seat, by=users[0], level="{bot_level}")
    for user in users:
        tables.set_ready(table=table, user=user)
    if {mid_hand}:
        play_into(table, random.Random(t))
    watchers = []
    for k in range({spectators}):  # signed-in people watching, none of them seated
        client = Client()
        client.force_login(User.objects.create_user(f"t{{t}}w{{k}}", None, None))
        watchers.append(client.cookies["sessionid"].value)
    out.append({{"table": table.pk, "sessions": sessions, "watchers": watchers}})
print(json.dumps(out))
"""
)

# ``--challenge``: the day's challenge of the standard room, one deal, and a table per
# entrant opened as the site opens it (``challenge.services.play``): the entrant in the
# deal's seat, the room's strongest bots (``BAOHUANG_DAILY_BOT_LEVEL``) in the other four.
# Every table is dealt the same cards, its bots seeded from the deal and their seat.
CHALLENGE_SETUP = (
    SITE
    + """
from django.utils import timezone
from challenge import services
from challenge.models import Challenge, DailyRoom
DailyRoom.objects.all().delete()
DailyRoom.objects.create(room=room, deals=1)
services.advance(timezone.now())
challenge = Challenge.objects.get(room=room)
for t in range({tables}):
    user = User.objects.create_user(f"t{{t}}s0", None, None)  # signed in by session
    services.enter(challenge_id=challenge.pk, user=user)
    table = services.play(challenge_id=challenge.pk, user=user, deal=0)
    if {mid_hand}:
        play_into(table, random.Random(t))
    client = Client()
    client.force_login(user)
    out.append({{"table": table.pk, "sessions": [client.cookies["sessionid"].value]}})
print(json.dumps(out))
"""
)

# ``--mid-hand``: each table's hand is played, before its sockets connect, to a point drawn
# at random from its whole length (the scripted actions of bench/seeded_hands.py), never to
# its end. A run's window then meets hands ending as a busy site does, each at its own
# moment: a hand averages about 146 actions, so about one table in seven should end its
# hand within a 20-second window. Each settlement holds the one database thread for tens
# of milliseconds, which fresh hands (outlasting every window) never showed.
MID_HAND = """
import random
from bench.seeded_hands import next_action
from game import engine
from game.hands import submit_action
from game.models import Table
from game.selectors import state_of


def play_into(table, draw):
    table = Table.objects.get(pk=table.pk)
    hand = table.current_hand
    state = start = state_of(hand)
    moves = []
    while state.phase is not engine.Phase.FINISHED:
        seat, action = next_action(state)
        moves.append((seat, action))
        state = engine.apply(state, seat, action)
    state = start
    for seat, action in moves[: draw.randrange(len(moves))]:
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=state.version)
        state = engine.apply(state, seat, action)
"""


@dataclass
class Table:
    table_id: int
    sockets: list[websockets.ClientConnection] = field(default_factory=list)
    versions: list[int] = field(default_factory=lambda: [-1] * 5)
    last_frames: list[str] = field(default_factory=lambda: [""] * 5)
    waiters: dict[int, asyncio.Event] = field(default_factory=dict)
    hints: dict[int, asyncio.Event] = field(default_factory=dict)  # by seat: a hint asked for
    # By seat, as that seat's page shows them: its hand's card codes, and the ranks (their
    # labels) of the current trick's latest set, empty when none (the client's own play).
    hands: list[list[str]] = field(default_factory=lambda: [[] for _ in range(5)])
    last_sets: list[list[str]] = field(default_factory=lambda: [[] for _ in range(5)])
    finished: bool = False
    closed: bool = False  # a socket of this table was closed by the server
    # What the table's sockets received for each version: its push, and the frames of the
    # action that led to it (a hint asked for it, a refusal), summed over the five seats.
    bytes_by_version: dict[int, int] = field(default_factory=dict)
    acted: int = 0  # actions of this table seen by all its seats in the window
    # ``--spectators``: the watchers' sockets, and how many of them have had a first frame.
    watchers: list[websockets.ClientConnection] = field(default_factory=list)
    watching: int = 0


@dataclass
class Stats:
    # The actions' latencies (seconds), split: each table's first action in the window, and
    # the rest. The first action after the sockets connect is the one a restart's
    # reconnections all make at once.
    first_latencies: list[float] = field(default_factory=list)
    later_latencies: list[float] = field(default_factory=list)
    # One row per action: (seconds into the window when sent, latency in ms, table, kind).
    trace: list[tuple[float, float, int, str]] = field(default_factory=list)
    opened: float = 0.0  # when the window opened (time.monotonic)
    actions: int = 0
    refused: int = 0
    hands: int = 0
    frames: int = 0
    frame_bytes: int = 0
    closed: int = 0  # tables that stopped because a socket closed under them
    timed_out: int = 0  # … of ``refused``: actions not seen by all five seats within 10 s
    errors: int = 0  # … of ``refused``: actions the server answered with an error
    pushes: int = 0  # frames that carry a version: what a change sends each socket
    push_bytes: int = 0
    action_bytes: list[int] = field(default_factory=list)  # per action, to the five seats
    server_cpu: float = 0.0  # seconds of CPU the server processes used while driving
    # … split between the event loop's thread and the others (the database threads)
    thread_cpu: dict[str, float] = field(default_factory=dict)
    worker_cpu: float = 0.0  # … and their child processes (the bot pool's workers)
    # The bench's own CPU meanwhile: its players share the machine with the server, and a
    # busy client delays the frames it reads, which shows as latency.
    client_cpu: float = 0.0
    changes: int = 0  # versions the tables moved on in the window (people's and bots' actions)
    start_versions: list[int] = field(default_factory=list)  # each table's, as the window opened
    watcher_frames: int = 0  # ``--spectators``: what the watchers' sockets received
    watcher_bytes: int = 0
    watchers_closed: int = 0  # … and how many of them the server closed
    elapsed: float = 0.0
    load: tuple[float, float] = (0.0, 0.0)  # 1-minute load average at the start and the end


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (psutil if installed, else Linux /proc)."""
    try:
        import psutil  # type: ignore[import-untyped]
    except ImportError:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    times = psutil.Process(pid).cpu_times()
    return float(times.user + times.system)


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds of a process's threads so far, as the event loop's (the main thread) and
    the rest's (the database threads, the bot pool's feeder): Linux /proc."""
    out = {"loop": 0.0, "threads": 0.0}
    with suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with suppress(OSError):
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                seconds = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
                out["loop" if task.name == str(pid) else "threads"] += seconds
    return out


def descendants(pid: int) -> list[int]:
    """The child processes of ``pid``, recursively (Linux /proc): the bot pool's workers."""
    out: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        for task in tasks:
            for child in (task / "children").read_text().split():
                out += [int(child), *descendants(int(child))]
    except OSError:
        pass
    return out


def children_cpu(pids: list[int]) -> dict[int, float]:
    out: dict[int, float] = {}
    for pid in pids:
        for child in descendants(pid):
            with suppress(OSError):
                out[child] = cpu_seconds(child)
    return out


async def reader(table: Table, seat: int, stats: Stats) -> None:
    try:
        await read_frames(table, seat, stats)
    except websockets.ConnectionClosed:
        table.closed = True  # the server closed it: the table's driver stops
        for event in [*table.waiters.values(), *table.hints.values()]:
            event.set()


async def watch(table: Table, socket: websockets.ClientConnection, stats: Stats) -> None:
    """A spectator's socket: its frames read and counted apart from the players'."""
    first = True
    try:
        async for message in socket:
            stats.watcher_frames += 1
            stats.watcher_bytes += len(str(message).encode())
            if first:
                table.watching += 1
                first = False
    except websockets.ConnectionClosed:
        pass
    stats.watchers_closed += 1  # the server closed it (the bench cancels this task first)


async def read_frames(table: Table, seat: int, stats: Stats) -> None:
    async for message in table.sockets[seat]:
        take_frame(table, seat, str(message), stats)


def take_frame(table: Table, seat: int, frame: str, stats: Stats) -> None:
    """What one frame to ``seat`` tells its client: counted, and kept as its page shows it."""
    size = len(frame.encode())
    stats.frames += 1
    stats.frame_bytes += size
    found = VERSION.findall(frame)
    # A frame without a version belongs to the action under way (the next version).
    version = int(found[-1]) if found else min(table.versions) + 1
    table.bytes_by_version[version] = table.bytes_by_version.get(version, 0) + size
    if found:
        stats.pushes += 1
        stats.push_bytes += size
        table.versions[seat] = int(found[-1])
        kept = 'id="turn-buttons" hx-preserve' in frame  # the page keeps its buttons
        if any(marker in frame for marker in CONTROLS) and not kept:
            table.last_frames[seat] = frame  # this seat's controls as its page shows them
        else:  # the same controls, a newer state: a hint asked for an older one is stale
            table.last_frames[seat] = table.last_frames[seat].split("\n<hint>")[0]
        if FINISHED in frame:
            table.finished = True
        for version, event in list(table.waiters.items()):
            if min(table.versions) >= version:
                event.set()
    elif 'id="table-error"' in frame and "hidden" not in frame.split(">", 1)[0]:
        stats.refused += 1
        stats.errors += 1
    follow_page(table, seat, frame)
    hint = HINT.search(frame)
    if hint is not None:
        table.last_frames[seat] = table.last_frames[seat] + f"\n<hint>{hint.group(1)}</hint>"
        asked = table.hints.pop(seat, None)
        if asked is not None:
            asked.set()


def follow_page(table: Table, seat: int, frame: str) -> None:
    """Keep the seat's hand and the current trick as its page shows them after ``frame``."""
    hand = HAND_FRAGMENT.search(frame)
    if hand is not None:
        table.hands[seat] = HAND_CARD.findall(hand.group(1))
    for deleted in HAND_DELETE.findall(frame):
        gone = set(re.findall(r"data-card='([^']+)'", deleted))
        table.hands[seat] = [code for code in table.hands[seat] if code not in gone]
    sets = TRICK_PLAY.findall(frame)
    if TRICK_APPEND in frame:  # moves appended to the trick: a pass leaves its set
        if sets:
            table.last_sets[seat] = CARD_RANK.findall(sets[-1])
    elif CENTER in frame:  # the centre drawn whole: a new trick, or none
        table.last_sets[seat] = CARD_RANK.findall(sets[-1]) if sets else []


def own_play(table: Table, seat: int, frame: str, version: int) -> dict[str, str] | None:
    """The play this seat makes itself: the smallest legal set from its hand against the
    trick's last set (none when it leads: its controls offer no pass), else a pass."""
    hand = engine.parse_cards(" ".join(table.hands[seat]))
    leading = PASS_BUTTON not in frame
    previous = None
    if not leading and table.last_sets[seat]:
        # The trick shows ranks by label: each as a strength-only card (``parse_card``).
        labels = table.last_sets[seat]
        previous = [engine.parse_cards(RANK_SYMBOLS[RANK_LABELS.index(r)])[0] for r in labels]
    sets = engine.legal_sets(hand, previous)
    if sets:
        cards = engine.format_cards(sets[0])
        return {"action": "play", "cards": cards, "version": str(version)}
    if not leading:
        return {"action": "pass", "version": str(version)}
    return None


def decide(frame: str, version: int) -> dict[str, str] | None:
    """What this seat's own frame lets it do, or None."""
    choices = CHOICE.findall(frame)
    if choices:
        return {"action": "decide", "choice": choices[-1], "version": str(version)}
    if PLAY_BUTTON in frame:
        return {"action": "hint"}
    return None


async def next_own_action(table: Table) -> tuple[int, dict[str, str]] | None:
    """The seat that may act at a real table and its message, chosen on the client's side.

    The message carries the version the acting seat's own page shows, as a browser's form
    does, not the table's lowest: with bots at the table a bot's push reaches the five
    sockets one after another, and a seat whose turn it now is may already show the new
    version while another seat's frame is still on its way: the lowest would then be a stale
    version, rightly refused."""
    for seat in range(len(table.last_frames)):
        frame = table.last_frames[seat]
        own = table.versions[seat]
        message = decide(frame, own)
        if message is not None and message["action"] == "hint":
            message = own_play(table, seat, frame, own)
        if message is not None:
            return seat, message
    return None


async def next_real_action(table: Table) -> tuple[int, dict[str, str]] | None:
    """The seat that may act at a real table and its message (asking for a hint first), at
    the version its own page shows (``next_own_action`` says why)."""
    for seat in range(len(table.sockets)):
        frame = table.last_frames[seat]
        own = table.versions[seat]
        message = decide(frame.split("\n<hint>")[0], own)
        if message is None:
            continue
        if message["action"] == "hint":
            # The answer to this request, not a hint left from an earlier turn, waited for as
            # long as an action's push is: a busy server answers late, and playing without
            # the answer (the client once gave up after a second) sent a frame's text as
            # cards, which began a run of refusals at that table.
            table.last_frames[seat] = frame.split("\n<hint>")[0]
            answered = table.hints[seat] = asyncio.Event()
            await table.sockets[seat].send(json.dumps(message))
            try:
                await asyncio.wait_for(answered.wait(), timeout=ACTION_TIMEOUT)
            except TimeoutError:
                table.hints.pop(seat, None)
                return None
            if "\n<hint>" not in table.last_frames[seat]:
                return None  # the socket closed, or a newer state came first: look again
            cards = table.last_frames[seat].rsplit("<hint>", 1)[-1].split("</hint>")[0]
            if cards:
                message = {"action": "play", "cards": cards, "version": str(own)}
            elif PASS_BUTTON in frame:
                message = {"action": "pass", "version": str(own)}
            else:
                continue
        return seat, message
    return None


async def next_floor_action(table: Table) -> tuple[int, dict[str, str]] | None:
    """At the floor the seats take turns; the message is as small as a pass. Every seat's
    frame is the same there, so the table's lowest version is every page's."""
    version = min(table.versions)
    return version % 5, {"action": "floor", "version": str(version)}


Decider = Callable[[Table], Any]


async def drive(
    table: Table, stats: Stats, decider: Decider, pace: float, until: float, offset: float
) -> None:
    # Tables act independently: each starts at its own point of the second, as people at
    # different tables do, instead of all tables sending in one burst every second.
    await asyncio.sleep(offset)
    try:
        await act(table, stats, decider, pace, until)
    except websockets.ConnectionClosed:
        stats.closed += 1
        stats.refused += 1


async def act(table: Table, stats: Stats, decider: Decider, pace: float, until: float) -> None:
    while time.monotonic() < until and not table.finished:
        if table.closed:
            raise websockets.ConnectionClosed(None, None)
        started = time.monotonic()
        chosen = await decider(table)
        if chosen is not None:
            seat, message = chosen
            version = int(message["version"])  # the acting seat's page's (``next_own_action``)
            event = asyncio.Event()
            table.waiters[version + 1] = event
            sent = time.monotonic()
            await table.sockets[seat].send(json.dumps(message))
            try:
                await asyncio.wait_for(event.wait(), timeout=ACTION_TIMEOUT)
                if table.closed:
                    raise websockets.ConnectionClosed(None, None)
                latency = time.monotonic() - sent
                (stats.later_latencies if table.acted else stats.first_latencies).append(latency)
                table.acted += 1
                stats.trace.append(
                    (sent - stats.opened, latency * 1000, table.table_id, message["action"])
                )
                stats.actions += 1
                # Every seat has the new version: its push is in (for the median per action).
                stats.action_bytes.append(table.bytes_by_version.pop(version + 1, 0))
            except TimeoutError:
                stats.refused += 1
                stats.timed_out += 1
            table.waiters.pop(version + 1, None)
        if table.finished:
            stats.hands += 1
            return
        wait = pace - (time.monotonic() - started) if chosen is not None else 0.05
        await asyncio.sleep(max(wait, 0.0))


async def connect(url: str, headers: dict[str, str]) -> websockets.ClientConnection:
    """A client socket. Retried: on a busy machine daphne drops a handshake that its
    application did not accept within its connect timeout (the first connections' work is
    still queued), which says nothing about the load being measured afterwards."""
    for attempt in range(10):
        try:
            return await websockets.connect(
                url,
                additional_headers=headers,
                max_size=2**22,
                # No keepalive pings: an overloaded server answers them late, and the client
                # would close the socket mid-run; the actions' timeouts measure overload.
                ping_interval=None,
                close_timeout=1,
            )
        except (OSError, websockets.InvalidHandshake, TimeoutError):
            if attempt == 9:
                raise
            await asyncio.sleep(1.0)
    raise AssertionError("unreachable")


async def open_tables(
    ports: list[int], tables_info: list[dict[str, Any]], args: argparse.Namespace
) -> list[Table]:
    """Every table's sockets, connected: its players', then its watchers'."""
    tables: list[Table] = []
    for i, info in enumerate(tables_info):
        people = len(info.get("sessions") or range(5))  # the other seats are bots
        table = Table(info["table"], versions=[-1] * people, last_frames=[""] * people)
        for seat in range(people):
            port = ports[(i + seat) % len(ports)]  # spread each table's players over processes
            headers = {"Origin": f"http://127.0.0.1:{port}"}
            if info.get("sessions"):
                headers["Cookie"] = f"sessionid={info['sessions'][seat]}"
            url = f"ws://127.0.0.1:{port}/ws/table/{info['table']}/"
            table.sockets.append(await connect(url, headers))
        for k in range(args.spectators):
            port = ports[(i + k) % len(ports)]
            headers = {"Origin": f"http://127.0.0.1:{port}"}
            if info.get("watchers"):
                headers["Cookie"] = f"sessionid={info['watchers'][k]}"
            url = f"ws://127.0.0.1:{port}/ws/table/{info['table']}/"
            table.watchers.append(await connect(url, headers))
        tables.append(table)
    return tables


async def open_reading(
    ports: list[int], tables_info: list[dict[str, Any]], args: argparse.Namespace, stats: Stats
) -> tuple[list[Table], list[asyncio.Task[None]]]:
    """The tables' sockets, connected and read into ``stats``, once each has had its first
    frame; with the tasks that read them."""
    tables = await open_tables(ports, tables_info, args)
    readers = [
        asyncio.create_task(reader(t, s, stats)) for t in tables for s in range(len(t.sockets))
    ]
    readers += [asyncio.create_task(watch(t, w, stats)) for t in tables for w in t.watchers]
    await first_frames(tables)
    return tables, readers


async def first_frames(tables: list[Table]) -> None:
    """Until every socket of ``tables`` has had its first frame (a minute at most)."""
    deadline = time.monotonic() + 60
    while (
        any(min(t.versions) < 0 or t.watching < len(t.watchers) for t in tables)
        and time.monotonic() < deadline
    ):
        await asyncio.sleep(0.05)


async def warm_up(
    ports: list[int], warm_info: list[dict[str, Any]], decider: Decider, args: argparse.Namespace
) -> tuple[list[Table], list[asyncio.Task[None]]]:
    """``--warm-up``: other tables, of other people, play for that many seconds before the
    measured tables connect. A server that has run a while has compiled its
    templates and filled its process-wide memos (card faces, the seats' parts without
    names, the status and controls shapes); a fresh one does that in its first actions,
    which a short window would count as every action's cost. The measured tables stay new:
    their own names, seats and hands are met for the first time in the window, as a new
    table's are on a live server. The warm-up tables stay open, idle, until the window has
    closed (their sockets and reader tasks are returned): had their people left mid-hand,
    the server would play for them in the window (auto-play), and an idle table costs
    nearly nothing (``--idle``)."""
    stats = Stats()
    tables, readers = await open_reading(ports, warm_info, args, stats)
    until = time.monotonic() + args.warm_up
    rng = random.Random(args.seed + 1)
    await asyncio.gather(
        *(drive(t, stats, decider, args.pace, until, rng.uniform(0, args.pace)) for t in tables)
    )
    return tables, readers


async def drive_all(
    pids: list[int],
    ports: list[int],
    tables_info: list[dict[str, Any]],
    decider: Decider,
    args: argparse.Namespace,
    profile: Callable[[], Any] | None = None,
    warm_info: list[dict[str, Any]] | None = None,
) -> Stats:
    idle, idle_readers = await warm_up(ports, warm_info, decider, args) if warm_info else ([], [])
    stats = Stats()
    # The window opens once every socket has its first frame (the server is done with the
    # connections), and a moment after, so no connection work is counted as actions' work.
    tables, readers = await open_reading(ports, tables_info, args, stats)
    await asyncio.sleep(0.5)
    stats.watcher_frames = stats.watcher_bytes = 0
    stats.frames = stats.frame_bytes = stats.pushes = stats.push_bytes = 0
    stats.action_bytes.clear()
    stats.refused = stats.timed_out = stats.errors = 0
    profiler = profile() if profile is not None else None
    load_before = os.getloadavg()[0]
    cpu_before = sum(cpu_seconds(pid) for pid in pids)
    threads_before = [thread_cpu(pid) for pid in pids]
    workers_before = children_cpu(pids)
    client_before = time.process_time()
    versions_before = stats.start_versions = [max(t.versions) for t in tables]
    until = time.monotonic() + args.seconds
    started = stats.opened = time.monotonic()
    rng = random.Random(args.seed)
    if args.idle:  # every socket open, nobody acting: what the process costs by the second
        await asyncio.sleep(args.seconds)
    else:
        await asyncio.gather(
            *(drive(t, stats, decider, args.pace, until, rng.uniform(0, args.pace)) for t in tables)
        )
    stats.elapsed = time.monotonic() - started
    stats.client_cpu = time.process_time() - client_before
    stats.server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    for pid, before in zip(pids, threads_before, strict=True):
        for name, seconds in thread_cpu(pid).items():
            stats.thread_cpu[name] = stats.thread_cpu.get(name, 0.0) + seconds - before[name]
    workers_after = children_cpu(pids)
    stats.worker_cpu = sum(cpu - workers_before.get(c, 0.0) for c, cpu in workers_after.items())
    stats.changes = sum(max(t.versions) - v for t, v in zip(tables, versions_before, strict=True))
    stats.load = (load_before, os.getloadavg()[0])
    if profiler is not None:
        profiler.wait(timeout=60)
    for task in [*readers, *idle_readers]:
        task.cancel()
    # Closed all at once, without waiting long for an overloaded server's answer: the
    # figures are taken, and the server is stopped next.
    await asyncio.gather(
        *(ws.close() for t in [*tables, *idle] for ws in [*t.sockets, *t.watchers])
    )
    return stats


def percentile(latencies: list[float], p: float) -> float | None:
    """The ``p`` quantile of ``latencies`` (seconds) in milliseconds, or None when empty."""
    lat = sorted(latencies)
    return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 1) if lat else None


def summary(stats: Stats) -> dict[str, Any]:
    actions = stats.actions

    def pct(p: float) -> float | None:
        return percentile(stats.first_latencies + stats.later_latencies, p)

    def per_action(value: float) -> float | None:
        return value / actions if actions else None

    cpu = per_action(stats.server_cpu * 1000)
    per_change = stats.server_cpu * 1000 / stats.changes if stats.changes else None
    all_cpu = stats.server_cpu + stats.worker_cpu
    total_per_change = all_cpu * 1000 / stats.changes if stats.changes else None
    bytes_per_action = per_action(stats.frame_bytes)
    frames_per_action = per_action(stats.frames)
    return {
        "cpu_ms_per_action": round(cpu, 2) if cpu is not None else None,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "first_p99_ms": percentile(stats.first_latencies, 0.99),
        "later_p99_ms": percentile(stats.later_latencies, 0.99),
        "bytes_per_action": round(bytes_per_action) if bytes_per_action is not None else None,
        "bytes_per_action_median": (
            round(statistics.median(stats.action_bytes)) if stats.action_bytes else None
        ),
        "actions_per_second": round(actions / stats.elapsed, 1) if stats.elapsed else 0.0,
        "refused": stats.refused,
        "closed": stats.closed,
        "timed_out": stats.timed_out,
        "errors": stats.errors,
        "frames_per_action": round(frames_per_action, 2) if frames_per_action else None,
        "bytes_per_push": stats.push_bytes // stats.pushes if stats.pushes else None,
        "cpu_share": round(stats.server_cpu / stats.elapsed, 2) if stats.elapsed else None,
        "cpu_ms_per_second": (
            round(stats.server_cpu * 1000 / stats.elapsed, 2) if stats.elapsed else None
        ),
        "cpu_ms_per_change": round(per_change, 2) if per_change is not None else None,
        # … with the bot workers' CPU (高手 thinks there)
        "total_cpu_ms_per_change": (
            round(total_per_change, 2) if total_per_change is not None else None
        ),
        # The event loop's share of that CPU per action, and the other threads' (database).
        "loop_cpu_ms_per_action": (
            round(stats.thread_cpu.get("loop", 0.0) * 1000 / actions, 2) if actions else None
        ),
        "threads_cpu_ms_per_action": (
            round(stats.thread_cpu.get("threads", 0.0) * 1000 / actions, 2) if actions else None
        ),
        "bot_cpu_share": round(stats.worker_cpu / stats.elapsed, 2) if stats.elapsed else None,
        "client_cpu_share": round(stats.client_cpu / stats.elapsed, 2) if stats.elapsed else None,
        "changes": stats.changes,
        "actions": actions,
        "seconds": round(stats.elapsed, 1),
        "hands_finished": stats.hands,
        # How far into their hands the tables were when the window opened (``--mid-hand``).
        "start_version_median": (
            statistics.median(stats.start_versions) if stats.start_versions else None
        ),
        # ``--spectators``: what the watchers' sockets received per action, all of them.
        "watcher_bytes_per_action": (
            round(stats.watcher_bytes / actions) if actions and stats.watcher_frames else 0
        ),
        "watcher_frames": stats.watcher_frames,
        "watchers_closed": stats.watchers_closed,
        "load_average": [round(x, 2) for x in stats.load],
    }


@contextmanager
def fresh_site(extra: dict[str, str], template: str = "") -> Iterator[LiveSite]:
    """A site in a new temporary directory (its SQLite file a copy of ``template``, a migrated
    database, when given), or a new PostgreSQL database when DATABASE_URL is set (dropped
    afterwards); its daphne processes are stopped on the way out."""
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    env = dict(extra)
    admin = dbname = ""
    with tempfile.TemporaryDirectory() as tmp:
        if template and not database_url:
            shutil.copyfile(template, Path(tmp) / "db.sqlite3")
        if database_url:
            import psycopg

            dbname = f"bh_load_{uuid.uuid4().hex[:8]}"
            admin = database_url.rsplit("/", 1)[0] + "/postgres"
            with psycopg.connect(admin, autocommit=True) as db:
                db.execute(f'create database "{dbname}"')
            env["DATABASE_URL"] = database_url.rsplit("/", 1)[0] + f"/{dbname}"
        if redis_url:
            env["REDIS_URL"] = redis_url
        site = LiveSite(Path(tmp), extra_env=env)
        try:
            yield site
        finally:
            site.stop_all(grace=0.2)  # the figures are taken; the site is thrown away
            if dbname:
                import psycopg

                with psycopg.connect(admin, autocommit=True) as db:
                    db.execute(f'drop database if exists "{dbname}" with (force)')


def py_spy(pid: int, args: argparse.Namespace) -> Callable[[], subprocess.Popen[bytes]]:
    """Starts py-spy on the real server for the measured window (raw collapsed stacks, or
    with ``--py-spy-seconds`` speedscope's, idle samples and all)."""
    binary = Path(sys.executable).parent / "py-spy"

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [
                str(binary) if binary.exists() else "py-spy",
                "record",
                "-p",
                str(pid),
                "-r",
                str(args.py_spy_rate),
                "-d",
                str(int(args.seconds)),
                "-f",
                "speedscope" if args.py_spy_seconds else "raw",
                "--threads",
                # Idle samples kept: the n-th sample of a thread is then its moment n / rate.
                *(["--idle"] if args.py_spy_seconds else []),
                *(["--native"] if args.py_spy_native else []),
                "-o",
                args.py_spy,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    return start


def run_real(
    args: argparse.Namespace, *, profile: bool = False, bot_level: str = "", challenge: bool = False
) -> dict[str, Any]:
    people = 5 - args.bot_seats if bot_level else 5
    warm = args.tables if args.warm_up else 0  # as many tables again, for the warm-up
    setup = (CHALLENGE_SETUP if challenge else SETUP).format(
        tables=args.tables + warm,
        people=people,
        bot_level=bot_level or "normal",
        mid_hand=args.mid_hand,
        spectators=args.spectators,
    )
    if args.mid_hand:
        setup = MID_HAND + setup
    # Every client of the bench comes from one address, which the site would refuse as one
    # person watching that many tables (BAOHUANG_SPECTATORS_PER_ADDRESS): they are many.
    watchers = str(max(40, args.tables * args.spectators))
    env = {"BAOHUANG_KEEPER_INTERVAL_MS": "250", "BAOHUANG_SPECTATORS_PER_ADDRESS": watchers}
    if challenge:
        env["BAOHUANG_DAILY_BOT_LEVEL"] = bot_level
    with fresh_site(env, args.sqlite_template) as site:
        info = site.python(setup, timeout=600)
        assert isinstance(info, list)
        ports = [free_port() for _ in range(args.processes)]
        pids = [site.start(port).pid for port in ports]
        profiler = py_spy(pids[0], args) if profile else None
        decider = next_real_action if args.hints else next_own_action
        stats = asyncio.run(
            drive_all(
                pids, ports, info[: args.tables], decider, args, profiler, info[args.tables :]
            )
        )
    if args.trace and not bot_level:
        write_trace(Path(args.trace), stats)
    return summary(stats)


def write_trace(path: Path, stats: Stats) -> None:
    """Every action of the run, a line each: seconds into the window when it was sent, its
    latency in milliseconds, its table and its kind (the last real run's, when several)."""
    with path.open("w") as out:
        for sent, latency, table, kind in stats.trace:
            out.write(f"{sent:.4f} {latency:.2f} {table} {kind}\n")


def run_floor(
    args: argparse.Namespace, frame_bytes: int, *, writes: bool = False, profile: bool = False
) -> dict[str, Any]:
    env = {"BAOHUANG_FLOOR_FRAME_BYTES": str(frame_bytes)}
    if writes:
        env["BAOHUANG_FLOOR_WRITES"] = "1"
    with fresh_site(env) as site:
        ports = [free_port() for _ in range(args.processes)]
        pids = [site.start(port, FLOOR_APPLICATION).pid for port in ports]
        info = [{"table": t + 1} for t in range(args.tables)]
        # ``--warm-up``: the floor's warm-up tables play as the real ones' do (it has nothing
        # to warm but the stack itself; the same procedure keeps the two runs alike).
        warm = [{"table": args.tables + t + 1} for t in range(args.tables if args.warm_up else 0)]
        profiler = py_spy(pids[0], args) if profile else None
        stats = asyncio.run(drive_all(pids, ports, info, next_floor_action, args, profiler, warm))
        # The rows the writing floor committed, counted in its database: at least one per
        # action seen (an action still in flight when the window closed may add one).
        rows = floor_rows(site) if writes else None
    result = summary(stats)
    result["frame_bytes"] = frame_bytes
    if rows is not None:
        result["rows_written"] = rows
    return result


# bench.floor_asgi.EVENTS, not imported: that module sets Django up as it is imported.
FLOOR_EVENTS = "bench_floor_event"


def floor_rows(site: LiveSite) -> int:
    """The rows the writing floor committed, read here (a script of its own would cost a
    Django start): from the site's PostgreSQL database or its SQLite file."""
    database_url = site.extra_env.get("DATABASE_URL")
    if database_url:
        import psycopg

        with psycopg.connect(database_url) as db:
            row = db.execute(f"SELECT COUNT(*) FROM {FLOOR_EVENTS}").fetchone()
    else:
        import sqlite3

        with closing(sqlite3.connect(site.base / "db.sqlite3")) as db:
            row = db.execute(f"SELECT COUNT(*) FROM {FLOOR_EVENTS}").fetchone()
    assert row is not None
    return int(row[0])


def combined(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each figure over the runs, with its range."""
    out: dict[str, Any] = {}
    ranges: dict[str, list[float]] = {}
    for key in KEYS:
        values = [run[key] for run in runs if run.get(key) is not None]
        if values:
            out[key] = round(statistics.median(values), 2)
            ranges[key] = [min(values), max(values)]
        else:
            out[key] = None
    out["runs"] = len(runs)
    out["range"] = ranges
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a table's actions")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="seeds the tables' start offsets")
    parser.add_argument("--floor", action="store_true", help="run the floor too, alternating")
    parser.add_argument("--floor-only", action="store_true", help="run only the floor")
    parser.add_argument(
        "--floor-writes",
        action="store_true",
        help="with the floor, run it again committing one row per action (cpu_ratio_writes)",
    )
    parser.add_argument("--rounds", type=int, default=1, help="real and floor runs of each")
    parser.add_argument(
        "--warm-up",
        type=float,
        default=0.0,
        help="seconds other tables play on each server before the measured tables connect"
        " (a server that has run a while, not a fresh one)",
    )
    parser.add_argument(
        "--mid-hand",
        action="store_true",
        help="deal each table's hand played to a random point, so hands end in the window",
    )
    parser.add_argument(
        "--frame-bytes",
        type=int,
        default=0,
        help="the floor's frame size (default: the real run's mean push, else 8000)",
    )
    parser.add_argument(
        "--hints",
        action="store_true",
        help="players ask the server for a hint before every play (two messages a play)",
    )
    parser.add_argument(
        "--py-spy",
        default="",
        help="profile the first real run's server into this file (the floor's: --floor-only)",
    )
    parser.add_argument(
        "--trace", default="", help="write each action of the real runs to this file (a line each)"
    )
    parser.add_argument("--py-spy-rate", type=int, default=100, help="py-spy's samples per second")
    parser.add_argument(
        "--py-spy-native", action="store_true", help="py-spy's stacks with their C frames"
    )
    parser.add_argument(
        "--py-spy-seconds",
        action="store_true",
        help="py-spy's speedscope format with idle samples kept, so each sample is a moment of"
        " the window (python -m bench spy-seconds sums them second by second)",
    )
    parser.add_argument(
        "--bots",
        default="",
        choices=["", "novice", "normal", "expert"],
        help="also run tables with --bot-seats bots of this level, alternating with people only",
    )
    parser.add_argument("--bot-seats", type=int, default=2, choices=[1, 2, 3, 4])
    parser.add_argument(
        "--sqlite-template",
        default="",
        help="start each real run's SQLite site from a copy of this migrated database (the"
        " tests pass theirs: migrating anew costs a run 3 s of CPU)",
    )
    parser.add_argument(
        "--idle",
        action="store_true",
        help="nobody acts: the servers' CPU by the second with every socket open"
        " (cpu_ms_per_second), the part of an action's CPU that is paid by the clock",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="signed-in people watching each table (the floor: as many more sockets a table)",
    )
    parser.add_argument(
        "--baseline-bots",
        default="",
        choices=["", "novice", "normal", "expert"],
        help="with --bots: the other run seats bots of this level instead of people only",
    )
    parser.add_argument(
        "--challenge",
        action="store_true",
        help="with --bots LEVEL --bot-seats 4: the bot run's tables are a daily challenge's,"
        " one entrant each, the challenge's bots of that level",
    )
    args = parser.parse_args()
    if args.challenge and not (args.bots and args.bot_seats == 4 and not args.spectators):
        sys.exit(
            "--challenge needs --bots LEVEL and --bot-seats 4 (an entrant and four bots), and"
            " no --spectators (a challenge table is private)"
        )
    if args.processes > 1 and not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")):
        sys.exit("several processes need DATABASE_URL (PostgreSQL) and REDIS_URL")

    rounds: list[dict[str, Any]] = []
    frame_bytes = args.frame_bytes
    for n in range(args.rounds):
        result: dict[str, Any] = {}
        # ABBA order (real, floor; floor, real; ...): a machine growing busier or quieter
        # during the rounds weighs on both alike. The first floor needs a real frame size.
        order = ["real", "floor"] if n % 2 == 0 or not frame_bytes else ["floor", "real"]
        if args.floor_only:
            order = ["floor"]
        elif args.bots:  # people only and with bots, in ABBA order (no floor)
            order = ["real", "bots"] if n % 2 == 0 else ["bots", "real"]
        elif not args.floor:
            order = ["real"]
        for kind in order:
            if kind == "real":
                baseline = args.baseline_bots if args.bots else ""
                result["real"] = run_real(
                    args, profile=bool(args.py_spy) and n == 0, bot_level=baseline
                )
                if not args.frame_bytes and result["real"]["bytes_per_push"]:
                    frame_bytes = result["real"]["bytes_per_push"]
            elif kind == "bots":
                result["bots"] = run_real(args, bot_level=args.bots, challenge=args.challenge)
            else:
                # Only a floor run alone is profiled (--floor-only --py-spy): with the real
                # table beside it, the profile is the real table's.
                profile = bool(args.py_spy) and args.floor_only and n == 0
                result["floor"] = run_floor(args, frame_bytes or 8000, profile=profile)
                if args.floor_writes:
                    result["floor_writes"] = run_floor(args, frame_bytes or 8000, writes=True)
        if "real" in result and "floor" in result and result["floor"]["cpu_ms_per_action"]:
            real_cpu = result["real"]["cpu_ms_per_action"] or 0.0
            result["cpu_ratio"] = round(real_cpu / result["floor"]["cpu_ms_per_action"], 2)
        if "real" in result and result.get("floor_writes", {}).get("cpu_ms_per_action"):
            real_cpu = result["real"]["cpu_ms_per_action"] or 0.0
            writing = result["floor_writes"]["cpu_ms_per_action"]
            result["cpu_ratio_writes"] = round(real_cpu / writing, 2)
        if "bots" in result:
            pairs = (
                ("cpu_ms_per_change", "bots_cpu_ratio"),
                ("total_cpu_ms_per_change", "bots_total_cpu_ratio"),
                ("p99_ms", "bots_p99_ratio"),
            )
            for key, name in pairs:
                base, with_bots = result["real"][key], result["bots"][key]
                result[name] = round(with_bots / base, 2) if base and with_bots else None
        print(json.dumps({"round": n + 1, **result}), flush=True)
        rounds.append(result)

    out: dict[str, Any] = {
        "tables": args.tables,
        "processes": args.processes,
        "setup": "postgresql+redis" if os.environ.get("DATABASE_URL") else "sqlite+in-memory",
        "seconds": args.seconds,
        "warm_up_seconds": args.warm_up,
    }
    for kind in ("real", "floor", "floor_writes", "bots"):
        runs = [r[kind] for r in rounds if kind in r]
        if runs:
            out[kind] = combined(runs)
    ratios = [r["cpu_ratio"] for r in rounds if "cpu_ratio" in r]
    # A floor too short to register CPU time (the clock ticks in 10 ms) has no ratio: say so.
    out["cpu_ratio"] = None
    if ratios:
        out["cpu_ratio"] = round(statistics.median(ratios), 2)
        out["cpu_ratio_range"] = [min(ratios), max(ratios)]
        print(
            f"real table: {out['real']['cpu_ms_per_action']} ms of server CPU per action"
            f" = {out['cpu_ratio']}× the floor ({out['floor']['cpu_ms_per_action']} ms)"
            f" (per round: {', '.join(f'{r}×' for r in ratios)})",
            flush=True,
        )
    for name in ("cpu_ratio_writes", "bots_cpu_ratio", "bots_total_cpu_ratio", "bots_p99_ratio"):
        values = [r[name] for r in rounds if r.get(name) is not None]
        if values:
            out[name] = round(statistics.median(values), 2)
            out[f"{name}_range"] = [min(values), max(values)]
    if args.bots:
        out["bots"]["level"], out["bots"]["bot_seats"] = args.bots, args.bot_seats
        out["bots"]["challenge"] = args.challenge
        out["real"]["level"] = args.baseline_bots or "people only"
    out["rounds"] = rounds
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
