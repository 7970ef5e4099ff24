"""The replay page: every step folded from the event log, rendered by the server; running
hands hidden from everyone but staff, a guest's hands from everyone but staff and the browser
that played them."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from game import engine
from game.engine.review import replay_steps
from game.export import hand_log_of
from game.models import EventSource, HandStatus, SeatResult, Table
from game.selectors import forget_states, hand_replay, replay_from_log, state_of
from lobby import tables

from .hand_helpers import play_out, played_hand, running_hand, standard_room

pytestmark = pytest.mark.django_db


def staff_client(staff: User) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def codes(html: str, attr: str) -> list[str]:
    return re.findall(rf'{attr}="([^"]+)"', html)


def test_it_replays_a_service_hand_to_the_identical_final_state_and_settlement(
    alice: User,
) -> None:
    hand = played_hand(standard_room(), alice, time_out=True, mark=True)
    forget_states()
    final = replay_from_log(hand)
    steps = hand_replay(hand).steps
    # The last visible step is the finished state, equal to the live fold of the log.
    assert steps[-1].state == final == state_of(hand)
    assert final.phase is engine.Phase.FINISHED
    settlement = engine.settle(steps[-1].state)
    recorded = {r.seat: r for r in SeatResult.objects.filter(hand=hand)}
    for seat in settlement.seats:
        row = recorded[seat.seat]
        assert (row.role, row.place, row.payout, row.fee, row.penalty, row.net) == (
            seat.role.value,
            seat.place,
            seat.payout,
            seat.fee,
            seat.penalty,
            seat.net,
        )
    # Private marks are folded but never shown as steps.
    assert hand.events.filter(action__startswith="mark").exists()
    assert len(steps) == 1 + hand.events.exclude(action__startswith="mark").count()


def test_every_step_renders_with_its_play(alice: User, alice_client: Client) -> None:
    hand = played_hand(standard_room(), alice, time_out=True)
    steps = replay_steps(hand_log_of(hand))
    for step in steps:
        response = alice_client.get(reverse("replay_step", args=[hand.pk, step.index]))
        assert response.status_code == 200, step.index
        html = response.content.decode()
        assert f'data-step="{step.index}"' in html
        held = codes(html, "data-held")
        assert len(held) == sum(len(h) for h in step.state.hands)
        if step.kind == "play":
            trick = html.split('id="replay-trick"')[1].split("</div>")[0]
            assert sorted(codes(trick, "data-card")) == sorted(str(c) for c in step.cards)
            # The cards just played are no longer in anybody's hand.
            assert not set(held) & {str(c) for c in step.cards}
    # The deal shows all 168 cards face up; the end shows the settlement.
    first = alice_client.get(reverse("replay_step", args=[hand.pk, 0])).content.decode()
    assert len(codes(first, "data-held")) == 168
    last = alice_client.get(reverse("replay_step", args=[hand.pk, len(steps) - 1])).content
    assert b'id="replay-results"' in last
    results = SeatResult.objects.filter(hand=hand)
    for r in results:
        assert f'data-seat="{r.seat}"' in last.decode()
    # ... and says why, as the table did (RULES §5.1, §5.2 / §5.3).
    assert b'id="replay-reason"' in last and "§5".encode() in last
    assert alice_client.get(reverse("replay_step", args=[hand.pk, len(steps)])).status_code == 404


def test_auto_played_and_timed_out_moves_are_marked(alice: User) -> None:
    hand = played_hand(standard_room(), alice, time_out=True)
    sources = set(hand.events.values_list("source", flat=True))
    assert {EventSource.TIMEOUT, EventSource.AUTO, EventSource.BOT} <= sources
    page = Client().get(reverse("replay", args=[hand.pk])).content.decode()
    assert page.count("tag-source tag-timeout") == hand.events.filter(source="timeout").count()
    assert page.count("tag-source tag-auto") == hand.events.filter(source="auto").count()
    # Every move the player did not make is marked, and nothing else.
    marked = hand.events.exclude(source=EventSource.PLAYER).count()
    assert page.count('class="tag tag-source') == marked


def test_the_page_is_shareable_and_opens_at_a_chosen_step(alice: User) -> None:
    hand = played_hand(standard_room(), alice)
    steps = replay_steps(hand_log_of(hand))
    play = next(s for s in steps if s.kind == "play" and s.index > 10)
    anonymous = Client()
    page = anonymous.get(reverse("replay", args=[hand.pk]), {"step": play.index})
    assert page.status_code == 200
    html = page.content.decode()
    assert f'data-step="{play.index}"' in html
    assert 'aria-current="step"' in html
    # Steps are fetched as fragments, one at a time; the page links every trick and step.
    assert f'hx-get="{reverse("replay_step", args=[hand.pk, play.index + 1])}"' in html
    starts = [s.index for s in steps if s.leads]
    for start in starts:
        assert f'data-step="{start}"' in html
    assert html.count('class="trick-link"') == len(starts) + 1
    assert "replay.js" in html and "<script>" not in html and " style=" not in html
    assert " hx-on" not in html
    # A step number out of range is clamped, not an error.
    assert anonymous.get(reverse("replay", args=[hand.pk]), {"step": 99999}).status_code == 200
    assert anonymous.get(reverse("replay", args=[hand.pk]), {"step": "x"}).status_code == 200


def test_a_running_hand_is_404_for_its_own_players_and_visible_to_staff(
    alice: User, alice_client: Client, staff: User
) -> None:
    hand = running_hand(standard_room(), alice)
    urls = [
        reverse("replay", args=[hand.pk]),
        reverse("replay_step", args=[hand.pk, 0]),
        reverse("hand_export_json", args=[hand.pk]),
        reverse("hand_export_text", args=[hand.pk]),
    ]
    missing = reverse("replay", args=[hand.pk + 1000])
    for url in urls:
        assert alice_client.get(url).status_code == 404, url
        assert Client().get(url).status_code == 404, url
    # The same answer as for a hand that does not exist: the id is not confirmed.
    assert alice_client.get(missing).status_code == 404
    boss = staff_client(staff)
    for url in urls:
        assert boss.get(url).status_code == 200, url
    assert b"only staff can see this page" in boss.get(urls[0], HTTP_ACCEPT_LANGUAGE="en").content
    # Once it is over, the same URLs open for everyone.
    play_out(hand, people={0})
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    for url in urls:
        assert Client().get(url).status_code == 200, url


def test_a_guest_hand_is_visible_to_staff_only(staff: User) -> None:
    hand = played_hand(standard_room(), None, is_guest=True)
    url = reverse("replay", args=[hand.pk])
    assert Client().get(url).status_code == 404
    assert Client().get(reverse("hand_export_text", args=[hand.pk])).status_code == 404
    assert staff_client(staff).get(url).status_code == 200


def test_the_settlement_screen_links_to_the_replay(alice: User, alice_client: Client) -> None:
    room = standard_room()
    table = tables.play_with_bots(room=room, user=alice)
    table.refresh_from_db()
    hand = table.current_hand
    assert hand is not None
    page = alice_client.get(reverse("table", args=[table.pk])).content.decode()
    assert 'id="replay-link"' not in page  # not while the hand runs
    play_out(hand, people={0})
    page = alice_client.get(reverse("table", args=[table.pk])).content.decode()
    link = re.search(r'id="replay-link" href="([^"]+)"', page)
    assert link is not None and link.group(1) == reverse("replay", args=[hand.pk])
    replay = alice_client.get(link.group(1))
    assert replay.status_code == 200 and b'id="replay-step"' in replay.content


def test_a_guests_settlement_links_to_a_replay_only_his_browser_opens(client: Client) -> None:
    room = standard_room()
    client.post(reverse("try_as_guest", args=[room.slug]))
    table = Table.objects.get()
    hand = table.current_hand
    assert hand is not None and hand.is_guest
    url = reverse("replay", args=[hand.pk])
    assert client.get(url).status_code == 404  # not while it runs
    play_out(hand, people={0})
    page = client.get(reverse("table", args=[table.pk])).content.decode()
    link = re.search(r'id="replay-link" href="([^"]+)"', page)
    assert reverse("account_signup") in page and link is not None and link.group(1) == url
    replay = client.get(url)
    assert replay.status_code == 200 and b'id="replay-step"' in replay.content
    assert client.get(reverse("hand_export_text", args=[hand.pk])).status_code == 200
    # Another browser, signed in or not, learns nothing: the same 404 as no hand at all.
    assert Client().get(url).status_code == 404
    assert Client().get(reverse("hand_export_text", args=[hand.pk])).status_code == 404
