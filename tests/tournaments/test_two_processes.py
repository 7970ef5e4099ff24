"""A tournament on PostgreSQL + Redis with two daphne processes: its five people's sockets are
split across both, a watcher of its standings on each process; one process is killed in the
middle of the first hand and started again. The hand goes on, the keepers of both processes
race to deal the next round and it is dealt once, the standings reach the watcher of either
process whichever process ended the hand, and the prizes are paid once."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import websockets

from game import engine
from tests.game.test_restart import read_until, version_of
from tests.game.test_two_processes import message_for, until_version
from tests.support.live_server import CLUSTER_MARKS, LiveSite, free_port, hand_state

pytestmark = CLUSTER_MARKS

FIRST, SECOND = ["ann", "ben", "cat"], ["dan", "eve"]  # whose sockets go to which process
FEE = 40
SETUP = f"""
from django.test import Client
from accounts.models import User
from accounts.services import grant_starting_beans
from game.models import HandSeat, Room
from tournaments import services
from tournaments.models import Play, PrizeShare, Tournament

room = Room.objects.get(slug="standard")
# Clocks far longer than the test: a seat acts when its person or auto-play does, never
# because a loaded machine let a turn time out.
Room.objects.filter(pk=room.pk).update(role_seconds=300, play_seconds=300, deal_pause_seconds=1)
t = Tournament.objects.create(name="cup", room=room, deals=1, entry_fee={FEE}, start_when=5)
PrizeShare.objects.create(tournament=t, place=1, percent=60)
PrizeShare.objects.create(tournament=t, place=2, percent=40)
sessions = {{}}
for name in {FIRST + SECOND + ["wat"]!r}:
    user = User.objects.create_user(name, None, None)  # signed in below: no password to hash
    grant_starting_beans(user=user)
    if name != "wat":  # the fifth registration starts it and deals the first round
        services.register(tournament_id=t.pk, user=user)
    client = Client()
    client.force_login(user)
    sessions[name] = client.cookies["sessionid"].value
play = Play.objects.get(tournament=t)
seats = dict(HandSeat.objects.filter(hand_id=play.hand_id).values_list("user__username", "seat"))
print(json.dumps({{
    "tournament": t.pk, "table": play.hand.table_id, "sessions": sessions, "seats": seats,
}}))
"""
CHECK = """
from accounts.models import LedgerEntry, User
from accounts.services import audit_beans
from game.models import Hand
from tournaments.models import Entry, Play, Tournament
t = Tournament.objects.get()
prizes = LedgerEntry.objects.filter(kind="tournament", reason__contains="prize")
print(json.dumps({
    "status": t.status,
    "plays": list(Play.objects.order_by("round").values_list("round", "finished")),
    "hands": Hand.objects.filter(table_id=%d).count(),
    "paid": sorted(prizes.values_list("user__username", "amount")),
    "won": sorted(Entry.objects.filter(prize__gt=0).values_list("name", "prize")),
    "beans": sum(User.objects.values_list("beans", flat=True)),
    "audit": [str(p) for p in audit_beans()],
}))
"""
PRIZE = 'class="prize"'  # a cell of the standings once the tournament is over


def plays(site: LiveSite) -> list[tuple[int, bool]]:
    """(round, finished) of the tournament's plays, straight from the database."""
    import psycopg

    with psycopg.connect(site.extra_env["DATABASE_URL"], autocommit=True) as db:
        rows = db.execute('select round, finished from "tournaments_play" order by round')
        return [(int(r), bool(f)) for r, f in rows.fetchall()]


def test_a_tournament_on_two_processes_survives_losing_one(cluster: LiveSite) -> None:
    # The pause makes the keepers deal the second round (``services.deal_next_round``).
    cluster.extra_env.update(
        {
            "BAOHUANG_TOURNAMENT_ARRIVAL_WAIT": "0",
            "BAOHUANG_AUTO_DELAY_MS": "0",
            "BAOHUANG_BOT_DELAY_MS": "0",
        }
    )
    info = cluster.python(SETUP)
    assert isinstance(info, dict)
    ports = [free_port(), free_port()]
    processes = [cluster.start(port) for port in ports]
    home = {name: ports[0] if name in FIRST else ports[1] for name in FIRST + SECOND}

    def headers(name: str, port: int) -> dict[str, str]:
        return {
            "Origin": f"http://127.0.0.1:{port}",
            "Cookie": f"sessionid={info['sessions'][name]}",
        }

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as sockets:

            async def table(name: str) -> Any:
                port = home[name]
                ws = await sockets.enter_async_context(
                    websockets.connect(
                        f"ws://127.0.0.1:{port}/ws/table/{info['table']}/",
                        additional_headers=headers(name, port),
                        max_queue=None,  # see ``watcher``
                    )
                )
                await read_until(ws, lambda f: version_of(f) is not None)  # the page
                return ws

            async def watcher(port: int) -> Any:
                ws = await sockets.enter_async_context(
                    websockets.connect(
                        f"ws://127.0.0.1:{port}/ws/tournament/{info['tournament']}/",
                        additional_headers=headers("wat", port),
                        # Read only now and then: frames left unread must not stop the
                        # client answering the server's pings, nor hold up its close.
                        max_queue=None,
                    )
                )
                assert PRIZE not in await read_until(ws, lambda f: 'id="standings"' in f)
                return ws

            auto = json.dumps({"action": "auto", "on": "1"})
            watching_second = await watcher(ports[1])
            first = {name: await table(name) for name in FIRST + SECOND}
            for name in FIRST[1:] + SECOND:
                await first[name].send(auto)  # the server plays for them
            # ann plays her turns herself until the hand is some way in; the next one waits
            # for her: the hand is stopped mid-way, whatever the machine's speed.
            ann, seat = first["ann"], info["seats"]["ann"]
            state = hand_state(cluster, info["table"])
            assert isinstance(state, engine.State)
            while not (engine.to_act(state) == (seat,) and state.version >= 10):
                assert state.phase is not engine.Phase.FINISHED
                if engine.to_act(state) == (seat,):
                    await ann.send(json.dumps(message_for(state, seat)))
                await until_version(ann, state.version + 1)
                state = hand_state(cluster, info["table"])
                assert isinstance(state, engine.State)

            await asyncio.to_thread(cluster.kill, processes[0])  # ann's process, mid-hand
            assert plays(cluster) == [(0, False)]
            await asyncio.to_thread(cluster.start, ports[0])
            watching_first = await watcher(ports[0])
            ann = await table("ann")  # back on the restarted process
            await ann.send(auto)
            # The hand ends; after the pause one keeper or the other deals the deal's replay.
            while plays(cluster) != [(0, True), (1, False)]:
                await read_until(watching_second, lambda f: 'id="standings"' in f)

            for name in FIRST + SECOND:  # the second round, on both processes again
                await (await table(name)).send(auto)
            # The last hand ends on one process: the standings with the prizes reach the
            # watcher of the other one through Redis (and of its own directly).
            for ws in (watching_first, watching_second):
                await read_until(ws, lambda f: PRIZE in f)

    asyncio.run(scenario())
    done = cluster.python(CHECK % info["table"])
    assert isinstance(done, dict)
    assert done["status"] == "finished" and done["plays"] == [[0, True], [1, True]]
    assert done["hands"] == 2  # each round dealt once
    pool = FEE * 5
    # Only ann took decisions herself (auto-play took everyone else's): the first prize is
    # hers, and the second has nobody to go to (docs/RULES-DECISIONS.md, "A prize needs a
    # decision").
    assert done["paid"] == [["ann", pool * 60 // 100]]
    assert done["paid"] == done["won"]  # once, to the prize's winner
    assert done["beans"] == 6 * 10_000 - pool * 40 // 100  # the unpaid prize stays unpaid
    assert done["audit"] == []
    for log in cluster.base.glob("daphne-*.log"):  # no keeper failed on a chore another did
        assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
