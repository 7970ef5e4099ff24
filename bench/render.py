"""What rendering an action's pushes costs, for a table's five sockets.

Builds a fresh SQLite site in a temporary directory, plays ``--hands`` whole
hands at one table of five people through the action service, keeping the snapshot that
each action's doorbell hands the sockets (``load_snapshot`` after the commit). Then it
replays those snapshots, in order, through five table consumers (one per seat, no socket:
``TableConsumer._render``, the very code a push runs) and prints the CPU time per action,
for the five together, and the bytes. The render path only: no database, no channel
layer, no websocket writes (``python -m bench load`` measures the whole path).

    .venv/bin/python -m bench render --hands 4 --rounds 5

``--first N`` replays only each hand's first N actions (the load bench's tables act about
thirty times in a run: the role decisions and the first tricks). ``--between N`` pushes each
finished hand's last snapshot N more times to its five sockets, as the pushes between two
hands do (each "next hand", each seat taken or left; those read the table afresh, so only
what they share with the finished hand's own snapshot, such as its centre, is like them).
``--effect flash`` has the first seat's player hold that play effect (RULES §12.2).
``--by-socket`` splits the CPU by the place a socket's render had in the order: the first
pays what the five share through the memos, the others what each costs alone.

Under ``valgrind --tool=callgrind --instr-atstart=no`` with ``BENCH_CALLGRIND=1`` it counts
instructions during the replays alone (a count does not move with the machine's load):

    BENCH_CALLGRIND=1 PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no \\
        .venv/bin/python -m bench render --hands 2 --rounds 1
"""

from __future__ import annotations

import argparse
import cProfile
import os
import statistics
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from bench.fresh_site import setup_django


def record(hands: int, tag: str, seed: int, effect: str = "") -> list[list[object]]:
    """The snapshots of ``hands`` whole hands at one table, one per action, per hand, dealt
    from seeds drawn from ``seed`` (the same deals for the same seed: runs compare);
    ``effect``: the first seat's player holds that play effect (RULES §12.2)."""
    import random

    from bench.seeded_hands import deal, next_action, table_of_five
    from game.hands import submit_action
    from game.models import Hand, HandStatus
    from game.selectors import state_of
    from lobby.table_state import load_snapshot

    table, users = table_of_five(f"r{tag}")
    if effect:
        from shop import services

        services.ensure_catalogue()
        services.grant(user=users[0], kind=effect, reason="bench", by=users[0])
    out: list[list[object]] = []
    draw = random.Random(seed)
    for _ in range(hands):
        hand = Hand.objects.get(pk=deal(table, users, draw))
        snapshots = [load_snapshot(table.pk)]
        while hand.status == HandStatus.RUNNING:
            state = state_of(hand)
            seat, action = next_action(state)
            submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=state.version)
            hand.refresh_from_db()
            snapshots.append(_as_seeded(snapshots[-1], load_snapshot(table.pk)))
        out.append(snapshots)
    return out


def _as_seeded(before: object, after: object) -> object:
    """``after`` as the doorbell hands it to a process's sockets after an action it committed
    itself (``SharedSnapshots.seed``): built on ``before``, whose seating objects it keeps
    while the hand runs (the memos keyed by their identity then hit, as on the server)."""
    from game.models import HandStatus
    from lobby.table_state import TableSnapshot

    assert isinstance(before, TableSnapshot) and isinstance(after, TableSnapshot)
    running = (
        before.hand is not None
        and after.hand is not None
        and before.hand.pk == after.hand.pk
        and after.hand.status == HandStatus.RUNNING
    )
    if not running or before.seats != after.seats or before.played != after.played:
        return after
    return replace(after, seats=before.seats, played=before.played)


def consumers(users_table: object, language: str) -> list[object]:
    """Five table consumers as a connection leaves them after ``connect``, one per seat."""
    from lobby.consumers import TableConsumer
    from lobby.table_state import Viewer

    made = []
    for seat in range(5):
        c = TableConsumer()
        c.reset_page(language=language)
        c.user_id = users_table[seat]  # type: ignore[index]
        c.session_key = None
        c.viewer = Viewer(user_id=c.user_id, seat=seat)
        c.marks, c.marks_key = {}, None
        made.append(c)
    return made


def _callgrind(state: str) -> None:
    """Under ``valgrind --tool=callgrind --instr-atstart=no`` (``BENCH_CALLGRIND=1``), count
    instructions during the replays alone: a count, unlike a time, does not depend on what
    else the shared machine is doing."""
    if os.environ.get("BENCH_CALLGRIND"):
        subprocess.run(
            ["callgrind_control", "-i", state, str(os.getpid())],
            check=True,
            stdout=subprocess.DEVNULL,
        )


def replay(
    tables: list[list[list[object]]],
    language: str,
    first: int,
    profile: cProfile.Profile | None,
    between: int = 0,
    by_socket: list[float] | None = None,
) -> tuple[float, int, int]:
    """CPU seconds, actions and bytes to render every snapshot for the five seats of each
    table, the tables' actions interleaved as a busy process sees them (one action of each
    table in turn): what one table leaves in a process-wide memo, the next may evict.

    With ``by_socket`` (five zeros), each render's CPU is added at the place its socket had
    in the order that snapshot was rendered, the order turning by one each action (so the
    first place is no one seat's): the first place pays what a snapshot's viewers share
    through the memos, the others what each one costs alone."""
    from lobby.table_state import TableSnapshot

    cpu = 0.0
    actions = 0
    sent = 0
    for h in range(len(tables[0])):
        runs = []
        for hands in tables:
            snapshots = hands[h]
            head = snapshots[0]
            assert isinstance(head, TableSnapshot)
            five = consumers({s.index: s.user_id for s in head.seats}, language)
            for c in five:
                c._render(head, True)  # type: ignore[attr-defined]  # the page's first frame
            runs.append((five, snapshots[1 : first + 1] if first else snapshots[1:]))
        steps = max(len(chosen) for _, chosen in runs)
        if profile is not None:
            profile.enable()
        _callgrind("on")
        started = time.process_time()
        for i in range(steps):
            for five, chosen in runs:
                if i >= len(chosen):
                    continue
                turn = i if by_socket is not None else 0  # the order turns only when timed
                for place in range(5):
                    c = five[(turn + place) % 5]
                    began = time.process_time() if by_socket is not None else 0.0
                    html = c._render(chosen[i], False)  # type: ignore[attr-defined]
                    if by_socket is not None:
                        by_socket[place] += time.process_time() - began
                    sent += len(html.encode())
        for five, chosen in runs:
            for _ in range(between if chosen else 0):  # whole hands: the last one is finished
                for c in five:
                    sent += len(c._render(chosen[-1], False).encode())  # type: ignore[attr-defined]
        cpu += time.process_time() - started
        _callgrind("off")
        if profile is not None:
            profile.disable()
        actions += sum(len(chosen) for _, chosen in runs)
    return cpu, actions, sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--tables", type=int, default=1, help="tables whose actions interleave")
    parser.add_argument("--rounds", type=int, default=5, help="fresh hands per round")
    parser.add_argument("--first", type=int, default=0, help="each hand's first N actions only")
    parser.add_argument(
        "--between", type=int, default=0, help="pushes of each hand's last snapshot after it"
    )
    parser.add_argument("--language", default="zh-hans")
    parser.add_argument("--seed", type=int, default=1, help="the deals (the same each run)")
    parser.add_argument("--profile", default="", help="cProfile the replays into this file")
    parser.add_argument(
        "--effect",
        default="",
        choices=("", "flash", "ripple"),
        help="the first seat's player plays with this effect (RULES §12.2)",
    )
    parser.add_argument(
        "--by-socket",
        action="store_true",
        help="CPU per action by the place a socket's render had (first, second, …)",
    )
    args = parser.parse_args()
    if args.between and args.first:
        parser.error("--between pushes a finished hand's last snapshot: not with --first")
    profile = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        per_action: list[float] = []
        for n in range(args.rounds):
            # The same deals every round, at a fresh table with new names: a replayed hand
            # would find every rendering cached.
            tables = [
                record(args.hands, f"{n}t{t}", args.seed + t, args.effect)
                for t in range(args.tables)
            ]
            places = [0.0] * 5 if args.by_socket else None
            cpu, actions, sent = replay(
                tables, args.language, args.first, profile, args.between, by_socket=places
            )
            per_action.append(cpu * 1000 / actions)
            if places is not None:
                shares = ", ".join(f"{t * 1000 / actions:.3f}" for t in places)
                print(f"by place in the order, ms per action: {shares}", flush=True)
            print(
                f"{actions} actions: {cpu * 1000 / actions:.3f} ms of CPU per action for five"
                f" sockets, {sent / actions:.0f} B per action",
                flush=True,
            )
        if profile is not None:
            profile.dump_stats(args.profile)
        print(
            f"median {statistics.median(per_action):.3f} ms per action"
            f" (range {min(per_action):.3f}–{max(per_action):.3f}, {args.rounds} rounds;"
            " on a shared machine the least is the steadiest figure)"
        )


if __name__ == "__main__":
    main()
