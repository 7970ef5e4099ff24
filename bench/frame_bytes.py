"""What an action's frames hold: bytes per action sent to the five seats, by fragment.

Builds a fresh SQLite site in a temporary directory, seats five players at a table over the
real ASGI app (in-process websockets, ``baohuang_site.devtools.table_players``), plays whole
hands with the scripted moves of the socket tests, and prints the bytes per action sent to
the five players, split by fragment id (``seat-*`` counted together), mean and median over
the actions.

    .venv/bin/python -m bench bytes --hands 3
    .venv/bin/python -m bench bytes --language en --dump 40 --dump-to /tmp/frames.html
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

from bench.fresh_site import setup_django


class _Tops(HTMLParser):
    """The byte span of every top-level element of a frame, by its id."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text = text
        self.depth = 0
        self.spans: list[tuple[str, int]] = []
        self._start = 0
        self._id = ""
        self._lines = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                self._lines.append(i + 1)

    def _offset(self) -> int:
        line, col = self.getpos()
        return self._lines[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self._start = self._offset()
            found = dict(attrs)
            self._id = found.get("id") or (found.get("hx-swap-oob") or tag).replace(":#", " ")
        if tag not in ("input", "br", "img", "meta", "link", "hr"):
            self.depth += 1
        elif self.depth == 0:  # a void element on its own (the version input)
            end = self.text.index(">", self._start) + 1
            self.spans.append((self._id, len(self.text[self._start : end].encode())))

    def handle_endtag(self, tag: str) -> None:
        self.depth -= 1
        if self.depth == 0:
            end = self.text.index(">", self._offset()) + 1
            self.spans.append((self._id, len(self.text[self._start : end].encode())))


def fragments(frame: str) -> list[tuple[str, int]]:
    parser = _Tops(frame)
    parser.feed(frame)
    parser.close()
    out = []
    for name, size in parser.spans:
        if name.startswith("seat-tools-"):
            name = "seat tools"
        elif name.startswith("seat-"):
            name = "seats"
        elif name.startswith("counter-"):
            name = "counter cells"
        elif name.startswith("delete:"):
            name = "my-hand deletes"
        out.append((name, size))
    return out


async def play(hands: int, language: str, dump: tuple[int, str] | None) -> None:
    from asgiref.sync import sync_to_async

    from baohuang_site.devtools.table_players import (
        Player,
        connect,
        hand_state,
        message_for,
        seat_five,
    )
    from game import engine
    from game.models import HandStatus
    from lobby import consumers, tables

    # A fast machine plays more than FLOOD_LIMIT moves of one player within the flood window.
    consumers.table.FLOOD_LIMIT = 10**9
    table, users = await sync_to_async(seat_five)("standard", [f"b{i}" for i in range(5)])
    players = [
        Player(u.username, u, i, await connect(u, table, language=language))
        for i, u in enumerate(users)
    ]
    per_action: list[dict[str, int]] = []
    frames_per_action: list[int] = []
    for hand_no in range(hands):
        _, state = await sync_to_async(hand_state)(table)
        for p in players:
            await p.until_version(state.version)
            p.frames.clear()
        while True:
            hand, state = await sync_to_async(hand_state)(table)
            if hand.status != HandStatus.RUNNING:
                break
            sender = players[engine.to_act(state)[0]]
            await sender.send(**message_for(state, sender.seat))  # type: ignore[arg-type]
            sizes: dict[str, int] = defaultdict(int)
            count = 0
            for p in players:
                await p.until_version(state.version + 1)
                for frame in p.frames:
                    count += 1
                    for name, size in fragments(frame):
                        sizes[name] += size
            if dump and len(per_action) == dump[0]:
                Path(dump[1]).write_text("\n\n".join(f for p in players for f in p.frames))
            per_action.append(sizes)
            frames_per_action.append(count)
            for p in players:
                p.frames.clear()
        if hand_no + 1 < hands:
            for u in users:  # the next hand
                await sync_to_async(tables.set_ready)(table=table, user=u)
            hand, _ = await sync_to_async(hand_state)(table)
            while hand.status != HandStatus.RUNNING:
                hand, _ = await sync_to_async(hand_state)(table)
            for p in players:  # the new hand's first frame: its version starts afresh
                while 'name="version" value="0"' not in await p.frame():
                    pass
    names = sorted(
        {n for s in per_action for n in s}, key=lambda n: -sum(s.get(n, 0) for s in per_action)
    )
    totals = [sum(s.values()) for s in per_action]
    print(f"{len(per_action)} actions, {statistics.mean(frames_per_action):.2f} frames per action")
    print(f"{'fragment':<14} {'mean B':>8} {'median B':>9} {'share':>6}")
    for name in names:
        values = [s.get(name, 0) for s in per_action]
        share = sum(values) / max(1, sum(totals))
        mean, median = statistics.mean(values), statistics.median(values)
        print(f"{name:<14} {mean:8.0f} {median:9.0f} {share:6.1%}")
    print(f"{'total':<14} {statistics.mean(totals):8.0f} {statistics.median(totals):9.0f}")
    for p in players:
        await p.ws.disconnect()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1, help="whole hands played")
    parser.add_argument("--language", default="zh-hans", help="the pages' language")
    parser.add_argument("--dump", type=int, help="write the frames of this action to --dump-to")
    parser.add_argument("--dump-to", default="/tmp/frames.html")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        dump = (args.dump, args.dump_to) if args.dump is not None else None
        asyncio.run(play(args.hands, args.language, dump))


if __name__ == "__main__":
    main()
