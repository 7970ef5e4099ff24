from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Receivers and hooks once the app registry is loaded (Django's documented place):
        # tournament tables deal their own hands, the keeper starts tournaments and records
        # hands whose end was not yet recorded (after a restart), and the pages of hands
        # name their tournament and keep a deal sealed until every table has played it.
        from game import keeper
        from game import selectors as hands
        from lobby import tables
        from tournaments import links, selectors, services, signals  # noqa: F401

        if services.advance not in keeper.CHORES:
            keeper.CHORES.append(services.advance)
        if selectors.is_tournament_table not in tables.DEALT_ELSEWHERE:
            tables.DEALT_ELSEWHERE.append(selectors.is_tournament_table)
        if links.sealed_hand_ids not in hands.SEALED_HANDS:
            hands.SEALED_HANDS.append(links.sealed_hand_ids)
        if links.hand_host not in hands.HAND_HOSTS:
            hands.HAND_HOSTS.append(links.hand_host)
        if links.hand_labels not in hands.HAND_LABELS:
            hands.HAND_LABELS.append(links.hand_labels)
        if links.table_host not in hands.TABLE_HOSTS:
            hands.TABLE_HOSTS.append(links.table_host)
