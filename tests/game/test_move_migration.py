"""Rooms, tables, seats and connections move from lobby to game (migrations lobby 0005,
game 0007) without losing a row: a database migrated only up to before them keeps its
rooms, tables, seats, hands and admin permissions through the migration."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from game.models import Connection, Hand, Room, Table, TableSeat

BEFORE = [("game", "0006_hand_advice"), ("lobby", "0004_bot_level")]
AFTER = [
    ("game", "0007_rooms_and_tables_move_to_game"),
    ("lobby", "0005_rooms_and_tables_move_to_game"),
]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_it_keeps_every_row_and_permission_of_the_release_before() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    room = old.get_model("lobby", "Room").objects.create(name="Old room", slug="old")
    table = old.get_model("lobby", "Table").objects.create(room=room)
    seat_model = old.get_model("lobby", "TableSeat")
    for i in range(5):
        seat_model.objects.create(table=table, index=i, is_bot=i > 0)
    hand = old.get_model("game", "Hand").objects.create(
        table=table, room=room, seed=7, rules={}, number=1
    )
    old.get_model("lobby", "Table").objects.filter(pk=table.pk).update(current_hand=hand)
    process = old.get_model("lobby", "ServerProcess").objects.create(
        name="old-process", last_seen=timezone.now()
    )
    old.get_model("lobby", "Connection").objects.create(
        table=table, seat=0, channel_name="old-channel", process=process
    )
    room_type, _ = ContentType.objects.get_or_create(app_label="lobby", model="room")
    permission = Permission.objects.create(
        content_type_id=room_type.pk, codename="change_room_old", name="old permission"
    )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    moved = Table.objects.select_related("room", "current_hand").get(pk=table.pk)
    assert moved.room == Room.objects.get(slug="old")
    assert moved.current_hand == Hand.objects.get(pk=hand.pk)
    assert TableSeat.objects.filter(table=moved).count() == 5
    assert Connection.objects.get(channel_name="old-channel").table_id == table.pk
    permission.refresh_from_db()
    assert (permission.content_type.app_label, permission.content_type.model) == ("game", "room")
