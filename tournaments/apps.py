from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Receivers and hooks once the app registry is loaded (Django's documented place):
        # tournament tables deal their own hands, and the keeper starts tournaments and
        # records hands whose end was not yet recorded (after a restart).
        from game import keeper
        from lobby import tables
        from tournaments import selectors, services, signals  # noqa: F401

        if services.advance not in keeper.CHORES:
            keeper.CHORES.append(services.advance)
        if selectors.is_tournament_table not in tables.DEALT_ELSEWHERE:
            tables.DEALT_ELSEWHERE.append(selectors.is_tournament_table)
