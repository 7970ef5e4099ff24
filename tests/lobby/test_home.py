from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_it_lists_the_three_preset_rooms_on_the_home_page() -> None:
    call_command("ensure_rooms")
    call_command("ensure_rooms")  # idempotent: a second run creates nothing
    html = Client().get(reverse("home")).content.decode()
    for name in ("普通场", "快速场", "保六场"):
        assert html.count(f">{name}</a></h3>") == 1


def test_it_speaks_chinese_first_and_english_on_request() -> None:
    call_command("ensure_rooms")
    client = Client()
    assert '<html lang="zh-hans">' in client.get(reverse("home")).content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(reverse("home")).content.decode()
    assert '<html lang="en">' in html
    assert "Rooms" in html


def test_it_serves_only_our_own_scripts() -> None:
    response = Client().get(reverse("home"))
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert response["X-Frame-Options"] == "DENY"
