"""``python -m game.engine``: the referee command (see game/engine/cli.py)."""

from game.engine.cli import main

raise SystemExit(main())
