"""Admin for players: balances and title points are visible; beans change only through the
adjustment form, which requires a reason and writes a ledger row."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.db.models import Model
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext_lazy as _

from accounts.adapters import refuse_look_alike
from accounts.ledger_words import entry_reason
from accounts.models import DailyTask, LedgerEntry, User
from accounts.services import AdjustmentRefused, adjust_beans


class AdjustBeansForm(forms.Form):
    amount = forms.IntegerField(
        label=_("Amount"),
        help_text=_(
            "Positive to add beans, negative to take them away; a balance cannot go below 0."
        ),
    )
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def clean_amount(self) -> int:
        amount: int = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError(_("An adjustment of zero changes nothing."))
        return amount


class LedgerInline(admin.TabularInline[LedgerEntry, User]):
    model = LedgerEntry
    fk_name = "user"
    extra = 0
    fields = (
        "created_at",
        "kind",
        "amount",
        "balance_after",
        "hand_id",
        "reason_in_words",
        "created_by",
    )
    readonly_fields = fields
    ordering = ("-id",)
    can_delete = False
    show_change_link = False
    max_num = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("reason"))
    def reason_in_words(self, entry: LedgerEntry) -> str:
        return entry_reason(entry)


class PlayerChangeForm(UserChangeForm):  # type: ignore[type-arg]
    """A rename is refused when the new name looks like another player's (sign-up's rule)."""

    def clean_username(self) -> str:
        username = str(self.cleaned_data["username"])
        refuse_look_alike(username, exclude_pk=self.instance.pk)
        return username


class PlayerCreationForm(AdminUserCreationForm):  # type: ignore[type-arg]
    def clean_username(self) -> str:
        username = str(super().clean_username())
        refuse_look_alike(username)
        return username


@admin.register(User)
class PlayerAdmin(UserAdmin):  # type: ignore[type-arg]
    form = PlayerChangeForm
    add_form = PlayerCreationForm
    list_display = (
        "username",
        "email",
        "beans",
        "emperor_points",
        "guard_points",
        "rebel_points",
        "is_staff",
        "date_joined",
    )
    readonly_fields = ("beans", "lifetime_stake_units", "last_login", "date_joined")
    fieldsets = (
        *UserAdmin.fieldsets,  # type: ignore[misc]
        (
            _("Game"),
            {
                "fields": (
                    "beans",
                    "emperor_points",
                    "guard_points",
                    "rebel_points",
                    "lifetime_stake_units",
                )
            },
        ),
    )
    inlines = (LedgerInline,)
    change_form_template = "admin/accounts/user/change_form.html"

    def get_inlines(self, request: HttpRequest, obj: Any = None) -> Any:
        # A new player has no ledger yet; showing the inline on the add page only adds a
        # formset the add form would have to carry.
        return self.inlines if obj is not None else ()

    def get_urls(self) -> list[URLPattern]:
        extra = [
            path(
                "<int:user_id>/adjust-beans/",
                self.admin_site.admin_view(self.adjust_beans_view),
                name="accounts_user_adjust_beans",
            )
        ]
        return extra + super().get_urls()

    def adjust_beans_view(self, request: HttpRequest, user_id: int) -> HttpResponse:
        player = get_object_or_404(User, pk=user_id)
        if not self.has_change_permission(request, player):
            return HttpResponse(status=403)
        form = AdjustBeansForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            assert isinstance(request.user, User)
            try:
                entry = adjust_beans(
                    user=player,
                    amount=form.cleaned_data["amount"],
                    reason=form.cleaned_data["reason"],
                    by=request.user,
                )
            except AdjustmentRefused as refused:
                form.add_error("amount", refused.message)
                player.refresh_from_db(fields=["beans"])
            else:
                messages.success(
                    request,
                    _("Balance adjusted by %(amount)+d: the new balance is %(balance)s beans.")
                    % {"amount": entry.amount, "balance": entry.balance_after},
                )
                return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[player.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Adjust beans of %(name)s") % {"name": player.username},
            "player": player,
            "form": form,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/accounts/user/adjust_beans.html", context)


class ReadOnlyAdmin[M: Model](admin.ModelAdmin[M]):
    """Rows nobody edits or deletes through the admin, staff included."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin[LedgerEntry]):
    """Append-only: the ledger is evidence."""

    list_display = (
        "created_at",
        "user",
        "kind",
        "amount",
        "balance_after",
        "hand_id",
        "reason_in_words",
    )
    list_filter = ("kind",)
    search_fields = ("user__username", "reason")
    list_select_related = ("user",)
    fields = (
        "created_at",
        "user",
        "kind",
        "amount",
        "balance_after",
        "hand_id",
        "reason_in_words",
        "created_by",
    )
    readonly_fields = fields

    @admin.display(description=_("reason"))
    def reason_in_words(self, entry: LedgerEntry) -> str:
        return entry_reason(entry)


@admin.register(DailyTask)
class DailyTaskAdmin(ReadOnlyAdmin[DailyTask]):
    """Read-only: task progress is written by the settling transaction alone."""

    list_display = ("day", "user", "task", "progress", "completed")
    list_filter = ("day", "task")
    search_fields = ("user__username",)
    list_select_related = ("user",)
