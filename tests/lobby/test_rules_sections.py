"""The rules page explains every room on the site: each system's section has its anchor, and
each room page links to its own (RULES §9.2, §10, §11)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from game.models import Room
from lobby.services import ensure_default_rooms

pytestmark = pytest.mark.django_db


def _rules(language: str) -> str:
    return Client().get(reverse("rules"), HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_every_room_page_links_to_a_section_of_the_rules_page_that_exists() -> None:
    ensure_default_rooms()
    ids = set(re.findall(r'id="([^"]+)"', _rules("en")))
    anchors = set()
    for room in Room.objects.filter(is_open=True):
        page = Client().get(reverse("room", args=[room.slug])).content.decode()
        link = re.search(r'href="/rules/#([\w-]+)" id="room-rules-link"', page)
        assert link is not None, room.slug
        assert link.group(1) in ids, (room.slug, link.group(1))
        anchors.add(link.group(1))
    # Every system has its own section: no two presets share one.
    assert len(anchors) == len({(r.game, r.preset) for r in Room.objects.filter(is_open=True)})


@pytest.mark.parametrize(
    "term",
    ["红十", "联众", "多乐", "接风", "进贡", "叫保", "烤牌", "抢独", "星豆", "称号", "托管"],
)
def test_the_rules_page_explains_each_term_the_rooms_use(term: str) -> None:
    html = _rules("zh-hans")
    # The term stands in a section's own text, not only in the contents.
    body = html.split('id="standard"', 1)[1]
    assert term in body


def test_the_contents_lead_to_sections_that_exist() -> None:
    html = _rules("en")
    ids = set(re.findall(r'id="([^"]+)"', html))
    targets = re.findall(r'href="#([\w-]+)"', html.split('id="rules-contents"', 1)[1])
    assert targets and set(targets) <= ids
