from __future__ import annotations

from django.contrib import admin

from game.models import Room


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin[Room]):
    list_display = (
        "name",
        "preset",
        "base_stake",
        "table_fee",
        "effective_min_balance",
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
        ("Stakes", {"fields": ("base_stake", "table_fee", "min_balance")}),
        ("Rules", {"fields": ("pass_lock",)}),
        ("Deadlines", {"fields": ("role_seconds", "play_seconds", "grace_seconds")}),
    )
