"""A challenge's live board: when an entrant finishes a deal (or enters, or the day
closes) everyone watching the challenge's page is told (``/ws/daily/<id>/``); each socket
redraws only if what its viewer may see changed (``consumers.ChallengeConsumer``)."""

from __future__ import annotations

from game.doorbell import send_to_group


def group_of(challenge_id: int) -> str:
    return f"daily-{challenge_id}"


def ring_challenge(challenge_id: int, deal: int, user_id: int | None) -> None:
    """``deal``: the deal whose field changed (-1: none did); ``user_id``: whose own state
    changed (None: the day closed, which opens every deal to everyone)."""
    send_to_group(group_of(challenge_id), {"type": "daily.changed", "deal": deal, "user": user_id})
