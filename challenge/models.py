"""The daily challenge (每日比赛): each marked room deals K fresh deals a day; every entrant
plays them alone against bots, and each result is scored against everyone else's on the same
cards in the same seat. And the duplicate rating that every challenge and tournament deal
moves, and the schedules of recurring tournaments.

Everything is in these rows and the hands they point to: a restarted server carries on from
what the database says (``challenge.services.advance``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from game.models import Hand, Room, Table
from tournaments.models import Tournament


def parse_prizes(text: str) -> list[int]:
    """ "50,30,20" → [50, 30, 20]: percents of the entry fees for places 1, 2, 3."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    try:
        percents = [int(p) for p in parts]
    except ValueError:
        raise ValidationError(_("Write the prizes as percents separated by commas.")) from None
    if any(p < 1 or p > 100 for p in percents) or sum(percents) > 100:
        raise ValidationError(_("Each prize is 1–100 % and together at most 100 %."))
    return percents


def _check_prizes(text: str) -> None:
    parse_prizes(text)


class DailyRoom(models.Model):
    """A room marked for the daily challenge: at midnight it gets the day's challenge."""

    room = models.OneToOneField(
        Room, verbose_name=_("room"), on_delete=models.CASCADE, related_name="+"
    )
    active = models.BooleanField(_("deals a challenge every day"), default=True)
    deals = models.PositiveSmallIntegerField(
        _("deals a day"), default=8, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    entry_fee = models.PositiveIntegerField(_("entry fee (beans)"), default=0)
    prizes = models.CharField(
        _("prizes"),
        max_length=60,
        blank=True,
        validators=[_check_prizes],
        help_text=_("Percent of the entry fees for place 1, 2, … separated by commas: 50,30,20"),
    )

    class Meta:
        verbose_name = _("daily challenge room")
        verbose_name_plural = _("daily challenge rooms")
        ordering = ("room__sort_order", "id")

    def __str__(self) -> str:
        return str(self.room)


class Challenge(models.Model):
    """One room's challenge of one day (in ``BAOHUANG_DAILY_TIME_ZONE``)."""

    room = models.ForeignKey(
        Room, verbose_name=_("room"), on_delete=models.PROTECT, related_name="+"
    )
    day = models.DateField(_("day"))
    deals = models.PositiveSmallIntegerField(_("deals"))
    # One seed per deal, and the seat every entrant holds in it (challenge.seating).
    seeds = models.JSONField(_("deal seeds"), default=list)
    seats = models.JSONField(_("seat by deal"), default=list)
    entry_fee = models.PositiveIntegerField(_("entry fee (beans)"), default=0)
    prizes = models.JSONField(_("prize percents by place"), default=list, blank=True)
    # The day is over and every deal begun was finished: places final, prizes paid.
    closed = models.BooleanField(_("closed"), default=False)
    # Its deals have moved the ratings (once, after it closed).
    rated = models.BooleanField(_("rated"), default=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("daily challenge")
        verbose_name_plural = _("daily challenges")
        ordering = ("-day", "room__sort_order")
        constraints = (
            models.UniqueConstraint(fields=("room", "day"), name="one_challenge_per_room_day"),
        )

    def __str__(self) -> str:
        return f"{self.room} {self.day}"


class Entrant(models.Model):
    challenge = models.ForeignKey(
        Challenge, verbose_name=_("challenge"), on_delete=models.CASCADE, related_name="entrants"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    fee_paid = models.PositiveIntegerField(_("fee paid"), default=0)
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    place = models.PositiveSmallIntegerField(_("final place"), null=True, blank=True)
    prize = models.PositiveIntegerField(_("prize"), default=0)

    class Meta:
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        ordering = ("challenge", "id")
        constraints = (
            models.UniqueConstraint(fields=("challenge", "user"), name="one_entry_per_challenge"),
        )

    def __str__(self) -> str:
        return f"{self.challenge}: {self.user_id}"


class DealPlay(models.Model):
    """One entrant's play of one deal, at a table of his own."""

    challenge = models.ForeignKey(
        Challenge, verbose_name=_("challenge"), on_delete=models.CASCADE, related_name="plays"
    )
    entrant = models.ForeignKey(
        Entrant, verbose_name=_("entrant"), on_delete=models.CASCADE, related_name="plays"
    )
    deal = models.PositiveSmallIntegerField(_("deal"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.SET_NULL, null=True, related_name="+"
    )
    hand = models.OneToOneField(
        Hand, verbose_name=_("hand"), on_delete=models.PROTECT, related_name="+"
    )
    payout = models.IntegerField(_("payout (beans)"), null=True, blank=True)
    finished = models.BooleanField(_("finished"), default=False)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("deal played")
        verbose_name_plural = _("deals played")
        ordering = ("challenge", "deal", "id")
        constraints = (
            models.UniqueConstraint(fields=("entrant", "deal"), name="one_play_per_entrant_deal"),
        )
        indexes = (models.Index(fields=("challenge", "deal", "finished")),)

    def __str__(self) -> str:
        return f"{self.challenge}: deal {self.deal + 1} of {self.entrant_id}"


class Rating(models.Model):
    """A player's duplicate rating (docs/RULES-DECISIONS.md, "Duplicate rating"): an
    estimate and its uncertainty (the deviation), moved by every rated deal."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    value = models.FloatField(_("rating"), default=1500.0)
    deviation = models.FloatField(_("deviation"), default=350.0)
    deals = models.PositiveIntegerField(_("rated deals"), default=0)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("duplicate rating")
        verbose_name_plural = _("duplicate ratings")
        ordering = ("-value",)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.value:.0f} ± {2 * self.deviation:.0f}"


class RatedTournament(models.Model):
    """A finished tournament whose deals have moved the ratings (once)."""

    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="+"
    )
    rated_at = models.DateTimeField(_("rated at"), auto_now_add=True)

    class Meta:
        verbose_name = _("rated tournament")
        verbose_name_plural = _("rated tournaments")

    def __str__(self) -> str:
        return str(self.tournament_id)


class Repeat(models.TextChoices):
    DAILY = "daily", _("every day")
    WEEKLY = "weekly", _("every week")


class TournamentSchedule(models.Model):
    """A recurring tournament: the keeper creates each occurrence from ``template`` (its
    room, deals, fee and prizes), open for registration, starting at the scheduled time."""

    name = models.CharField(_("name"), max_length=60)
    template = models.ForeignKey(
        Tournament,
        verbose_name=_("copy the settings of"),
        on_delete=models.PROTECT,
        related_name="+",
        help_text=_("Each occurrence has this tournament's rules, deals, entry fee and prizes."),
    )
    repeat = models.CharField(_("repeats"), max_length=8, choices=Repeat.choices)
    time = models.TimeField(_("starts at (site time)"))
    weekday = models.PositiveSmallIntegerField(
        _("weekday (weekly)"),
        null=True,
        blank=True,
        choices=[
            (i, d)
            for i, d in enumerate(
                (
                    _("Monday"),
                    _("Tuesday"),
                    _("Wednesday"),
                    _("Thursday"),
                    _("Friday"),
                    _("Saturday"),
                    _("Sunday"),
                )
            )
        ],
    )
    # Opened for registration this long before it starts.
    open_hours = models.PositiveSmallIntegerField(
        _("open for registration (hours before)"), default=24
    )
    active = models.BooleanField(_("active"), default=True)
    last_start = models.DateTimeField(_("last occurrence starts at"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament schedule")
        verbose_name_plural = _("tournament schedules")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.repeat == Repeat.WEEKLY and self.weekday is None:
            raise ValidationError({"weekday": _("A weekly tournament needs its weekday.")})


class Occurrence(models.Model):
    schedule = models.ForeignKey(
        TournamentSchedule, verbose_name=_("schedule"), on_delete=models.CASCADE, related_name="+"
    )
    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="+"
    )
    starts_at = models.DateTimeField(_("starts at"))

    class Meta:
        verbose_name = _("occurrence")
        verbose_name_plural = _("occurrences")
        constraints = (
            models.UniqueConstraint(
                fields=("schedule", "starts_at"), name="one_occurrence_per_time"
            ),
        )

    def __str__(self) -> str:
        return f"{self.schedule_id}: {self.starts_at:%Y-%m-%d %H:%M}"
