"""Kill the server in the middle of a tournament's first hand, start it again: the hand goes
on, the keeper of the new process deals the next round, the tournament ends and pays its
prize. Everything it needs is in the database."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets

from tests.conftest import site_on
from tests.game.test_restart import read_until, version_of
from tests.support.live_server import LiveSite, free_port

pytestmark = pytest.mark.slow

SETUP = """
from django.test import Client
from accounts.models import User
from accounts.services import grant_starting_beans
from game.models import Room
from tournaments import services
from tournaments.models import PrizeShare, Tournament, TournamentTable

Room.objects.filter(slug="standard").update(deal_pause_seconds=1)
t = Tournament.objects.create(
    name="cup", room=Room.objects.get(slug="standard"), deals=1, entry_fee=40, start_when=1
)
PrizeShare.objects.create(tournament=t, place=1, percent=100)
user = User.objects.create_user("rhea", None, "correct horse battery")
grant_starting_beans(user=user)
services.register(tournament_id=t.pk, user=user)
client = Client()
client.force_login(user)
table = TournamentTable.objects.get(tournament=t).table_id
print(json.dumps({"table": table, "session": client.cookies["sessionid"].value}))
"""

CHECK = """
from accounts.models import User
from accounts.services import audit_beans
from tournaments.models import Play, Tournament
t = Tournament.objects.get()
print(json.dumps({
    "status": t.status,
    "round": t.current_round,
    "plays": list(Play.objects.order_by("round").values_list("round", "finished")),
    "beans": User.objects.get(username="rhea").beans,
    "audit": [str(p) for p in audit_beans()],
}))
"""


@pytest.fixture
def site(tmp_path: Path, migrated_sqlite: Path) -> Iterator[LiveSite]:
    # The keeper looks every 10 ms and the server plays every seat after 10 ms (the
    # launcher's 50 and 40 paced each action at the keeper's 50 ms): two whole hands are
    # played, and the first still has a hundred actions left when the test kills it.
    live = site_on(
        migrated_sqlite,
        tmp_path,
        BAOHUANG_TOURNAMENT_ARRIVAL_WAIT="0",
        BAOHUANG_AUTO_DELAY_MS="10",
        BAOHUANG_BOT_DELAY_MS="10",
        BAOHUANG_KEEPER_INTERVAL_MS="10",
    )
    yield live
    live.stop_all()


def check(site: LiveSite) -> dict[str, object]:
    found = site.python(CHECK)
    assert isinstance(found, dict)
    return found


def rows(site: LiveSite, sql: str) -> list[list[object]]:
    """Rows of the site's database, read here: a look while waiting costs no process of its
    own (``check`` starts Python and Django, a second of CPU)."""
    with contextlib.closing(sqlite3.connect(site.base / "db.sqlite3")) as db:
        return [list(row) for row in db.execute(sql)]


def wait_for(site: LiveSite, sql: str, wanted: list[list[object]]) -> None:
    """Look at the database until ``sql`` reads ``wanted`` (the keeper's work), for a minute."""
    deadline = time.monotonic() + 60
    while (found := rows(site, sql)) != wanted:
        assert time.monotonic() < deadline, found
        time.sleep(0.1)


def test_a_tournament_goes_on_across_a_server_crash(site: LiveSite) -> None:
    info = site.python(SETUP)
    assert isinstance(info, dict)
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws/table/{info['table']}/"
    headers = {"Origin": f"http://127.0.0.1:{port}", "Cookie": f"sessionid={info['session']}"}

    async def auto_until(predicate) -> None:
        """Hand the current hand to auto-play (the server plays every seat), then read
        frames until ``predicate``."""
        async with websockets.connect(url, additional_headers=headers) as ws:
            await read_until(ws, lambda f: version_of(f) is not None)
            await ws.send(json.dumps({"action": "auto", "on": "1"}))
            await read_until(ws, predicate, limit=120)

    first = site.start(port)
    asyncio.run(auto_until(lambda f: (version_of(f) or 0) >= 25))
    site.kill(first)  # mid-hand, no goodbye
    assert rows(site, "select status from tournaments_tournament") == [["running"]]
    assert rows(site, "select round, finished from tournaments_play") == [[0, 0]]
    site.start(port)
    # The first hand ends in the new process (its keeper plays on once a socket comes).
    asyncio.run(auto_until(lambda f: 'data-phase="finished"' in f))
    # The pause over, the new process's keeper deals the replay of the deal (one table).
    plays = "select round, finished from tournaments_play order by round"
    wait_for(site, plays, [[0, 1], [1, 0]])
    asyncio.run(auto_until(lambda f: 'data-phase="finished"' in f))
    wait_for(site, "select status from tournaments_tournament", [["finished"]])
    done = check(site)
    assert done["status"] == "finished"
    assert done["plays"] == [[0, True], [1, True]]
    # The only person is first, but auto-play took every decision of hers: no prize (the
    # switch is not a decision; docs/RULES-DECISIONS.md, "A prize needs a decision").
    assert done["beans"] == 10_000 - 40
    assert done["audit"] == []
