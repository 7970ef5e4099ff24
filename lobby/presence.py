"""Connection tracking lives in ``game.presence`` (the deadline keeper, a game module, needs
it, and game sits below lobby: tests/test_layers.py). The table consumers
(lobby/consumers.py, lobby/redten_consumer.py) import it from here."""

from __future__ import annotations

from game.presence import connected, disconnected

__all__ = ["connected", "disconnected"]
