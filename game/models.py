"""The record of every hand: the event log is the truth, everything else is derived.

A ``Hand`` row holds what is needed to rebuild the hand (seed, rules) and the concurrency
guard (``version``, locked on every write); ``HandEvent`` rows are the append-only log of
accepted actions; ``SeatResult`` rows are the settlement, written once in the transaction
that ends the hand.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import PlayerPair
from game.room_rules import room_rules, worst_loss_in_stakes


class BotLevel(models.TextChoices):
    """How well a bot plays (``game.engine.bot_levels``): chosen by whoever adds it."""

    NOVICE = "novice", _("Novice")
    NORMAL = "normal", _("Normal")
    EXPERT = "expert", _("Expert")


class HandStatus(models.TextChoices):
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class Hand(models.Model):
    table = models.ForeignKey(
        "Table",
        verbose_name=_("table"),
        on_delete=models.CASCADE,
        related_name="hands",
        null=True,
        blank=True,
    )
    room = models.ForeignKey(
        "Room", verbose_name=_("room"), on_delete=models.PROTECT, related_name="hands"
    )
    number = models.PositiveIntegerField(
        _("number at the table"), default=1, help_text=_("The table's n-th hand.")
    )
    # Which engine folds this hand's log (``game.games``); the room's game when it started.
    game = models.CharField(_("game"), max_length=10, default="baohuang")
    # Red Ten: the seat dealt first (file 003 §3), None for a first hand; part of the log.
    dealer = models.PositiveSmallIntegerField(_("seat dealt first"), null=True, blank=True)
    seed = models.BigIntegerField(_("seed"))
    rules = models.JSONField(_("rules"))
    version = models.PositiveIntegerField(_("version"), default=0)
    status = models.CharField(
        _("status"), max_length=10, choices=HandStatus.choices, default=HandStatus.RUNNING
    )
    is_guest = models.BooleanField(
        _("guest trial"), default=False, help_text=_("A visitor's trial hand: no beans, no titles.")
    )
    is_tournament = models.BooleanField(
        _("tournament"),
        default=False,
        help_text=_(
            "A tournament's hand: no beans and no titles move with it; the entry fee and the"
            " prizes are the stakes."
        ),
    )
    # Public outcome, copied from the engine when the hand ends (for lists and filters).
    mode = models.CharField(_("mode"), max_length=12, blank=True)
    # RULES §10.4: the last result at this table with the same five players, as the engine's
    # ``previous`` line; a new hand is dealt (and rebuilt) with it, so tribute replays.
    previous = models.CharField(_("previous result"), max_length=80, blank=True, default="")
    # RULES §10.2/§10.3: nobody took the throne: recorded, replayable, never settled.
    void = models.BooleanField(_("void (nobody took the throne)"), default=False)
    # The hand dealt again at once after a void one, to the same five (lobby.tables): its
    # table says so until the throne is taken, or the new cards would come unexplained.
    redealt = models.BooleanField(_("dealt again after a void hand"), default=False)
    rebellion = models.BooleanField(_("rebellion"), default=False)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # When the next automatic action is due (a bot's move, an auto-played or overdue
    # player); the deadline keeper polls this column.
    next_deadline_at = models.DateTimeField(
        _("next deadline"), null=True, blank=True, db_index=True
    )
    # Per-seat deadlines as ISO strings (None: that seat owes no decision now): when the
    # server acts for the seat. For a bot or an auto-played seat that is a random delay,
    # which is never shown (it would say something about the seat's cards).
    deadlines = models.JSONField(_("seat deadlines"), default=list)
    # Per-seat decision clocks as ISO strings: when the decision owed now became owed, plus
    # the room's seconds for it. The only countdown any page shows; set once per decision,
    # so neither a reconnect nor a bot's pace moves it (docs/SECURITY.md: the staller, the
    # timing observer).
    clocks = models.JSONField(_("decision clocks"), default=list)
    # Per seat, since when the player has had no open connection (ISO string), or None.
    # An away player's clock keeps running as if he were there; past the room's grace period
    # he has fled (RULES §6.3). Public: everyone at the table sees who is disconnected.
    away = models.JSONField(_("away since"), default=list)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ("-id",)
        indexes = (models.Index(fields=["status", "next_deadline_at"]),)

    def __str__(self) -> str:
        # The admin names a hand by this (a table's current hand, the page title).
        return gettext("hand %(id)s (%(status)s)") % {
            "id": self.pk,
            "status": self.get_status_display(),
        }


class HandSeat(models.Model):
    """Who sat where for one hand (people, bots or a guest)."""

    hand = models.ForeignKey(
        Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="seats"
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hand_seats",
    )
    is_bot = models.BooleanField(_("bot"), default=False)
    # The bot's level; "normal" for people, where it means nothing.
    bot_level = models.CharField(
        _("bot level"), max_length=8, choices=BotLevel.choices, default=BotLevel.NORMAL
    )
    name = models.CharField(_("name"), max_length=150)

    class Meta:
        verbose_name = _("hand seat")
        verbose_name_plural = _("hand seats")
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

    hand = models.ForeignKey(
        Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="events"
    )
    seq = models.PositiveIntegerField(_("sequence number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    action = models.CharField(_("action"), max_length=200)
    version = models.PositiveIntegerField(
        _("version"), help_text=_("The hand's version after this event.")
    )
    source = models.CharField(_("source"), max_length=12, choices=EventSource.choices)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("hand event")
        verbose_name_plural = _("hand events")
        ordering = ("hand", "seq")
        constraints = (models.UniqueConstraint(fields=("hand", "seq"), name="one_event_per_seq"),)

    def __str__(self) -> str:
        return f"{self.hand_id}#{self.seq} seat {self.seat}: {self.action}"

    @property
    def is_auto(self) -> bool:
        return self.source != EventSource.PLAYER


class SeatResult(models.Model):
    """The settlement of one seat (RULES §5, §6.3) and its title change (§7)."""

    hand = models.ForeignKey(
        Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="results"
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hand_results",
    )
    role = models.CharField(_("role"), max_length=8)
    place = models.PositiveSmallIntegerField(_("place"))
    fled = models.BooleanField(_("fled"), default=False)
    payout = models.IntegerField(_("payout"))
    fee = models.IntegerField(_("fee"), default=0)
    penalty = models.IntegerField(_("penalty"), default=0)
    net = models.IntegerField(_("net"))
    title_points_before = models.IntegerField(_("title points before"), null=True, blank=True)
    title_points_after = models.IntegerField(_("title points after"), null=True, blank=True)
    title_before = models.CharField(_("title before"), max_length=16, blank=True)
    title_after = models.CharField(_("title after"), max_length=16, blank=True)
    reward = models.IntegerField(_("reward"), default=0)
    # RULES §12.4: a double-score card doubled what this hand added to the general score.
    score_doubled = models.BooleanField(_("general score doubled"), default=False)

    class Meta:
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")
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
    every viewer that somebody marked) nor leave gaps in the public log (docs/SECURITY.md,
    the griefer at the table).
    """

    hand = models.ForeignKey(
        Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="marks"
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    target = models.PositiveSmallIntegerField(_("target seat"))
    guess = models.CharField(_("guess"), max_length=8)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("identity mark")
        verbose_name_plural = _("identity marks")
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
    """高手's advice on a finished hand: at each decision, what the expert would
    have done from that seat's view. Computed once, on demand, in a worker process
    (``game/hand_review.py``), and stored; never for a running hand."""

    hand = models.OneToOneField(
        Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="advice"
    )
    status = models.CharField(
        _("status"), max_length=8, choices=AdviceStatus.choices, default=AdviceStatus.PENDING
    )
    # One entry per decision: step, seat, played, expert, differs, delta (stakes or null).
    entries = models.JSONField(_("entries"), default=list)
    requested_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("expert advice")
        verbose_name_plural = _("expert advice")
        # Every keeper asks for pending reviews once a second (``game.hand_review``), while
        # the table keeps every review ever made.
        indexes = (models.Index(fields=["status", "requested_at"]),)

    def __str__(self) -> str:
        return f"advice on hand {self.hand_id} ({self.status})"


# --- rooms, tables and who is connected (RULES §9) -------------------------------------------


class Preset(models.TextChoices):
    """Rule presets of RULES §9.2; values match ``game.engine.rules.Rules.preset`` names."""

    STANDARD = "standard", _("Standard (普通场)")
    QUICK = "quick", _("Quick (快速场)")
    KEEP_SIX = "keep_six", _("Keep six (保六场)")
    # The sources' other systems (RULES §10 table).
    LIANZHONG_CLASSIC = "lianzhong_classic", _("Lianzhong classic (联众经典场)")
    LIANZHONG_SIMPLE = "lianzhong_simple", _("Lianzhong simple (联众简明场)")
    DUOLE = "duole", _("Duole (多乐场)")


# The largest loss one hand can cost a player, in stakes: a fled open-solo emperor pays
# 32·S and the 3·S penalty (RULES §5.3, §6.3).
WORST_LOSS_IN_STAKES = 35
# Red Ten (file 003 §9): a solo caught in 明打 loses 8 · 2 = 16 units (points × stake, or
# coins × N in a coin room); there is no fee.
REDTEN_WORST_LOSS_UNITS = 16


class Game(models.TextChoices):
    """Which game a room plays (RULES §11): the key into ``game.games``' registry."""

    BAOHUANG = "baohuang", _("Baohuang (保皇)")
    REDTEN = "redten", _("Red Ten (红十)")


class Room(models.Model):
    name = models.CharField(_("name"), max_length=60, unique=True)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    game = models.CharField(_("game"), max_length=10, choices=Game.choices, default=Game.BAOHUANG)
    coin_coefficient = models.PositiveIntegerField(
        _("coin coefficient N (红十)"),
        default=0,
        help_text=_(
            "Red Ten only: 0 is a points room; N ≥ 1 a coin room where losers pay "
            "X × multiple × N and winners receive 0.9 of it."
        ),
    )
    preset = models.CharField(
        _("rule preset"), max_length=24, choices=Preset.choices, default=Preset.STANDARD
    )
    rule_overrides = models.JSONField(
        _("rule switches"),
        default=dict,
        blank=True,
        help_text=_(
            "Single rules changed from the preset, as a JSON object; its keys are those of a "
            "hand log's rules line. The sentence below shows what the room then plays."
        ),
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
    # A tournament played by this room's rules waits this long between its deals: the last
    # hand's result stays on the tables, with a countdown to the next deal.
    deal_pause_seconds = models.PositiveIntegerField(
        _("pause between a tournament's deals (seconds)"),
        default=30,
        validators=[MaxValueValidator(600)],
        help_text=_("Tournaments played by this room's rules wait this long between deals."),
    )
    is_open = models.BooleanField(_("open"), default=True)
    sort_order = models.PositiveIntegerField(_("order"), default=0)
    # Quick match keeps two accounts seen at one network address apart (docs/SECURITY.md,
    # "Second accounts"); a room for internet cafés and families may let them meet.
    allow_shared_address = models.BooleanField(
        _("quick match may seat one address together"),
        default=False,
        help_text=_(
            "Off: quick match never seats two accounts seen at one network address at one "
            "table. On: it may (internet cafés, families). Accounts that signed in from one "
            "browser are kept apart either way."
        ),
    )

    class Meta:
        # Rooms, tables, seats and connections belong to the game app (the game sits below
        # the lobby); their database tables keep the ``lobby_`` names (see migration game
        # 0007), so existing rows stay where they are.
        db_table = "lobby_room"
        verbose_name = _("room")
        verbose_name_plural = _("rooms")
        ordering = ("sort_order", "id")

    def __str__(self) -> str:
        return self.name

    @property
    def effective_min_balance(self) -> int:
        if self.min_balance is not None:
            return self.min_balance
        return self.worst_loss

    @property
    def worst_loss(self) -> int:
        """The most one hand here can cost a player (RULES §9.1; file 003 §9 for Red Ten)."""
        if self.game == Game.REDTEN:
            unit = self.coin_coefficient or self.base_stake
            return REDTEN_WORST_LOSS_UNITS * unit + self.table_fee
        return self.worst_loss_in_stakes * self.base_stake + self.table_fee

    @property
    def worst_loss_in_stakes(self) -> int:
        """The worst payout of the room's scoring plus its quit penalty (§6.3 / §10.8)."""
        try:
            return worst_loss_in_stakes(room_rules(self))
        except ValueError:  # an invalid edit is refused by ``clean``; never crash a page
            return WORST_LOSS_IN_STAKES

    def clean(self) -> None:
        """Refuse a preset/switch combination the engine cannot play, with its reason."""
        try:
            room_rules(self)
        except ValueError as error:
            raise ValidationError({"rule_overrides": str(error)}) from None


class Table(models.Model):
    """A table in a room: five seats that stay together from hand to hand."""

    room = models.ForeignKey(
        Room, verbose_name=_("room"), on_delete=models.CASCADE, related_name="tables"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    current_hand = models.ForeignKey(
        "Hand",
        verbose_name=_("current hand"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    hands_played = models.PositiveIntegerField(_("hands played"), default=0)
    # A visitor's trial table against four bots: owned by that browser session only.
    guest_session = models.CharField(_("guest session"), max_length=64, blank=True, db_index=True)
    is_closed = models.BooleanField(_("closed"), default=False)
    # A private table is never listed; it is joined by its invite link (an
    # unguessable token) or its six-digit code, and its owner may remove players between hands.
    is_private = models.BooleanField(_("private"), default=False)
    owner = models.ForeignKey(
        "accounts.User",
        verbose_name=_("owner"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    invite_token = models.CharField(_("invite token"), max_length=43, blank=True, db_index=True)
    invite_code = models.CharField(_("invite code"), max_length=6, blank=True, db_index=True)
    # A person left between hands and the people still seated are asked whether a
    # bot takes the seat. Per seat (a string key): the leaver's name, who was asked and who
    # said yes, as user ids; lobby.bot_vote reads and writes it under the table's row lock.
    bot_votes = models.JSONField(_("bot questions"), default=dict, blank=True)

    class Meta:
        db_table = "lobby_table"
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ("room", "id")

    def __str__(self) -> str:
        return f"{self.room.name} #{self.pk}"

    @property
    def is_guest(self) -> bool:
        return bool(self.guest_session)


class TableSeat(models.Model):
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    index = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        "accounts.User",
        verbose_name=_("player"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    is_bot = models.BooleanField(_("bot"), default=False)
    bot_level = models.CharField(
        _("bot level"), max_length=8, choices=BotLevel.choices, default=BotLevel.NORMAL
    )
    is_guest = models.BooleanField(_("guest"), default=False)
    ready = models.BooleanField(_("ready"), default=False)

    class Meta:
        verbose_name = _("table seat")
        verbose_name_plural = _("table seats")
        db_table = "lobby_tableseat"
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


class Sighting(models.Model):
    """An account seen from a browser and a network address: at sign-in and whenever it
    looks for a seat (lobby.sightings). Quick match keeps the accounts of one browser, or of
    one address, apart; a private table marks its seats that share an address. Both are
    kept as keyed hashes only: equal ones can be told, the address itself is not stored."""

    user = models.ForeignKey(
        "accounts.User", verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    browser = models.CharField(_("browser (hashed)"), max_length=32, db_index=True)
    address = models.CharField(_("network address (hashed)"), max_length=32, db_index=True)
    first_seen = models.DateTimeField(_("first seen"), auto_now_add=True)
    last_seen = models.DateTimeField(_("last seen"), db_index=True)

    class Meta:
        verbose_name = _("sighting")
        verbose_name_plural = _("sightings")
        constraints = (
            models.UniqueConstraint(
                fields=("user", "browser", "address"), name="one_sighting_per_place"
            ),
        )

    def __str__(self) -> str:
        return f"{self.user_id}@{self.browser[:6]}/{self.address[:6]}"


class ServerProcess(models.Model):
    """A running server process; its keeper refreshes ``last_seen`` every few seconds, so the
    connections of a process that died can be told from live ones."""

    name = models.CharField(_("name"), max_length=64, primary_key=True)
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("server process")
        verbose_name_plural = _("server processes")
        db_table = "lobby_serverprocess"

    def __str__(self) -> str:
        return self.name


class Connection(models.Model):
    """One open table websocket of a seated player (several tabs make several rows)."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="connections"
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    channel_name = models.CharField(_("channel name"), max_length=200, unique=True)
    process = models.ForeignKey(
        ServerProcess, verbose_name=_("server process"), on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("connection")
        verbose_name_plural = _("connections")
        db_table = "lobby_connection"
        indexes = (models.Index(fields=["table", "seat"], name="lobby_conne_table_i_2a144f_idx"),)

    def __str__(self) -> str:
        return f"{self.table_id}:{self.seat} {self.channel_name}"


# --- fair play (docs/FAIRPLAY.md): counts kept by ``manage.py fairplay_scan`` ---------------


class PlayerSignal(models.Model):
    """One player's fair-play counts over every hand scanned: the baseline a pair's counts
    are measured against (``game.engine.collusion``). ``tally`` holds a ``Tally`` as a
    dict; ``results`` the hands, sum and sum of squares of payouts in stakes."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="fairplay_signal",
    )
    tally = models.JSONField(_("counts"), default=dict)
    results = models.JSONField(_("results"), default=dict)

    class Meta:
        verbose_name = _("player's fair-play counts")
        verbose_name_plural = _("players' fair-play counts")

    def __str__(self) -> str:
        return str(self.user_id)


class PairSignal(PlayerPair):
    """Two players who shared hands: their counts and their score (docs/FAIRPLAY.md).
    The lower user id is ``user_a``. Listed on the admin's "Fair play" page."""

    shared_hands = models.PositiveIntegerField(_("hands together"), default=0)
    a_on_b = models.JSONField(_("first on second's sets"), default=dict)
    b_on_a = models.JSONField(_("second on first's sets"), default=dict)
    together = models.JSONField(_("results together"), default=dict)
    a_with_b = models.JSONField(_("first's results together"), default=dict)
    b_with_a = models.JSONField(_("second's results together"), default=dict)
    holding_back = models.FloatField(_("holding back (z)"), default=0.0)
    gifts = models.FloatField(_("gifts (z)"), default=0.0)
    results_z = models.FloatField(_("results together (z)"), default=0.0)
    hidden_roles = models.FloatField(_("hidden roles (z)"), default=0.0)
    score = models.FloatField(_("score"), default=0.0, db_index=True)
    flagged = models.BooleanField(_("stands out"), default=False)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("pair of players")
        verbose_name_plural = _("Fair play")
        ordering = ("-score",)
        constraints = PlayerPair.in_order("one_signal_per_pair", "signal_pair_in_order")


class FairPlayCursor(models.Model):
    """How far the scan has read: every hand finished before ``finished_at`` (and at it, up
    to ``hand_id``) is counted. The scan reads hands in that order, a settled minute behind."""

    name = models.CharField(_("name"), max_length=20, primary_key=True)
    finished_at = models.DateTimeField(_("last hand's end"), null=True, blank=True)
    hand_id = models.BigIntegerField(_("last hand counted"), default=0)
    # The schedule (game.fairplay_schedule): when the last pass ended and what it counted,
    # and when the next is due (a claim moves it on, so one process runs each pass).
    last_scan_at = models.DateTimeField(_("last scan"), null=True, blank=True)
    last_scan_counted = models.PositiveIntegerField(_("hands counted by the last scan"), default=0)
    next_scan_at = models.DateTimeField(_("next scan due"), null=True, blank=True)

    class Meta:
        verbose_name = _("fair-play scan position")
        verbose_name_plural = _("fair-play scan positions")

    def __str__(self) -> str:
        return f"{self.name}: {self.finished_at} #{self.hand_id}"
