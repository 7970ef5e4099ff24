"""Faults under load: two daphne processes on a PostgreSQL and a Redis of the bench's own.

A bounded, loopback-only run that prints what each fault cost, for docs/DEPLOYMENT.md:

    .venv/bin/python -m bench faults --tables 16 --processes 2

The bench starts its own PostgreSQL (``initdb`` in a temporary directory, as the postgres
user when run as root) and its own Redis, each on a free local port, so that restarting
them touches nothing else. The players are ``bench load``'s (each acts on what its own
page shows), spread over the processes, at ``--pace`` seconds between a table's actions.
Each socket does what the page does: it connects again when the server closes it with a
code the page reconnects on, and, when nothing answers its ping for ``DEAF_SECONDS``
(static/js/heartbeat.js), it gives up on that server and connects to the other one (a
load balancer's choice; a refused connection goes to the other one at once).

The faults, in order (``--faults``), each after the tables have recovered from the last:

- ``kill``: SIGKILL of the second process, started again at once (a supervisor's restart;
  its pages move to the other process meanwhile);
- ``pause``: SIGSTOP of the first process for ``--pause-seconds``, then SIGCONT;
- ``redis``: Redis stopped and started again, forgetting every group (no persistence);
- ``postgres``: PostgreSQL restarted (``pg_ctl restart -m fast``);
- ``terminate``: every connection of the site to PostgreSQL killed (``pg_terminate_backend``).

Recovery from a fault is the time from the fault's end (the kill, the SIGCONT, the restart's
return) until every table still playing has had an action accepted after it; ``gap`` is each
table's longest wait between two accepted actions across the fault. An action is accepted
when the acting seat's page shows the next version.

Then the checks, on the database: every accepted action is in the hand's event log, as
the event at its version, from its seat (``lost`` counts those that are not); no seat of a
hand settled twice (``SeatResult`` and ledger rows of one hand, person and kind); no hand
stuck (a table whose hand is not over and that has had no action accepted in the last
``--settle`` seconds); ``manage.py audit_beans`` clean. Before the checks, ``--pages`` page
loads on the first process while the tables play, with the site's connections to
PostgreSQL counted before and after (each page's connection closes with its request:
baohuang_site/http_handler.py). The last line is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from baohuang_site.devtools.live_site import LiveSite, free_port
from baohuang_site.devtools.own_redis import OwnRedis
from bench.load import MID_HAND, SETUP, Stats, Table, next_own_action, take_frame

PING_SECONDS = 5.0  # as the page (static/js/heartbeat.js)
DEAF_SECONDS = 15.0
ACTION_TIMEOUT = 10.0
FAULTS = ("kill", "pause", "redis", "postgres", "terminate")
RECONNECT_SAME = {1011, 1012, 1013, 4503}  # the server asked the page to connect again
REFUSAL = 'id="table-error"'

# ``bench load``'s hands played to a random point before the sockets connect, drawn so that
# about three tables in ten end their hand (and settle) early in the run, among the faults,
# and the rest play through every fault.
SPREAD = """
_play_into = play_into


class Spread:
    def __init__(self, draw):
        self.draw = draw

    def randrange(self, n):
        early = self.draw.random() < 0.3
        return int(n * (self.draw.uniform(0.6, 0.95) if early else self.draw.uniform(0, 0.2)))


def play_into(table, draw):
    _play_into(table, Spread(draw))
"""

CHECKS = """
from django.db.models import Count
from accounts.models import LedgerEntry
from game.models import Hand, HandEvent, HandStatus, SeatResult
tables = {tables}
events = {{}}
status = {{}}
for hand in Hand.objects.filter(table_id__in=tables).order_by("id"):
    status[hand.table_id] = hand.status
    events[hand.table_id] = {{
        e.version: [e.seat, e.source] for e in HandEvent.objects.filter(hand=hand)
    }}
hands = list(Hand.objects.filter(table_id__in=tables).values_list("id", flat=True))
twice_results = list(
    SeatResult.objects.filter(hand_id__in=hands)
    .values("hand_id", "seat").annotate(n=Count("id")).filter(n__gt=1)
)
# A hand may complete several daily tasks of one person: only the settlement's own kinds.
twice_ledger = list(
    LedgerEntry.objects.filter(hand_id__in=hands, kind__in=["hand_result", "fee", "penalty"])
    .values("hand_id", "user_id", "kind").annotate(n=Count("id")).filter(n__gt=1)
)
finished = Hand.objects.filter(id__in=hands, status=HandStatus.FINISHED).count()
sources = dict(
    HandEvent.objects.filter(hand_id__in=hands).values_list("source").annotate(n=Count("id"))
)
versions = {{h.table_id: h.version for h in Hand.objects.filter(id__in=hands)}}
print(json.dumps({{"events": events, "status": status, "twice_results": twice_results,
                  "twice_ledger": twice_ledger, "finished": finished, "sources": sources,
                  "versions": versions}}))
"""


class OwnPostgres:
    """A PostgreSQL cluster in ``base`` on a free local port (trust, local only)."""

    def __init__(self, base: Path) -> None:
        self.base, self.port = base, free_port()
        self.data = base / "pg"
        bindir = Path(shutil.which("pg_ctl") or "pg_ctl").resolve().parent
        self.pg_ctl, self.initdb = str(bindir / "pg_ctl"), str(bindir / "initdb")
        # PostgreSQL refuses to run as root: run it as its own system user then.
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    @property
    def url(self) -> str:
        return f"postgres://root@127.0.0.1:{self.port}/postgres"

    def run(self, *args: str) -> None:
        done = subprocess.run([*self.as_user, *args], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:1])}: {done.stdout}{done.stderr}")

    def start(self) -> None:
        if self.as_user:
            self.base.parent.chmod(0o755)  # mkdtemp's 0700 would keep the postgres user out
            shutil.chown(self.base, "postgres")
        self.run(self.initdb, "-D", str(self.data), "-U", "root", "--auth=trust", "-E", "UTF8")
        options = (
            f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c max_connections=100"
        )
        self.run(
            self.pg_ctl,
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.base / "pg.log"),
            "-w",
            "start",
        )

    def restart(self) -> None:
        # With its log file, as at the start: otherwise the new server holds this call's
        # output pipes open, and the call never returns.
        self.run(
            self.pg_ctl,
            "-D",
            str(self.data),
            "-l",
            str(self.base / "pg.log"),
            "-m",
            "fast",
            "-w",
            "restart",
        )

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.SubprocessError):
            self.run(self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop")


@dataclass
class Accepted:
    table: int
    version: int  # the version acted on; the event is the next one
    seat: int
    sent: float
    seen: float


@dataclass
class Run:
    ports: list[int]
    stopping: bool = False  # the pages close
    idle: bool = False  # the players stop acting
    accepted: list[Accepted] = field(default_factory=list)
    timeouts: int = 0
    reconnects: int = 0
    deaf: list[float] = field(default_factory=list)  # when a socket was given up for silence
    refusals: dict[tuple[int, int], int] = field(default_factory=dict)  # by (table, seat)
    connections: dict[tuple[int, int], int] = field(default_factory=dict)  # by (table, seat)
    opened: float = field(default_factory=time.monotonic)


@dataclass
class Seat:
    port_index: int
    pinged: float = 0.0  # when a ping went unanswered since (0: none)


async def open_socket(port: int, table_id: int, session: str) -> websockets.ClientConnection:
    return await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/table/{table_id}/",
        additional_headers={"Origin": f"http://127.0.0.1:{port}", "Cookie": f"sessionid={session}"},
        max_size=2**22,
        ping_interval=None,
        open_timeout=5,
        close_timeout=1,
    )


async def keep_seat(
    run: Run, table: Table, seat: int, state: Seat, session: str, stats: Stats
) -> None:
    """One seat's page: connected, read, and connected again as the page would."""
    while not run.stopping:
        port = run.ports[state.port_index]
        try:
            socket = await open_socket(port, table.table_id, session)
        except (OSError, websockets.InvalidHandshake, TimeoutError):
            state.port_index = (state.port_index + 1) % len(run.ports)  # the other server
            await asyncio.sleep(0.2)
            continue
        table.sockets[seat] = socket
        key = (table.table_id, seat)
        run.connections[key] = run.connections.get(key, 0) + 1
        state.pinged = 0.0
        same = True
        try:
            while not run.stopping:
                try:
                    frame = await asyncio.wait_for(socket.recv(), timeout=PING_SECONDS)
                except TimeoutError:
                    now = time.monotonic()
                    if state.pinged == 0.0:
                        await socket.send(json.dumps({"action": "ping"}))
                        state.pinged = now
                    elif now - state.pinged >= DEAF_SECONDS:
                        run.deaf.append(now)
                        same = False
                        break
                    continue
                state.pinged = 0.0
                text = str(frame)
                if REFUSAL in text and "hidden" not in text.split(REFUSAL, 1)[1].split(">", 1)[0]:
                    key = (table.table_id, seat)
                    run.refusals[key] = run.refusals.get(key, 0) + 1
                take_frame(table, seat, text, stats)
        except websockets.ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else 1006
            same = code in RECONNECT_SAME
        finally:
            socket.transport.abort()
        if run.stopping:
            return
        run.reconnects += 1
        if not same:
            state.port_index = (state.port_index + 1) % len(run.ports)
        await asyncio.sleep(random.uniform(0, 1))  # as the page's spread after a 4503


async def drive(run: Run, table: Table, pace: float) -> None:
    """The table's players act one at a time, each from its own page."""
    await asyncio.sleep(random.uniform(0, pace))
    while not run.idle and not table.finished:
        chosen = await next_own_action(table)
        if chosen is None:
            await asyncio.sleep(0.05)
            continue
        seat, message = chosen
        version = int(message["version"])
        sent = time.monotonic()
        try:
            await table.sockets[seat].send(json.dumps(message))
        except websockets.ConnectionClosed:
            await asyncio.sleep(0.05)
            continue
        deadline = sent + ACTION_TIMEOUT
        key = (table.table_id, seat)
        refused, connection = run.refusals.get(key, 0), run.connections.get(key, 0)
        while (
            table.versions[seat] <= version
            and time.monotonic() < deadline
            and run.refusals.get(key, 0) == refused  # stale: look again
            # A page that connected again shows the table anew: its player looks again.
            and run.connections.get(key, 0) == connection
        ):
            await asyncio.sleep(0.01)
        if table.versions[seat] > version:
            run.accepted.append(Accepted(table.table_id, version, seat, sent, time.monotonic()))
        elif time.monotonic() >= deadline:
            run.timeouts += 1
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - sent)))


def recovery(run: Run, tables: list[Table], started: float, ended: float) -> dict[str, Any]:
    """Seconds from the fault's end until every table still playing had an action accepted
    after it, and each table's longest wait between two accepted actions across it."""
    firsts: list[float] = []
    gaps: list[float] = []
    for table in tables:
        mine = [a for a in run.accepted if a.table == table.table_id]
        after = [a.seen for a in mine if a.sent >= ended]
        if not after:
            if not table.finished:
                firsts.append(float("inf"))
            continue
        firsts.append(min(after) - ended)
        before = [a.seen for a in mine if a.seen <= started]
        if before:
            gaps.append(min(after) - max(before))
    return {
        "seconds": round(max(firsts), 2) if firsts else None,
        "gap_median": round(sorted(gaps)[len(gaps) // 2], 2) if gaps else None,
        "gap_max": round(max(gaps), 2) if gaps else None,
    }


async def until_recovered(run: Run, tables: list[Table], ended: float, limit: float) -> None:
    """Until every table still playing has had an action accepted after ``ended``."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        done = {a.table for a in run.accepted if a.sent >= ended}
        if all(t.finished or t.table_id in done for t in tables):
            return
        await asyncio.sleep(0.1)


@contextlib.contextmanager
def services(base: Path) -> Iterator[tuple[OwnPostgres, OwnRedis]]:
    pg, redis = OwnPostgres(base / "postgres"), OwnRedis(base)
    (base / "postgres").mkdir()
    pg.start()
    redis.start()
    try:
        yield pg, redis
    finally:
        redis.stop()
        pg.stop()


def site_connections(pg: OwnPostgres, dbname: str) -> int:
    import psycopg

    with psycopg.connect(pg.url, autocommit=True) as db:
        row = db.execute(
            "select count(*) from pg_stat_activity where datname = %s", (dbname,)
        ).fetchone()
    return int(row[0]) if row else 0


def load_pages(port: int, count: int) -> int:
    """``count`` page loads of the home page, four at a time; how many were not a 200."""
    import urllib.error
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    def one(_: int) -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as page:
                return bool(page.status == 200)
        except (urllib.error.URLError, OSError):
            return False

    with ThreadPoolExecutor(4) as pool:
        return sum(1 for ok in pool.map(one, range(count)) if not ok)


def terminate_site_connections(pg: OwnPostgres, dbname: str) -> int:
    import psycopg

    with psycopg.connect(pg.url, autocommit=True) as db:
        rows = db.execute(
            "select pg_terminate_backend(pid) from pg_stat_activity"
            " where datname = %s and pid <> pg_backend_pid()",
            (dbname,),
        ).fetchall()
    return len(rows)


async def play(
    args: argparse.Namespace,
    site: LiveSite,
    processes: list[subprocess.Popen[bytes]],
    ports: list[int],
    pg: OwnPostgres,
    redis: OwnRedis,
    info: list[dict[str, Any]],
) -> dict[str, Any]:
    run = Run(ports=list(ports))
    stats = Stats()
    tables = [Table(i["table"], sockets=[None] * 5) for i in info]  # type: ignore[list-item]
    seats = []
    for n, (table, i) in enumerate(zip(tables, info, strict=True)):
        for seat in range(5):
            state = Seat(port_index=(n + seat) % len(run.ports))
            seats.append(
                asyncio.create_task(keep_seat(run, table, seat, state, i["sessions"][seat], stats))
            )
    deadline = time.monotonic() + 120
    while any(min(t.versions) < 0 for t in tables) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    drivers = [asyncio.create_task(drive(run, t, args.pace)) for t in tables]
    await asyncio.sleep(args.settle)
    results: list[dict[str, Any]] = []
    first_fault = time.monotonic()
    for fault in args.faults:
        started = time.monotonic()
        detail: dict[str, Any] = {"fault": fault}
        restart: asyncio.Task[subprocess.Popen[bytes]] | None = None
        if fault == "kill":
            # The supervisor starts it again at once; its pages have gone to the other one.
            processes[-1].send_signal(signal.SIGKILL)
            processes[-1].wait(timeout=10)
            restart = asyncio.create_task(asyncio.to_thread(site.start, run.ports[-1]))
        elif fault == "pause":
            processes[0].send_signal(signal.SIGSTOP)
            await asyncio.sleep(args.pause_seconds)
            processes[0].send_signal(signal.SIGCONT)
        elif fault == "redis":
            await asyncio.to_thread(redis.stop)
            await asyncio.to_thread(redis.start)
        elif fault == "postgres":
            await asyncio.to_thread(pg.restart)
        elif fault == "terminate":
            name = site.extra_env["DATABASE_URL"].rsplit("/", 1)[1]
            detail["connections_killed"] = terminate_site_connections(pg, name)
        ended = time.monotonic()
        detail["fault_seconds"] = round(ended - started, 2)
        await until_recovered(run, tables, ended, args.recover_limit)
        detail.update(recovery(run, tables, started, ended))
        if restart is not None:
            processes[-1] = await restart
        await asyncio.sleep(args.settle)
        detail["deaf_sockets"] = sum(1 for t in run.deaf if t >= started)
        detail["playing"] = sum(1 for t in tables if not t.finished)
        results.append(detail)
        print(json.dumps(detail), flush=True)
    if args.pages:
        # Page loads beside the play: each page's connection must close with its request.
        name = site.extra_env["DATABASE_URL"].rsplit("/", 1)[1]
        before = site_connections(pg, name)
        loading = time.monotonic()
        failed = await asyncio.to_thread(load_pages, run.ports[0], args.pages)
        loaded = time.monotonic()
        after = site_connections(pg, name)
        pages = {
            "pages": args.pages,
            "failed": failed,
            "seconds": round(loaded - loading, 1),
            "connections": [before, after],
            "deaf_sockets": sum(1 for t in run.deaf if t >= loading),
        }
        print(json.dumps(pages), flush=True)
    end = time.monotonic()
    stuck = [
        t.table_id
        for t in tables
        if not t.finished
        and not any(a.table == t.table_id and a.seen >= end - args.settle for a in run.accepted)
    ]
    run.idle = True  # the players stop; their pages read what their last actions bring
    await asyncio.gather(*drivers, return_exceptions=True)
    await asyncio.sleep(3)
    seen = {t.table_id: max(t.versions) for t in tables}
    run.stopping = True
    for table in tables:
        for socket in table.sockets:
            if socket is not None:
                socket.transport.abort()
    for task in seats:
        task.cancel()
    await asyncio.gather(*seats, return_exceptions=True)
    elapsed = end - run.opened
    return {
        "faults": results,
        "accepted": len(run.accepted),
        "actions_per_second": round(len(run.accepted) / elapsed, 1),
        "timeouts": run.timeouts,
        "reconnects": run.reconnects,
        "deaf_sockets": len(run.deaf),
        "deaf_before_faults": sum(1 for t in run.deaf if t < first_fault),
        "stuck_client": stuck,
        "page_loads": pages if args.pages else None,
        "accepted_list": run.accepted,
        # the newest version any seat's page shows, by table (against the log's at the end)
        "seen": seen,
    }


def check(site: LiveSite, outcome: dict[str, Any], tables: list[int]) -> dict[str, Any]:
    found = site.python(CHECKS.format(tables=tables), timeout=300)
    assert isinstance(found, dict)
    events: dict[str, dict[str, list[Any]]] = found["events"]
    lost = []
    for a in outcome.pop("accepted_list"):
        event = events.get(str(a.table), {}).get(str(a.version + 1))
        if event is None or event[0] != a.seat or event[1] != "player":
            lost.append({"table": a.table, "version": a.version, "seat": a.seat, "log": event})
    try:
        site.manage("audit_beans")
        ledger = "clean"
    except RuntimeError as error:
        ledger = str(error)[-400:]
    return {
        "lost": len(lost),
        "lost_examples": lost[:5],
        "settled_twice": len(found["twice_results"]) + len(found["twice_ledger"]),
        "settled_twice_examples": (found["twice_results"] + found["twice_ledger"])[:5],
        "hands_finished": found["finished"],
        "events_by_source": found["sources"],
        "behind": {
            t: [found["versions"][str(t)], seen]
            for t, seen in outcome.pop("seen").items()
            if seen < found["versions"][str(t)]
        },
        "stuck": len(outcome["stuck_client"]),
        "ledger": ledger,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--pace", type=float, default=0.6, help="seconds between a table's actions")
    parser.add_argument("--faults", type=lambda s: s.split(","), default=list(FAULTS))
    parser.add_argument("--pause-seconds", type=float, default=15.0)
    parser.add_argument("--settle", type=float, default=8.0, help="seconds between faults")
    parser.add_argument("--recover-limit", type=float, default=90.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--keep", action="store_true", help="keep the run's directory (the servers' logs)"
    )
    parser.add_argument(
        "--pages", type=int, default=1000, help="page loads after the faults (0: none)"
    )
    args = parser.parse_args()
    unknown = [f for f in args.faults if f not in FAULTS]
    if unknown:
        parser.error(f"unknown faults {unknown}: choose from {', '.join(FAULTS)}")
    if args.processes < 2:
        parser.error("--processes must be 2 or more: the players move to another process")
    random.seed(args.seed)
    base = Path(tempfile.mkdtemp(prefix="bh-faults-"))
    try:
        with services(base) as (pg, redis):
            import psycopg

            with psycopg.connect(pg.url, autocommit=True) as db:
                db.execute('create database "baohuang"')
            site = LiveSite(
                base,
                extra_env={
                    "DATABASE_URL": pg.url.rsplit("/", 1)[0] + "/baohuang",
                    "REDIS_URL": redis.url,
                    "BAOHUANG_KEEPER_INTERVAL_MS": "250",
                },
            )
            setup = (
                MID_HAND
                + SPREAD
                + SETUP.format(
                    tables=args.tables, people=5, bot_level="normal", mid_hand=True, spectators=0
                )
            )
            info = site.python(setup, timeout=900)
            assert isinstance(info, list)
            ports = [free_port() for _ in range(args.processes)]
            processes = [site.start(port) for port in ports]
            try:
                outcome = asyncio.run(play(args, site, processes, ports, pg, redis, info))
            finally:
                site.stop_all(grace=2)
            outcome.update(check(site, outcome, [i["table"] for i in info]))
            outcome["tables"] = args.tables
            outcome["processes"] = args.processes
            print(json.dumps(outcome))
    finally:
        if args.keep:
            print(f"kept {base}", file=sys.stderr)
        else:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
