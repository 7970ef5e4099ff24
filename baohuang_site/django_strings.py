"""Strings of Django 6's own admin that its zh-hans catalogue lacks (both languages are
complete, the admin included). Naming them here puts them into our catalogue, which Django
reads before its own (LOCALE_PATHS come first), so the Chinese admin shows them in Chinese.
Nothing imports this module; `makemessages` reads it."""

from __future__ import annotations

from django.utils.translation import gettext_noop

DJANGO_ADMIN_STRINGS = (
    # the empty choice of a select, e.g. the change list's action menu
    gettext_noop("- Select an option -"),
    # the date hierarchy above a change list (admin/date_hierarchy.html)
    gettext_noop("Filter by %(field_name)s"),
)
