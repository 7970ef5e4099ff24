"""Writes of the daily challenge: open a day's challenges, enter, play a deal, record it,
close a day (places, prizes) and move the ratings.

Every write that reads before it writes locks the challenge's row (or the entrant's) first,
so an entry racing itself, or two processes' keepers opening the same day, are done one
after the other. Money goes through the ledger (kind ``tournament``, the reason naming the
challenge), as the tournaments' fees and prizes do.
"""

from __future__ import annotations

import functools
import logging
import zoneinfo
from collections import defaultdict
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from fractions import Fraction

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import LedgerKind, User
from accounts.services import record_beans
from challenge import rating, seating
from challenge.live import ring_challenge
from challenge.models import (
    Challenge,
    DailyRoom,
    DealPlay,
    Entrant,
    Occurrence,
    RatedTournament,
    Rating,
    Repeat,
    TournamentSchedule,
    parse_prizes,
)
from challenge.selectors import day_totals
from game import games
from game.doorbell import ring_table
from game.engine.state import N_SEATS
from game.hands import SeatSpec, rules_for_room
from game.models import (
    BotLevel,
    Game,
    Hand,
    HandStatus,
    Room,
    SeatResult,
    Sighting,
    Table,
    TableSeat,
)
from game.redten_hands import rules_for_room as redten_rules_for_room
from lobby.lobby_bell import ring_lobby
from lobby.tables import BOT_NAMES, close_if_empty, create_table
from tournaments.models import Entry, Play, PrizeShare, Status, Tournament
from tournaments.services import take_entry_fee

log = logging.getLogger(__name__)


def opposition_level(room: Room) -> str:
    """The room's strongest bots: Baohuang's ``BAOHUANG_DAILY_BOT_LEVEL`` (高手 unless a site
    short of CPU lowers it); Red Ten has one level."""
    if room.game == Game.REDTEN:
        return BotLevel.NORMAL.value
    return str(settings.BAOHUANG_DAILY_BOT_LEVEL)


class ChallengeRefused(Exception):
    """A request was refused; ``message`` says why, for the player. Nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# --- the day ---------------------------------------------------------------------------------


def site_zone() -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(settings.BAOHUANG_DAILY_TIME_ZONE)


def day_of(now: datetime) -> date:
    """The challenge day ``now`` falls in (midnight to midnight in the site's zone)."""
    return now.astimezone(site_zone()).date()


def day_ends(day: date) -> datetime:
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=site_zone())


def ensure_daily_rooms() -> None:
    """A fresh site marks its default rooms (``BAOHUANG_DAILY_ROOMS``: 普通场, 红十积分场)
    once; after that the admin's marks stand (untick "active" to stop a room's challenge)."""
    if DailyRoom.objects.exists():
        return
    for room in Room.objects.filter(slug__in=settings.BAOHUANG_DAILY_ROOMS):
        DailyRoom.objects.get_or_create(room=room)


def open_challenges(now: datetime) -> list[Challenge]:
    """Today's challenge in every active marked room, made if missing: K fresh seeds and the
    entrants' seat in each (``challenge.seating``). Two processes may both try: the unique
    (room, day) lets one row exist."""
    today = day_of(now)
    made = []
    marked = DailyRoom.objects.filter(active=True, room__is_open=True).select_related("room")
    have = set(Challenge.objects.filter(day=today).values_list("room_id", flat=True))
    for daily in marked:
        if daily.room_id in have:
            continue
        seeds, seats = seating.draw_deals(daily.deals, _seat_rule(daily.room))
        try:
            with transaction.atomic():
                made.append(
                    Challenge.objects.create(
                        room=daily.room,
                        day=today,
                        deals=daily.deals,
                        seeds=seeds,
                        seats=seats,
                        entry_fee=daily.entry_fee,
                        prizes=parse_prizes(daily.prizes),
                    )
                )
        except IntegrityError:
            continue  # another process opened it first
    if made:
        transaction.on_commit(ring_lobby)
    return made


def _seat_rule(room: Room):  # type: ignore[no-untyped-def]
    if room.game == Game.REDTEN:
        rules = redten_rules_for_room(room)
        return lambda seed, deal: seating.redten_seat(seed, rules, deal)
    baohuang = rules_for_room(room)
    return lambda seed, deal: seating.baohuang_seat(seed, baohuang, deal)


# --- entering --------------------------------------------------------------------------------


def _locked(challenge_id: int) -> Challenge:
    challenge = (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("room")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None:
        raise ChallengeRefused(_("There is no such challenge."))
    return challenge


def _refuse_unless_today(challenge: Challenge, now: datetime) -> None:
    today = day_of(now)
    if challenge.day < today or challenge.closed:
        raise ChallengeRefused(
            _("The challenge of %(day)s is over: it can no longer be entered or played.")
            % {"day": challenge.day.isoformat()}
        )
    if challenge.day > today:
        raise ChallengeRefused(_("This challenge has not begun."))


def second_account_of(challenge: Challenge, user: User) -> bool:
    """Has another account, seen in one of the browsers ``user`` was seen in, entered this
    challenge? (lobby.sightings; docs/FAIRPLAY.md, "Daily challenge")."""
    browsers = Sighting.objects.filter(user=user).exclude(browser="").values("browser")
    others = Sighting.objects.filter(browser__in=browsers).exclude(user=user).values("user_id")
    return Entrant.objects.filter(challenge=challenge, user_id__in=others).exists()


def enter(*, challenge_id: int, user: User, now: datetime | None = None) -> Entrant:
    """Enter today's challenge once, paying its fee."""
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _locked(challenge_id)
        _refuse_unless_today(challenge, now)
        if Entrant.objects.filter(challenge=challenge, user=user).exists():
            raise ChallengeRefused(_("You have already entered today's challenge."))
        if second_account_of(challenge, user):
            raise ChallengeRefused(
                _(
                    "Another account used in this browser has already entered today's "
                    "challenge: each person enters once a day."
                )
            )
        user = take_entry_fee(
            user=user,
            fee=challenge.entry_fee,
            reason=f"daily challenge {challenge.pk}: entry fee",
            refused=ChallengeRefused,
        )
        entrant = Entrant.objects.create(
            challenge=challenge, user=user, fee_paid=challenge.entry_fee
        )
        _changed(challenge, deal=-1, user_id=user.pk)
    return entrant


# --- playing a deal --------------------------------------------------------------------------


def play(*, challenge_id: int, user: User, deal: int, now: datetime | None = None) -> Table:
    """Deal ``deal`` (from 0) to the entrant at a table of his own, the room's strongest
    bots in the other seats; the table of his deal in progress if it is this one."""
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _locked(challenge_id)
        entrant = Entrant.objects.select_for_update().filter(challenge=challenge, user=user).first()
        if entrant is None:
            raise ChallengeRefused(_("You have not entered this challenge."))
        plays = {p.deal: p for p in DealPlay.objects.filter(entrant=entrant)}
        current = plays.get(deal)
        if current is not None and not current.finished and current.table_id is not None:
            table = Table.objects.get(pk=current.table_id)
            return table  # back to the deal he is in, whatever the hour
        _refuse_unless_today(challenge, now)
        if not 0 <= deal < challenge.deals:
            raise ChallengeRefused(_("This challenge has no deal %(n)s.") % {"n": deal + 1})
        if current is not None:
            raise ChallengeRefused(_("You have played deal %(n)s.") % {"n": deal + 1})
        unfinished = [p for p in plays.values() if not p.finished]
        if unfinished:
            raise ChallengeRefused(_("Finish deal %(n)s first.") % {"n": unfinished[0].deal + 1})
        if deal != len(plays):
            raise ChallengeRefused(
                _("The deals are played in order: play deal %(n)s first.") % {"n": len(plays) + 1}
            )
        _leave_finished_tables(user)
        if TableSeat.objects.filter(user=user).exists():
            raise ChallengeRefused(
                _("You are sitting at a table: stand up there before playing the challenge.")
            )
        table = _deal(challenge, entrant, deal, now)
    return table


def _leave_finished_tables(user: User) -> None:
    """The entrant's seat at an earlier deal's table, whose hand is over, is given up (that
    table deals nothing more): the next deal needs him at its own table."""
    for row in TableSeat.objects.filter(user=user).select_related("table"):
        play_here = DealPlay.objects.filter(table_id=row.table_id).first()
        if play_here is None or not play_here.finished:
            continue
        TableSeat.objects.filter(pk=row.pk).update(user=None, ready=False)
        close_if_empty(row.table)
        table_id = row.table_id
        transaction.on_commit(functools.partial(ring_table, table_id, -1))


def _deal(challenge: Challenge, entrant: Entrant, deal: int, now: datetime) -> Table:
    room = challenge.room
    seat = challenge.seats[deal]
    level = opposition_level(room)
    table = create_table(room=room)
    # Private: nobody but him watches his cards, which everyone else plays today (§8).
    Table.objects.filter(pk=table.pk).update(is_private=True)
    TableSeat.objects.filter(table=table).exclude(index=seat).update(
        is_bot=True, ready=True, bot_level=level
    )
    TableSeat.objects.filter(table=table, index=seat).update(user=entrant.user)
    user = User.objects.get(pk=entrant.user_id)
    specs = [
        SeatSpec(user=user, is_bot=False, name=user.username)
        if s == seat
        else SeatSpec(user=None, is_bot=True, name=BOT_NAMES[s], bot_level=level)
        for s in range(N_SEATS)
    ]
    hand = games.start_hand(
        room=room,
        table=table,
        seats=specs,
        seed=challenge.seeds[deal],
        now=now,
        is_tournament=True,  # no beans, titles or points: the fee and prizes are the stakes
    )
    DealPlay.objects.create(
        challenge=challenge, entrant=entrant, deal=deal, seat=seat, table=table, hand=hand
    )
    return table


# --- a deal ending ---------------------------------------------------------------------------


def hand_ended(*, hand_id: int, now: datetime | None = None) -> bool:
    """Record a finished challenge hand's payout for the entrant's seat (void: 0). False
    when ``hand_id`` is not a challenge's unrecorded hand."""
    play = DealPlay.objects.filter(hand_id=hand_id, finished=False).first()
    if play is None:
        return False
    with transaction.atomic():
        play = DealPlay.objects.select_for_update().get(pk=play.pk)
        hand = Hand.objects.get(pk=hand_id)
        if play.finished or hand.status != HandStatus.FINISHED:
            return False
        result = SeatResult.objects.filter(hand=hand, seat=play.seat).first()
        play.payout = 0 if hand.void or result is None else result.payout
        play.finished = True
        play.finished_at = now or timezone.now()
        play.save(update_fields=["payout", "finished", "finished_at"])
        challenge = Challenge.objects.get(pk=play.challenge_id)
        user_id = Entrant.objects.filter(pk=play.entrant_id).values_list("user_id", flat=True)
        _changed(challenge, deal=play.deal, user_id=user_id[0])
        if play.table_id is not None:
            # The table's page says what follows (the field of this deal, the next deal).
            transaction.on_commit(functools.partial(ring_table, play.table_id, -1))
    return True


# --- the end of a day ------------------------------------------------------------------------


def close_day(*, challenge_id: int, now: datetime) -> bool:
    """Close a challenge whose day is over once every deal begun was finished: places and
    prizes (through the ledger). An entrant's deals not begun before midnight are not played:
    they score nothing (docs/RULES-DECISIONS.md). False when not yet (or already) closed."""
    with transaction.atomic():
        challenge = _locked(challenge_id)
        if challenge.closed or challenge.day >= day_of(now):
            return False
        if DealPlay.objects.filter(challenge=challenge, finished=False).exists():
            return False  # a deal that began before midnight is still being played
        rows = day_totals(challenge)
        pool = sum(Entrant.objects.filter(challenge=challenge).values_list("fee_paid", flat=True))
        amounts = prize_amounts(pool, challenge.prizes)
        entrants = {
            e.pk: e for e in Entrant.objects.filter(challenge=challenge).select_related("user")
        }
        for row in rows:
            entrant = entrants[row.entrant_id]
            entrant.place = row.place
            amount = amounts.get(row.place, 0)
            if amount:
                record_beans(
                    user=entrant.user,
                    kind=LedgerKind.TOURNAMENT,
                    amount=amount,
                    reason=f"daily challenge {challenge.pk}: prize for place {row.place}",
                )
                entrant.prize = amount
        Entrant.objects.bulk_update(list(entrants.values()), ["place", "prize"])
        challenge.closed = True
        challenge.save(update_fields=["closed"])
        _changed(challenge, deal=-1, user_id=None)
    return True


def prize_amounts(pool: int, percents: list[int]) -> dict[int, int]:
    """Beans by place: each percent of the pool rounded down; at 100 % in all the rounding's
    remainder goes to the first place (as the tournaments' prizes)."""
    amounts = {place: pool * p // 100 for place, p in enumerate(percents, start=1)}
    if percents and sum(percents) == 100:
        amounts[1] += pool - sum(amounts.values())
    return amounts


# --- ratings ---------------------------------------------------------------------------------


def _estimates(user_ids: Iterable[int]) -> dict[int, Rating]:
    ids = set(user_ids)
    have = {r.user_id: r for r in Rating.objects.select_for_update().filter(user_id__in=ids)}
    for user_id in ids - set(have):
        have[user_id] = Rating.objects.create(user_id=user_id)
    return have


def apply_deal(groups: Iterable[dict[int, Fraction]]) -> None:
    """Move the ratings by one rated deal per group (players → payout in stakes, each group
    the holders of the same cards in the same seat)."""
    for payouts in groups:
        if len(payouts) < 2:
            continue
        rows = _estimates(payouts)
        before = {u: rating.Estimate(r.value, r.deviation) for u, r in rows.items()}
        after = rating.deal_update(before, payouts)
        for user_id, estimate in after.items():
            row = rows[user_id]
            row.value, row.deviation = estimate.value, estimate.deviation
            row.deals += 1
            row.save(update_fields=["value", "deviation", "deals", "updated_at"])


def rate_challenge(*, challenge_id: int) -> bool:
    with transaction.atomic():
        challenge = _locked(challenge_id)
        if challenge.rated or not challenge.closed:
            return False
        stake = challenge.room.base_stake
        by_deal: dict[int, dict[int, Fraction]] = defaultdict(dict)
        plays = DealPlay.objects.filter(challenge=challenge, finished=True).values_list(
            "deal", "entrant__user_id", "payout"
        )
        for deal, user_id, payout in plays:
            by_deal[deal][user_id] = Fraction(payout or 0, stake)
        apply_deal(by_deal[d] for d in sorted(by_deal))
        challenge.rated = True
        challenge.save(update_fields=["rated"])
    return True


def rate_tournament(*, tournament_id: int) -> bool:
    """A finished tournament's deals move its people's ratings: each seat's cards of each
    deal compare the people who held them at the tables (bots and auto-played seats
    excluded: they are not the player's play)."""
    with transaction.atomic():
        tournament = (
            Tournament.objects.select_for_update(of=("self",))
            .select_related("room")
            .filter(pk=tournament_id, status=Status.FINISHED)
            .first()
        )
        if tournament is None or RatedTournament.objects.filter(tournament=tournament).exists():
            return False
        people = dict(
            Entry.objects.filter(
                tournament=tournament, is_bot=False, dropped=False, user__isnull=False
            ).values_list("pk", "user_id")
        )
        stake = tournament.room.base_stake
        groups: dict[tuple[int, int], dict[int, Fraction]] = defaultdict(dict)
        for p in Play.objects.filter(tournament=tournament, finished=True).order_by("deal"):
            for seat, entry_id in enumerate(p.entries):
                if entry_id in people and seat < len(p.payouts):
                    groups[(p.deal, seat)][people[entry_id]] = Fraction(p.payouts[seat], stake)
        apply_deal(groups[key] for key in sorted(groups))
        RatedTournament.objects.create(tournament=tournament)
    return True


# --- recurring tournaments -------------------------------------------------------------------


def next_start(schedule: TournamentSchedule, after: datetime) -> datetime:
    """The schedule's first start strictly after ``after`` (site time)."""
    local = after.astimezone(site_zone())
    candidate = datetime.combine(local.date(), schedule.time, tzinfo=site_zone())
    while candidate <= local or (
        schedule.repeat == Repeat.WEEKLY and candidate.weekday() != schedule.weekday
    ):
        candidate += timedelta(days=1)
    return candidate


def create_occurrences(now: datetime) -> list[Tournament]:
    """Each active schedule's next occurrence, made once it is within its registration
    window: a copy of the template tournament, open, starting at the scheduled time."""
    made = []
    for schedule in TournamentSchedule.objects.filter(active=True).select_related("template"):
        starts = next_start(schedule, now)
        if starts - timedelta(hours=schedule.open_hours) > now:
            continue
        if Occurrence.objects.filter(schedule=schedule, starts_at=starts).exists():
            continue
        template = schedule.template
        try:
            with transaction.atomic():
                tournament = Tournament.objects.create(
                    name=schedule.name,
                    room=template.room,
                    deals=template.deals,
                    entry_fee=template.entry_fee,
                    starts_at=starts,
                )
                for share in PrizeShare.objects.filter(tournament=template):
                    PrizeShare.objects.create(
                        tournament=tournament, place=share.place, percent=share.percent
                    )
                Occurrence.objects.create(
                    schedule=schedule, tournament=tournament, starts_at=starts
                )
                schedule.last_start = starts
                schedule.save(update_fields=["last_start"])
        except IntegrityError:
            continue  # another process made it
        made.append(tournament)
    if made:
        transaction.on_commit(ring_lobby)
    return made


# --- the keeper's chore ----------------------------------------------------------------------


_last_look: datetime | None = None


def advance(now: datetime) -> None:
    """Open today's challenges, record finished challenge hands (Red Ten's, and any whose
    signal a stopped server missed), close and rate past days, rate finished tournaments,
    create recurring tournaments. Restart-safe: it acts on what the database says.

    Finished hands are recorded on every look (a Red Ten hand sends no signal); the rest,
    which changes at midnight or when a tournament ends, every ``BAOHUANG_DAILY_CHORE_SECONDS``
    of the keeper's clock, so a look costs one query most of the time."""
    waiting = DealPlay.objects.filter(finished=False, hand__status=HandStatus.FINISHED)
    for hand_id in list(waiting.values_list("hand_id", flat=True)):
        hand_ended(hand_id=hand_id, now=now)
    global _last_look
    every = timedelta(seconds=settings.BAOHUANG_DAILY_CHORE_SECONDS)
    if _last_look is not None and _last_look <= now < _last_look + every:
        return
    _last_look = now
    ensure_daily_rooms()
    open_challenges(now)
    past = Challenge.objects.filter(Q(closed=False) | Q(rated=False), day__lt=day_of(now))
    for challenge_id, closed in list(past.values_list("pk", "closed")):
        if not closed:
            close_day(challenge_id=challenge_id, now=now)
        rate_challenge(challenge_id=challenge_id)
    rated = RatedTournament.objects.values("tournament_id")
    finished = Tournament.objects.filter(status=Status.FINISHED).exclude(pk__in=rated)
    for tournament_id in list(finished.values_list("pk", flat=True)):
        rate_tournament(tournament_id=tournament_id)
    create_occurrences(now)


def _changed(challenge: Challenge, *, deal: int, user_id: int | None) -> None:
    challenge_id = challenge.pk
    transaction.on_commit(lambda: ring_challenge(challenge_id, deal, user_id))
