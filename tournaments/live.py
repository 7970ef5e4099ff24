"""A tournament page's live standings: after a hand of the tournament ends (or somebody
registers), everyone watching its page is told to redraw the standings
(``/ws/tournament/<id>/``)."""

from __future__ import annotations

from game.doorbell import send_to_group


def group_of(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def ring_tournament(tournament_id: int) -> None:
    send_to_group(group_of(tournament_id), {"type": "tournament.changed"})
