"""Admin for the record of hands: read-only (hands are written by ``game.hands`` alone),
searchable by player and room, plus "check a hand log": an uploaded or pasted log is replayed
by the engine and its settlement compared with the recorded one (disputes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts import fairplay as account_fairplay
from accounts.admin import ReadOnlyAdmin
from accounts.models import FairPlayAction, User
from display.labels import PLACE_LABELS, ROLE_LABELS
from game import engine, export, fairplay, fairplay_schedule
from game.models import Hand, HandEvent, HandSeat, PairSignal, SeatResult, Table


class ReadOnlyInline[M: Any](admin.TabularInline[M, Hand]):
    extra = 0
    can_delete = False
    max_num = 0
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class HandSeatInline(ReadOnlyInline[HandSeat]):
    model = HandSeat
    fields = ("seat", "name", "user", "is_bot")
    readonly_fields = fields


class SeatResultInline(ReadOnlyInline[SeatResult]):
    model = SeatResult
    fields = (
        "seat",
        "user",
        "role",
        "place",
        "fled",
        "payout",
        "fee",
        "penalty",
        "net",
        "title_points_before",
        "title_points_after",
        "title_before",
        "title_after",
        "reward",
    )
    readonly_fields = fields


class HandEventInline(ReadOnlyInline[HandEvent]):
    model = HandEvent
    fields = ("seq", "seat", "action", "source", "created_at")
    readonly_fields = fields
    ordering = ("seq",)


class ImportLogForm(forms.Form):
    text = forms.CharField(
        label=_("Hand log"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 14, "cols": 90}),
        help_text=_("Paste the text log (baohuang-hand 1 …) or the exported JSON."),
    )
    file = forms.FileField(label=_("or upload a file"), required=False)
    hand = forms.IntegerField(
        label=_("Compare with hand"),
        required=False,
        min_value=1,
        help_text=_("The recorded hand to compare with; a JSON export names its own hand."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            try:
                data["text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Paste a hand log or upload one."))
        return data


FIELD_LABELS = {
    "seed": _("seed"),
    "rules": _("rules"),
    "moves": _("number of moves"),
    "result": _("result"),
    "role": _("role"),
    "place": _("place"),
    "fled": _("fled"),
    "payout": _("payout"),
    "fee": _("fee"),
    "penalty": _("penalty"),
    "net": _("net"),
    "title points after": _("title points after"),
    "title after": _("title after"),
}


@dataclass(frozen=True, slots=True)
class SettlementLine:
    seat: int
    role: str
    place: str
    fled: bool
    payout: int
    fee: int
    penalty: int
    net: int


@dataclass(frozen=True, slots=True)
class ImportReport:
    error: str = ""
    kind: str = ""
    events: int = 0
    finished: bool = False
    phase: str = ""
    hand: Hand | None = None
    missing_hand: int | None = None
    differences: tuple[export.Difference, ...] = ()
    settlement: tuple[SettlementLine, ...] = ()

    @property
    def matches(self) -> bool:
        return not self.error and self.finished and self.hand is not None and not self.differences

    @property
    def difference_rows(self) -> list[tuple[str, str, str, str]]:
        """(seat, field, recorded, recomputed), with the field named for people."""
        rows = []
        for d in self.differences:
            if d.field.startswith("move "):
                label = gettext("move %(n)s") % {"n": d.field.removeprefix("move ")}
            else:
                label = str(FIELD_LABELS.get(d.field, d.field))
            rows.append(("—" if d.seat is None else str(d.seat), label, d.recorded, d.recomputed))
        return rows


def check_log(text: str, hand_id: int | None) -> ImportReport:
    """Replay ``text`` and compare it with the hand it names (or ``hand_id``)."""
    try:
        parsed = export.parse_log(text)
        state = export.fold(parsed)
    except export.LogError as error:
        return ImportReport(error=str(error))
    wanted = hand_id if hand_id is not None else parsed.hand_id
    hand = Hand.objects.filter(pk=wanted).first() if wanted is not None else None
    report = ImportReport(
        kind=parsed.kind,
        events=len(parsed.events),
        phase=state.phase.value,
        hand=hand,
        missing_hand=wanted if wanted is not None and hand is None else None,
    )
    if state.phase is not engine.Phase.FINISHED:
        return report
    settlement = engine.settle(state)
    lines = tuple(
        SettlementLine(
            seat=s.seat,
            role=str(ROLE_LABELS[s.role]),
            place=PLACE_LABELS[s.place - 1],
            fled=s.fled,
            payout=s.payout,
            fee=s.fee,
            penalty=s.penalty,
            net=s.net,
        )
        for s in settlement.seats
    )
    diffs = tuple(export.compare(hand, parsed, state)) if hand is not None else ()
    return replace(report, finished=True, differences=diffs, settlement=lines)


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin[Hand]):
    list_display = (
        "id",
        "room",
        "number",
        "status",
        "mode",
        "rebellion",
        "is_guest",
        "is_tournament",
        "players",
        "started_at",
        "finished_at",
    )
    list_filter = ("status", "is_guest", "is_tournament", "mode", "rebellion", "room")
    search_fields = ("=id", "seats__user__username", "seats__name", "room__name", "room__slug")
    date_hierarchy = "started_at"
    list_select_related = ("room",)
    readonly_fields = (
        "room",
        "table",
        "number",
        "seed",
        "rules",
        "version",
        "status",
        "is_guest",
        "is_tournament",
        "mode",
        "rebellion",
        "started_at",
        "finished_at",
        "next_deadline_at",
        "deadlines",
        "links",
    )
    fields = readonly_fields
    inlines = (HandSeatInline, SeatResultInline, HandEventInline)
    change_list_template = "admin/game/hand/change_list.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Hand]:
        return super().get_queryset(request).prefetch_related("seats")

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Hand], search_term: str
    ) -> tuple[QuerySet[Hand], bool]:
        queryset, _dupes = super().get_search_results(request, queryset, search_term)
        return queryset.distinct(), False

    @admin.display(description=_("players"))
    def players(self, obj: Hand) -> str:
        return ", ".join(s.name for s in obj.seats.all())

    @admin.display(description=_("replay and export"))
    def links(self, obj: Hand) -> str:
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">JSON</a> · <a href="{}">{}</a>',
            reverse("replay", args=[obj.pk]),
            gettext("Replay"),
            reverse("hand_export_json", args=[obj.pk]),
            reverse("hand_export_text", args=[obj.pk]),
            gettext("text log"),
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the record of hands is append-only (ledger rows point at hands)

    def get_urls(self) -> list[URLPattern]:
        extra = [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="game_hand_import",
            )
        ]
        return extra + super().get_urls()

    def import_view(self, request: HttpRequest) -> HttpResponse:
        if not request.user.is_staff or not self.has_view_permission(request):
            raise PermissionDenied
        report: ImportReport | None = None
        if request.method == "POST":
            form = ImportLogForm(request.POST, request.FILES)
            if form.is_valid():
                report = check_log(form.cleaned_data["text"], form.cleaned_data.get("hand"))
        else:
            form = ImportLogForm()
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": gettext("Check a hand log"),
            "form": form,
            "report": report,
        }
        return TemplateResponse(request, "admin/game/hand/import.html", context)


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin[Table]):
    """Tables, to look at: they are opened, joined and closed by the lobby alone."""

    list_display = (
        "id",
        "room",
        "hands_played",
        "current_hand",
        "is_private",
        "is_closed",
        "owner",
        "created_at",
    )
    list_filter = ("room", "is_private", "is_closed")
    list_select_related = ("room", "owner")
    search_fields = ("=id", "room__name", "seats__user__username", "invite_code")


# --- fair play (docs/FAIRPLAY.md) -------------------------------------------------------------


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        max_length=200,
        help_text=_("Recorded with the decision, for both players."),
    )


@admin.register(PairSignal)
class PairSignalAdmin(ReadOnlyAdmin[PairSignal]):
    """The "Fair play" page: pairs of players by score, those that stand out first, with
    their hands together (replays show all five hands) and the admin's three decisions."""

    list_display = (
        "pair",
        "shared_hands",
        "score_shown",
        "holding_back_shown",
        "gifts_shown",
        "results_shown",
        "hidden_roles_shown",
        "flagged",
    )
    list_filter = ("flagged",)
    search_fields = ("user_a__username", "user_b__username")
    list_select_related = ("user_a", "user_b")
    ordering = ("-flagged", "-score")
    fields = (*list_display, "decisions", "hands_together")
    readonly_fields = fields
    actions = ("warn_pair", "keep_pair_apart", "suspend_pair")

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        extra = {**(extra_context or {}), "last_scan": fairplay_schedule.last_scan()}
        return super().changelist_view(request, extra)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        extra = {**(extra_context or {}), "last_scan": fairplay_schedule.last_scan()}
        return super().change_view(request, object_id, form_url, extra)

    def has_decide_permission(self, request: HttpRequest) -> bool:
        """The decisions change players' accounts: for admins who may change players."""
        return bool(request.user.has_perm("accounts.change_user"))

    @admin.display(description=_("players"))
    def pair(self, obj: PairSignal) -> str:
        return f"{obj.user_a} + {obj.user_b}"

    @staticmethod
    def _one_decimal(field: str, description: Any) -> Callable[[Any, PairSignal], str]:
        """A column showing one of the pair's figures to one decimal, sortable by it."""

        @admin.display(description=description, ordering=field)
        def shown(self: Any, obj: PairSignal) -> str:
            return f"{getattr(obj, field):.1f}"

        return shown

    score_shown = _one_decimal("score", _("score"))
    holding_back_shown = _one_decimal("holding_back", _("holding back (z)"))
    gifts_shown = _one_decimal("gifts", _("gifts (z)"))
    results_shown = _one_decimal("results_z", _("results together (z)"))
    hidden_roles_shown = _one_decimal("hidden_roles", _("hidden roles (z)"))

    @admin.display(description=_("decisions taken"))
    def decisions(self, obj: PairSignal) -> str:
        rows = FairPlayAction.objects.filter(user_a=obj.user_a, user_b=obj.user_b)
        return "; ".join(
            f"{row.created_at:%Y-%m-%d} {row.get_kind_display()} ({row.created_by}): {row.reason}"
            for row in rows.select_related("created_by")
        ) or gettext("none")

    @admin.display(description=_("hands together"))
    def hands_together(self, obj: PairSignal) -> str:
        hands = fairplay.shared_hands(obj)
        if not hands:
            return gettext("none")
        return format_html_join(
            " ",
            '<a class="fairplay-hand" href="{}">#{}</a>',
            ((reverse("replay", args=[h.hand_id]), h.hand_id) for h in hands),
        )

    def _decide(
        self, request: HttpRequest, queryset: QuerySet[PairSignal], kind: str, title: str
    ) -> TemplateResponse | None:
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            assert isinstance(request.user, User)
            reason = form.cleaned_data["reason"]
            for pair in queryset.select_related("user_a", "user_b"):
                try:
                    if kind == "warn":
                        account_fairplay.warn(
                            user_a=pair.user_a, user_b=pair.user_b, reason=reason, by=request.user
                        )
                    elif kind == "keep_apart":
                        account_fairplay.keep_apart(
                            user_a=pair.user_a, user_b=pair.user_b, reason=reason, by=request.user
                        )
                    else:
                        fairplay.suspend_pair(pair=pair, reason=reason, by=request.user)
                except account_fairplay.FairPlayRefused as error:
                    self.message_user(request, str(error), messages.ERROR)
                    return None
            self.message_user(
                request, gettext("Done for %(n)d pair(s).") % {"n": len(queryset)}, messages.SUCCESS
            )
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "pairs": queryset.select_related("user_a", "user_b"),
            "form": form,
            "action": request.POST.get("action", ""),
            "opts": self.model._meta,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/game/pairsignal/decide.html", context)

    @admin.action(description=_("Warn both players"), permissions=("decide",))
    def warn_pair(
        self, request: HttpRequest, queryset: QuerySet[PairSignal]
    ) -> TemplateResponse | None:
        return self._decide(request, queryset, "warn", gettext("Warn both players"))

    @admin.action(description=_("Keep them apart in quick match"), permissions=("decide",))
    def keep_pair_apart(
        self, request: HttpRequest, queryset: QuerySet[PairSignal]
    ) -> TemplateResponse | None:
        return self._decide(request, queryset, "keep_apart", gettext("Keep them apart"))

    @admin.action(description=_("Suspend both players"), permissions=("decide",))
    def suspend_pair(
        self, request: HttpRequest, queryset: QuerySet[PairSignal]
    ) -> TemplateResponse | None:
        return self._decide(request, queryset, "suspend", gettext("Suspend both players"))


@admin.register(FairPlayAction)
class FairPlayActionAdmin(ReadOnlyAdmin[FairPlayAction]):
    """Append-only: the record of every fair-play decision and its reason."""

    list_display = ("created_at", "kind", "user_a", "user_b", "created_by", "reason")
    list_filter = ("kind",)
    search_fields = ("user_a__username", "user_b__username", "reason")
    list_select_related = ("user_a", "user_b", "created_by")
