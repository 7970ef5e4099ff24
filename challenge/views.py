"""Daily challenge pages: today's challenges, one challenge (enter, play, the live board),
a deal's field, a player's deals, the week's and all time's boards, the ratings."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.models import User
from challenge import selectors, services
from challenge.models import Challenge, Entrant
from lobby import sightings


def _user_id(request: HttpRequest) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


def board_context(challenge: Challenge, user_id: int | None) -> dict[str, object]:
    """The board as ``user_id`` may see it: the deals he has played (all once closed)."""
    counted = selectors.counted_for(challenge, user_id)
    return {
        "challenge": challenge,
        "counted": counted,
        "counted_numbers": range(1, counted + 1),
        "rows": selectors.day_totals(challenge, counted) if counted else [],
        "entrants": selectors.entrants_count(challenge),
        "viewer_id": user_id,
    }


def challenges(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    user = request.user if isinstance(request.user, User) else None
    return render(
        request,
        "challenge/index.html",
        {
            "days": selectors.my_days(user, now),
            "seconds_left": selectors.seconds_left(now),
            "recent": selectors.recent_challenges(),
        },
    )


def challenge(request: HttpRequest, challenge_id: int) -> HttpResponse:
    c = get_object_or_404(Challenge.objects.select_related("room"), pk=challenge_id)
    user_id = _user_id(request)
    entrant = Entrant.objects.filter(challenge=c, user_id=user_id).first() if user_id else None
    mine = None
    if entrant is not None:
        days = [
            d for d in selectors.my_days(_user(request), timezone.now()) if d.challenge.pk == c.pk
        ]
        mine = days[0] if days else None
    return render(
        request,
        "challenge/challenge.html",
        {
            **board_context(c, user_id),
            "entrant": entrant,
            "mine": mine,
            "done": selectors.finished_deals(c, user_id),
            "is_today": c.day == selectors.today(timezone.now()) and not c.closed,
            "ends_at": timezone.now() + timedelta(seconds=selectors.seconds_left(timezone.now())),
            "oob": False,
        },
    )


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


@require_POST
@login_required
def enter(request: HttpRequest, challenge_id: int) -> HttpResponse:
    user = _user(request)
    sightings.record(request, user)  # this browser enters with this account (FAIRPLAY.md)
    try:
        services.enter(challenge_id=challenge_id, user=user)
    except services.ChallengeRefused as refusal:
        messages.error(request, refusal.message)
    return redirect("daily_challenge", challenge_id=challenge_id)


@require_POST
@login_required
def play(request: HttpRequest, challenge_id: int, deal_number: int) -> HttpResponse:
    try:
        table = services.play(challenge_id=challenge_id, user=_user(request), deal=deal_number - 1)
    except services.ChallengeRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("daily_challenge", challenge_id=challenge_id)
    return redirect("table", table_id=table.pk)


def deal(request: HttpRequest, challenge_id: int, deal_number: int) -> HttpResponse:
    """The field of one deal: only for those who played it (everyone once the day closed)."""
    c = get_object_or_404(Challenge.objects.select_related("room"), pk=challenge_id)
    user_id = _user_id(request)
    if not selectors.may_see_deal(c, deal_number - 1, user_id):
        # The same answer whether the deal exists or not, played or not by others.
        raise Http404("No such deal, or you have not played it.")
    return render(
        request,
        "challenge/deal.html",
        {
            "challenge": c,
            "deal_number": deal_number,
            "field": selectors.deal_field(c, deal_number - 1, user_id),
            "has_next": deal_number < c.deals,
        },
    )


def player(request: HttpRequest, challenge_id: int, user_id: int) -> HttpResponse:
    """One entrant's deals, as far as the viewer has played them himself."""
    c = get_object_or_404(Challenge.objects.select_related("room"), pk=challenge_id)
    entrant = get_object_or_404(
        Entrant.objects.select_related("user"), challenge=c, user_id=user_id
    )
    counted = selectors.counted_for(c, _user_id(request))
    scores = selectors.deal_scores(c, counted)
    plays = [
        {"play": p, "score": scores.get(p.deal, {}).get(entrant.pk), "payout": p.payout}
        for p in selectors.player_plays(c, user_id, counted)
    ]
    return render(
        request,
        "challenge/player.html",
        {"challenge": c, "entrant": entrant, "plays": plays, "counted": counted},
    )


def boards(request: HttpRequest, period: str) -> HttpResponse:
    if period not in ("week", "all"):
        raise Http404("No such board.")
    since = selectors.week_start(timezone.now()) if period == "week" else None
    return render(
        request,
        "challenge/boards.html",
        {"period": period, "rows": selectors.period_board(since)},
    )


def ratings(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "challenge/ratings.html",
        {"rows": selectors.rating_board(), "min_deals": settings.BAOHUANG_RATING_MIN_DEALS},
    )
