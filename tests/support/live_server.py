"""A real daphne process on its own SQLite file, for tests that kill and restart servers."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SEAT_FIVE = """
from django.test import Client
from accounts.models import User
from lobby import tables
from game.models import Room
table = tables.create_table(room=Room.objects.get(slug="standard"))
sessions = []
for seat, name in enumerate(["ann", "ben", "cat", "dan", "eve"]):
    user = User.objects.create_user(name, None, "correct horse battery staple")
    tables.sit(table=table, seat=seat, user=user)
    client = Client()
    client.force_login(user)
    sessions.append(client.cookies["sessionid"].value)
for user in User.objects.order_by("id"):
    tables.set_ready(table=table, user=user)
print(json.dumps({"table": table.pk, "sessions": sessions}))
"""
VERSION = re.compile(r'id="controls"[^>]*data-version="(-?\d+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LiveSite:
    """A site directory (database, secret) shared by the daphne processes started from it."""

    base: Path
    extra_env: dict[str, str] = field(default_factory=dict)
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def env(self) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_"))
        }
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": "baohuang_site.settings",
                "SQLITE_PATH": str(self.base / "db.sqlite3"),
                "BAOHUANG_VAR_DIR": str(self.base / "var"),
                "BAOHUANG_BOT_DELAY_MS": "40",
                "BAOHUANG_AUTO_DELAY_MS": "40",
                "BAOHUANG_KEEPER_INTERVAL_MS": "50",
                "PYTHONUNBUFFERED": "1",
            }
        )
        env.update(self.extra_env)
        return env

    def manage(self, *args: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def python(self, code: str) -> object:
        """Run ``code`` with Django set up; it must print one JSON value, returned here."""
        script = "import django, json; django.setup()\n" + code
        result = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return json.loads(result.stdout.strip().splitlines()[-1])

    def seat_five(self) -> dict[str, Any]:
        """A table of the standard room with ann, ben, cat, dan and eve seated and ready (the
        hand has begun): ``{"table": id, "sessions": [session cookie per seat]}``."""
        info = self.python(SEAT_FIVE)
        assert isinstance(info, dict)
        return info

    def start(self, port: int) -> subprocess.Popen[bytes]:
        log = open(self.base / f"daphne-{port}.log", "ab")  # noqa: SIM115 - lives with the process
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "baohuang_site.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.processes.append(process)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # wait until it accepts connections
            if process.poll() is not None:
                raise AssertionError(
                    f"daphne exited: {(self.base / f'daphne-{port}.log').read_text()}"
                )
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return process
            except OSError:
                time.sleep(0.05)
        raise AssertionError("daphne did not start listening in 30 s")

    @staticmethod
    def kill(process: subprocess.Popen[bytes]) -> None:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def stop_all(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


def hand_state(site: LiveSite, table_id: int) -> object:
    """The current hand of a table in a live site's database, folded through the engine in
    this process (the engine is pure; the log in the database is the truth)."""
    from game import engine

    database_url = site.extra_env.get("DATABASE_URL")
    if database_url:
        import psycopg

        db: Any = psycopg.connect(database_url, autocommit=True)
        mark = "%s"
    else:
        import sqlite3

        db = sqlite3.connect(site.base / "db.sqlite3")
        mark = "?"
    try:
        (hand_id,) = db.execute(
            f"select current_hand_id from lobby_table where id = {mark}", (table_id,)
        ).fetchone()
        seed, rules = db.execute(
            f"select seed, rules from game_hand where id = {mark}", (hand_id,)
        ).fetchone()
        rules = rules if isinstance(rules, dict) else json.loads(rules)
        state = engine.new_hand(int(seed), engine.Rules.from_dict(rules))
        events = db.execute(
            f"select seat, action from game_handevent where hand_id = {mark} order by seq",
            (hand_id,),
        ).fetchall()
        for seat, action in events:
            state = engine.apply(state, int(seat), engine.Action.from_notation(action))
        return state
    finally:
        db.close()
