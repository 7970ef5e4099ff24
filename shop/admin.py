"""Admin for props: prices and periods are edited on the catalogue; a prop is granted through
the record's add form, which requires a reason and writes the grant row (shop.services)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from accounts.models import User
from shop import services
from shop.models import Holding, Prop, PropHow, PropKind, PropRecord


@admin.register(Prop)
class PropAdmin(admin.ModelAdmin[Prop]):
    list_display = ("kind", "price", "period_days", "on_sale")
    list_editable = ("price", "period_days", "on_sale")
    readonly_fields = ("kind",)

    # The kinds are RULES §12's: one row each, made by the migration.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Holding)
class HoldingAdmin(admin.ModelAdmin[Holding]):
    list_display = ("user", "kind", "runs_from", "runs_until", "uses")
    list_filter = ("kind",)
    search_fields = ("user__username",)
    readonly_fields = ("user", "kind", "runs_from", "runs_until", "uses")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class GrantForm(forms.ModelForm[PropRecord]):
    """An admin's grant: the player, the prop, and why."""

    class Meta:
        model = PropRecord
        fields = ("user", "kind", "reason")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "kind" not in self.fields:
            return  # a record's own page: every field is read-only (append-only)
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = PropKind.choices
        self.fields["reason"].required = True


@admin.register(PropRecord)
class PropRecordAdmin(admin.ModelAdmin[PropRecord]):
    """Purchases, grants and uses: read-only; "add" grants a prop."""

    list_display = ("created_at", "user", "kind", "how", "price", "days", "uses", "reason")
    list_filter = ("how", "kind")
    search_fields = ("user__username", "reason")
    form = GrantForm
    readonly_fields = (
        "how",
        "price",
        "days",
        "uses",
        "score_before",
        "ledger_entry",
        "created_by",
        "created_at",
    )

    def get_fields(self, request: HttpRequest, obj: PropRecord | None = None) -> Any:
        if obj is None:
            return ("user", "kind", "reason")
        return ("user", "kind", *self.readonly_fields, "reason")

    def get_readonly_fields(self, request: HttpRequest, obj: PropRecord | None = None) -> Any:
        if obj is None:
            return ()
        return ("user", "kind", "reason", *self.readonly_fields)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: PropRecord, form: Any, change: bool) -> None:
        if change:
            return  # append-only: a record is never edited
        assert isinstance(request.user, User)
        made = services.grant(user=obj.user, kind=obj.kind, reason=obj.reason, by=request.user)
        obj.pk = made.pk
        obj.how = PropHow.GRANT
