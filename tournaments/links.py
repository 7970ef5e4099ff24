"""What the layers below show of a tournament's tables and hands (``game.selectors``' look-ups,
registered in ``TournamentsConfig.ready``): which are sealed, and what a hand belongs to.

A hand is sealed until every table has played its deal: its replay, its line in a history,
the table's link to it would show cards another table is still playing (or, at a one-table
tournament, cards the same table is about to play again: RULES §3.4, §8).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection

from django.urls import reverse
from django.utils.translation import gettext as _

from game.engine import duplicate
from game.models import Hand
from game.selectors import AFTER_NEXT_HAND, AFTER_OTHER_TABLES, AFTER_OVER, HandHost
from tournaments.models import Play, Status, Tournament, TournamentTable
from tournaments.selectors import complete_rounds, played_deals, standings


def sealed_hand_ids() -> list[int]:
    """The hands of the deals some table of a running tournament has not finished."""
    sealed: list[int] = []
    for tournament in Tournament.objects.filter(status=Status.RUNNING):
        plays = Play.objects.filter(tournament=tournament, deal__gte=played_deals(tournament))
        sealed.extend(plays.values_list("hand_id", flat=True))
    return sealed


def label() -> str:
    """What a tournament's hand is, as a tag before its tournament's name."""
    return _("Tournament (比赛)")


def hand_labels(hand_ids: Collection[int]) -> dict[int, str]:
    """Which of ``hand_ids`` a tournament dealt, each with ``label()``."""
    own = Play.objects.filter(hand_id__in=hand_ids).values_list("hand_id", flat=True)
    return dict.fromkeys(own, label())


def hand_host(hand: Hand) -> HandHost | None:
    """The tournament ``hand`` was dealt for: its name and page, the hand's deal side by side
    once every table has played it, which of the table's hands it is, what comes next at its
    table and when, and each seat's person's place so far."""
    play = Play.objects.filter(hand_id=hand.pk).select_related("tournament__room").first()
    if play is None:
        return None
    tournament = play.tournament
    compare = ""
    if play.deal < played_deals(tournament):
        compare = reverse("tournament_deal", args=[tournament.pk, play.deal + 1])
    places = _places(tournament)
    return HandHost(
        name=tournament.name,
        url=reverse("tournament", args=[tournament.pk]),
        label=label(),
        compare_url=compare,
        after=_after(tournament, play),
        number=play.round + 1,
        count=_hands_per_table(tournament),
        next_at=tournament.next_round_at if tournament.current_round > play.round else None,
        seat_places=tuple(places.get(entry_id) for entry_id in play.entries),
        people=sum(1 for place in places.values() if place is not None),
    )


def table_host(table_id: int) -> HandHost | None:
    """A tournament's table before its first deal: the deal waits for the people seated
    there, at the latest until ``next_at`` (RULES §6.4)."""
    link = TournamentTable.objects.filter(table_id=table_id).select_related("tournament").first()
    if link is None:
        return None
    tournament = link.tournament
    return HandHost(
        name=tournament.name,
        url=reverse("tournament", args=[tournament.pk]),
        label=label(),
        after=AFTER_OVER if tournament.status != Status.RUNNING else AFTER_NEXT_HAND,
        number=1,
        count=_hands_per_table(tournament),
        next_at=tournament.next_round_at,
    )


# Places by entry, by tournament and progress: every table's page reads them when its hand
# changes, and they change only when a round is complete (or the tournament is over).
# (A tournament is known by its id and its start: ids of a rolled-back test come again.)
_PLACES: OrderedDict[tuple[object, ...], dict[int, int | None]] = OrderedDict()


def _places(tournament: Tournament) -> dict[int, int | None]:
    key = (tournament.pk, tournament.started_at, tournament.status, complete_rounds(tournament))
    found = _PLACES.get(key)
    if found is None:
        found = {row.entry_id: row.place for row in standings(tournament)}
        _PLACES[key] = found
        while len(_PLACES) > 64:
            _PLACES.popitem(last=False)
    return found


def _hands_per_table(tournament: Tournament) -> int:
    return duplicate.rounds_for(tournament.deals, max(tournament.tables, 1))


def _after(tournament: Tournament, play: Play) -> str:
    """What follows ``play``'s hand at its table, once it is over."""
    if tournament.status != Status.RUNNING:
        return AFTER_OVER
    if tournament.current_round > play.round or tournament.tables == 1:
        # The round is done (its next is dealt after the pause); a lone table waits for
        # nobody.
        return AFTER_NEXT_HAND
    return AFTER_OTHER_TABLES
