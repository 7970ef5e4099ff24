from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from game.models import Room

# The admin speaks the site's language and names the site, not the framework (issue 16).
admin.site.site_header = _("Baohuang administration")
admin.site.site_title = _("Baohuang admin")
admin.site.index_title = _("Site administration")


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin[Room]):
    list_display = (
        "name",
        "preset",
        "base_stake",
        "table_fee",
        "minimum_balance",
        "pass_lock",
        "is_open",
        "sort_order",
    )
    list_editable = ("base_stake", "table_fee", "is_open", "sort_order")
    list_filter = ("preset", "is_open", "pass_lock")
    prepopulated_fields = {"slug": ("name",)}  # noqa: RUF012 (Django reads it as a dict)
    search_fields = ("name",)
    fieldsets = (
        (None, {"fields": ("name", "slug", "preset", "is_open", "sort_order")}),
        (_("Stakes"), {"fields": ("base_stake", "table_fee", "min_balance")}),
        (_("Rules"), {"fields": ("pass_lock",)}),
        (_("Deadlines"), {"fields": ("role_seconds", "play_seconds", "grace_seconds")}),
    )

    @admin.display(description=_("minimum balance"))
    def minimum_balance(self, room: Room) -> int:
        return room.effective_min_balance
