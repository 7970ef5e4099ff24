"""The lobby's receivers of game and sign-in signals (connected in ``LobbyConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.models import User
from game.hands import hand_voided
from lobby import sightings
from lobby.tables import deal_after_void


@receiver(hand_voided, dispatch_uid="lobby.deal_after_void")
def _deal_after_void(sender: object, *, table_id: int, **_kwargs: Any) -> None:
    # RULES §10.2/§10.3: game announces a void hand; the lobby, which seats players, deals the
    # same five again (game never imports lobby).
    deal_after_void(table_id)


@receiver(user_logged_in, dispatch_uid="lobby.seen_signing_in")
def _seen_signing_in(sender: object, *, request: HttpRequest | None, user: User, **_: Any) -> None:
    # Second accounts (docs/SECURITY.md): the accounts signed in from one browser are kept
    # apart by quick match. A sign-in without a request (a test's force_login) has no browser.
    if request is not None and isinstance(user, User):
        sightings.record(request, user)
