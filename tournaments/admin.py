"""Admin: create a tournament (rules of a room, deals, fee, prize split, start), start or
cancel it (a cancel refunds every fee), see its entries."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
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
    fields = ("name", "is_bot", "fee_paid", "table_index", "dropped", "final_place", "prize")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "room", "deals", "entry_fee", "starts_at", "start_when", "status")
    list_filter = ("status",)
    inlines = (PrizeShareInline, EntryInline)
    readonly_fields = ("status", "tables", "current_round", "started_at", "finished_at")
    exclude = ("seeds",)  # the deals' seeds are secret until played (RULES §3.4)
    actions = ("start_now", "cancel_and_refund")

    def get_readonly_fields(self, request: HttpRequest, obj: Tournament | None = None):  # type: ignore[no-untyped-def]
        fields = tuple(self.readonly_fields)
        if obj is not None and obj.status != "open":
            # Started or over: its terms are what the players registered for.
            fields += ("name", "room", "deals", "entry_fee", "starts_at", "start_when")
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
