"""Signal receivers: starting beans for every new account, and closing an account's sockets
when its sign-in stops being good.

Every account however made (sign-up, createsuperuser, the admin, tests, scripts) gets its
starting beans through the ledger, so a balance always equals its ledger sum. A receiver
rather than a custom manager: the model must not import the services that write it
(otherwise accounts/models.py and accounts/services.py would import each other).

Logging out, a new password (from the account page, a reset or the admin) and deactivation
all end what an open websocket may do for the account (docs/SECURITY.md, the stolen or
shared device). Connected in ``AccountsConfig.ready``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from accounts.models import User
from accounts.services import grant_starting_beans
from accounts.sockets import close_sockets_of

_WATCHED = frozenset({"password", "is_active"})


@receiver(user_logged_out, dispatch_uid="accounts.close_sockets_on_logout")
def on_logout(sender: Any, request: Any, user: User | None, **kwargs: Any) -> None:
    if user is not None and user.pk is not None:
        close_sockets_of(user.pk)


@receiver(post_save, sender=User, dispatch_uid="accounts.grant_starting_beans")
def on_new_account(sender: Any, instance: User, created: bool, raw: bool, **kwargs: Any) -> None:
    # ``raw``: a fixture being loaded brings its own ledger rows.
    if created and not raw:
        grant_starting_beans(user=instance)


@receiver(pre_save, sender=User, dispatch_uid="accounts.remember_sign_in_fields")
def remember_sign_in_fields(sender: Any, instance: User, **kwargs: Any) -> None:
    """Note the stored password and active flag before a save that may change them."""
    fields = kwargs.get("update_fields")
    if instance.pk is None or (fields is not None and not _WATCHED & set(fields)):
        instance._sign_in_before = None  # type: ignore[attr-defined]
        return
    instance._sign_in_before = (  # type: ignore[attr-defined]
        User.objects.filter(pk=instance.pk).values_list("password", "is_active").first()
    )


@receiver(post_save, sender=User, dispatch_uid="accounts.close_sockets_on_new_password")
def on_sign_in_change(sender: Any, instance: User, created: bool, **kwargs: Any) -> None:
    before = getattr(instance, "_sign_in_before", None)
    instance._sign_in_before = None  # type: ignore[attr-defined]
    if created or before is None:
        return
    password, active = before
    if password != instance.password or (active and not instance.is_active):
        close_sockets_of(instance.pk)
