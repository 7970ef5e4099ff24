"""Admin: create a tournament (rules of a room, deals, fee, prize split, start), start or
cancel it (a cancel refunds every fee), see its entries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.models import Entry, PrizeShare, Tournament


class PrizeShareFormSet(BaseInlineFormSet):  # type: ignore[type-arg]
    def clean(self) -> None:
        super().clean()
        total = sum(
            form.cleaned_data.get("percent") or 0
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        )
        if total > 100:
            raise ValidationError(
                _("The prizes add up to %(total)s%% of the fees; at most 100%% can be paid.")
                % {"total": total}
            )


class PrizeShareInline(admin.TabularInline):  # type: ignore[type-arg]
    model = PrizeShare
    formset = PrizeShareFormSet
    extra = 3


class EntryInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Entry
    extra = 0
    can_delete = False
    fields = (
        "name",
        "is_bot",
        "fee_paid",
        "table_index",
        "dropped",
        "took_part",
        "final_place",
        "prize",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


# What the admin sets; the rest is the tournament's own bookkeeping (its seeds are secret
# until played, RULES §3.4), shown read-only once it started.
TERMS = ("name", "room", "deals", "entry_fee", "starts_at", "start_when")
PROGRESS = ("status", "started_at", "finished_at")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "room", "deals", "entry_fee", "starts_at", "start_when", "status")
    list_filter = ("status",)
    inlines = (PrizeShareInline, EntryInline)
    readonly_fields = PROGRESS
    actions = ("start_now", "cancel_and_refund")

    def get_fields(self, request: HttpRequest, obj: Tournament | None = None):  # type: ignore[no-untyped-def]
        return TERMS if obj is None else TERMS + PROGRESS

    def get_form(  # type: ignore[no-untyped-def]
        self,
        request: HttpRequest,
        obj: Tournament | None = None,
        change: bool = False,
        **kwargs: Any,
    ):
        form = super().get_form(request, obj, change, **kwargs)
        field = form.base_fields.get("starts_at")
        if field is not None:
            # Django's own note compares the browser's clock with the server's; this says
            # which zone the time is read in, in the admin's language.
            field.help_text = _(
                "Give a start time, or a number of players below, or both (one of the two "
                "is required). The time is in the site's time zone, %(zone)s."
            ) % {"zone": timezone.get_current_timezone_name()}
        return form

    def get_readonly_fields(self, request: HttpRequest, obj: Tournament | None = None):  # type: ignore[no-untyped-def]
        fields = tuple(self.readonly_fields)
        if obj is not None and obj.status != "open":
            # Started or over: its terms are what the players registered for.
            fields += TERMS
        return fields

    @admin.action(description=gettext_lazy("Start now"))
    def start_now(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        self._each(request, queryset, services.start)

    @admin.action(description=gettext_lazy("Cancel and refund the fees"))
    def cancel_and_refund(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        self._each(request, queryset, services.cancel)

    def _each(
        self, request: HttpRequest, queryset: QuerySet[Tournament], act: Callable[..., None]
    ) -> None:
        """``act`` on each tournament chosen; each refusal is listed, the others go on."""
        for tournament in queryset:
            try:
                act(tournament_id=tournament.pk)
            except services.TournamentRefused as refusal:
                self.message_user(request, f"{tournament}: {refusal.message}", messages.ERROR)
