from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from lobby.services import ensure_default_rooms


class Command(BaseCommand):
    help = "Create the preset rooms (普通场 … 多乐场, RULES §9.2, §10) if they are missing."

    def handle(self, *args: Any, **options: Any) -> None:
        created = ensure_default_rooms()
        for room in created:
            self.stdout.write(f"created room {room.slug}")
        if not created:
            self.stdout.write("preset rooms already present")
