"""Rooms (RULES §9): the stakes, fee, rule preset and deadlines that admins set."""

from __future__ import annotations

from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


class Preset(models.TextChoices):
    """Rule presets of RULES §9.2; values match ``game.engine.rules.Rules.preset`` names."""

    STANDARD = "standard", _("Standard (普通场)")
    QUICK = "quick", _("Quick (快速场)")
    KEEP_SIX = "keep_six", _("Keep six (保六场)")


# The largest loss one hand can cost a player, in stakes: a fled open-solo emperor pays
# 32·S and the 3·S penalty (RULES §5.3, §6.3).
WORST_LOSS_IN_STAKES = 35


class Room(models.Model):
    name = models.CharField(_("name"), max_length=60, unique=True)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    preset = models.CharField(
        _("rule preset"), max_length=16, choices=Preset.choices, default=Preset.STANDARD
    )
    base_stake = models.PositiveIntegerField(
        _("base stake (底分)"), default=10, validators=[MinValueValidator(1)]
    )
    table_fee = models.PositiveIntegerField(_("table fee (桌费)"), default=2)
    min_balance = models.PositiveIntegerField(
        _("minimum balance"),
        null=True,
        blank=True,
        help_text=_("Beans needed to sit. Empty: the largest loss of one hand, 35 × stake + fee."),
    )
    pass_lock = models.BooleanField(
        _("pass-lock (过牌不准上)"),
        default=False,
        help_text=_("A player who passed may not play again in the same trick (RULES §4.7)."),
    )
    role_seconds = models.PositiveIntegerField(
        _("seconds for a role choice"), default=15, validators=[MinValueValidator(3)]
    )
    play_seconds = models.PositiveIntegerField(
        _("seconds for a play"), default=25, validators=[MinValueValidator(3)]
    )
    grace_seconds = models.PositiveIntegerField(
        _("reconnect grace period (seconds)"), default=60, validators=[MinValueValidator(5)]
    )
    is_open = models.BooleanField(_("open"), default=True)
    sort_order = models.PositiveIntegerField(_("order"), default=0)

    class Meta:
        verbose_name = _("room")
        verbose_name_plural = _("rooms")
        ordering = ("sort_order", "id")

    def __str__(self) -> str:
        return self.name

    @property
    def effective_min_balance(self) -> int:
        if self.min_balance is not None:
            return self.min_balance
        return WORST_LOSS_IN_STAKES * self.base_stake + self.table_fee


SEATS = 5


class Table(models.Model):
    """A table in a room: five seats that stay together from hand to hand."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="tables")
    created_at = models.DateTimeField(auto_now_add=True)
    current_hand = models.ForeignKey(
        "game.Hand", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    hands_played = models.PositiveIntegerField(default=0)
    # A visitor's trial table against four bots: owned by that browser session only.
    guest_session = models.CharField(max_length=64, blank=True, db_index=True)
    is_closed = models.BooleanField(default=False)
    # A private table (issue 18) is never listed; it is joined by its invite link (an
    # unguessable token) or its six-digit code, and its owner may remove players between hands.
    is_private = models.BooleanField(default=False)
    owner = models.ForeignKey(
        "accounts.User", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    invite_token = models.CharField(max_length=43, blank=True, db_index=True)
    invite_code = models.CharField(max_length=6, blank=True, db_index=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ("room", "id")

    def __str__(self) -> str:
        return f"{self.room.name} #{self.pk}"

    @property
    def is_guest(self) -> bool:
        return bool(self.guest_session)


class BotLevel(models.TextChoices):
    """How well a bot plays (issue 19; ``game.engine.bot_levels``): chosen by whoever adds it."""

    NOVICE = "novice", _("Novice")
    NORMAL = "normal", _("Normal")
    EXPERT = "expert", _("Expert")


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        "accounts.User", on_delete=models.SET_NULL, null=True, blank=True, related_name="seats"
    )
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(max_length=8, choices=BotLevel.choices, default=BotLevel.NORMAL)
    is_guest = models.BooleanField(default=False)
    ready = models.BooleanField(default=False)

    class Meta:
        ordering = ("table", "index")
        constraints = (
            models.UniqueConstraint(fields=("table", "index"), name="one_seat_per_index"),
            # A person sits in one seat at a time, site-wide: no playing both sides of a
            # table, no multi-tabling (see docs/DECISIONS.md).
            models.UniqueConstraint(
                fields=("user",), condition=models.Q(user__isnull=False), name="one_seat_per_user"
            ),
        )

    def __str__(self) -> str:
        return f"{self.table_id}:{self.index}"

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.is_bot and not self.is_guest


class ServerProcess(models.Model):
    """A running server process; its keeper refreshes ``last_seen`` every few seconds, so the
    connections of a process that died can be told from live ones."""

    name = models.CharField(max_length=64, primary_key=True)
    last_seen = models.DateTimeField()

    def __str__(self) -> str:
        return self.name


class Connection(models.Model):
    """One open table websocket of a seated player (several tabs make several rows)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="connections")
    seat = models.PositiveSmallIntegerField()
    channel_name = models.CharField(max_length=200, unique=True)
    process = models.ForeignKey(ServerProcess, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = (models.Index(fields=["table", "seat"]),)

    def __str__(self) -> str:
        return f"{self.table_id}:{self.seat} {self.channel_name}"
