from django.contrib import admin

from challenge.models import (
    Challenge,
    DailyRoom,
    DealPlay,
    Entrant,
    Rating,
    TournamentSchedule,
)


@admin.register(DailyRoom)
class DailyRoomAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("room", "active", "deals", "entry_fee", "prizes")
    list_editable = ("active", "deals", "entry_fee", "prizes")


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("day", "room", "deals", "entry_fee", "closed", "rated")
    list_filter = ("closed", "room")
    # The seeds are the cards of the day: never shown, not even to staff, while it runs.
    exclude = ("seeds",)
    readonly_fields = ("room", "day", "deals", "seats", "entry_fee", "prizes", "closed", "rated")


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("challenge", "user", "fee_paid", "place", "prize")
    raw_id_fields = ("user",)
    readonly_fields = ("challenge", "user", "fee_paid", "place", "prize")


@admin.register(DealPlay)
class DealPlayAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("challenge", "entrant", "deal", "seat", "payout", "finished")
    readonly_fields = (
        "challenge",
        "entrant",
        "deal",
        "seat",
        "table",
        "hand",
        "payout",
        "finished",
    )


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "value", "deviation", "deals")
    readonly_fields = ("user", "value", "deviation", "deals")


@admin.register(TournamentSchedule)
class TournamentScheduleAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "repeat", "weekday", "time", "active", "last_start")
    readonly_fields = ("last_start",)
