"""The vendored front-end files are exactly the ones recorded in static/VENDORED.md."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_it_serves_the_recorded_htmx_files_unchanged() -> None:
    table = (STATIC / "VENDORED.md").read_text()
    rows = re.findall(
        r"\| `(vendor/[^`]+)` \| `([^`]+)` \| (2\.0\.\d+) \|[^|]*\| `([0-9a-f]{64})` \|", table
    )
    assert {pkg for _, pkg, _, _ in rows} == {"htmx.org", "htmx-ext-ws"}
    for path, _pkg, _version, digest in rows:
        assert hashlib.sha256((STATIC / path).read_bytes()).hexdigest() == digest, path


def test_it_links_the_vendored_versions_from_the_base_template() -> None:
    base = (STATIC.parent / "templates" / "base.html").read_text()
    for path in ("vendor/htmx/htmx-2.0.11.min.js", "vendor/htmx/htmx-ext-ws-2.0.4.js"):
        assert path in base and (STATIC / path).exists()
