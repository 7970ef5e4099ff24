"""People at a table over the real ASGI app (baohuang_site/devtools/table_players.py, shared
with the bench): a signed-in WebsocketCommunicator each, read frame by frame until the hand
reaches a version, and the move a scripted person makes."""

from __future__ import annotations

from baohuang_site.devtools.table_players import (
    CARD_ATTR,
    STATUS_VERSION,
    Player,
    connect,
    cookie_for,
    hand_state,
    message_for,
    open_socket,
    seat_five,
)

__all__ = [
    "CARD_ATTR",
    "STATUS_VERSION",
    "Player",
    "connect",
    "cookie_for",
    "hand_state",
    "message_for",
    "open_socket",
    "seat_five",
]
