"""A real daphne process on its own SQLite file, for tests that kill and restart servers.

The launcher itself (``LiveSite``, ``free_port``) is baohuang_site/devtools/live_site.py, shared
with the load bench so that both start the server the same way; this module adds what only
the tests need: a seated table and the hand state read back from the database.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from baohuang_site.devtools import live_site
from baohuang_site.devtools.live_site import ROOT, free_port

__all__ = ["VERSION", "LiveSite", "free_port", "hand_state"]

SEAT_FIVE = """
from django.test import Client
from accounts.models import User
from lobby import tables
from game.models import Room
# Clocks far longer than a test step: on a loaded machine five browsers can take seconds per
# decision, and a turn timed out into auto-play would leave the test nothing to click.
Room.objects.filter(slug="standard").update(role_seconds=300, play_seconds=300)
table = tables.create_table(room=Room.objects.get(slug="standard"))
sessions = []
for seat, name in enumerate(["ann", "ben", "cat", "dan", "eve"]):
    # Signed in below: no password to hash (five hashes cost seconds of the site's CPU).
    user = User.objects.create_user(name, None, None)
    tables.sit(table=table, seat=seat, user=user)
    client = Client()
    client.force_login(user)
    sessions.append(client.cookies["sessionid"].value)
for user in User.objects.order_by("id"):
    tables.set_ready(table=table, user=user)
print(json.dumps({"table": table.pk, "sessions": sessions}))
"""
# The marks of a test on two daphne processes over PostgreSQL + Redis (the scale-out pass).
CLUSTER_MARKS = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.slow,
    pytest.mark.sockets,
    # Every cluster's daphne processes share one Redis database (tests/conftest.py).
    pytest.mark.xdist_group("cluster"),
]

VERSION = re.compile(r'id="ver" name="version" value="(-?\d+)"')


class LiveSite(live_site.LiveSite):
    def stop_all(self, grace: float = 0.5) -> None:
        """Stop the site's processes; a test's site is thrown away, so one still running
        after ``grace`` seconds is killed rather than waited for (daphne's own wait for
        its application instances is 10 s, and a server whose keeper commits an action
        while its loop shuts down never ends by itself). One that ends by itself took
        0.2-0.45 s on the loaded two-core machine; a stuck one costs its test the grace."""
        super().stop_all(grace)

    def python_started(self, code: str, *, timeout: float = 120) -> Callable[[], object]:
        """Start ``code`` as ``python`` runs it, and return the wait for its JSON value: the
        script's Django start (about a second of CPU, several on a busy machine) goes on
        while the caller starts the server."""
        process = subprocess.Popen(
            [sys.executable, "-c", "import django, json; django.setup()\n" + code],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

        def result() -> object:
            try:
                out, err = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
                raise
            if process.returncode != 0:
                raise RuntimeError(f"site script failed: {out}{err}")
            return json.loads(out.strip().splitlines()[-1])

        return result

    def seat_five(self) -> dict[str, Any]:
        """A table of the standard room with ann, ben, cat, dan and eve seated and ready (the
        hand has begun): ``{"table": id, "sessions": [session cookie per seat]}``."""
        info = self.python(SEAT_FIVE)
        assert isinstance(info, dict)
        return info


def hand_state(site: LiveSite, table_id: int) -> object:
    """The current hand of a table in a live site's database, folded through the engine in
    this process (the engine is pure; the log in the database is the truth)."""
    from game import engine

    database_url = site.extra_env.get("DATABASE_URL")
    if database_url:
        import psycopg

        db: Any = psycopg.connect(database_url, autocommit=True)
        mark = "%s"
    else:
        import sqlite3

        db = sqlite3.connect(site.base / "db.sqlite3")
        mark = "?"
    try:
        (hand_id,) = db.execute(
            f"select current_hand_id from lobby_table where id = {mark}", (table_id,)
        ).fetchone()
        seed, rules = db.execute(
            f"select seed, rules from game_hand where id = {mark}", (hand_id,)
        ).fetchone()
        rules = rules if isinstance(rules, dict) else json.loads(rules)
        state = engine.new_hand(int(seed), engine.Rules.from_dict(rules))
        events = db.execute(
            f"select seat, action from game_handevent where hand_id = {mark} order by seq",
            (hand_id,),
        ).fetchall()
        for seat, action in events:
            state = engine.apply(state, int(seat), engine.Action.from_notation(action))
        return state
    finally:
        db.close()
