"""The record of every hand: the event log is the truth, everything else is derived.

A ``Hand`` row holds what is needed to rebuild the hand (seed, rules) and the concurrency
guard (``version``, locked on every write); ``HandEvent`` rows are the append-only log of
accepted actions; ``SeatResult`` rows are the settlement, written once in the transaction
that ends the hand.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from lobby.models import BotLevel


class HandStatus(models.TextChoices):
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class Hand(models.Model):
    table = models.ForeignKey(
        "lobby.Table", on_delete=models.CASCADE, related_name="hands", null=True, blank=True
    )
    room = models.ForeignKey("lobby.Room", on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveIntegerField(default=1, help_text=_("The table's n-th hand."))
    seed = models.BigIntegerField()
    rules = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=HandStatus.choices, default=HandStatus.RUNNING)
    is_guest = models.BooleanField(
        default=False, help_text=_("A visitor's trial hand: no beans, no titles.")
    )
    # Public outcome, copied from the engine when the hand ends (for lists and filters).
    mode = models.CharField(max_length=12, blank=True)
    rebellion = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When the next automatic action is due (a bot's move, an auto-played or overdue
    # player); the deadline keeper polls this column.
    next_deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # Per-seat deadlines as ISO strings (None: that seat owes no decision now): when the
    # server acts for the seat. For a bot or an auto-played seat that is a random delay,
    # which is never shown (it would say something about the seat's cards).
    deadlines = models.JSONField(default=list)
    # Per-seat decision clocks as ISO strings: when the decision owed now became owed, plus
    # the room's seconds for it. The only countdown any page shows; set once per decision,
    # so neither a reconnect nor a bot's pace moves it (issue 13, F4 and the timing leak).
    clocks = models.JSONField(default=list)
    # Per seat, since when the player has had no open connection (ISO string), or None.
    # Away players are played by auto-play; past the room's grace period they have fled
    # (RULES §6.3). Public: everyone at the table sees who is disconnected.
    away = models.JSONField(default=list)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ("-id",)
        indexes = (models.Index(fields=["status", "next_deadline_at"]),)

    def __str__(self) -> str:
        return f"hand {self.pk} ({self.status})"


class HandSeat(models.Model):
    """Who sat where for one hand (people, bots or a guest)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hand_seats",
    )
    is_bot = models.BooleanField(default=False)
    # The bot's level (issue 19); "normal" for people, where it means nothing.
    bot_level = models.CharField(max_length=8, choices=BotLevel.choices, default=BotLevel.NORMAL)
    name = models.CharField(max_length=150)

    class Meta:
        ordering = ("hand", "seat")
        constraints = (
            models.UniqueConstraint(fields=("hand", "seat"), name="one_player_per_hand_seat"),
        )

    def __str__(self) -> str:
        return f"{self.hand_id}:{self.seat} {self.name}"


class EventSource(models.TextChoices):
    PLAYER = "player", _("player")
    BOT = "bot", _("bot")
    AUTO = "auto", _("auto-play")
    TIMEOUT = "timeout", _("deadline passed")
    DISCONNECT = "disconnect", _("disconnected")
    SYSTEM = "system", _("system")


class HandEvent(models.Model):
    """One accepted action. Append-only: the log is the truth from which states are rebuilt."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=200)
    version = models.PositiveIntegerField(help_text=_("The hand's version after this event."))
    source = models.CharField(max_length=12, choices=EventSource.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("hand", "seq")
        constraints = (models.UniqueConstraint(fields=("hand", "seq"), name="one_event_per_seq"),)

    def __str__(self) -> str:
        return f"{self.hand_id}#{self.seq} seat {self.seat}: {self.action}"

    @property
    def is_auto(self) -> bool:
        return self.source != EventSource.PLAYER


class SeatResult(models.Model):
    """The settlement of one seat (RULES §5, §6.3) and its title change (§7)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hand_results",
    )
    role = models.CharField(max_length=8)
    place = models.PositiveSmallIntegerField()
    fled = models.BooleanField(default=False)
    payout = models.IntegerField()
    fee = models.IntegerField(default=0)
    penalty = models.IntegerField(default=0)
    net = models.IntegerField()
    title_points_before = models.IntegerField(null=True, blank=True)
    title_points_after = models.IntegerField(null=True, blank=True)
    title_before = models.CharField(max_length=16, blank=True)
    title_after = models.CharField(max_length=16, blank=True)
    reward = models.IntegerField(default=0)

    class Meta:
        ordering = ("hand", "seat")
        constraints = (
            models.UniqueConstraint(fields=("hand", "seat"), name="one_result_per_hand_seat"),
        )

    def __str__(self) -> str:
        return f"{self.hand_id}:{self.seat} {self.role} {self.net:+d}"


class HandMark(models.Model):
    """One private identity mark (RULES §8.2): ``seat``'s guess about ``target``.

    Kept outside the event log on purpose: a mark changes nothing anybody else sees, so it
    must not move the hand's version (which would make other players' actions stale and tell
    every viewer that somebody marked) nor leave gaps in the public log (issue 13, F3).
    """

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="marks")
    seat = models.PositiveSmallIntegerField()
    target = models.PositiveSmallIntegerField()
    guess = models.CharField(max_length=8)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("hand", "seat", "target")
        constraints = (
            models.UniqueConstraint(fields=("hand", "seat", "target"), name="one_mark_per_target"),
        )

    def __str__(self) -> str:
        return f"{self.hand_id}:{self.seat}→{self.target} {self.guess}"


class AdviceStatus(models.TextChoices):
    PENDING = "pending", _("being computed")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


class HandAdvice(models.Model):
    """高手's advice on a finished hand (issue 19): at each decision, what the expert would
    have done from that seat's view. Computed once, on demand, in a worker process
    (``game/hand_review.py``), and stored; never for a running hand."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="advice")
    status = models.CharField(
        max_length=8, choices=AdviceStatus.choices, default=AdviceStatus.PENDING
    )
    # One entry per decision: step, seat, played, expert, differs, delta (stakes or null).
    entries = models.JSONField(default=list)
    requested_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"advice on hand {self.hand_id} ({self.status})"
