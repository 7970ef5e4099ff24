"""The lobby owns no models: rooms, tables, seats and connections live in ``game.models``
(issue 14: game sits below lobby and must not import it).

These names stay importable from here only for lobby/consumers.py, lobby/table_state.py and
bench/, which are being reworked for issue 15; once they import ``game.models`` this module
goes.
"""

from __future__ import annotations

from game.models import BotLevel, Room, Table, TableSeat

__all__ = ["BotLevel", "Room", "Table", "TableSeat"]
