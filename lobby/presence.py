"""Connection tracking lives in ``game.presence`` (the deadline keeper, a game module, needs
it, and game sits below lobby). Kept importable from here for lobby/consumers/connection.py
and lobby/redten_consumer.py; once they import ``game.presence`` this module goes."""

from __future__ import annotations

from game.presence import connected, disconnected

__all__ = ["connected", "disconnected"]
