"""The faults of a site on PostgreSQL + Redis that a player would notice: page loads that
leave database connections open until PostgreSQL refuses every page, and sockets that stay
open but deaf after Redis restarts (docs/DEPLOYMENT.md, "Faults")."""

from __future__ import annotations

import asyncio
import json
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import websockets

from baohuang_site.devtools import own_redis as devtools_redis
from game import engine
from lobby.consumers.liveness import PONG
from tests.game.test_two_processes import message_for
from tests.support.live_server import CLUSTER_MARKS, VERSION, LiveSite, free_port, hand_state

pytestmark = CLUSTER_MARKS


def open_connections(database_url: str) -> int:
    """Connections to the site's database, this one's aside."""
    name = database_url.rsplit("/", 1)[1]
    with psycopg.connect(database_url, autocommit=True) as db:
        row = db.execute(
            "select count(*) from pg_stat_activity where datname = %s and pid <> pg_backend_pid()",
            (name,),
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_page_loads_leave_no_database_connection_open(cluster: LiveSite) -> None:
    # The launcher's own collector clock (a full pass every 600 s) is what the server runs
    # with: a connection that only the collector closes stays open for the whole test.
    port = free_port()
    cluster.start(port)
    database_url = cluster.extra_env["DATABASE_URL"]

    def load_pages(count: int) -> None:
        for _ in range(count):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
                assert page.status == 200

    load_pages(1)  # the process's first page starts its keeper and its database thread
    settled = open_connections(database_url)
    load_pages(60)
    after_60 = open_connections(database_url)
    load_pages(60)
    # Each page ran on a thread of its own, which no later page reuses: an open connection
    # left by one is never used again, so a leak grows with every page (62 after 60 pages).
    # The keeper's own threads (the fair-play pass, the daily chore) may open theirs while
    # the pages load: two at most, and no more as pages go on.
    assert after_60 <= settled + 2
    assert open_connections(database_url) <= after_60


class OwnRedis(devtools_redis.OwnRedis):
    """A Redis server of the test's own on a free local port, which the test empties."""

    async def forget(self) -> None:
        """Empty the server, after the site's process has made its mark there (its first
        look at Redis, lobby/consumers/liveness.py: a site without one never makes it)."""
        import redis

        client = redis.Redis(port=self.port)
        for _ in range(1000):
            if client.keys("*:process:*"):
                break
            await asyncio.sleep(0.01)
        client.flushall()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server to restart a Redis of its own")
    server = OwnRedis(tmp_path)
    server.start()
    yield server
    server.stop()


# The close codes after which the page connects again: the socket extension's own
# (htmx-ext-ws) and the server's "connect again" (static/js/heartbeat.js).
RECONNECTS = {1006, 1011, 1012, 1013, 4503}


def test_every_socket_hears_the_table_again_after_redis_forgets_its_groups(
    cluster: LiveSite, own_redis: OwnRedis
) -> None:
    cluster.extra_env["REDIS_URL"] = own_redis.url
    info = cluster.seat_five()
    port = free_port()
    cluster.start(port)

    async def connect(seat: int) -> websockets.ClientConnection:
        return await websockets.connect(
            f"ws://127.0.0.1:{port}/ws/table/{info['table']}/",
            additional_headers={
                "Origin": f"http://127.0.0.1:{port}",
                "Cookie": f"sessionid={info['sessions'][seat]}",
            },
        )

    async def sees(
        sockets: dict[int, websockets.ClientConnection], seat: int, version: int
    ) -> None:
        """What the page does: read frames until one shows ``version``; connect again when
        the server closes the socket with a code the page reconnects on."""
        async with asyncio.timeout(30):
            while True:
                try:
                    frame = str(await sockets[seat].recv())
                except websockets.ConnectionClosed as closed:
                    assert closed.rcvd is None or closed.rcvd.code in RECONNECTS
                    sockets[seat] = await connect(seat)
                    continue
                found = VERSION.findall(frame)
                if found and int(found[-1]) >= version:
                    return

    async def scenario() -> None:
        state = hand_state(cluster, info["table"])
        assert isinstance(state, engine.State)
        sockets = {seat: await connect(seat) for seat in range(5)}
        try:
            await asyncio.gather(*(sees(sockets, seat, state.version) for seat in range(5)))
            # What a socket that outlived a restart without persistence is left with: its
            # server connection open, its groups forgotten. (A socket whose consumer was
            # waiting on Redis when it went down is closed with 1011 and reconnects.)
            await own_redis.forget()
            # The seat to act plays from a page opened after that (a new tab) ...
            seat = engine.to_act(state)[0]
            tab = await connect(seat)
            try:
                async with asyncio.timeout(30):
                    while not VERSION.findall(str(await tab.recv())):
                        pass
                await tab.send(json.dumps(message_for(state, seat)))
                # ... and every page open before Redis forgot shows that play.
                await asyncio.gather(*(sees(sockets, seat, state.version + 1) for seat in range(5)))
                # And each page's heartbeat is answered by the server it is on now.
                for seat in range(5):
                    await sockets[seat].send(json.dumps({"action": "ping"}))
                    async with asyncio.timeout(30):
                        while str(await sockets[seat].recv()) != PONG:
                            pass
            finally:
                await tab.close()
        finally:
            for ws in sockets.values():
                await ws.close()

    asyncio.run(scenario())
