"""Reads for the lobby."""

from __future__ import annotations

from django.db.models import QuerySet

from lobby.models import Room


def open_rooms() -> QuerySet[Room]:
    return Room.objects.filter(is_open=True).order_by("sort_order", "id")
