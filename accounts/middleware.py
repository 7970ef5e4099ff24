"""Shows an admin's fair-play warning (``accounts.fairplay.warn``) once, on the warned
player's next page. The user row is the one the request loads anyway: no query unless a
warning waits."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from accounts.models import User

WARNING = _(
    "An administrator has warned this account about fair play: playing for another player "
    "or sharing what your cards are leads to suspension."
)


class FairPlayWarningMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if isinstance(user, User) and user.fairplay_warning:
            if User.objects.filter(pk=user.pk, fairplay_warning=True).update(
                fairplay_warning=False
            ):
                messages.warning(request, WARNING)
            user.fairplay_warning = False
        return self.get_response(request)
