"""The Red Ten engine imports nothing from Django, like the Baohuang core (ARCHITECTURE)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_importing_the_red_ten_engine_and_referee_loads_no_django_module():
    code = (
        "import sys, game.engine.redten, game.engine.redten.cli, game.engine.redten.bots\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad) or 'clean')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "clean"
