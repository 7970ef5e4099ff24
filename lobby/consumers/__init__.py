"""Websocket consumers: the lobby's room list and the live Baohuang table.

A table connection renders *its own* fragments from ``engine.view_for`` for its seat on
connect and on every doorbell; the doorbell itself carries no cards (ARCHITECTURE.md).

One module per concern, composed into ``TableConsumer`` (table.py):

- connection.py: dispatch, the caps on open sockets, close codes; connect and disconnect
- messages.py: a message's fields, checked
- actions.py: the hand's actions from a seat (play, pass, decisions, marks, hints, peeks)
- waiting_room.py: seats, bots, a private table's owner, chat
- spectators.py: the ring of a table change, and the spectators' stream
- push.py, render.py, parts.py: a ring to a frame, the page's record, the html's parts
- snapshots.py: one snapshot per ring, shared by the table's connections
- rooms.py: the lobby's room list

The names other modules import are gathered here. A test that replaces a name replaces it
where it is read: ``FLOOD_LIMIT`` in table.py, ``load_snapshot`` in push.py and snapshots.py.
"""

from lobby.consumers.actions import _submit_ringing
from lobby.consumers.connection import (
    CLOSE_FLOOD,
    CLOSE_FORBIDDEN,
    CLOSE_GONE,
    CLOSE_NO_TABLE,
    CLOSE_NOT_SIGNED_IN,
    CLOSE_TOO_MANY,
    SOCKETS,
    DirectDispatch,
    PersonSocket,
    SocketCount,
    scope_language,
)
from lobby.consumers.messages import BadMessage
from lobby.consumers.parts import SEAT_PARTS, as_oob, split_parts
from lobby.consumers.rooms import LOBBY_GROUP, LobbyConsumer, render_rooms
from lobby.consumers.snapshots import SNAPSHOTS, SharedSnapshots
from lobby.consumers.spectators import STREAMS
from lobby.consumers.table import FLOOD_LIMIT, FLOOD_WINDOW, HANDLERS, MAX_FRAME, TableConsumer

__all__ = [
    "CLOSE_FLOOD",
    "CLOSE_FORBIDDEN",
    "CLOSE_GONE",
    "CLOSE_NOT_SIGNED_IN",
    "CLOSE_NO_TABLE",
    "CLOSE_TOO_MANY",
    "FLOOD_LIMIT",
    "FLOOD_WINDOW",
    "HANDLERS",
    "LOBBY_GROUP",
    "MAX_FRAME",
    "SEAT_PARTS",
    "SNAPSHOTS",
    "SOCKETS",
    "STREAMS",
    "BadMessage",
    "DirectDispatch",
    "LobbyConsumer",
    "PersonSocket",
    "SharedSnapshots",
    "SocketCount",
    "TableConsumer",
    "_submit_ringing",
    "as_oob",
    "render_rooms",
    "scope_language",
    "split_parts",
]
