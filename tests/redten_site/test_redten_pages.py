"""Red Ten beside Baohuang on the pages (RULES §11): the table page, the replay and the text
log, the histories, the profile's military ladder (file 003 §10), leaving a hand, and the
admin's rooms with their game and coefficient N."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import User
from game.engine import redten
from game.models import Game, Hand, HandAdvice, HandStatus, Room, SeatResult
from game.redten_hands import state_of
from lobby import tables
from lobby.services import ensure_default_rooms

from .helpers import play_out, running_table_with_bots

pytestmark = pytest.mark.django_db


def _finished_hand(user: User) -> Hand:
    table = running_table_with_bots(user)
    assert table.current_hand is not None
    return play_out(table.current_hand, people={0}, show=True)


def test_the_table_page_asks_every_seat_the_same_question(
    alice: User, alice_client: Client
) -> None:
    table = running_table_with_bots(alice)
    page = alice_client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert f'ws-connect="/ws/redten/{table.pk}/"' in page
    assert "亮牌" in page and "不亮" in page
    # Alice's own ten cards, and no other seat's.
    hand = Hand.objects.get(table=table, number=table.hands_played)
    mine = set(redten.format_cards(redten.view_for(state_of(hand), 0).hand or ()).split())
    found = re.findall(r'name="cards" value="([^"]+)"|data-card="([^"]+)"', page)
    codes = {a or b for a, b in found}
    assert codes == mine and len(mine) == 10


def test_replay_and_text_log_of_a_red_ten_hand(alice: User, alice_client: Client) -> None:
    hand = _finished_hand(alice)
    page = alice_client.get(f"/hands/{hand.pk}/?step=1", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert page.status_code == 200
    text = page.content.decode()
    assert "红十" in text and 'data-step="1"' in text
    log = alice_client.get(f"/hands/{hand.pk}/export.txt").content.decode()
    assert log.startswith("redten-hand 1\n")
    assert redten.replay(redten.HandLog.from_text(log)) == state_of(hand)
    data = alice_client.get(f"/hands/{hand.pk}/export.json").json()
    assert data["game"] == "redten" and len(data["events"]) == hand.version


def test_histories_and_profile_list_red_ten_hands_and_the_ladder(
    alice: User, alice_client: Client
) -> None:
    hand = _finished_hand(alice)
    row = SeatResult.objects.get(hand=hand, seat=0)
    mine = alice_client.get("/hands/mine/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert ("红方" if row.role == "red" else "黑方") in mine
    assert alice_client.get(f"/rooms/{hand.room.slug}/hands/").status_code == 200
    alice.refresh_from_db()
    profile = alice_client.get(
        f"/players/{alice.username}/", HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert 'id="redten-ladder"' in profile
    assert redten.level_for(alice.redten_points).title in profile
    # Beside the Baohuang titles, not instead of them.
    assert 'id="title-emperor"' in profile


def test_the_ladder_shows_the_level_reached(alice: User, alice_client: Client) -> None:
    User.objects.filter(pk=alice.pk).update(redten_points=1500)  # file 003 §10: 中士 from 1500
    profile = alice_client.get(f"/players/{alice.username}/").content.decode()
    assert "中士" in profile and "第 5 级（共 20 级）" in profile


def test_leaving_a_running_red_ten_hand_hands_the_seat_to_auto_play(
    alice: User, alice_client: Client
) -> None:
    table = running_table_with_bots(alice)
    # The leave menu says what leaving now costs (RULES §6.3: no flight in Red Ten).
    page = alice_client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    menu = page.split('id="redten-leave-menu"')[1].split("</details>")[0]
    assert '<p id="redten-leave-warning">A hand is running at your table' in menu
    tables.leave(table=table, user=alice)
    table.refresh_from_db()
    hand = Hand.objects.get(table=table, number=table.hands_played)
    assert state_of(hand).auto[0]
    assert play_out(hand).status == HandStatus.FINISHED


def test_admin_edits_a_red_ten_rooms_game_and_coefficient(staff: User) -> None:
    ensure_default_rooms()
    client = Client()
    client.force_login(staff)
    room = Room.objects.get(slug="redten-coin")
    page = client.get(f"/admin/game/room/{room.pk}/change/")
    assert page.status_code == 200
    assert 'name="coin_coefficient"' in page.content.decode()
    data = {
        "name": room.name,
        "slug": room.slug,
        "game": Game.REDTEN,
        "preset": room.preset,
        "is_open": "on",
        "sort_order": room.sort_order,
        "coin_coefficient": 25,
        "base_stake": room.base_stake,
        "table_fee": room.table_fee,
        "min_balance": "",
        "role_seconds": room.role_seconds,
        "play_seconds": room.play_seconds,
        "grace_seconds": room.grace_seconds,
        "deal_pause_seconds": room.deal_pause_seconds,
    }
    response = client.post(f"/admin/game/room/{room.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    room.refresh_from_db()
    assert room.coin_coefficient == 25 and room.game == Game.REDTEN
    # A hand dealt in the room now carries N = 25 in its rules.
    user = User.objects.create_user("carol", "c@example.org", "x" * 12)
    User.objects.filter(pk=user.pk).update(beans=10**6)
    user.refresh_from_db()
    table = tables.play_with_bots(room=room, user=user)
    table.refresh_from_db()
    assert state_of(Hand.objects.get(table=table, number=table.hands_played)).rules.coin == 25
    # Bad input: a negative coefficient is refused and nothing changes.
    bad = client.post(f"/admin/game/room/{room.pk}/change/", {**data, "coin_coefficient": -3})
    assert bad.status_code == 200
    room.refresh_from_db()
    assert room.coin_coefficient == 25


def test_the_home_page_tells_red_ten_rooms_apart(client: Client) -> None:
    ensure_default_rooms()
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    points = page.split('id="room-redten"')[1].split("</article>")[0]
    coin = page.split('id="room-redten-coin"')[1].split("</article>")[0]
    assert "积分场" in points and "红十" in points
    assert "游戏币场，N = 10" in coin
    # The worst loss of a Red Ten hand: a solo caught in 明打 pays 16 units (file 003 §9).
    assert "一局最多输 160 星豆" in points and "一局最多输 160 星豆" in coin


def test_the_expert_review_is_refused_for_a_red_ten_hand(alice: User, alice_client: Client) -> None:
    hand = _finished_hand(alice)
    response = alice_client.post(f"/hands/{hand.pk}/advice/", {"step": "0"})
    assert response.status_code == 409
    assert not HandAdvice.objects.filter(hand=hand).exists()
