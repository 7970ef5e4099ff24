"""The daily challenge on PostgreSQL + Redis with two daphne processes: an entrant plays his
deal at a table on one process, which is killed mid-deal (SIGKILL) and started again; the
deal goes on and is recorded once, and the live board of an entrant watching on the other
process shows his result through Redis."""

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

SETUP = """
from django.test import Client
from django.utils import timezone
from accounts.models import User
from accounts.services import grant_starting_beans
from challenge import services
from challenge.models import Challenge, DailyRoom, DealPlay
from game.models import Room
from tests.challenge.helpers import play_out

room = Room.objects.get(slug="standard")
# Clocks far longer than the test: a seat acts when its person or auto-play does.
Room.objects.filter(pk=room.pk).update(role_seconds=300, play_seconds=300)
DailyRoom.objects.all().delete()
DailyRoom.objects.create(room=room, deals=1)
services.advance(timezone.now())
challenge = Challenge.objects.get(room=room)
sessions, ids = {}, {}
for name in ("amy", "bo"):
    user = User.objects.create_user(name, None, None)
    grant_starting_beans(user=user)
    services.enter(challenge_id=challenge.pk, user=user)
    client = Client()
    client.force_login(user)
    sessions[name], ids[name] = client.cookies["sessionid"].value, user.pk
amy = User.objects.get(username="amy")
services.play(challenge_id=challenge.pk, user=amy, deal=0)
play_out(DealPlay.objects.get(entrant__user=amy))  # before any daphne runs: no keeper races
bo = User.objects.get(username="bo")
table = services.play(challenge_id=challenge.pk, user=bo, deal=0)
print(json.dumps({
    "challenge": challenge.pk, "table": table.pk, "sessions": sessions, "ids": ids,
    "seat": DealPlay.objects.get(entrant__user=bo).seat,
}))
"""
CHECK = """
from challenge.models import DealPlay
from game.models import Hand
print(json.dumps({
    "plays": list(DealPlay.objects.order_by("id").values_list("finished", flat=True)),
    "hands": Hand.objects.filter(table_id=%d).count(),
}))
"""


def test_a_deal_survives_a_killed_process_and_reaches_the_board_on_the_other(
    cluster: LiveSite,
) -> None:
    cluster.extra_env.update(
        {
            "BAOHUANG_AUTO_DELAY_MS": "0",
            "BAOHUANG_BOT_DELAY_MS": "0",
            "BAOHUANG_DAILY_BOT_LEVEL": "normal",
        }
    )
    info = cluster.python(SETUP)
    assert isinstance(info, dict)
    ports = [free_port(), free_port()]
    processes = [cluster.start(port) for port in ports]
    bo_row = f'data-user="{info["ids"]["bo"]}"'

    def bo_result_shown(frame: str) -> bool:
        """Whether amy's board shows a result of bo's on the deal (a matchpoint percentage in
        his row; an entrant who has not finished it shows "–")."""
        return bo_row in frame and "%" in frame.split(bo_row)[1].split("</tr>")[0]

    def headers(name: str, port: int) -> dict[str, str]:
        return {
            "Origin": f"http://127.0.0.1:{port}",
            "Cookie": f"sessionid={info['sessions'][name]}",
        }

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as sockets:

            async def connect(name: str, port: int, path: str) -> Any:
                return await sockets.enter_async_context(
                    websockets.connect(
                        f"ws://127.0.0.1:{port}{path}",
                        additional_headers=headers(name, port),
                        max_queue=None,  # frames left unread must not stop the pings
                    )
                )

            board = await connect("amy", ports[1], f"/ws/daily/{info['challenge']}/")
            first = await read_until(board, lambda f: 'id="daily-board"' in f)
            assert bo_row in first and not bo_result_shown(first)  # an entrant, no result yet
            table_path = f"/ws/table/{info['table']}/"
            bo = await connect("bo", ports[0], table_path)
            await read_until(bo, lambda f: version_of(f) is not None)
            seat = info["seat"]
            state = hand_state(cluster, info["table"])
            assert isinstance(state, engine.State)
            # Bo plays his own turns until the deal is some way in and waits for him.
            while not (engine.to_act(state) == (seat,) and state.version >= 10):
                assert state.phase is not engine.Phase.FINISHED
                if engine.to_act(state) == (seat,):
                    await bo.send(json.dumps(message_for(state, seat)))
                await until_version(bo, state.version + 1)
                state = hand_state(cluster, info["table"])
                assert isinstance(state, engine.State)
            await asyncio.to_thread(cluster.kill, processes[0])  # bo's process, mid-deal
            await asyncio.to_thread(cluster.start, ports[0])
            bo = await connect("bo", ports[0], table_path)
            await read_until(bo, lambda f: version_of(f) is not None)
            await bo.send(json.dumps({"action": "auto", "on": "1"}))  # 托管 finishes it
            # The deal ends on one process; amy's board on the other shows bo's result.
            await read_until(board, bo_result_shown, limit=120)

    asyncio.run(scenario())
    done = cluster.python(CHECK % info["table"])
    assert isinstance(done, dict)
    assert done["plays"] == [True, True] and done["hands"] == 1
    for log in cluster.base.glob("daphne-*.log"):
        assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
