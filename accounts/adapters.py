"""allauth hooks: a player signing up through the site gets their starting beans; names that
are routes of their own (``/players/me/``) cannot be taken."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.db import transaction
from django.http import HttpRequest

from accounts.services import grant_starting_beans

# ``/players/me/`` is one's own profile, so nobody may be called "me".
RESERVED_USERNAMES = frozenset({"me"})


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    def clean_username(self, username: str, shallow: bool = False) -> str:
        if username.lower() in RESERVED_USERNAMES:
            raise self.validation_error("username_blacklisted")
        cleaned: str = super().clean_username(username, shallow=shallow)
        return cleaned

    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        with transaction.atomic():
            saved = super().save_user(request, user, form, commit=commit)
            if commit:
                grant_starting_beans(user=saved)
        return saved
