"""The faults of a site on PostgreSQL + Redis that a player would notice: page loads that
leave database connections open until PostgreSQL refuses every page, and sockets that stay
open but deaf after Redis restarts (docs/DEPLOYMENT.md, "Faults")."""

from __future__ import annotations

import urllib.request

import psycopg

from tests.support.live_server import CLUSTER_MARKS, LiveSite, free_port

pytestmark = CLUSTER_MARKS


def open_connections(database_url: str) -> int:
    """Connections to the site's database, this one's aside."""
    name = database_url.rsplit("/", 1)[1]
    with psycopg.connect(database_url, autocommit=True) as db:
        row = db.execute(
            "select count(*) from pg_stat_activity where datname = %s and pid <> pg_backend_pid()",
            (name,),
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_page_loads_leave_no_database_connection_open(cluster: LiveSite) -> None:
    # The launcher's own collector clock (a full pass every 600 s) is what the server runs
    # with: a connection that only the collector closes stays open for the whole test.
    port = free_port()
    cluster.start(port)
    database_url = cluster.extra_env["DATABASE_URL"]

    def load_pages(count: int) -> None:
        for _ in range(count):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
                assert page.status == 200

    load_pages(1)  # the process's first page starts its keeper and its database thread
    settled = open_connections(database_url)
    load_pages(60)
    # Each page ran on a thread of its own, which no later page reuses: an open connection
    # left by one is never used again. Sixty pages leave what one page left.
    assert open_connections(database_url) <= settled
