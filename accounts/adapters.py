"""allauth hooks: a player signing up through the site gets their starting beans."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.db import transaction
from django.http import HttpRequest

from accounts.services import grant_starting_beans


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        with transaction.atomic():
            saved = super().save_user(request, user, form, commit=commit)
            if commit:
                grant_starting_beans(user=saved)
        return saved
