"""A fresh SQLite site in a directory, for the benches that run the site in their own process
(``render``, ``submit``, ``bytes``): its database migrated, the preset rooms made.

The deadline keeper does not start (``BAOHUANG_KEEPER_AUTOSTART=0``): its ticks would run
beside the timed code. ``DATABASE_URL`` and ``REDIS_URL`` are dropped so a bench never
writes to a shared server.
"""

from __future__ import annotations

import io
import os
from pathlib import Path


def setup_django(base: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "baohuang_site.settings"
    os.environ["SQLITE_PATH"] = str(base / "db.sqlite3")
    os.environ["BAOHUANG_VAR_DIR"] = str(base / "var")
    os.environ["BAOHUANG_KEEPER_AUTOSTART"] = "0"
    for key in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(key, None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("ensure_rooms", verbosity=0, stdout=io.StringIO())  # its "created room"s
