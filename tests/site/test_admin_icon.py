"""The admin has the site's icon: its pages link it, and a browser's guess at /favicon.ico
is answered (no 404 in the admin's console)."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

ICON = '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'


def test_admin_pages_link_the_icon(staff: User, alice: User) -> None:
    client = Client()
    client.force_login(staff)
    for url in (
        reverse("admin:index"),
        reverse("admin:accounts_user_changelist"),
        reverse("admin:accounts_user_change", args=[alice.pk]),
        reverse("admin:accounts_user_adjust_beans", args=[alice.pk]),
    ):
        assert ICON in client.get(url).content.decode(), url
    assert ICON in Client().get(reverse("admin:login")).content.decode()


def test_favicon_ico_leads_to_the_icon() -> None:
    response = Client().get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/favicon.svg"
    assert finders.find("favicon.svg") is not None
