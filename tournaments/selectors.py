"""Reads of tournaments: the home page's lists, a player's tournaments, standings, prizes,
a deal's plays side by side.

Only rounds that every table finished count: a score at one table is measured against the
other tables' plays of the same deal, and showing it earlier would tell a table still
playing that deal how it went elsewhere (RULES §3.4, §8).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from game import engine
from game.engine import duplicate
from game.engine.cards import Card, sort_by_strength
from game.engine.state import N_SEATS
from game.models import Hand
from tournaments.models import Entry, Play, PrizeShare, Status, Tournament, TournamentTable

# How long a finished tournament stays on the home page.
RECENT = timedelta(days=7)
# A tournament's entries that are people (its bots fill the last table at the start).
PEOPLE = Q(entries__is_bot=False)


def open_tournaments() -> QuerySet[Tournament]:
    """Tournaments open for registration, soonest first, with their number of entries."""
    return (
        Tournament.objects.filter(status=Status.OPEN)
        .select_related("room")
        .annotate(registered=Count("entries", filter=PEOPLE))
        .order_by("starts_at", "id")
    )


@dataclass(frozen=True, slots=True)
class HomeListing:
    """The home page's tournaments: open for registration (soonest first), running, and
    finished lately (latest first)."""

    upcoming: tuple[Tournament, ...]
    running: tuple[Tournament, ...]
    recent: tuple[Tournament, ...]

    def __bool__(self) -> bool:
        return bool(self.upcoming or self.running or self.recent)


def home_listing(limit: int = 5) -> HomeListing:
    with_counts = Tournament.objects.select_related("room").annotate(
        registered=Count("entries", filter=PEOPLE)
    )
    since = timezone.now() - RECENT
    return HomeListing(
        upcoming=tuple(open_tournaments()[:limit]),
        running=tuple(with_counts.filter(status=Status.RUNNING).order_by("started_at", "id")),
        recent=tuple(
            with_counts.filter(status=Status.FINISHED, finished_at__gte=since).order_by(
                "-finished_at", "-id"
            )[:limit]
        ),
    )


@dataclass(frozen=True, slots=True)
class PlayerTournament:
    """One tournament of a player, for his profile."""

    tournament: Tournament
    place: int | None  # among the people; None until it is over
    people: int
    prize: int
    took_part: bool | None


def tournaments_of(user_id: int, limit: int = 20) -> list[PlayerTournament]:
    """The tournaments ``user_id`` registered for (and did not leave), latest first."""
    entries = list(
        Entry.objects.filter(user_id=user_id)
        .exclude(tournament__status=Status.CANCELLED)
        .select_related("tournament__room")
        .order_by("-tournament_id")[:limit]
    )
    people = dict(
        Entry.objects.filter(tournament_id__in=[e.tournament_id for e in entries], is_bot=False)
        .values("tournament_id")
        .annotate(n=Count("id"))
        .values_list("tournament_id", "n")
    )
    return [
        PlayerTournament(
            tournament=e.tournament,
            place=e.final_place,
            people=people.get(e.tournament_id, 0),
            prize=e.prize,
            took_part=e.took_part,
        )
        for e in entries
    ]


def complete_rounds(tournament: Tournament) -> int:
    """Rounds every table has finished."""
    if tournament.status == Status.FINISHED:
        return duplicate.rounds_for(tournament.deals, tournament.tables)
    if tournament.status != Status.RUNNING:
        return 0
    return tournament.current_round


def played_deals(tournament: Tournament) -> int:
    """How many deals, from the first, every table has played every time it plays them:
    only their plays may be shown side by side, replayed or listed in a history."""
    if not tournament.tables:
        return 0
    return complete_rounds(tournament) // duplicate.copies_for(tournament.tables)


def _counted_plays(tournament: Tournament) -> list[Play]:
    done = complete_rounds(tournament)
    return list(Play.objects.filter(tournament=tournament, round__lt=done, finished=True))


@dataclass(frozen=True, slots=True)
class Standing:
    place: int | None  # among the people; None for a bot (bots are listed apart)
    entry_id: int
    name: str
    is_bot: bool
    dropped: bool
    user_id: int | None
    score: Fraction  # sum of the duplicate scores, in stakes
    payout: Fraction  # sum of the payouts, in stakes (the tie-break)
    per_deal: tuple[Fraction | None, ...]  # by deal; None: not yet counted
    prize: int
    took_part: bool | None = None  # set at the end: took a decision himself

    @property
    def score_text(self) -> str:
        return score_text(self.score)


def score_text(score: Fraction) -> str:
    """A score, in base stakes S (docs/RULES-DECISIONS.md, "Tournaments: duplicate
    scoring"): two decimals and its unit."""
    return f"{float(score):+.2f} S"


def standings(tournament: Tournament) -> list[Standing]:
    """The people by score, best first, placed 1, 2, …; then the bots (no place), by score.
    Equal scores by total payout, then by entry. Only deals every table has played every
    time it plays them count: with one table a deal's first play has nothing to be compared
    with until its second is over (it reads — until then, not 0)."""
    complete = played_deals(tournament)
    plays = [p for p in _counted_plays(tournament) if p.deal < complete]
    stake = tournament.room.base_stake
    scored = duplicate.scores(
        duplicate.Play(p.deal, p.pk, duplicate.in_stakes(p.payouts, stake)) for p in plays
    )
    score: dict[int, Fraction] = defaultdict(Fraction)
    payout: dict[int, Fraction] = defaultdict(Fraction)
    per_deal: dict[int, dict[int, Fraction]] = defaultdict(dict)
    for p in plays:
        for seat, entry_id in enumerate(p.entries):
            score[entry_id] += scored[p.pk][seat]
            payout[entry_id] += Fraction(p.payouts[seat], stake)
            per_deal[entry_id][p.deal] = (
                per_deal[entry_id].get(p.deal, Fraction(0)) + (scored[p.pk][seat])
            )
    entries = list(Entry.objects.filter(tournament=tournament))
    entries.sort(key=lambda e: (e.is_bot, -score[e.pk], -payout[e.pk], e.pk))
    return [
        Standing(
            place=None if e.is_bot else place,
            entry_id=e.pk,
            name=e.name,
            is_bot=e.is_bot,
            dropped=e.dropped,
            user_id=e.user_id,
            score=score[e.pk],
            payout=payout[e.pk],
            per_deal=tuple(per_deal[e.pk].get(d) for d in range(tournament.deals)),
            prize=e.prize,
            took_part=e.took_part,
        )
        for place, e in enumerate(entries, start=1)
    ]


def prize_amounts(pool: int, shares: Sequence[PrizeShare]) -> dict[int, int]:
    """Beans by place among the people: each share's percent of the pool, rounded down; when
    the shares add up to 100 % the rounding's remainder goes to the first place, so the whole
    pool is paid. Shares above 100 % in total are refused by the admin."""
    amounts = {s.place: pool * s.percent // 100 for s in shares}
    if shares and sum(s.percent for s in shares) == 100:
        first = min(amounts)
        amounts[first] += pool - sum(amounts.values())
    return amounts


@dataclass(frozen=True, slots=True)
class PrizeLine:
    """One prize: its share of the fees, in beans, and (once over) who took it."""

    prize: int  # the place among the people it is for
    percent: int
    beans: int
    winner: str = ""  # "" until the end, or when nobody could take it
    winner_place: int | None = None  # his place: lower than ``prize`` when one was skipped


def prize_pool(tournament: Tournament) -> int:
    return sum(Entry.objects.filter(tournament=tournament).values_list("fee_paid", flat=True))


def prize_lines(tournament: Tournament) -> list[PrizeLine]:
    """The prizes in beans (of the fees paid so far, while open); once over, each with the
    person who took it: the prizes go in order to the people who took a decision
    themselves, so a prize whose place went to somebody else goes to the next person."""
    shares = list(PrizeShare.objects.filter(tournament=tournament))
    amounts = prize_amounts(prize_pool(tournament), shares)
    winners: list[Entry] = []
    if tournament.status == Status.FINISHED:
        winners = list(
            Entry.objects.filter(tournament=tournament, is_bot=False, took_part=True)
            .exclude(final_place=None)
            .order_by("final_place")
        )
    lines = []
    for share in shares:
        winner = winners[share.place - 1] if share.place <= len(winners) else None
        lines.append(
            PrizeLine(
                prize=share.place,
                percent=share.percent,
                beans=amounts.get(share.place, 0),
                winner=winner.name if winner is not None else "",
                winner_place=winner.final_place if winner is not None else None,
            )
        )
    return lines


@dataclass(frozen=True, slots=True)
class SeatPlay:
    seat: int
    name: str
    is_bot: bool
    cards: tuple[Card, ...]
    payout: int
    score: Fraction

    @property
    def score_text(self) -> str:
        return score_text(self.score)


@dataclass(frozen=True, slots=True)
class TablePlay:
    table: int
    copy: int
    hand_id: int
    seats: tuple[SeatPlay, ...]


def deal_plays(tournament: Tournament, deal: int) -> list[TablePlay] | None:
    """The same cards at every table, side by side: each play of ``deal`` with each seat's
    dealt cards, who held them, the payout and the score. None until every table has finished
    every play of the deal (before, it would show cards still being played)."""
    if not 0 <= deal < tournament.deals:
        return None
    plays = [p for p in _counted_plays(tournament) if p.deal == deal]
    if len(plays) < tournament.tables * duplicate.copies_for(tournament.tables):
        return None
    names = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "name"))
    bots = set(
        Entry.objects.filter(tournament=tournament, is_bot=True).values_list("pk", flat=True)
    )
    stake = tournament.room.base_stake
    scored = duplicate.scores(
        duplicate.Play(p.deal, p.pk, duplicate.in_stakes(p.payouts, stake)) for p in plays
    )
    result = []
    for p in sorted(plays, key=lambda p: (p.table_index, p.copy)):
        dealt = dealt_cards(p.hand_id)
        result.append(
            TablePlay(
                table=p.table_index,
                copy=p.copy,
                hand_id=p.hand_id,
                seats=tuple(
                    SeatPlay(
                        seat=s,
                        name=names.get(p.entries[s], "?"),
                        is_bot=p.entries[s] in bots,
                        cards=dealt[s],
                        payout=p.payouts[s],
                        score=scored[p.pk][s],
                    )
                    for s in range(N_SEATS)
                ),
            )
        )
    return result


def dealt_cards(hand_id: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards as dealt (before any tribute: tournament hands have none)."""
    hand = Hand.objects.only("seed", "rules").get(pk=hand_id)
    state = engine.new_hand(hand.seed, engine.Rules.from_dict(hand.rules))
    return tuple(
        sort_by_strength((Card.from_index(i) for i in cards), descending=True)
        for cards in state.hands
    )


def table_ids(tournament: Tournament) -> dict[int, int]:
    """Table number → the table's id."""
    return dict(
        TournamentTable.objects.filter(tournament=tournament).values_list("index", "table_id")
    )


def entry_of(tournament: Tournament, user_id: int | None) -> Entry | None:
    if user_id is None:
        return None
    return Entry.objects.filter(tournament=tournament, user_id=user_id).first()


def is_tournament_table(table_id: int) -> bool:
    return TournamentTable.objects.filter(table_id=table_id).exists()
