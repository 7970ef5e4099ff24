"""``python -m bench NAME [options]``: run one bench; with no name or ``--help``, list them.

Each name is a module of this package whose ``main()`` reads its own options (``python -m
bench NAME --help`` shows them). Only the named module is imported: some set Django up on
import, and the load bench needs the ``websockets`` client.
"""

from __future__ import annotations

import importlib
import sys

# name: (module in bench/, what it measures)
BENCHES: dict[str, tuple[str, str]] = {
    "load": ("load", "websocket load on real daphne: CPU per action over the floor, p99, bytes"),
    "faults": ("faults", "two processes under load: kills, pauses, Redis and PostgreSQL restarts"),
    "engine": ("engine", "Baohuang engine: self-play hands per second, apply and view_for"),
    "render": ("render", "the push render of an action for a table's five sockets: CPU, bytes"),
    "bots": ("bots", "decision time of a bot level (novice, normal, expert)"),
    "daily": (
        "daily",
        "daily challenge with bot entrants: deals until the rating orders the levels",
    ),
    "redten": ("redten", "Red Ten engine: self-play hands per second, apply and views"),
    "bytes": ("frame_bytes", "bytes per action sent to the five seats, by fragment"),
    "submit": ("submit", "an action's database work alone: the hop to the database thread"),
    "spy": ("spy_top", "read a py-spy raw profile of `load --py-spy` by thread and function"),
    "spy-seconds": (
        "spy_seconds",
        "read `load --py-spy-seconds`'s profile second by second, beside `--trace`",
    ),
}


def usage() -> str:
    width = max(len(name) for name in BENCHES)
    lines = [
        "usage: python -m bench NAME [options]   (python -m bench NAME --help: its options)",
        "",
        "benches:",
        *(f"  {name:<{width}}  {summary}" for name, (_, summary) in BENCHES.items()),
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in BENCHES:
        print(f"python -m bench: no bench named {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{BENCHES[name][0]}")
    sys.argv = [f"python -m bench {name}", *rest]  # argparse's prog and options
    result = module.main()
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
