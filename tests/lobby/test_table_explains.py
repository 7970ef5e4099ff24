"""The table explains itself: role choices with their one-line help, the safe
default first and a second click for 16×/32×; the public play record behind the trick,
the play log and the card counter; the settlement explained in one line; the lobby lists
only live tables; home's one start button; the rules page decided by the engine."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import User
from game import engine
from game.engine.review import replay_steps
from game.models import Connection, Hand, HandStatus, Room, ServerProcess, Table
from game.selectors import state_of
from lobby import tables
from lobby.play_log import current_trick, public_events
from lobby.presenters import RANK_TOTALS, counter_cells, role_choices
from lobby.selectors import live_table_count, room_tables
from lobby.summary import SeatLine, summarize
from lobby.table_state import (
    TableSnapshot,
    Viewer,
    load_snapshot,
    render_fragment,
    table_context,
)
from tests.game.hand_helpers import played_hand, standard_room

pytestmark = pytest.mark.django_db

E, G, R = engine.Role.EMPEROR, engine.Role.GUARD, engine.Role.REBEL


# --- role decisions -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("offered", "first"),
    [
        (("ascend", "abdicate"), "ascend"),  # RULES §3.1
        (("open_solo", "dark_solo", "abdicate"), "dark_solo"),  # §3.2: the smaller solo
        (("open_guard", "dark_guard"), "dark_guard"),  # §3.3
        (("rebel", "no_rebel"), "no_rebel"),  # §3.3
    ],
)
def test_it_puts_the_safe_default_first_and_explains_every_choice(offered, first) -> None:
    choices = role_choices(offered)
    assert choices[0].kind == first
    assert sorted(c.kind for c in choices) == sorted(offered)
    for c in choices:
        assert c.help and c.label
        # Only the 16× and 32× stakes ask for a second click.
        assert bool(c.confirm) == (c.kind in ("open_solo", "dark_solo"))
    with translation.override("en"):
        helps = {c.kind: c.help for c in role_choices(offered)}
    assert "32×" in helps.get("open_solo", "32×") and "16×" in helps.get("dark_solo", "16×")


def test_the_throne_holder_sees_the_help_and_ascend_as_the_primary_button(alice: User) -> None:
    table = tables.play_with_bots(room=standard_room(), user=alice)
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None and snapshot.state is not None
    holder = snapshot.state.throne_holder
    ctx = table_context(snapshot, Viewer(user_id=None if holder else alice.pk, seat=holder))
    with translation.override("en"):
        html = render_fragment(ctx, "controls")
    buttons = re.findall(r'<button class="decide-button([^"]*)" data-choice="(\w+)"', html)
    assert buttons and buttons[0] == (" primary", buttons[0][1])
    assert buttons[0][1] in ("ascend", "dark_solo")
    assert all("primary" not in cls for cls, _ in buttons[1:])
    assert html.count('class="choice-help"') == len(buttons)


# --- the public record: trick, log, counter ----------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_play_record_is_the_public_moves_of_the_log_and_the_same_for_everyone() -> None:
    hand = played_hand(standard_room(), seed=23)
    events = public_events(hand)
    # Cross-checked with the engine's own review of the log: plays and passes, in order.
    steps = [s for s in replay_steps(hand_log(hand))[1:] if s.kind in ("play", "pass")]
    assert [(e.seat, e.kind, e.cards) for e in events if e.kind in ("play", "pass")] == [
        (s.seat, s.kind, tuple(reversed(s.cards))) for s in steps
    ]
    assert {e.kind for e in events} <= {"play", "pass", "auto_on", "auto_off", "flee"}
    assert [e.trick for e in events if e.leads] == list(range(1, sum(s.leads for s in steps) + 1))
    # The log fragment is drawn from the record alone: five players and a spectator get the
    # very same html (no seat's hidden facts can change it, not even its size).
    snapshot = load_snapshot_for(hand)
    logs = {
        render_fragment(table_context(snapshot, Viewer(user_id=None, seat=s)), "log")
        for s in (0, 1, 2, 3, 4, None)
    }
    assert len(logs) == 1


def hand_log(hand: Hand) -> engine.HandLog:
    log = engine.HandLog(seed=hand.seed, rules=engine.Rules.from_dict(dict(hand.rules)))
    for seat, action in hand.events.order_by("seq").values_list("seat", "action"):
        log = log.append(seat, engine.Action.from_notation(action))
    return log


def load_snapshot_for(hand: Hand) -> TableSnapshot:
    table = tables.create_table(room=hand.room)
    Table.objects.filter(pk=table.pk).update(current_hand=hand)
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None
    return snapshot


def test_the_current_trick_holds_every_set_and_pass_since_the_lead() -> None:
    hand = running_in_play()
    events = public_events(hand)
    trick = current_trick(events)
    assert trick and trick[0].leads and trick[0].kind == "play"
    assert all(not e.leads for e in trick[1:])
    assert len({e.trick for e in trick}) == 1


def running_in_play() -> Hand:
    """A bots' hand moved on until a trick has a few moves in it."""
    from game.hands import start_hand
    from game.keeper import tick_sync
    from tests.game.hand_helpers import bots

    hand = start_hand(room=standard_room(), table=None, seats=bots(5), seed=5)
    clock = timezone.now()
    for _ in range(200):
        hand.refresh_from_db()
        state = state_of(hand)
        plays = [e for e in public_events(hand) if e.kind in ("play", "pass")]
        if state.phase is engine.Phase.PLAY and len(plays) >= 3:
            return hand
        clock += timedelta(milliseconds=1)
        tick_sync(clock)
    raise AssertionError("no trick")


def test_the_counter_counts_the_cards_neither_played_nor_held() -> None:
    hand = running_in_play()
    state = state_of(hand)
    events = public_events(hand)
    played = [c.strength for e in events for c in e.cards]
    # Every seat in turn, twice round: each one's counter leaves out its own cards, never
    # the cards of the seat asked before it (the counts of a hand are remembered).
    for seat in [*range(5), *range(5)]:
        view = engine.view_for(state, seat)
        mine = view.hand or ()
        cells = counter_cells(events, mine)
        # Strongest first: the big joker, then the small joker, 2, A, … 6.
        assert [c.strength for c in cells] == list(reversed(range(12)))
        for cell in cells:
            held = sum(1 for c in mine if c.strength == cell.strength)
            gone = played.count(cell.strength)
            assert cell.left == RANK_TOTALS[cell.strength] - gone - held


# --- the settlement explained (RULES §5.4's worked examples) ----------------------------


def lines(roles: list[engine.Role], payouts: list[int], fee: int = 2) -> list[SeatLine]:
    """Seats 0..4 finish in seat order (seat 0 first)."""
    return [
        SeatLine(seat=i, role=r, place=i + 1, payout=p, fee=fee, penalty=0, net=p - fee, fled=False)
        for i, (r, p) in enumerate(zip(roles, payouts, strict=True))
    ]


def test_it_explains_a_dark_guard_win_in_one_line() -> None:
    # S=10, dark guard, places A B B A B → emperor +20, guard +10, rebels −10 each.
    rows = lines([E, R, R, G, R], [20, -10, -10, 10, -10])
    with translation.override("en"):
        emperor = summarize(
            mode=engine.Mode.DARK_GUARD,
            rebellion=False,
            stake=10,
            multiple=1,
            winner="royalists",
            lines=rows,
            me=0,
        )
        rebel = summarize(
            mode=engine.Mode.DARK_GUARD,
            rebellion=False,
            stake=10,
            multiple=1,
            winner="royalists",
            lines=rows,
            me=1,
        )
    assert emperor.outcome == "win" and "胜" in emperor.headline
    assert "皇 反 反 保 反" in emperor.arithmetic
    assert "2 × 1 × S 10 = +20" in emperor.arithmetic and "fee −2" in emperor.arithmetic
    assert "net +18" in emperor.arithmetic
    assert rebel.outcome == "loss" and "负" in rebel.headline
    assert "1 × 1 × S 10 = −10" in rebel.arithmetic and "net −12" in rebel.arithmetic


def test_it_explains_an_open_hand_loss_and_a_draw() -> None:
    # S=10, open hand, places B B B A A → emperor −80, guard −40, rebels +40 each.
    rows = lines([R, R, R, E, G], [40, 40, 40, -80, -40])
    with translation.override("en"):
        emperor = summarize(
            mode=engine.Mode.OPEN_GUARD,
            rebellion=False,
            stake=10,
            multiple=2,
            winner="rebels",
            lines=rows,
            me=3,
        )
        draw = summarize(
            mode=engine.Mode.DARK_GUARD,
            rebellion=False,
            stake=10,
            multiple=0,
            winner="draw",
            lines=lines([E, R, R, R, G], [0, 0, 0, 0, 0]),
            me=2,
        )
        watcher = summarize(
            mode=engine.Mode.OPEN_GUARD,
            rebellion=False,
            stake=10,
            multiple=2,
            winner="rebels",
            lines=rows,
            me=None,
        )
    assert emperor.outcome == "loss" and "4 × 2 × S 10 = −80" in emperor.arithmetic
    assert draw.outcome == "draw" and "平" in draw.headline and "net −2" in draw.arithmetic
    assert watcher.headline == "The rebels win" and "you" not in watcher.arithmetic


def test_it_says_why_a_winning_guard_gained_no_title_points() -> None:
    # B A B B A is a rebels' win; A B B A B with the guard out before the emperor is the
    # case of RULES §7.3: the royalists won, the guard still gains nothing.
    rows = [
        SeatLine(
            seat=0,
            role=G,
            place=1,
            payout=10,
            fee=2,
            penalty=0,
            net=8,
            fled=False,
            points_before=0,
            points_after=0,
            title_before="捕快",
            title_after="捕快",
        ),
        SeatLine(seat=1, role=R, place=2, payout=-10, fee=2, penalty=0, net=-12, fled=False),
        SeatLine(seat=2, role=R, place=3, payout=-10, fee=2, penalty=0, net=-12, fled=False),
        SeatLine(seat=3, role=E, place=4, payout=20, fee=2, penalty=0, net=18, fled=False),
        SeatLine(seat=4, role=R, place=5, payout=-10, fee=2, penalty=0, net=-12, fled=False),
    ]
    with translation.override("en"):
        guard = summarize(
            mode=engine.Mode.DARK_GUARD,
            rebellion=False,
            stake=10,
            multiple=1,
            winner="royalists",
            lines=rows,
            me=0,
        )
    assert "0 → 0" in guard.title_line
    assert "emperor goes out before the guard" in guard.title_line


# --- the lobby lists live tables only ------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_table_left_after_its_hand_leaves_the_lobby(alice: User) -> None:
    room = standard_room()
    table = tables.play_with_bots(room=room, user=alice)
    assert live_table_count(room) == 1
    assert [row.table.pk for row in room_tables(room)] == [table.pk]
    assert table.current_hand_id is not None
    hand = Hand.objects.get(pk=table.current_hand_id)
    from tests.game.hand_helpers import play_out

    play_out(hand, people={0})
    assert Hand.objects.get(pk=hand.pk).status == HandStatus.FINISHED
    # Finished, nobody connected: not listed, not counted.
    assert live_table_count(room) == 0
    assert room_tables(room) == []
    # Somebody comes back to it: listed again (waiting for the next hand), still not "playing".
    process = ServerProcess.objects.create(name="p1", last_seen=timezone.now())
    Connection.objects.create(table=table, seat=0, channel_name="c1", process=process)
    rows = room_tables(room)
    assert [row.table.pk for row in rows] == [table.pk] and rows[0].running is False
    assert live_table_count(room) == 0


# --- home and the rules page ---------------------------------------------------------------


def test_home_offers_one_start_button_that_seats_a_guest_at_a_trial(client: Client) -> None:
    standard_room()
    html = client.get(reverse("home")).content.decode()
    assert html.count('id="start-game"') == 1
    response = client.post(reverse("start_game"))
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[table.pk])
    assert table.is_guest and table.room.slug == "standard"


def test_the_start_button_opens_a_bots_table_for_a_player_then_leads_back_to_it(
    alice_client: Client, alice: User
) -> None:
    standard_room()
    first = alice_client.post(reverse("start_game"))
    table = Table.objects.get()
    assert first["Location"] == reverse("table", args=[table.pk]) and not table.is_guest
    assert table.seats.filter(is_bot=True).count() == 4
    assert table.seats.get(index=0).user == alice
    again = alice_client.post(reverse("start_game"))
    assert again["Location"] == reverse("table", args=[table.pk])
    assert Table.objects.count() == 1


def test_each_room_card_says_its_rules_in_a_sentence(client: Client) -> None:
    standard_room()
    Room.objects.filter(slug="quick").update(pass_lock=True)
    with translation.override("en"):
        html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    sentences = re.findall(r'<p class="room-sentence">([^<]+)</p>', html)
    assert len(sentences) == Room.objects.filter(is_open=True).count()
    assert len(set(sentences)) == len(sentences)  # every room says how it differs
    assert any("Pass-lock" in s for s in sentences)


def test_the_rules_page_shows_the_engines_verdicts(client: Client) -> None:
    html = client.get(reverse("rules"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rows = re.findall(r'<tr class="(yes|no)">', html)
    # RULES §4.3: "plain 9 9 9 9 cannot beat 8 8 8 SJ"; the engine decided every row.
    from lobby.rules_page import EXAMPLES

    expected = [
        "yes" if engine.beats(engine.parse_cards(a), engine.parse_cards(b)) else "no"
        for a, b, _ in EXAMPLES
    ]
    assert rows == expected and "no" in rows and "yes" in rows
    assert 'id="card-order"' in html and html.count('class="card') >= 12
    assert "A A B B B" in html  # the two-against-three table


def test_the_table_links_to_the_rules(alice_client: Client, alice: User) -> None:
    table = tables.play_with_bots(room=standard_room(), user=alice)
    html = alice_client.get(reverse("table", args=[table.pk])).content.decode()
    # To the section of the table's own rule system (the standard room's here).
    assert f'href="{reverse("rules")}#standard"' in html
