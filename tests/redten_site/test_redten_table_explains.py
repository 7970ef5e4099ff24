"""The Red Ten table explains itself (RULES §11): every 亮牌 button has its one-line reason, a
seat holding no red ten sees 亮牌 greyed out and told why (and only on its own page), the play
log lists the hand's sets, and the footer describes Red Ten."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from accounts.models import User
from game.models import Hand
from lobby.redten_table import load_snapshot, render_table, table_context
from lobby.table_state import Viewer

from .helpers import play_out, running_table_with_bots

pytestmark = pytest.mark.django_db

QUESTION = re.compile(r'<p class="question">[^<]*</p>')


def _show_button(html: str) -> str:
    found = re.search(r'<button[^>]*id="show-button"[^>]*>', html)
    assert found is not None, html[:400]
    return found.group(0)


def test_a_seat_without_a_red_ten_is_told_why_it_cannot_show(alice: User) -> None:
    table = running_table_with_bots(alice)
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None and snapshot.state is not None
    holders = set(snapshot.state.ten_holders)
    assert len(holders) < 5  # two red tens: at least three seats hold none
    questions = set()
    with translation.override("en"):
        for seat in range(5):
            html = render_table(table_context(snapshot, Viewer(None, seat)), oob=False)
            questions.add(QUESTION.search(html).group(0))  # type: ignore[union-attr]
            helps = re.findall(r'<span class="choice-help"[^>]*>([^<]+)</span>', html)
            assert len(helps) == 2 and all(h.strip() for h in helps)
            button = _show_button(html)
            if seat in holders:
                assert "disabled" not in button
                assert "no red ten" not in html
            else:
                assert "disabled" in button and 'aria-describedby="why-show"' in button
                assert re.search(r'id="why-show">You hold no red ten', html)
    assert len(questions) == 1  # everyone is asked in the same words


def test_the_play_log_lists_every_set_and_the_footer_is_red_tens(
    alice: User, alice_client: Client
) -> None:
    table = running_table_with_bots(alice)
    assert table.current_hand is not None
    hand = play_out(table.current_hand, people={0})
    page = alice_client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    log = Hand.objects.get(pk=hand.pk).events.values_list("action", flat=True)
    sets = [a for a in log if a.startswith("play ")]
    assert page.count('<li class="log-play') == len(sets) > 0
    footer = re.search(r'<footer class="site-footer">(.*?)</footer>', page, re.S)
    assert footer is not None and "Red Ten" in footer.group(1) and "emperor" not in footer.group(1)
