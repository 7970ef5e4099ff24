"""Kill the server in the middle of a hand, start it again: the hand goes on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets

from tests.conftest import site_on
from tests.support.live_server import VERSION, LiveSite, free_port

pytestmark = [pytest.mark.slow, pytest.mark.sockets]

SETUP = """
from django.test import Client
from accounts.models import User
from lobby import tables
from game.models import Room
user = User.objects.create_user("rhea", None, "correct horse battery")
table = tables.play_with_bots(room=Room.objects.get(slug="standard"), user=user)
client = Client()
client.force_login(user)
print(json.dumps({"table": table.pk, "session": client.cookies["sessionid"].value}))
"""

CHECK = """
from game.models import Hand, HandEvent, SeatResult
from game.selectors import replay_from_log, forget_states, state_of
hand = Hand.objects.get()
seqs = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
forget_states()
print(json.dumps({
    "status": hand.status, "version": hand.version, "seqs": seqs,
    "replay_matches": replay_from_log(hand) == state_of(hand),
    "results": SeatResult.objects.filter(hand=hand).count(),
}))
"""


@pytest.fixture
def site(tmp_path: Path, migrated_sqlite: Path) -> Iterator[LiveSite]:
    # The keeper looks every 10 ms and the server plays every seat after 10 ms (the
    # launcher's 50 and 40 paced each action at the keeper's 50 ms): the hand still has a
    # hundred actions left when the test kills it at version 25.
    live = site_on(
        migrated_sqlite,
        tmp_path,
        BAOHUANG_AUTO_DELAY_MS="10",
        BAOHUANG_BOT_DELAY_MS="10",
        BAOHUANG_KEEPER_INTERVAL_MS="10",
    )
    yield live
    live.stop_all()


async def read_until(ws: websockets.ClientConnection, predicate, limit: float = 60.0) -> str:
    async with asyncio.timeout(limit):
        while True:
            frame = str(await ws.recv())
            if predicate(frame):
                return frame


def version_of(frame: str) -> int | None:
    found = VERSION.findall(frame)
    return int(found[-1]) if found else None


def test_it_finishes_a_hand_across_a_server_crash(site: LiveSite) -> None:
    info = site.python(SETUP)
    assert isinstance(info, dict)
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws/table/{info['table']}/"
    headers = {"Origin": f"http://127.0.0.1:{port}", "Cookie": f"sessionid={info['session']}"}

    async def first_half() -> int:
        async with websockets.connect(url, additional_headers=headers) as ws:
            await read_until(ws, lambda f: version_of(f) is not None)
            # The player hands the hand to auto-play; the server plays every seat.
            await ws.send(json.dumps({"action": "auto", "on": "1"}))
            frame = await read_until(ws, lambda f: (version_of(f) or 0) >= 25)
            return version_of(frame) or 0

    async def second_half() -> str:
        async with websockets.connect(url, additional_headers=headers) as ws:
            first = str(await ws.recv())
            await read_until(ws, lambda f: 'data-phase="finished"' in f, limit=120)
            return first

    first = site.start(port)
    reached = asyncio.run(first_half())
    site.kill(first)  # mid-hand, no goodbye
    # Read here, not by a script of its own (Python and Django: a second of CPU).
    with contextlib.closing(sqlite3.connect(site.base / "db.sqlite3")) as db:
        status, version = db.execute("select status, version from game_hand").fetchone()
    assert status == "running" and version >= reached
    site.start(port)
    reconnect_frame = asyncio.run(second_half())
    # Reconnecting restores the full view at once: the hand as it stands, with my cards.
    assert 'id="my-hand"' in reconnect_frame and (version_of(reconnect_frame) or 0) >= reached
    done = site.python(CHECK)
    assert isinstance(done, dict)
    assert done["status"] == "finished" and done["results"] == 5
    assert done["seqs"] == list(range(1, done["version"] + 1))  # every event intact, none twice
    assert done["replay_matches"]
