from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Lobby")

    def ready(self) -> None:
        # Receivers are connected once the app registry is loaded (Django's documented place).
        from lobby import signals  # noqa: F401
