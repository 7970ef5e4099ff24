"""Debian's Chromium for the browser tests (pip's playwright drives it; never
`playwright install`: there is no internet)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# The machine's network is closed: without these Chromium tries to reach Google at start.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_present() -> bool:
    return bool(shutil.which(CHROMIUM)) or Path(CHROMIUM).exists()
