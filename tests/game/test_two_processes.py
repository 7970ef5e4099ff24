"""Two daphne processes on PostgreSQL + Redis: five players split across both play one hand;
one process is killed mid-hand and its players carry on through the other."""

from __future__ import annotations

import asyncio
import json

import websockets

from game import engine
from tests.support.live_server import CLUSTER_MARKS, VERSION, LiveSite, free_port, hand_state

pytestmark = CLUSTER_MARKS


def message_for(state: engine.State, seat: int) -> dict[str, str]:
    if state.phase is engine.Phase.PLAY:
        action = engine.hint(state, seat, 0)
        if isinstance(action, engine.Play):
            cards = engine.format_cards(action.cards)
            return {"action": "play", "cards": cards, "version": str(state.version)}
        return {"action": "pass", "version": str(state.version)}
    choice = engine.autoplay_action(state, seat).to_notation()
    return {"action": "decide", "choice": choice, "version": str(state.version)}


async def until_version(ws: websockets.ClientConnection, version: int) -> None:
    async with asyncio.timeout(30):
        while True:
            found = VERSION.findall(str(await ws.recv()))
            if found and int(found[-1]) >= version:
                return


def test_five_players_on_two_processes_survive_losing_one(cluster: LiveSite) -> None:
    info = cluster.seat_five()
    assert isinstance(info, dict)
    ports = [free_port(), free_port()]
    processes = [cluster.start(port) for port in ports]

    def url(port: int) -> str:
        return f"ws://127.0.0.1:{port}/ws/table/{info['table']}/"

    def headers(seat: int, port: int) -> dict[str, str]:
        return {
            "Origin": f"http://127.0.0.1:{port}",
            "Cookie": f"sessionid={info['sessions'][seat]}",
        }

    home = {seat: ports[0] if seat < 3 else ports[1] for seat in range(5)}

    async def play(limit: int | None) -> int:
        sockets = {
            seat: await websockets.connect(
                url(home[seat]), additional_headers=headers(seat, home[seat])
            )
            for seat in range(5)
        }
        try:
            state = hand_state(cluster, info["table"])
            assert isinstance(state, engine.State)
            for ws in sockets.values():
                await until_version(ws, state.version)
            actions = 0
            while state.phase is not engine.Phase.FINISHED and (limit is None or actions < limit):
                seat = engine.to_act(state)[0]
                await sockets[seat].send(json.dumps(message_for(state, seat)))
                # Every player, on either process, sees the new version (Redis carries the
                # doorbell from the process that wrote it to the other one).
                for ws in sockets.values():
                    await until_version(ws, state.version + 1)
                state = hand_state(cluster, info["table"])
                assert isinstance(state, engine.State)
                actions += 1
            return state.version
        finally:
            for ws in sockets.values():
                await ws.close()

    reached = asyncio.run(play(limit=30))
    cluster.kill(processes[0])  # seats 0-2 lose their server mid-hand ...
    home.update({seat: ports[1] for seat in range(3)})  # ... and reconnect to the other one
    final = asyncio.run(play(limit=None))
    assert final > reached
    state = hand_state(cluster, info["table"])
    assert isinstance(state, engine.State) and state.phase is engine.Phase.FINISHED
