"""The writing floor of the load bench commits what it says it does.

``bench/load.py --floor-writes`` compares the real table with a floor that commits one row
per action: if that floor wrote nothing, the comparison would flatter the site. Not a
timing test.
"""

from __future__ import annotations

import pytest
from django.db import connection

from bench import floor_asgi

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_floor_action_is_one_committed_row() -> None:
    floor_asgi.create_table()
    floor_asgi.create_table()  # idempotent: every process of a run may ask
    for version in (1, 2, 3):
        floor_asgi.write(7, version, "floor")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT table_id, seq, action FROM {floor_asgi.EVENTS} ORDER BY id")
        rows = cursor.fetchall()
        cursor.execute(f"DROP TABLE {floor_asgi.EVENTS}")
    assert rows == [(7, 1, "floor"), (7, 2, "floor"), (7, 3, "floor")]
