"""Tournaments (比赛场): duplicate deals played by people at tables of five.

All of a tournament's state is in these rows (and the hands they point to), so a restarted
server resumes it where the database says it stands (``tournaments.services.advance``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from game.models import Game, Hand, Room, Table


class Status(models.TextChoices):
    OPEN = "open", _("open for registration")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    CANCELLED = "cancelled", _("cancelled")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=60)
    room = models.ForeignKey(
        Room,
        verbose_name=_("rules of room"),
        on_delete=models.PROTECT,
        related_name="+",
        limit_choices_to={"game": Game.BAOHUANG},
        help_text=_("The tournament's hands are played by this room's rules and stake."),
    )
    deals = models.PositiveSmallIntegerField(
        _("deals to play"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(50)],
        help_text=_(
            "How many deals (hands of cards) every player plays; every table plays the same "
            "ones. With a single table each deal is played twice."
        ),
    )
    entry_fee = models.PositiveIntegerField(_("entry fee (beans)"), default=0)
    starts_at = models.DateTimeField(
        _("starts at"),
        null=True,
        blank=True,
        help_text=_(
            "Give a start time, or a number of players below, or both (one of the two is required)."
        ),
    )
    start_when = models.PositiveSmallIntegerField(
        _("starts when this many have registered"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Leave empty to start at the time above only."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    # Set at the start: one seed per deal (every table deals the k-th hand from seeds[k]).
    seeds = models.JSONField(_("deal seeds"), default=list, blank=True)
    tables = models.PositiveSmallIntegerField(_("tables"), default=0)
    current_round = models.PositiveSmallIntegerField(_("round being played"), default=0)
    # When every table is dealt ``current_round`` (its plays not yet dealt): the pause after
    # the last round, for its results to be seen. None once dealt.
    next_round_at = models.DateTimeField(_("next round dealt at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ("-id",)

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.starts_at is None and self.start_when is None:
            message = _("Give a start time, or the number of players at which it starts.")
            raise ValidationError({"starts_at": message, "start_when": message})
        if self.room_id is not None and self.room.game != Game.BAOHUANG:
            raise ValidationError({"room": _("Tournaments are played by Baohuang rules.")})


class PrizeShare(models.Model):
    """Place ``place`` wins ``percent`` of the entry fees paid."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="prizes"
    )
    place = models.PositiveSmallIntegerField(_("place"), validators=[MinValueValidator(1)])
    percent = models.PositiveSmallIntegerField(
        _("percent of the entry fees"), validators=[MinValueValidator(1), MaxValueValidator(100)]
    )

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ("tournament", "place")
        constraints = (
            models.UniqueConstraint(fields=("tournament", "place"), name="one_prize_per_place"),
        )

    def __str__(self) -> str:
        return f"{self.place}: {self.percent}%"


class Entry(models.Model):
    """A registered player, or a bot filling the last table (``user`` None)."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="entries"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    name = models.CharField(_("name"), max_length=150)
    is_bot = models.BooleanField(_("bot"), default=False)
    fee_paid = models.PositiveIntegerField(_("fee paid"), default=0)
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    # Seating, set at the start: the table and the place in its line-up (0-4).
    table_index = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    place_in_lineup = models.PositiveSmallIntegerField(_("line-up place"), null=True, blank=True)
    # Left the table (or was not there at the start): auto-play (托管) plays for him.
    dropped = models.BooleanField(_("played by auto-play"), default=False)
    # Set at the end: whether he took at least one decision himself (RULES §6.2: a seat the
    # server played throughout earns no prize) and his place among the people (bots: None).
    took_part = models.BooleanField(_("played a decision"), null=True, blank=True)
    final_place = models.PositiveSmallIntegerField(_("final place"), null=True, blank=True)
    prize = models.PositiveIntegerField(_("prize"), default=0)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ("tournament", "id")
        constraints = (
            models.UniqueConstraint(
                fields=("tournament", "user"),
                condition=models.Q(user__isnull=False),
                name="one_entry_per_player",
            ),
        )

    def __str__(self) -> str:
        return self.name


class TournamentTable(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="+"
    )
    index = models.PositiveSmallIntegerField(_("table number"))
    table = models.OneToOneField(
        Table, verbose_name=_("table"), on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")
        ordering = ("tournament", "index")
        constraints = (
            models.UniqueConstraint(fields=("tournament", "index"), name="one_table_per_index"),
        )

    def __str__(self) -> str:
        return f"{self.tournament_id}:{self.index}"


class Play(models.Model):
    """One table's hand of one round: which deal and copy, its rotation, its result."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="plays"
    )
    round = models.PositiveSmallIntegerField(_("round"))
    deal = models.PositiveSmallIntegerField(_("deal"))
    copy = models.PositiveSmallIntegerField(_("copy"))
    table_index = models.PositiveSmallIntegerField(_("table"))
    shift = models.PositiveSmallIntegerField(_("rotation"))
    hand = models.OneToOneField(
        Hand, verbose_name=_("hand"), on_delete=models.PROTECT, related_name="+"
    )
    # By seat, set when the hand ends: the entry ids and the payouts in beans (void: 0).
    entries = models.JSONField(_("entries by seat"), default=list)
    payouts = models.JSONField(_("payouts by seat"), default=list, blank=True)
    finished = models.BooleanField(_("finished"), default=False)

    class Meta:
        verbose_name = _("play")
        verbose_name_plural = _("plays")
        ordering = ("tournament", "round", "table_index")
        constraints = (
            models.UniqueConstraint(
                fields=("tournament", "round", "table_index"), name="one_play_per_round_table"
            ),
        )

    def __str__(self) -> str:
        return f"{self.tournament_id}: round {self.round}, table {self.table_index}"
