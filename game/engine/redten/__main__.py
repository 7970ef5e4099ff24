"""``python -m game.engine.redten``: the Red Ten referee (see cli.py)."""

from game.engine.redten.cli import main

raise SystemExit(main())
