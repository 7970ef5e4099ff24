"""Reads of tournaments: the open ones, standings, a deal's plays side by side.

Only rounds that every table finished count: a score at one table is measured against the
other tables' plays of the same deal, and showing it earlier would tell a table still
playing that deal how it went elsewhere (RULES §3.4, §8).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, QuerySet

from game import engine
from game.engine import duplicate
from game.engine.cards import Card, sort_by_strength
from game.engine.state import N_SEATS
from game.models import Hand
from tournaments.models import Entry, Play, Status, Tournament, TournamentTable


def open_tournaments() -> QuerySet[Tournament]:
    """Tournaments open for registration, soonest first, with their number of entries."""
    return (
        Tournament.objects.filter(status=Status.OPEN)
        .select_related("room")
        .annotate(registered=Count("entries"))
        .order_by("starts_at", "id")
    )


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
    place: int
    entry_id: int
    name: str
    is_bot: bool
    dropped: bool
    user_id: int | None
    score: Fraction  # sum of the duplicate scores, in stakes
    payout: Fraction  # sum of the payouts, in stakes (the tie-break)
    per_deal: tuple[Fraction | None, ...]  # by deal; None: not yet counted
    prize: int

    @property
    def score_text(self) -> str:
        return f"{float(self.score):+.2f}"


def standings(tournament: Tournament) -> list[Standing]:
    """Every entry by score, best first; equal scores by total payout, then by entry."""
    plays = _counted_plays(tournament)
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
    entries.sort(key=lambda e: (-score[e.pk], -payout[e.pk], e.pk))
    return [
        Standing(
            place=place,
            entry_id=e.pk,
            name=e.name,
            is_bot=e.is_bot,
            dropped=e.dropped,
            user_id=e.user_id,
            score=score[e.pk],
            payout=payout[e.pk],
            per_deal=tuple(per_deal[e.pk].get(d) for d in range(tournament.deals)),
            prize=e.prize,
        )
        for place, e in enumerate(entries, start=1)
    ]


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
        return f"{float(self.score):+.2f}"


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
