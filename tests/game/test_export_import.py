"""Export of a finished hand (JSON, text log) and the admin's check of an imported log."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from game import engine
from game.admin import check_log
from game.models import Hand, SeatResult
from game.selectors import replay_from_log

from .hand_helpers import played_hand, standard_room

pytestmark = pytest.mark.django_db

IMPORT = "admin:game_hand_import"


@pytest.fixture
def hand(alice: User) -> Hand:
    return played_hand(standard_room(), alice, time_out=True, mark=True)


@pytest.fixture
def boss(staff: User) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def export_text(client: Client, hand: Hand) -> str:
    response = client.get(reverse("hand_export_text", args=[hand.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    return response.content.decode()


def export_json(client: Client, hand: Hand) -> dict[str, object]:
    response = client.get(reverse("hand_export_json", args=[hand.pk]))
    assert response.status_code == 200
    data: dict[str, object] = json.loads(response.content)
    return data


def test_the_text_export_is_the_engines_log_and_replays_the_hand(hand: Hand, boss: Client) -> None:
    text = export_text(boss, hand)
    log = engine.HandLog.from_text(text)
    assert log.to_text() == text
    assert engine.replay(log) == replay_from_log(hand)  # staff: the whole log, marks included
    # The public export leaves private marks out (RULES §8.2); the result is the same.
    public = engine.HandLog.from_text(export_text(Client(), hand))
    assert not any(isinstance(a, engine.Mark) for _, a in public.events)
    assert (
        len(public.events)
        == len(log.events) - hand.events.filter(action__startswith="mark").count()
    )
    assert engine.settle(engine.replay(public)) == engine.settle(replay_from_log(hand))


def test_the_json_export_carries_seed_rules_seats_events_and_settlement(
    hand: Hand, alice: User
) -> None:
    data = export_json(Client(), hand)
    assert data["seed"] == hand.seed and data["rules"] == hand.rules
    seats = data["seats"]
    assert isinstance(seats, list) and len(seats) == 5
    assert seats[0] == {"seat": 0, "name": "alice", "username": "alice", "is_bot": False}
    events = data["events"]
    assert isinstance(events, list)
    assert {"seq", "seat", "action", "source", "time"} <= set(events[0])
    assert {e["source"] for e in events} >= {"bot", "timeout", "auto"}
    assert not any(e["action"].startswith("mark") for e in events)
    settlement = data["settlement"]
    assert isinstance(settlement, list)
    for row, result in zip(
        settlement, SeatResult.objects.filter(hand=hand).order_by("seat"), strict=True
    ):
        assert (row["seat"], row["role"], row["place"], row["net"]) == (
            result.seat,
            result.role,
            result.place,
            result.net,
        )
    assert data["log"] == export_text(Client(), hand)


def test_export_then_import_round_trips_and_matches(hand: Hand, boss: Client) -> None:
    text = export_text(boss, hand)
    response = boss.post(reverse(IMPORT), {"text": text, "hand": hand.pk})
    assert response.status_code == 200
    assert b'id="import-matches"' in response.content
    # The JSON names its own hand; no need to pick it.
    raw = boss.get(reverse("hand_export_json", args=[hand.pk])).content
    response = boss.post(reverse(IMPORT), {"text": raw.decode()})
    assert b'id="import-matches"' in response.content
    # Uploading the file works the same way.
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("hand.txt", text.encode(), content_type="text/plain")
    response = boss.post(reverse(IMPORT), {"file": upload, "hand": hand.pk})
    assert b'id="import-matches"' in response.content


def test_an_illegal_event_is_reported_with_its_line(hand: Hand, boss: Client) -> None:
    lines = export_text(boss, hand).splitlines()
    n = next(i for i, line in enumerate(lines) if " play " in line and i > 10)
    seat = lines[n].split()[0]
    lines[n] = f"{seat} play BJ* BJ1 BJ2 BJ3 SJ*"  # nobody holds all the jokers
    report = check_log("\n".join(lines) + "\n", hand.pk)
    assert report.error.startswith(f"line {n + 1}:") and "illegal" in report.error
    response = boss.post(reverse(IMPORT), {"text": "\n".join(lines), "hand": hand.pk})
    assert f"line {n + 1}".encode() in response.content
    assert b'id="import-error"' in response.content


def test_a_malformed_line_is_named(hand: Hand) -> None:
    text = engine.HandLog.from_text(export_text(Client(), hand)).to_text()
    lines = text.splitlines()
    lines[5] = "7 pass"
    assert check_log("\n".join(lines), None).error.startswith("line 6:")
    lines[5] = "1 dance"
    assert check_log("\n".join(lines), None).error.startswith("line 6:")
    assert check_log('{"seed": 1,\n "rules": oops}', None).error.startswith("line 2:")


def test_a_changed_but_legal_event_is_listed_as_a_difference(hand: Hand) -> None:
    data = export_json(Client(), hand)
    events = data["events"]
    assert isinstance(events, list)
    i = next(k for k, e in enumerate(events) if e["action"] == "no_rebel")
    events[i]["action"] = "rebel"
    report = check_log(json.dumps(data), None)
    assert not report.error and report.finished and report.hand == hand
    assert not report.matches
    fields = [d.field for d in report.differences]
    assert f"move {i + 1}" in fields


def test_a_tampered_record_is_listed_seat_by_seat(hand: Hand, boss: Client) -> None:
    result = SeatResult.objects.get(hand=hand, seat=2)
    SeatResult.objects.filter(pk=result.pk).update(net=result.net + 7, payout=result.payout + 7)
    response = boss.post(reverse(IMPORT), {"text": export_text(boss, hand), "hand": hand.pk})
    assert b'id="import-differs"' in response.content
    report = check_log(export_text(boss, hand), hand.pk)
    assert {(d.seat, d.field, d.recorded, d.recomputed) for d in report.differences} == {
        (2, "payout", str(result.payout + 7), str(result.payout)),
        (2, "net", str(result.net + 7), str(result.net)),
    }


def test_a_log_that_stops_early_says_so(hand: Hand) -> None:
    lines = export_text(Client(), hand).splitlines()
    report = check_log("\n".join(lines[:20]), hand.pk)
    assert not report.error and not report.finished and not report.matches


def test_only_staff_reach_the_import_view(alice_client: Client, boss: Client) -> None:
    response = alice_client.get(reverse(IMPORT))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert boss.get(reverse(IMPORT)).status_code == 200


def test_the_hand_admin_lists_searches_and_shows_read_only_inlines(
    hand: Hand, boss: Client
) -> None:
    changelist = reverse("admin:game_hand_changelist")
    page = boss.get(changelist, {"q": "alice"}).content.decode()
    assert f"/admin/game/hand/{hand.pk}/change/" in page
    assert reverse(IMPORT) in boss.get(changelist).content.decode()
    none = boss.get(changelist, {"q": "nobody-by-that-name"}).content.decode()
    assert f"/admin/game/hand/{hand.pk}/change/" not in none
    assert (
        f"/admin/game/hand/{hand.pk}/change/"
        in boss.get(changelist, {"q": "普通场"}).content.decode()
    )
    change = boss.get(reverse("admin:game_hand_change", args=[hand.pk])).content.decode()
    assert "mark 1 guard" in change  # staff see the whole log
    assert 'name="events-0-action"' not in change  # read-only: no inputs
    assert reverse("replay", args=[hand.pk]) in change
    assert boss.get(reverse("admin:game_hand_add")).status_code == 403
