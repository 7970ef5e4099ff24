"""Small things a user notices: the favicon, icons drawn without an emoji font, and one word
per role in the Chinese text (RULES' term table: the guard is 侍卫 in every system)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from accounts.models import User
from game.models import Room
from lobby import tables
from lobby.services import ensure_default_rooms

pytestmark = pytest.mark.django_db

# Pictographs that only an emoji font draws (U+1F000 onwards).
EMOJI = re.compile("[\U0001f000-\U0001ffff]")


def test_every_page_links_an_svg_favicon_that_is_served() -> None:
    html = Client().get(reverse("home")).content.decode()
    link = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', html)
    assert link is not None
    found = finders.find("favicon.svg")
    assert found is not None and "<svg" in Path(str(found)).read_text()


def test_the_table_and_the_room_draw_their_icons_without_an_emoji_font(
    alice: User, alice_client: Client
) -> None:
    ensure_default_rooms()
    table = tables.play_with_bots(room=Room.objects.get(slug="standard"), user=alice)
    page = alice_client.get(reverse("table", args=[table.pk])).content.decode()
    # The chat's button is an icon; the emotes it offers are emoji by nature, and stay.
    summary = re.search(r'id="chat-say">\s*<summary[^>]*>(.*?)</summary>', page, re.S)
    assert summary is not None
    assert 'class="icon"' in summary.group(1) and EMOJI.search(summary.group(1)) is None
    room = alice_client.get(reverse("room", args=["standard"])).content.decode()
    assert EMOJI.search(room) is None and 'class="bot-mark"' in room


def test_the_chinese_text_names_the_guard_侍卫_in_every_system() -> None:
    po = Path(settings.BASE_DIR) / "locale/zh_Hans/LC_MESSAGES/django.po"
    mixed = [line for line in po.read_text().splitlines() if "保子" in line]
    assert mixed == []
    # The called guard's own prompt (RULES §10.1) says 侍卫, as the seat's role label does.
    with translation.override("zh-hans"):
        prompt = gettext(
            "You hold the fourth copy of the called card: you are the guard. Reveal yourself?"
        )
    assert "侍卫" in prompt
