"""Places and prizes for people (RULES §6.4, docs/RULES-DECISIONS.md "Tournaments"): bots
score but are listed apart with no place; a registrant who took no decision himself takes no
prize, which goes to the next person; a prize nobody can take is said to be unpaid; prizes
read in beans, scores in base stakes with the formula; an unfinished deal reads —."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from django.conf import LazySettings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from accounts.services import audit_beans
from game import engine, presence
from game.hands import submit_action
from game.keeper import tick_sync
from game.models import Hand, HandSeat, HandStatus, TableSeat
from game.selectors import state_of
from tests.tournaments.helpers import registered, tournament
from tournaments import selectors, services
from tournaments.models import Entry, Play, Status, Tournament, TournamentTable

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def arrival_wait(settings: LazySettings) -> None:
    settings.BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = 60  # RULES §6.4


def page(user: User | None, url: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client.get(url, follow=True).content.decode()


def play_round_without(t: Tournament, absent: Entry, clock: datetime) -> datetime:
    """Play the current round from ``clock``: every person but ``absent`` decides himself
    (with the hint) at once; the server takes ``absent``'s decisions when their deadlines
    pass (he never opened his table). The clock after it."""
    assert absent.user_id is not None
    for play in Play.objects.filter(tournament=t, finished=False):
        hand = Hand.objects.get(pk=play.hand_id)
        present = set(
            HandSeat.objects.filter(hand=hand, user__isnull=False)
            .exclude(user_id=absent.user_id)
            .values_list("seat", flat=True)
        )
        while hand.status != HandStatus.FINISHED:
            state = state_of(hand)
            owed = [s for s in engine.to_act(state) if s in present and not state.auto[s]]
            if owed:
                seat = owed[0]
                action = engine.autoplay_action(state, seat)
                if state.phase is engine.Phase.PLAY:
                    action = engine.hint(state, seat, 0)
                submit_action(
                    hand_id=hand.pk,
                    seat=seat,
                    action=action,
                    expected_version=hand.version,
                    now=clock,
                )
            elif tick_sync(clock) == 0:
                clock += timedelta(seconds=30)  # past the absent seat's deadline
            hand.refresh_from_db()
    services.advance(clock)
    t.refresh_from_db()
    return clock


def opens_table(user: User, t: Tournament) -> None:
    """``user``'s table page is open: his socket keeps his seat present."""
    entry = Entry.objects.get(tournament=t, user=user)
    assert entry.table_index is not None
    table_id = TournamentTable.objects.get(tournament=t, index=entry.table_index).table_id
    seat = TableSeat.objects.get(table_id=table_id, user=user).index
    presence.connected(table_id=table_id, seat=seat, channel_name=f"test.{user.pk}")


def test_an_absent_registrant_placed_first_takes_no_prize_and_the_page_says_who_did() -> None:
    # One table: two people and three bots; the deal is played twice (rotated).
    t = tournament(fee=100, deals=1, prizes=(60, 40))
    # ann, who never comes, registers after ben: her first place is her score's, not her entry's.
    ben, ann = registered(t, 2)
    start = timezone.now()
    services.start(tournament_id=t.pk, now=start)
    opens_table(ben, t)
    services.advance(start + timedelta(seconds=1))  # ann never comes: dealt after the wait
    clock = start + timedelta(seconds=61)
    services.advance(clock)
    t.refresh_from_db()
    absent = Entry.objects.get(tournament=t, user=ann)
    clock = play_round_without(t, absent, clock)
    # His seat's first play is made to score far above anyone's (the hands are played by the
    # hint and the server, so who wins is left to the cards otherwise).
    first = Play.objects.get(tournament=t, round=0)
    seat = first.entries.index(absent.pk)
    payouts = list(first.payouts)
    payouts[seat] += 100 * t.room.base_stake
    Play.objects.filter(pk=first.pk).update(payouts=payouts)
    unfinished = page(ben, reverse("tournament", args=[t.pk]))
    assert "—" in re.search(r'<td class="deal-score">(.*?)</td>', unfinished).group(1)  # type: ignore[union-attr]
    play_round_without(t, absent, clock)
    assert t.status == Status.FINISHED

    people = [row for row in selectors.standings(t) if not row.is_bot]
    bots = [row for row in selectors.standings(t) if row.is_bot]
    assert [row.place for row in people] == [1, 2]  # places count people only
    assert [row.name for row in people] == [ann.username, ben.username]
    assert people[0].score > people[1].score
    assert len(bots) == 3 and all(row.place is None for row in bots)
    entries = {e.user_id: e for e in Entry.objects.filter(tournament=t, is_bot=False)}
    assert (entries[ann.pk].final_place, entries[ben.pk].final_place) == (1, 2)
    assert entries[ann.pk].took_part is False and entries[ann.pk].prize == 0
    assert entries[ben.pk].took_part is True and entries[ben.pk].prize == 120  # 60 % of 200
    ann.refresh_from_db()
    ben.refresh_from_db()
    assert ann.beans == 10_000 - 100 and ben.beans == 10_000 - 100 + 120
    assert audit_beans() == []

    html = page(None, reverse("tournament", args=[t.pk]))
    prizes = re.search(r'<ul class="prizes" id="prizes">(.*?)</ul>', html, re.S)
    assert prizes is not None
    first_prize, second_prize = re.findall(r"<li[^>]*>(.*?)</li>", prizes.group(1), re.S)
    assert "Place 1: 120 beans (60% of the pool)" in first_prize
    assert f"<strong>{ben.username}</strong>" in first_prize
    assert "a better-placed person played no decision himself" in first_prize
    assert "Place 2: 80 beans (40% of the pool)" in second_prize
    assert "not paid: too few people took a decision themselves (1)" in second_prize
    # The people's table and the bots' apart; the absent person's row says why.
    people_table = re.search(r'id="standings-people">(.*?)</table>', html, re.S)
    bots_table = re.search(r'id="standings-bots">(.*?)</table>', html, re.S)
    assert people_table is not None and bots_table is not None
    assert "no prize: played no decision himself" in people_table.group(1)
    assert "bot" not in people_table.group(1)
    assert bots_table.group(1).count('class="standing bot"') == 3
    assert "<td>1</td>" not in bots_table.group(1)
    # Scores carry their unit and the formula, linked to the rules.
    assert re.search(r'<td class="score">[+-]\d+\.\d\d S</td>', people_table.group(1))
    assert 'id="score-formula"' in html and 'href="/rules/#tournament"' in html
    assert "S = 10 beans" in html
    assert 'id="tournament"' in page(None, reverse("rules"))
    # His profile lists it: place, and why no prize.
    profile = page(ann, reverse("my_profile"))
    history = re.search(r'id="player-tournaments"(.*?)</section>', profile, re.S)
    assert history is not None and t.name in history.group(1)
    assert "1 of 2" in history.group(1)
    assert "no prize: played no decision himself" in history.group(1)
    assert "120 beans" in page(ben, reverse("my_profile"))


def test_prizes_read_in_beans_before_the_start() -> None:
    t = tournament(fee=100, prizes=(70, 30))
    (ann,) = registered(t, 1)
    html = page(ann, reverse("tournament", args=[t.pk]))
    assert "Prize pool so far: 100 beans" in html
    assert re.search(r"starts in (59\s+minutes|1\s+hour)", html)  # its start, an hour away
    assert "Place 1: 70 beans (70% of the pool)" in html
    assert "Place 2: 30 beans (30% of the pool)" in html
