"""Props (道具, RULES §12): the catalogue admins price, what each player holds, and the record
of every purchase, grant and use."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PropKind(models.TextChoices):
    """The props RULES §12 defines; what each does is fixed there, only prices and periods
    are the admins' to set."""

    FLASH = "flash", _("Flash (闪光)")
    RIPPLE = "ripple", _("Ripple (华纹)")
    CLEAR_NEGATIVE = "clear_negative", _("Clear negative score (负分清零)")
    DOUBLE_SCORE = "double_score", _("Double-score card (双倍积分卡)")


# Props that run for a period from their purchase; the others are used once each.
TIMED = frozenset({PropKind.FLASH, PropKind.RIPPLE, PropKind.DOUBLE_SCORE})
# The play effects (RULES §12.2): a CSS class on every set the owner plays.
EFFECTS = (PropKind.FLASH, PropKind.RIPPLE)
# The catalogue a new site starts with (kind, price in beans, period in days); admins change
# prices and periods in Django admin.
DEFAULT_CATALOGUE = (
    (PropKind.FLASH, 1000, 7),
    (PropKind.RIPPLE, 1000, 7),
    (PropKind.CLEAR_NEGATIVE, 3000, 1),
    (PropKind.DOUBLE_SCORE, 2000, 1),
)


class Prop(models.Model):
    """One prop on sale: one row per kind (the migration makes them), priced by admins."""

    kind = models.CharField(_("prop"), max_length=16, choices=PropKind.choices, unique=True)
    price = models.PositiveIntegerField(_("price (beans)"))
    period_days = models.PositiveSmallIntegerField(
        _("period (days)"),
        default=7,
        help_text=_("How long one purchase runs (timed props only; a one-use prop ignores it)."),
    )
    on_sale = models.BooleanField(_("on sale"), default=True)

    class Meta:
        verbose_name = _("prop")
        verbose_name_plural = _("props")
        ordering = ("id",)
        constraints = (
            models.CheckConstraint(condition=models.Q(period_days__gte=1), name="prop_period_1"),
        )

    def __str__(self) -> str:
        return str(self.get_kind_display())

    @property
    def is_timed(self) -> bool:
        return self.kind in TIMED


class Holding(models.Model):
    """What one player holds of one prop: a timed prop's end, a one-use prop's count. One row
    per player and prop; its lock orders every purchase, grant and use of it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="holdings",
    )
    kind = models.CharField(_("prop"), max_length=16, choices=PropKind.choices)
    runs_from = models.DateTimeField(_("runs from"), null=True, blank=True)
    runs_until = models.DateTimeField(_("runs until"), null=True, blank=True)
    uses = models.PositiveIntegerField(_("uses left"), default=0)

    class Meta:
        verbose_name = _("prop held")
        verbose_name_plural = _("props held")
        constraints = (
            models.UniqueConstraint(fields=("user", "kind"), name="one_holding_per_prop"),
        )
        indexes = (models.Index(fields=["user", "runs_until"], name="holding_running"),)

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}"


class PropHow(models.TextChoices):
    BUY = "buy", _("bought")
    GRANT = "grant", _("granted by an admin")
    USE = "use", _("used")


class PropRecord(models.Model):
    """One purchase, grant or use of a prop. Append-only, like the ledger: a purchase's beans
    are its ledger row (``ledger_entry``), a grant names its admin and reason."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="prop_records",
    )
    kind = models.CharField(_("prop"), max_length=16, choices=PropKind.choices)
    how = models.CharField(_("how"), max_length=8, choices=PropHow.choices)
    price = models.PositiveIntegerField(_("price paid (beans)"), default=0)
    days = models.PositiveSmallIntegerField(_("days added"), default=0)
    uses = models.IntegerField(_("uses added"), default=0)
    # A use of 负分清零: the general score it cleared (RULES §12.3).
    score_before = models.DecimalField(
        _("general score before"), max_digits=16, decimal_places=2, null=True, blank=True
    )
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    ledger_entry = models.OneToOneField(
        "accounts.LedgerEntry",
        verbose_name=_("ledger row"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("granted by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("prop record")
        verbose_name_plural = _("prop records")
        ordering = ("-id",)

    def __str__(self) -> str:
        return f"{self.user_id} {self.how} {self.kind}"
