from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from game.models import Room
from game.room_rules import room_rules
from lobby.templatetags.lobby_extras import room_sentence

# The admin speaks the site's language and names the site, not the framework.
admin.site.site_header = _("Baohuang administration")
admin.site.site_title = _("Baohuang admin")
admin.site.index_title = _("Site administration")


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin[Room]):
    list_display = (
        "name",
        "game",
        "coin_coefficient",
        "preset",
        "base_stake",
        "table_fee",
        "minimum_balance",
        "pass_lock",
        "is_open",
        "sort_order",
    )
    list_editable = ("base_stake", "table_fee", "coin_coefficient", "is_open", "sort_order")
    list_filter = ("game", "preset", "is_open", "pass_lock")
    prepopulated_fields = {"slug": ("name",)}  # noqa: RUF012 (Django reads it as a dict)
    search_fields = ("name",)
    readonly_fields = ("rules_in_effect",)
    fieldsets = (
        (None, {"fields": ("name", "slug", "game", "preset", "is_open", "sort_order")}),
        (_("Red Ten (红十)"), {"fields": ("coin_coefficient",)}),
        (_("Stakes"), {"fields": ("base_stake", "table_fee", "min_balance")}),
        (_("Rules"), {"fields": ("pass_lock", "rule_overrides", "rules_in_effect")}),
        (
            _("Deadlines"),
            {"fields": ("role_seconds", "play_seconds", "grace_seconds", "deal_pause_seconds")},
        ),
        (_("Fair play"), {"fields": ("allow_shared_address",)}),
    )

    @admin.display(description=_("minimum balance"))
    def minimum_balance(self, room: Room) -> int:
        return room.effective_min_balance

    @admin.display(description=_("rules in effect"))
    def rules_in_effect(self, room: Room) -> str:
        """The preset with the switches applied, in the words the room's card uses (RULES
        §10): what the next hand dealt in this room will play; or why it cannot be played."""
        try:
            room_rules(room)
        except ValueError as error:
            return str(error)
        return room_sentence(room)
