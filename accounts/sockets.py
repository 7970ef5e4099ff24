"""The open websockets of one account, as a channel-layer group.

Every table socket of a signed-in user joins ``user_group``; signing out, changing the
password or deactivating the account closes them all at once (docs/SECURITY.md, the stolen
or shared device). Sockets whose browser still holds a valid session simply reconnect; the
others are refused.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def close_sockets_of(user_id: int) -> None:
    """After the current transaction commits, close every open socket of ``user_id``."""

    def send() -> None:
        layer = get_channel_layer()
        if layer is None:  # pragma: no cover - settings always define a layer
            return
        try:
            async_to_sync(layer.group_send)(user_group(user_id), {"type": "account.signout"})
        except Exception:  # the sign-out itself must not fail because a push did
            log.exception("closing the sockets of user %s failed", user_id)

    transaction.on_commit(send)
