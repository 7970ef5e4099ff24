"""Players: the custom user, their beans balance and title points, and the beans ledger."""

from __future__ import annotations

from typing import ClassVar

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerManager(UserManager["User"]):
    """Every account made through the manager (createsuperuser, tests, scripts) gets its
    starting beans through the ledger, so a balance always equals its ledger sum."""

    def create_user(
        self, username: str, email: str | None = None, password: str | None = None, **extra: object
    ) -> User:
        from accounts.services import grant_starting_beans

        user = super().create_user(username, email, password, **extra)
        grant_starting_beans(user=user)
        return user

    def create_superuser(
        self, username: str, email: str | None = None, password: str | None = None, **extra: object
    ) -> User:
        from accounts.services import grant_starting_beans

        user = super().create_superuser(username, email, password, **extra)
        grant_starting_beans(user=user)
        return user


class User(AbstractUser):
    """A player. The profile lives on the user row itself: one row to lock when a hand settles.

    ``beans`` is a cached total of the ledger; it is only changed by ``accounts.services``,
    in the same transaction as the ledger row that explains it.
    """

    beans = models.BigIntegerField(_("beans (星豆)"), default=0)
    emperor_points = models.PositiveIntegerField(_("emperor title points"), default=0)
    guard_points = models.PositiveIntegerField(_("guard title points"), default=0)
    rebel_points = models.PositiveIntegerField(_("rebel title points"), default=0)

    objects: ClassVar[PlayerManager] = PlayerManager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.username


class LedgerKind(models.TextChoices):
    START_GRANT = "start_grant", _("starting grant")
    HAND_RESULT = "hand_result", _("hand result")
    FEE = "fee", _("table fee")
    PENALTY = "penalty", _("fled penalty")
    REWARD = "reward", _("title reward")
    TASK = "task", _("daily task")
    ADMIN = "admin", _("admin adjustment")


class LedgerEntry(models.Model):
    """One change of one balance. Append-only: rows are never updated or deleted."""

    user = models.ForeignKey(User, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(max_length=16, choices=LedgerKind.choices)
    amount = models.BigIntegerField()
    balance_after = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    # What caused it: a hand id for hand results, fees and penalties; text for admin changes.
    hand_id = models.BigIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
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

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="tier_rewards")
    role = models.CharField(max_length=8)
    tier = models.CharField(max_length=16)
    beans = models.PositiveIntegerField()
    hand_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("user", "role", "tier"), name="one_reward_per_tier"),
        )

    def __str__(self) -> str:
        return f"{self.user_id} {self.role} {self.tier}"
