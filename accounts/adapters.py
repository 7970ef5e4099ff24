"""allauth hooks: names that are routes of their own (``/players/me/``) cannot be taken,
nor names that look like another player's (``accounts.usernames``); failed sign-ins are
limited per account and address; a suspended account is told why it cannot sign in.
(Starting beans: accounts.signals.)"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.internal.ratelimit import get_ip
from django import forms
from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.usernames import username_key

# ``/players/me/`` is one's own profile, so nobody may be called "me".
RESERVED_USERNAMES = frozenset({"me"})

LOOK_ALIKE_MESSAGE = _("This name looks like another player's; choose another.")


def refuse_look_alike(username: str, *, exclude_pk: int | None = None) -> None:
    """Refuse ``username`` when it looks like the name of an account other than
    ``exclude_pk`` (docs/SECURITY.md, look-alike names)."""
    others = User.objects.filter(username_key=username_key(username))
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    if others.exists():
        raise forms.ValidationError(LOOK_ALIKE_MESSAGE, code="look_alike")


SUSPENDED_MESSAGE = _(
    "This account is suspended for breaking the fair-play rules. "
    "Write to the site's administrators if you think this is a mistake."
)


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """The key of allauth's per-"key" failed-login limit: the account *and* the address.

        allauth keys it on the account alone, so five wrong passwords from anywhere would
        lock the account for everybody, and usernames are public on the leaderboards
        (docs/SECURITY.md, the locker). Per account and address, the attacker locks out only
        himself; guessing from one address is still held to 5 per 5 minutes per account and
        10 a minute in all ("10/m/ip", settings.ACCOUNT_RATE_LIMITS).
        """
        account: str = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}@{get_ip(request)}"

    def authenticate(self, request: HttpRequest, **credentials: Any) -> Any:
        """A suspended account (docs/FAIRPLAY.md) is told so, once its password is right:
        without the password nobody learns anything about the account."""
        user = super().authenticate(request, **credentials)
        if user is not None and getattr(user, "suspended", False):
            raise forms.ValidationError(SUSPENDED_MESSAGE, code="suspended")
        return user

    def clean_username(self, username: str, shallow: bool = False) -> str:
        if username.lower() in RESERVED_USERNAMES:
            raise self.validation_error("username_blacklisted")
        cleaned: str = super().clean_username(username, shallow=shallow)
        if not shallow:
            refuse_look_alike(cleaned)
        return cleaned

    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        # One transaction: the account and its starting grant (accounts.signals) or neither.
        with transaction.atomic():
            return super().save_user(request, user, form, commit=commit)
