"""Tournament pages: one tournament (registration, standings, its tables), a deal's plays
side by side."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.models import User
from display.cards import card_info
from game.engine.state import N_SEATS
from game.hands import rules_for_room
from lobby.selectors import my_seat
from tournaments import selectors, services
from tournaments.models import Status, Tournament


def standings_context(tournament: Tournament, user_id: int | None = None) -> dict[str, object]:
    """What the page's live part shows (its first render and every push): the standings,
    people and bots apart; the prizes in beans; the reader's own part."""
    table = selectors.standings(tournament)
    entry = selectors.entry_of(tournament, user_id)
    my_table = None
    if entry is not None and entry.table_index is not None and tournament.status == Status.RUNNING:
        my_table = selectors.table_ids(tournament).get(entry.table_index)
    prizes = selectors.prize_lines(tournament)
    return {
        "tournament": tournament,
        "people": [row for row in table if not row.is_bot],
        "bots": [row for row in table if row.is_bot],
        "deal_numbers": range(1, tournament.deals + 1),
        "complete_deals": _complete_deals(tournament),
        "prizes": prizes,
        "pool": selectors.prize_pool(tournament),
        "registered": sum(1 for row in table if not row.is_bot),
        "deciders": sum(1 for row in table if row.took_part),
        "entry": entry,
        "my_table": my_table,
        "stake": tournament.room.base_stake,
    }


def _complete_deals(tournament: Tournament) -> list[int]:
    """Deals (from 0) every table has finished: their comparison pages may be shown."""
    return list(range(selectors.played_deals(tournament)))


def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("room"), pk=tournament_id)
    user_id = request.user.pk if request.user.is_authenticated else None
    context = {**standings_context(t, user_id), "oob": False}
    if context["my_table"] is not None and user_id is not None:
        # Seated there, the page that leads back to his table offers the way out too.
        context["my_seat"] = my_seat(user_id)
    return render(request, "tournaments/tournament.html", context)


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


@require_POST
@login_required
def register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _entry_change(request, tournament_id, services.register)


@require_POST
@login_required
def leave(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _entry_change(request, tournament_id, services.leave)


def _entry_change(
    request: HttpRequest, tournament_id: int, change: Callable[..., object]
) -> HttpResponse:
    """Register or leave; a refusal is said on the tournament's page, nothing changed."""
    try:
        change(tournament_id=tournament_id, user=_user(request))
    except services.TournamentRefused as refusal:
        messages.error(request, refusal.message)
    return redirect("tournament", tournament_id=tournament_id)


def deal(request: HttpRequest, tournament_id: int, deal_number: int) -> HttpResponse:
    """The same cards at every table, side by side; only once every table played them. The
    cards are drawn as the replay draws a hand."""
    t = get_object_or_404(Tournament.objects.select_related("room"), pk=tournament_id)
    plays = selectors.deal_plays(t, deal_number - 1)
    if plays is None:
        raise Http404("No such deal, or not finished at every table.")
    marked = not rules_for_room(t.room).called_guard  # RULES §10.1: SJ* is plain when called
    rows = [
        {
            "seat": seat,
            # Every play of the deal holds the same cards in this seat: shown once.
            "cards": [card_info(c, guard_card=marked) for c in plays[0].seats[seat].cards],
            "plays": [(play, play.seats[seat]) for play in plays],
        }
        for seat in range(N_SEATS)
    ]
    return render(
        request,
        "tournaments/deal.html",
        {
            "tournament": t,
            "deal_number": deal_number,
            "plays": plays,
            "rows": rows,
            "stake": t.room.base_stake,
        },
    )
