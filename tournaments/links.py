"""What the layers below show of a tournament's hands (``game.selectors``' look-ups,
registered in ``TournamentsConfig.ready``): which are sealed, and what a hand belongs to.

A hand is sealed until every table has played its deal: its replay, its line in a history,
the table's link to it would show cards another table is still playing (or, at a one-table
tournament, cards the same table is about to play again: RULES §3.4, §8).
"""

from __future__ import annotations

from django.urls import reverse

from game.models import Hand
from game.selectors import AFTER_NEXT_HAND, AFTER_OTHER_TABLES, AFTER_OVER, HandHost
from tournaments.models import Play, Status, Tournament
from tournaments.selectors import played_deals


def sealed_hand_ids() -> list[int]:
    """The hands of the deals some table of a running tournament has not finished."""
    sealed: list[int] = []
    for tournament in Tournament.objects.filter(status=Status.RUNNING):
        plays = Play.objects.filter(tournament=tournament, deal__gte=played_deals(tournament))
        sealed.extend(plays.values_list("hand_id", flat=True))
    return sealed


def hand_host(hand: Hand) -> HandHost | None:
    """The tournament ``hand`` was dealt for: its name and page, the hand's deal side by side
    once every table has played it, and what comes next at its table."""
    play = Play.objects.filter(hand_id=hand.pk).select_related("tournament").first()
    if play is None:
        return None
    tournament = play.tournament
    compare = ""
    if play.deal < played_deals(tournament):
        compare = reverse("tournament_deal", args=[tournament.pk, play.deal + 1])
    return HandHost(
        name=tournament.name,
        url=reverse("tournament", args=[tournament.pk]),
        compare_url=compare,
        after=_after(tournament, play),
    )


def _after(tournament: Tournament, play: Play) -> str:
    """What follows ``play``'s hand at its table, once it is over."""
    if tournament.status != Status.RUNNING:
        return AFTER_OVER
    if tournament.current_round > play.round or tournament.tables == 1:
        # The round is done (its next is dealt after the pause); a lone table waits for
        # nobody.
        return AFTER_NEXT_HAND
    return AFTER_OTHER_TABLES
