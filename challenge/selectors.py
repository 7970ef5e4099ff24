"""Reads of the daily challenge: boards, a deal's field, a player's state, ratings.

What a viewer may see of a challenge is cut to the deals he has played (RULES §3.4, §8):
until he has played deal k nothing of deal k reaches him, not another entrant's result on
it, not the field's spread, not a total that includes it. ``counted_for`` says how many deals
(from the first: they are played in order) a viewer may see; every read below takes it.
"""

from __future__ import annotations

import zoneinfo
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from fractions import Fraction

from django.conf import settings
from django.db.models import Count, Q

from accounts.models import User
from challenge.models import Challenge, DealPlay, Entrant, Rating
from game.engine import duplicate


def _zone() -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(settings.BAOHUANG_DAILY_TIME_ZONE)


def today(now: datetime) -> date:
    return now.astimezone(_zone()).date()


def seconds_left(now: datetime) -> int:
    """Seconds until the next midnight in the site's zone."""
    local = now.astimezone(_zone())
    midnight = datetime.combine(local.date() + timedelta(days=1), time(0), tzinfo=_zone())
    return max(0, int((midnight - local).total_seconds()))


def finished_deals(challenge: Challenge, user_id: int | None) -> int:
    """How many deals ``user_id`` has finished in ``challenge`` (they are played in order)."""
    if user_id is None:
        return 0
    return DealPlay.objects.filter(
        challenge=challenge, entrant__user_id=user_id, finished=True
    ).count()


def counted_for(challenge: Challenge, user_id: int | None) -> int:
    """The deals a viewer may see the results of: all once the day is closed (nobody can play
    them any more), else those he has finished."""
    if challenge.closed:
        return challenge.deals
    return finished_deals(challenge, user_id)


def may_see_deal(challenge: Challenge, deal: int, user_id: int | None) -> bool:
    return 0 <= deal < counted_for(challenge, user_id)


@dataclass(frozen=True, slots=True)
class BoardRow:
    place: int
    entrant_id: int
    user_id: int
    name: str
    total: Fraction  # matchpoints over the counted deals: deals' worth, 0 … counted
    per_deal: tuple[Fraction | None, ...]  # by counted deal; None: not played
    played: int  # counted deals he has played

    @property
    def total_text(self) -> str:
        return f"{float(self.total):.2f}"


def _payouts(challenge: Challenge, deals: int) -> dict[int, dict[int, Fraction]]:
    """deal → entrant → payout in stakes, for the finished plays of the first ``deals``."""
    stake = challenge.room.base_stake
    result: dict[int, dict[int, Fraction]] = defaultdict(dict)
    rows = DealPlay.objects.filter(challenge=challenge, finished=True, deal__lt=deals)
    for deal, entrant_id, payout in rows.values_list("deal", "entrant_id", "payout"):
        result[deal][entrant_id] = Fraction(payout or 0, stake)
    return result


def deal_scores(challenge: Challenge, deals: int) -> dict[int, dict[int, Fraction]]:
    """deal → entrant → matchpoints against everyone else's result on that deal."""
    return {
        deal: duplicate.matchpoints(field) for deal, field in _payouts(challenge, deals).items()
    }


def day_totals(challenge: Challenge, deals: int | None = None) -> list[BoardRow]:
    """Every entrant by matchpoints over the first ``deals`` deals (all by default), best
    first; equal totals by more deals played, then by who entered first. A deal not played
    scores nothing."""
    counted = challenge.deals if deals is None else deals
    scores = deal_scores(challenge, counted)
    entrants = list(
        Entrant.objects.filter(challenge=challenge).select_related("user").order_by("id")
    )
    rows = []
    for e in entrants:
        per = tuple(scores.get(d, {}).get(e.pk) for d in range(counted))
        rows.append(
            (
                sum((s for s in per if s is not None), Fraction(0)),
                sum(1 for s in per if s is not None),
                e,
                per,
            )
        )
    rows.sort(key=lambda r: (-r[0], -r[1], r[2].pk))
    return [
        BoardRow(
            place=place,
            entrant_id=e.pk,
            user_id=e.user_id,
            name=e.user.username,
            total=total,
            per_deal=per,
            played=played,
        )
        for place, (total, played, e, per) in enumerate(rows, start=1)
    ]


@dataclass(frozen=True, slots=True)
class FieldLine:
    payout: Fraction  # in stakes
    count: int
    mine: bool
    hand_id: int  # one play with this result (the first to reach it)


@dataclass(frozen=True, slots=True)
class Field:
    lines: tuple[FieldLine, ...]  # best result first
    players: int
    my_score: Fraction | None  # matchpoints
    my_payout: Fraction | None
    better: int  # entrants whose result beat his
    best_hands: tuple[int, ...]  # replays of the best results


def deal_field(challenge: Challenge, deal: int, user_id: int | None) -> Field:
    """How many got each result on ``deal``, where the viewer stands, the best plays."""
    stake = challenge.room.base_stake
    plays = list(
        DealPlay.objects.filter(challenge=challenge, deal=deal, finished=True)
        .order_by("finished_at", "id")
        .values_list("entrant__user_id", "payout", "hand_id")
    )
    counts: Counter[Fraction] = Counter()
    first_hand: dict[Fraction, int] = {}
    mine: Fraction | None = None
    for uid, payout, hand_id in plays:
        value = Fraction(payout or 0, stake)
        counts[value] += 1
        first_hand.setdefault(value, hand_id)
        if uid == user_id:
            mine = value
    ordered = sorted(counts, reverse=True)
    my_score = None
    if mine is not None:
        below = sum(c for v, c in counts.items() if v < mine)
        ties = counts[mine] - 1
        others = len(plays) - 1
        my_score = (Fraction(below) + Fraction(ties, 2)) / others if others else Fraction(1, 2)
    return Field(
        lines=tuple(
            FieldLine(payout=v, count=counts[v], mine=v == mine, hand_id=first_hand[v])
            for v in ordered
        ),
        players=len(plays),
        my_score=my_score,
        my_payout=mine,
        better=sum(c for v, c in counts.items() if mine is not None and v > mine),
        best_hands=tuple(first_hand[v] for v in ordered[:3]),
    )


@dataclass(frozen=True, slots=True)
class MyDay:
    """One of today's challenges from a player's side (the home page)."""

    challenge: Challenge
    entered: bool
    done: int  # deals finished
    playing: int | None  # the deal (from 0) he is in, if any
    table_id: int | None

    @property
    def finished(self) -> bool:
        return self.done >= self.challenge.deals

    @property
    def next_deal(self) -> int:
        return self.done + 1


def my_days(user: User | None, now: datetime) -> list[MyDay]:
    challenges = list(
        Challenge.objects.filter(day=today(now), closed=False)
        .select_related("room")
        .order_by("room__sort_order")
    )
    if not challenges:
        return []
    entrants: dict[int, int] = {}
    plays: dict[int, list[DealPlay]] = defaultdict(list)
    if user is not None and user.is_authenticated:
        entrants = dict(
            Entrant.objects.filter(challenge__in=challenges, user=user).values_list(
                "challenge_id", "pk"
            )
        )
        for p in DealPlay.objects.filter(entrant_id__in=entrants.values()):
            plays[p.challenge_id].append(p)
    result = []
    for c in challenges:
        mine = plays.get(c.pk, [])
        running = [p for p in mine if not p.finished]
        result.append(
            MyDay(
                challenge=c,
                entered=c.pk in entrants,
                done=sum(1 for p in mine if p.finished),
                playing=running[0].deal if running else None,
                table_id=running[0].table_id if running else None,
            )
        )
    return result


@dataclass(frozen=True, slots=True)
class PeriodRow:
    place: int
    user_id: int
    name: str
    total: Fraction
    deals: int

    @property
    def total_text(self) -> str:
        return f"{float(self.total):.2f}"

    @property
    def average_text(self) -> str:
        return f"{100 * float(self.total) / self.deals:.1f}%" if self.deals else "–"


def period_board(since: date | None, limit: int = 100) -> list[PeriodRow]:
    """Matchpoints summed over the closed challenges from ``since`` (all time: None). Only
    closed days: a day still running would show results of deals others have yet to play."""
    challenges = Challenge.objects.filter(closed=True).select_related("room")
    if since is not None:
        challenges = challenges.filter(day__gte=since)
    total: dict[int, Fraction] = defaultdict(Fraction)
    deals: Counter[int] = Counter()
    for challenge in challenges:
        users = dict(Entrant.objects.filter(challenge=challenge).values_list("pk", "user_id"))
        for scores in deal_scores(challenge, challenge.deals).values():
            for entrant_id, score in scores.items():
                total[users[entrant_id]] += score
                deals[users[entrant_id]] += 1
    names = dict(User.objects.filter(pk__in=total).values_list("pk", "username"))
    ordered = sorted(total, key=lambda u: (-total[u], -deals[u], u))[:limit]
    return [
        PeriodRow(place=i, user_id=u, name=names.get(u, "?"), total=total[u], deals=deals[u])
        for i, u in enumerate(ordered, start=1)
    ]


def week_start(now: datetime) -> date:
    day = today(now)
    return day - timedelta(days=day.weekday())


def rating_of(user_id: int) -> Rating | None:
    return Rating.objects.filter(user_id=user_id).first()


def rating_board(limit: int = 100) -> list[Rating]:
    """Players with at least ``BAOHUANG_RATING_MIN_DEALS`` rated deals, best first."""
    return list(
        Rating.objects.filter(deals__gte=settings.BAOHUANG_RATING_MIN_DEALS)
        .select_related("user")
        .order_by("-value", "deviation", "user_id")[:limit]
    )


def entrants_count(challenge: Challenge) -> int:
    return Entrant.objects.filter(challenge=challenge).count()


def recent_challenges(limit: int = 14) -> list[Challenge]:
    return list(
        Challenge.objects.select_related("room")
        .annotate(entered=Count("entrants"))
        .filter(Q(closed=True))
        .order_by("-day", "room__sort_order")[:limit]
    )


def player_plays(challenge: Challenge, user_id: int, deals: int) -> list[DealPlay]:
    """``user_id``'s finished plays of the first ``deals`` deals."""
    return list(
        DealPlay.objects.filter(
            challenge=challenge, entrant__user_id=user_id, finished=True, deal__lt=deals
        ).order_by("deal")
    )
