from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ShopConfig(AppConfig):
    name = "shop"
    verbose_name = _("Shop (商店)")

    def ready(self) -> None:
        # The shop sits above the game and the lobby (it refuses beans held at a table), so
        # it tells them what a hand's players hold through the game's hook (game.props).
        from game import props
        from shop import selectors

        if selectors.props_of not in props.HOLDERS:
            props.HOLDERS.append(selectors.props_of)
