"""Pages about recorded hands."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse


def replay(request: HttpRequest, hand_id: int) -> HttpResponse:
    raise Http404("Replays are not available yet.")
