"""The home page's daily challenge and next recurring tournament, and a profile's rating
(pages of the layers below include these by name)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import template
from django.utils import timezone

from challenge import selectors
from challenge.models import Occurrence
from tournaments.models import Entry, Status

register = template.Library()


@register.inclusion_tag("challenge/_home.html", takes_context=True)
def daily_home(context: dict[str, Any]) -> dict[str, object]:
    now = timezone.now()
    request = context.get("request")
    user = getattr(request, "user", None)
    occurrence = (
        Occurrence.objects.filter(starts_at__gt=now, tournament__status=Status.OPEN)
        .select_related("tournament")
        .order_by("starts_at")
        .first()
    )
    registered = (
        occurrence is not None
        and user is not None
        and user.is_authenticated
        and Entry.objects.filter(tournament_id=occurrence.tournament_id, user=user).exists()
    )
    return {
        "days": selectors.my_days(user, now),
        "ends_at": now + timedelta(seconds=selectors.seconds_left(now)),
        "next_tournament": occurrence,
        "registered": registered,
    }


@register.inclusion_tag("challenge/_rating.html")
def duplicate_rating(user_id: int) -> dict[str, object]:
    return {"rating": selectors.rating_of(user_id)}
