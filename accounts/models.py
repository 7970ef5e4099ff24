"""Players: the custom user, their beans balance and title points, and the beans ledger."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.usernames import username_key


class User(AbstractUser):
    """A player. The profile lives on the user row itself: one row to lock when a hand settles.

    ``beans`` is a cached total of the ledger; it is only changed by ``accounts.services``,
    in the same transaction as the ledger row that explains it.
    """

    beans = models.BigIntegerField(_("beans (星豆)"), default=0)
    emperor_points = models.PositiveIntegerField(_("emperor title points"), default=0)
    guard_points = models.PositiveIntegerField(_("guard title points"), default=0)
    rebel_points = models.PositiveIntegerField(_("rebel title points"), default=0)
    # Lifetime Red Ten points (file 003 §10 military ladder); may fall below zero.
    redten_points = models.IntegerField(_("Red Ten points"), default=0)
    # RULES §7.7: the sum of payout ÷ S over every hand played (may be negative; the level
    # counts a negative total as 0). Updated once per hand by ``accounts.hand_results``.
    lifetime_stake_units = models.DecimalField(
        _("lifetime result in stake units"),
        max_digits=16,
        decimal_places=2,
        default=Decimal(0),
    )
    # Suspended for a fair-play breach (docs/FAIRPLAY.md): also inactive, so every session
    # and socket stops at once; sign-in says why (accounts.adapters).
    suspended = models.BooleanField(_("suspended (fair play)"), default=False)
    # An admin's fair-play warning not yet shown: the next page says it once
    # (accounts.middleware).
    fairplay_warning = models.BooleanField(_("fair-play warning to show"), default=False)
    # The username as compared for look-alikes (accounts.usernames): kept with the name on
    # every save, so a new name is refused when any account's key is the same.
    username_key = models.CharField(
        _("username as compared"), max_length=600, db_index=True, editable=False, default=""
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        # The leaderboards sort by these.
        indexes = (
            models.Index(fields=["-emperor_points", "id"], name="user_emperor_board"),
            models.Index(fields=["-guard_points", "id"], name="user_guard_board"),
            models.Index(fields=["-rebel_points", "id"], name="user_rebel_board"),
            models.Index(fields=["-beans", "id"], name="user_beans_board"),
        )

    def __str__(self) -> str:
        return self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Derived from the name, never set apart from it: whatever path saves a name
        # (sign-up, the admin, createsuperuser, a script) stores its key with it.
        self.username_key = username_key(self.username)
        fields = kwargs.get("update_fields")
        if fields is not None and "username" in fields:
            kwargs["update_fields"] = {*fields, "username_key"}
        super().save(*args, **kwargs)


class LedgerKind(models.TextChoices):
    START_GRANT = "start_grant", _("starting grant")
    HAND_RESULT = "hand_result", _("hand result")
    FEE = "fee", _("table fee")
    PENALTY = "penalty", _("fled penalty")
    REWARD = "reward", _("title reward")
    TASK = "task", _("daily task")
    ADMIN = "admin", _("admin adjustment")
    # A tournament's entry fee, its refund and its prizes (the reason names the tournament).
    TOURNAMENT = "tournament", _("tournament")
    # A prop bought in the shop (RULES §12.1; the reason names the prop).
    PROP = "prop", _("prop (道具)")


class LedgerEntry(models.Model):
    """One change of one balance. Append-only: rows are never updated or deleted."""

    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.PROTECT, related_name="ledger"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=LedgerKind.choices)
    amount = models.BigIntegerField(_("amount"))
    balance_after = models.BigIntegerField(_("balance after"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    # What caused it: a hand id for hand results, fees and penalties; text for admin changes.
    hand_id = models.BigIntegerField(_("hand number"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        User,
        verbose_name=_("changed by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        ordering = ("-id",)
        indexes = (models.Index(fields=["user", "-id"]),)

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind} {self.amount:+d} → {self.balance_after}"


class TierReward(models.Model):
    """A tier-up reward already paid (RULES §7.5): at most one per user, role and tier."""

    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="tier_rewards"
    )
    role = models.CharField(_("role"), max_length=8)
    tier = models.CharField(_("title"), max_length=16)
    beans = models.PositiveIntegerField(_("beans"))
    hand_id = models.BigIntegerField(_("hand number"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("title reward paid")
        verbose_name_plural = _("title rewards paid")
        constraints = (
            models.UniqueConstraint(fields=("user", "role", "tier"), name="one_reward_per_tier"),
        )

    def __str__(self) -> str:
        return f"{self.user_id} {self.role} {self.tier}"


class RoleRecord(models.Model):
    """A player's hands, wins and draws in one role (for win rates); one row per user and role,
    updated in the settling transaction of every hand."""

    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="role_records"
    )
    role = models.CharField(_("role"), max_length=8)
    hands = models.PositiveIntegerField(_("hands played"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    draws = models.PositiveIntegerField(_("draws"), default=0)

    class Meta:
        verbose_name = _("role record")
        verbose_name_plural = _("role records")
        constraints = (
            models.UniqueConstraint(fields=("user", "role"), name="one_record_per_role"),
        )

    def __str__(self) -> str:
        return f"{self.user_id} {self.role} {self.wins}/{self.hands}"


class DailyTask(models.Model):
    """One player's progress on one daily task on one local day (RULES §7.5).

    ``progress`` counts towards the task's target and starts over after each completion;
    ``completed`` is how often the task was completed (and paid) that day. A new day is a new
    row, so the reset at local midnight needs no job.
    """

    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="daily_tasks"
    )
    day = models.DateField(_("day"))
    task = models.CharField(_("task"), max_length=16)
    progress = models.PositiveSmallIntegerField(_("progress"), default=0)
    completed = models.PositiveSmallIntegerField(_("completions"), default=0)

    class Meta:
        verbose_name = _("daily task")
        verbose_name_plural = _("daily tasks")
        constraints = (
            models.UniqueConstraint(fields=("user", "day", "task"), name="one_task_row_per_day"),
        )

    def __str__(self) -> str:
        return f"{self.user_id} {self.day} {self.task} {self.progress} ({self.completed}×)"


class PlayerPair(models.Model):
    """Two players, stored once per pair: the lower id is ``user_a`` (``in_order``)."""

    user_a = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    user_b = models.ForeignKey(
        User, verbose_name=_("other player"), on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.user_a_id}+{self.user_b_id}"

    @staticmethod
    def in_order(unique: str, ordered: str) -> tuple[models.BaseConstraint, ...]:
        """One row per pair, the lower id first: the constraints named ``unique``, ``ordered``."""
        return (
            models.UniqueConstraint(fields=("user_a", "user_b"), name=unique),
            models.CheckConstraint(condition=models.Q(user_a__lt=models.F("user_b")), name=ordered),
        )


class FairPlayKind(models.TextChoices):
    WARN = "warn", _("warning")
    KEEP_APART = "keep_apart", _("kept apart in quick match")
    SUSPEND = "suspend", _("suspension")


class FairPlayAction(models.Model):
    """An admin's fair-play decision about a pair of players (docs/FAIRPLAY.md), with the
    reason it was taken. Append-only, like the ledger: it is the record of who did what."""

    kind = models.CharField(_("kind"), max_length=12, choices=FairPlayKind.choices)
    user_a = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    user_b = models.ForeignKey(
        User, verbose_name=_("other player"), on_delete=models.PROTECT, related_name="+"
    )
    reason = models.CharField(_("reason"), max_length=200)
    created_by = models.ForeignKey(
        User, verbose_name=_("taken by"), on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("taken at"), auto_now_add=True)

    class Meta:
        verbose_name = _("fair-play action")
        verbose_name_plural = _("fair-play actions")
        ordering = ("-id",)

    def __str__(self) -> str:
        return f"{self.kind} {self.user_a_id}+{self.user_b_id}"


class KeptApart(PlayerPair):
    """Two players quick match must not seat at one table (``selectors.kept_apart``)."""

    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        verbose_name = _("pair kept apart")
        verbose_name_plural = _("pairs kept apart")
        constraints = PlayerPair.in_order("one_row_per_kept_pair", "kept_pair_in_order")
