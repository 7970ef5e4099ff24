"""Entry fees, refunds and prizes go through the ledger; the audit stays clean; each
refused request says why and changes nothing."""

from __future__ import annotations

import secrets

import pytest
from django.utils import translation

from accounts.models import LedgerEntry, LedgerKind, User
from accounts.services import audit_beans, record_beans
from game.models import TableSeat
from lobby.tables import create_table, sit
from tests.game.hand_helpers import standard_room
from tests.tournaments.helpers import people, play_all, registered, tournament
from tournaments import selectors, services
from tournaments.models import Entry, Status

pytestmark = pytest.mark.django_db

DEAL_WITH_WINNERS = 12345


def beans(user: User) -> int:
    user.refresh_from_db()
    return user.beans


def test_registering_takes_the_fee_and_leaving_gives_it_back() -> None:
    t = tournament(fee=150)
    (p,) = people(1)
    services.register(tournament_id=t.pk, user=p)
    assert beans(p) == 10_000 - 150
    fee = LedgerEntry.objects.get(user=p, kind=LedgerKind.TOURNAMENT)
    assert fee.amount == -150 and f"tournament {t.pk}" in fee.reason
    services.leave(tournament_id=t.pk, user=p)
    assert beans(p) == 10_000
    assert not Entry.objects.filter(tournament=t).exists()
    assert audit_beans() == []


def test_a_cancelled_tournament_refunds_everyone() -> None:
    t = tournament(fee=80)
    players = registered(t, 3)
    services.cancel(tournament_id=t.pk)
    t.refresh_from_db()
    assert t.status == Status.CANCELLED
    assert [beans(p) for p in players] == [10_000] * 3
    assert audit_beans() == []
    with pytest.raises(services.TournamentRefused, match="cancelled"):
        services.register(tournament_id=t.pk, user=players[0])


def refused(t_id: int, user: User, match: str) -> None:
    before = (beans(user), Entry.objects.count(), LedgerEntry.objects.count())
    with pytest.raises(services.TournamentRefused, match=match):
        services.register(tournament_id=t_id, user=user)
    assert (beans(user), Entry.objects.count(), LedgerEntry.objects.count()) == before


def test_registering_twice_is_refused() -> None:
    t = tournament()
    (p,) = people(1)
    services.register(tournament_id=t.pk, user=p)
    refused(t.pk, p, "already registered")


def test_registering_without_the_fee_is_refused() -> None:
    t = tournament(fee=500)
    (p,) = people(1)
    record_beans(user=p, kind=LedgerKind.ADMIN, amount=-9_600, reason="test")
    refused(t.pk, p, "entry fee is 500 beans; you have 400 free")


def test_registering_after_the_start_is_refused() -> None:
    t = tournament()
    first, late = people(2)
    services.register(tournament_id=t.pk, user=first)
    services.start(tournament_id=t.pk)
    refused(t.pk, late, "already started")
    with pytest.raises(services.TournamentRefused, match="already started"):
        services.leave(tournament_id=t.pk, user=first)
    with pytest.raises(services.TournamentRefused, match="already started"):
        services.cancel(tournament_id=t.pk)


def test_registering_while_seated_at_a_table_is_refused() -> None:
    t = tournament()
    (p,) = people(1)
    sit(table=create_table(room=standard_room()), seat=0, user=p)
    refused(t.pk, p, "sitting at a table")
    assert TableSeat.objects.filter(user=p).exists()


def test_leaving_without_registering_is_refused() -> None:
    t = tournament()
    (p,) = people(1)
    with pytest.raises(services.TournamentRefused, match="not registered"):
        services.leave(tournament_id=t.pk, user=p)


def test_prizes_are_paid_by_place_and_the_audit_stays_clean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = tournament(fee=100, deals=1, prizes=(70, 30))
    registered(t, 7)
    # One fixed deal whose scores differ: a drawn deal can leave every score at 0, and the
    # order of places below would then prove nothing.
    monkeypatch.setattr(secrets, "randbits", lambda _bits: DEAL_WITH_WINNERS)
    services.start(tournament_id=t.pk)
    play_all(t)
    entries = list(Entry.objects.filter(tournament=t, is_bot=False).order_by("final_place"))
    assert [e.prize for e in entries] == [490, 210, 0, 0, 0, 0, 0]
    # The places are the final scores' order, the last deal's included.
    scores = {row.entry_id: (row.score, row.payout) for row in selectors.standings(t)}
    placed = [scores[e.pk] for e in entries]
    assert placed == sorted(placed, reverse=True) and len(set(placed)) > 1
    for e in entries:
        assert e.user is not None
        assert beans(e.user) == 10_000 - 100 + e.prize
    assert audit_beans() == []


def test_prizes_share_the_pool_exactly() -> None:
    t = tournament(prizes=(50, 30, 20))
    shares = list(t.prizes.all())
    # 3 × 7 = 21 beans: 10 + 6 + 4 = 20 rounded down, the 1 left over goes to the winner.
    assert selectors.prize_amounts(21, shares) == {1: 11, 2: 6, 3: 4}
    assert selectors.prize_amounts(0, shares) == {1: 0, 2: 0, 3: 0}


def test_a_refusal_speaks_chinese_first() -> None:
    t = tournament()
    (p,) = people(1)
    services.register(tournament_id=t.pk, user=p)
    with translation.override("zh-hans"), pytest.raises(services.TournamentRefused) as refusal:
        services.register(tournament_id=t.pk, user=p)
    assert refusal.value.message == "你已经报名了这场比赛。"
