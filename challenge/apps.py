from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengeConfig(AppConfig):
    name = "challenge"
    verbose_name = _("Daily challenge")

    def ready(self) -> None:
        # The keeper opens each day's challenges, records finished deals, closes and rates
        # days and tournaments, and creates recurring tournaments; challenge tables deal no
        # next hand by themselves; a deal's hands stay sealed while its day runs, open to the
        # entrants who have played it.
        from challenge import links, services, signals  # noqa: F401
        from game import keeper
        from game import selectors as hands
        from lobby import tables

        if services.advance not in keeper.CHORES:
            keeper.CHORES.append(services.advance)
        if links.is_challenge_table not in tables.DEALT_ELSEWHERE:
            tables.DEALT_ELSEWHERE.append(links.is_challenge_table)
        if links.sealed_hand_ids not in hands.SEALED_HANDS:
            hands.SEALED_HANDS.append(links.sealed_hand_ids)
        if links.hand_host not in hands.HAND_HOSTS:
            hands.HAND_HOSTS.append(links.hand_host)
        if links.hand_labels not in hands.HAND_LABELS:
            hands.HAND_LABELS.append(links.hand_labels)
        if links.open_to not in hands.OPEN_TO:
            hands.OPEN_TO.append(links.open_to)
