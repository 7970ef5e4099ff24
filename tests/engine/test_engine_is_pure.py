"""The engine imports nothing from Django (ARCHITECTURE: pure core)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_engine_loads_no_django_module():
    code = (
        "import sys, game.engine, game.engine.replay, game.engine.view, game.engine.hand\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
    # And the check itself can fail: importing Django shows up.
    probe = subprocess.run(
        [sys.executable, "-c", "import django, sys; print('django' in sys.modules)"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip() == "True"


def test_no_engine_source_mentions_django_imports():
    engine = ROOT / "game" / "engine"
    for path in engine.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path
