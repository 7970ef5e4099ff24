"""A Redis server of one's own, without persistence, on a free local port: the fault bench
restarts it and a scale-out test empties it, neither touching the Redis the rest uses."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import redis

from baohuang_site.devtools.live_site import free_port


class OwnRedis:
    def __init__(self, base: Path) -> None:
        self.base, self.port = base, free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                *("--bind", "127.0.0.1", "--port", str(self.port)),
                *("--save", "", "--appendonly", "no", "--dir", str(self.base)),
            ],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # until it answers
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if self.process.poll() is not None:
                    raise RuntimeError("redis-server exited") from None
                time.sleep(0.01)
        raise RuntimeError("redis-server did not answer")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
