"""Throwaway sites served by real daphne processes, for the load bench and the restart tests.

A ``LiveSite`` is a directory (SQLite file, var dir) or a PostgreSQL/Redis pair given through
``extra_env``, shared by the daphne processes started from it. The restart and two-process
tests and ``python -m bench load`` all start their servers through it, so the server the
bench measures is launched exactly as the server the tests kill and restart.

Nothing here imports Django: the site runs in child processes.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE_APPLICATION = "baohuang_site.asgi:application"


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
        if result.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)}: {result.stdout}{result.stderr}")
        return result.stdout

    def python(self, code: str, *, timeout: float = 120) -> object:
        """Run ``code`` with Django set up; it must print one JSON value, returned here."""
        script = "import django, json; django.setup()\n" + code
        result = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode != 0:
            raise RuntimeError(f"site script failed: {result.stdout}{result.stderr}")
        return json.loads(result.stdout.strip().splitlines()[-1])

    def start(self, port: int, application: str = SITE_APPLICATION) -> subprocess.Popen[bytes]:
        """A daphne process serving ``application`` on ``port``, once it accepts connections."""
        log_path = self.base / f"daphne-{port}.log"
        log = open(log_path, "ab")  # noqa: SIM115 - lives with the process
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "baohuang_site.serve",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                application,
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
                raise RuntimeError(f"daphne exited: {log_path.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return process
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("daphne did not start listening in 30 s")

    @staticmethod
    def kill(process: subprocess.Popen[bytes]) -> None:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def stop_all(self, grace: float = 10) -> None:
        """Terminate every process started here, killing those still running after
        ``grace`` seconds (daphne waits up to 10 s for its application instances)."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=grace)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=10)
        self.processes.clear()
