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
from game.engine.cards import format_cards
from game.engine.state import N_SEATS
from lobby.selectors import my_seat
from tournaments import selectors, services
from tournaments.models import PrizeShare, Status, Tournament


def standings_context(tournament: Tournament) -> dict[str, object]:
    return {
        "tournament": tournament,
        "standings": selectors.standings(tournament),
        "deal_numbers": range(1, tournament.deals + 1),
        "complete_deals": _complete_deals(tournament),
    }


def _complete_deals(tournament: Tournament) -> list[int]:
    """Deals (from 0) every table has finished: their comparison pages may be shown."""
    return list(range(selectors.played_deals(tournament)))


def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("room"), pk=tournament_id)
    user_id = request.user.pk if request.user.is_authenticated else None
    entry = selectors.entry_of(t, user_id)
    my_table = None
    if entry is not None and entry.table_index is not None and t.status == Status.RUNNING:
        my_table = selectors.table_ids(t).get(entry.table_index)
    context = {
        **standings_context(t),
        "entry": entry,
        "my_table": my_table,
        # Seated there, the page that leads back to his table offers the way out too.
        "my_seat": my_seat(user_id) if my_table is not None and user_id is not None else None,
        "prizes": PrizeShare.objects.filter(tournament=t),
        "registered": t.entries.filter(is_bot=False).count(),
        "oob": False,
    }
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
    """The same cards at every table, side by side; only once every table played them."""
    t = get_object_or_404(Tournament.objects.select_related("room"), pk=tournament_id)
    plays = selectors.deal_plays(t, deal_number - 1)
    if plays is None:
        raise Http404("No such deal, or not finished at every table.")
    rows = [
        {
            "seat": seat,
            # Every play of the deal holds the same cards in this seat: shown once.
            "cards": format_cards(plays[0].seats[seat].cards),
            "plays": [play.seats[seat] for play in plays],
        }
        for seat in range(N_SEATS)
    ]
    return render(
        request,
        "tournaments/deal.html",
        {"tournament": t, "deal_number": deal_number, "plays": plays, "rows": rows},
    )
