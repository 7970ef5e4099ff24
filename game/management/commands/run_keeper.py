from __future__ import annotations

import asyncio
from typing import Any

from django.core.management.base import BaseCommand

from game.keeper import run_forever


class Command(BaseCommand):
    help = "Run a deadline keeper on its own (safe alongside the ones inside daphne)."

    def handle(self, *args: Any, **options: Any) -> None:
        # Alone, it writes few of the deadlines it must act on, so it looks on every pass.
        asyncio.run(run_forever(look_every=0.0))
