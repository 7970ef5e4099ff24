"""Connection tracking lives in ``game.presence`` (issue 14: the deadline keeper, a game
module, needs it, and game sits below lobby). Kept importable from here only for
lobby/consumers/connection.py, which is being reworked for issue 15; once it imports ``game.presence``
this module goes."""

from __future__ import annotations

from game.presence import connected, disconnected

__all__ = ["connected", "disconnected"]
