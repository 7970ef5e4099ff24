from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Lobby")

    def ready(self) -> None:
        # RULES §10.2/§10.3: game announces a void hand; the lobby, which seats players,
        # deals the same five again (game never imports lobby).
        from game.hands import hand_voided

        hand_voided.connect(_deal_after_void, dispatch_uid="lobby.deal_after_void")


def _deal_after_void(sender: object, *, table_id: int, **_kwargs: Any) -> None:
    from lobby.tables import deal_after_void

    deal_after_void(table_id)
