"""Websocket load benchmark (issue 8): K tables × 5 players on real daphne processes.

Not a test: a bounded, loopback-only run that prints figures for docs/PERFORMANCE.md.

    .venv/bin/python bench/load.py --tables 50 --seconds 60                 # 1 process, SQLite
    DATABASE_URL=postgres://root@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python bench/load.py --tables 50 --seconds 60 --processes 2

Each player is a small bot that acts only on what its own frames show: when its controls
offer a role choice it takes one; when it may play it asks for a hint and plays it, or
passes. Each table acts about once a second (``--pace``). For every action the latency is
the time from sending it to all five seats having received a frame with the new version.
A fresh site (database, users, tables) is made under a temporary directory (SQLite) or in a
new PostgreSQL database that is dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.live_server import LiveSite, free_port  # noqa: E402

VERSION = re.compile(r'id="controls"[^>]*data-version="(\d+)"')
CHOICE = re.compile(r'name="choice" value="([a-z_]+)"')
HINT = re.compile(r'id="hint" data-cards="([^"]*)"')
PLAY_BUTTON = 'id="play-button"'
PASS_BUTTON = 'id="pass-button"'
FINISHED = 'data-phase="finished"'

SETUP = """
from django.test import Client
from accounts.models import User
from lobby import tables
from lobby.models import Room
room = Room.objects.get(slug="standard")
out = []
for t in range({tables}):
    table = tables.create_table(room=room)
    sessions = []
    for seat in range(5):
        user = User.objects.create_user(f"t{{t}}s{{seat}}", None, None)  # signed in by session
        tables.sit(table=table, seat=seat, user=user)
        client = Client()
        client.force_login(user)
        sessions.append(client.cookies["sessionid"].value)
    for row in table.seats.all():
        tables.set_ready(table=table, user=row.user)
    out.append({{"table": table.pk, "sessions": sessions}})
print(json.dumps(out))
"""


@dataclass
class Table:
    table_id: int
    sockets: list[websockets.ClientConnection] = field(default_factory=list)
    versions: list[int] = field(default_factory=lambda: [-1] * 5)
    last_frames: list[str] = field(default_factory=lambda: [""] * 5)
    waiters: dict[int, asyncio.Event] = field(default_factory=dict)
    finished: bool = False


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    hands: int = 0
    frames: int = 0
    frame_bytes: int = 0
    server_cpu: float = 0.0  # seconds of CPU the server processes used while driving


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def reader(table: Table, seat: int, stats: Stats) -> None:
    ws = table.sockets[seat]
    async for message in ws:
        frame = str(message)
        stats.frames += 1
        stats.frame_bytes += len(frame.encode())
        found = VERSION.findall(frame)
        if found:
            table.versions[seat] = int(found[-1])
            table.last_frames[seat] = frame
            if FINISHED in frame:
                table.finished = True
            for version, event in list(table.waiters.items()):
                if min(table.versions) >= version:
                    event.set()
        elif 'id="table-error"' in frame and "hidden" not in frame.split(">", 1)[0]:
            stats.refused += 1
        hint = HINT.search(frame)
        if hint is not None:
            table.last_frames[seat] = table.last_frames[seat] + f"\n<hint>{hint.group(1)}</hint>"


def decide(frame: str, version: int) -> dict[str, str] | None:
    """What this seat's own frame lets it do, or None."""
    choices = CHOICE.findall(frame)
    if choices:
        return {"action": "decide", "choice": choices[-1], "version": str(version)}
    if PLAY_BUTTON in frame:
        return {"action": "hint"}
    return None


async def drive(table: Table, stats: Stats, pace: float, until: float, offset: float) -> None:
    # Tables act independently: each starts at its own point of the second, as people at
    # different tables do, instead of all tables sending in one burst every second.
    await asyncio.sleep(offset)
    while time.monotonic() < until and not table.finished:
        started = time.monotonic()
        version = min(table.versions)
        acted = False
        for seat in range(5):
            frame = table.last_frames[seat]
            message = decide(frame.split("\n<hint>")[0], version)
            if message is None:
                continue
            if message["action"] == "hint":
                await table.sockets[seat].send(json.dumps(message))
                for _ in range(200):
                    if "\n<hint>" in table.last_frames[seat]:
                        break
                    await asyncio.sleep(0.005)
                cards = table.last_frames[seat].rsplit("<hint>", 1)[-1].split("</hint>")[0]
                if cards:
                    message = {"action": "play", "cards": cards, "version": str(version)}
                elif PASS_BUTTON in frame:
                    message = {"action": "pass", "version": str(version)}
                else:
                    continue
            event = asyncio.Event()
            table.waiters[version + 1] = event
            sent = time.monotonic()
            await table.sockets[seat].send(json.dumps(message))
            try:
                await asyncio.wait_for(event.wait(), timeout=10)
                stats.latencies.append(time.monotonic() - sent)
                stats.actions += 1
            except TimeoutError:
                stats.refused += 1
            table.waiters.pop(version + 1, None)
            acted = True
            break
        if table.finished:
            stats.hands += 1
            return
        wait = pace - (time.monotonic() - started) if acted else 0.05
        await asyncio.sleep(max(wait, 0.0))


async def run(
    site: LiveSite, ports: list[int], tables_info: list[dict], args: argparse.Namespace
) -> Stats:
    stats = Stats()
    tables: list[Table] = []
    for i, info in enumerate(tables_info):
        table = Table(info["table"])
        for seat in range(5):
            port = ports[(i + seat) % len(ports)]  # spread each table's players over processes
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/table/{info['table']}/",
                additional_headers={
                    "Origin": f"http://127.0.0.1:{port}",
                    "Cookie": f"sessionid={info['sessions'][seat]}",
                },
                max_size=2**22,
            )
            table.sockets.append(ws)
        tables.append(table)
    readers = [asyncio.create_task(reader(t, s, stats)) for t in tables for s in range(5)]
    await asyncio.sleep(1.0)  # first frames
    stats.frames = stats.frame_bytes = 0
    pids = [p.pid for p in site.processes]
    cpu_before = sum(cpu_seconds(pid) for pid in pids)
    until = time.monotonic() + args.seconds
    started = time.monotonic()
    rng = random.Random(args.seed)
    await asyncio.gather(
        *(drive(t, stats, args.pace, until, rng.uniform(0, args.pace)) for t in tables)
    )
    stats_elapsed = time.monotonic() - started
    stats.server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    for task in readers:
        task.cancel()
    for t in tables:
        for ws in t.sockets:
            await ws.close()
    stats.elapsed = stats_elapsed  # type: ignore[attr-defined]
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a table's actions")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="seeds the tables' start offsets")
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    if args.processes > 1 and not (database_url and redis_url):
        sys.exit("several processes need DATABASE_URL (PostgreSQL) and REDIS_URL")
    with tempfile.TemporaryDirectory() as tmp:
        extra: dict[str, str] = {"BAOHUANG_KEEPER_INTERVAL_MS": "250"}
        dbname = ""
        if database_url:
            import psycopg

            dbname = f"bh_load_{uuid.uuid4().hex[:8]}"
            admin = database_url.rsplit("/", 1)[0] + "/postgres"
            with psycopg.connect(admin, autocommit=True) as db:
                db.execute(f'create database "{dbname}"')
            extra["DATABASE_URL"] = database_url.rsplit("/", 1)[0] + f"/{dbname}"
        if redis_url:
            extra["REDIS_URL"] = redis_url
        site = LiveSite(Path(tmp), extra_env=extra)
        try:
            site.manage("migrate", "--noinput", "-v0")
            site.manage("ensure_rooms")
            info = site.python(SETUP.format(tables=args.tables))
            assert isinstance(info, list)
            ports = [free_port() for _ in range(args.processes)]
            for port in ports:
                site.start(port)
            stats = asyncio.run(run(site, ports, info, args))
        finally:
            site.stop_all()
            if dbname:
                import psycopg

                with psycopg.connect(admin, autocommit=True) as db:
                    db.execute(f'drop database if exists "{dbname}" with (force)')
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    elapsed = getattr(stats, "elapsed", args.seconds)
    print(
        json.dumps(
            {
                "tables": args.tables,
                "processes": args.processes,
                "setup": "postgresql+redis" if database_url else "sqlite+in-memory",
                "seconds": round(elapsed, 1),
                "actions": stats.actions,
                "actions_per_second": round(stats.actions / elapsed, 1),
                "latency_ms": {
                    "p50": round(pct(0.50), 1),
                    "p95": round(pct(0.95), 1),
                    "p99": round(pct(0.99), 1),
                    "mean": round(statistics.fmean(lat) * 1000, 1) if lat else None,
                },
                "refused_or_timed_out": stats.refused,
                "server_cpu_ms_per_action": round(stats.server_cpu * 1000 / stats.actions, 1)
                if stats.actions
                else None,
                "server_cpu_share": round(stats.server_cpu / elapsed, 2),
                "bytes_per_frame": stats.frame_bytes // stats.frames if stats.frames else None,
                "hands_finished": stats.hands,
            }
        )
    )


if __name__ == "__main__":
    main()
