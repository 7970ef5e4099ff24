"""Tournament play: tables of five with bots filling the last, every table's k-th hand dealt
from the k-th deal's seed with the line-up rotated, rounds dealt together, a player who
leaves played by auto-play, and a restart that loses nothing."""

from __future__ import annotations

import secrets
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from game import keeper
from game.keeper import tick_sync
from game.models import Hand, HandSeat, HandStatus, Room, TableSeat
from game.room_rules import room_rules
from lobby.services import ensure_default_rooms
from lobby.tables import SeatRefused, create_table, leave, set_ready, sit
from tests.game.hand_helpers import play_out, standard_room
from tests.lobby.test_void_redeal import void_seed
from tests.tournaments.helpers import people, play_all, play_round, registered, tournament
from tournaments import selectors, services
from tournaments.models import Entry, Play, Status, Tournament, TournamentTable

pytestmark = pytest.mark.django_db


def started(n_people: int, deals: int = 2) -> tuple[Tournament, list[User]]:
    t = tournament(deals=deals)
    players = registered(t, n_people)
    services.start(tournament_id=t.pk)
    t.refresh_from_db()
    return t, players


def holders(play: Play) -> list[str]:
    """Who holds each seat's cards in ``play``, by seat."""
    names = dict(Entry.objects.values_list("pk", "name"))
    return [names[e] for e in play.entries]


def test_bots_fill_the_last_table_and_are_marked() -> None:
    t, _players = started(7)
    assert t.tables == 2
    entries = Entry.objects.filter(tournament=t)
    assert entries.count() == 10
    assert entries.filter(is_bot=True, user__isnull=True).count() == 3
    assert [row.is_bot for row in selectors.standings(t)].count(True) == 3
    # Everybody is seated at his table, bots in the others' seats.
    for link in TournamentTable.objects.filter(tournament=t):
        seats = TableSeat.objects.filter(table_id=link.table_id)
        assert all(not s.is_empty for s in seats)


def test_every_table_deals_the_same_cards_with_the_lineup_rotated() -> None:
    t, _players = started(10, deals=2)
    for round_number in range(2):
        plays = list(Play.objects.filter(tournament=t, round=round_number).order_by("table_index"))
        assert len(plays) == 2
        hands = [Hand.objects.get(pk=p.hand_id) for p in plays]
        assert {h.seed for h in hands} == {t.seeds[round_number]}
        first, second = (selectors.dealt_cards(h.pk) for h in hands)
        assert first == second  # seat by seat, the same cards
        # ... held by a different place of each table's line-up.
        lineup = {e.pk: e.place_in_lineup for e in Entry.objects.filter(tournament=t)}
        for seat in range(5):
            assert lineup[plays[0].entries[seat]] != lineup[plays[1].entries[seat]]
        # The hand's seats are the people the play says hold them.
        for play, hand in zip(plays, hands, strict=True):
            seated = dict(HandSeat.objects.filter(hand=hand).values_list("seat", "name"))
            assert [seated[s] for s in range(5)] == holders(play)
        play_round(t)


def test_one_table_replays_each_deal_with_the_seats_rotated() -> None:
    t, _players = started(3, deals=2)
    play_round(t)
    first, second = Play.objects.filter(tournament=t).order_by("round")[:2]
    assert (first.deal, second.deal) == (0, 0)
    assert Hand.objects.get(pk=first.hand_id).seed == Hand.objects.get(pk=second.hand_id).seed
    assert all(a != b for a, b in zip(holders(first), holders(second), strict=True))
    play_all(t)
    assert Play.objects.filter(tournament=t).count() == 4
    # Each deal's two plays are scored against each other: per seat they sum to zero.
    for row in selectors.standings(t):
        assert len(row.per_deal) == 2 and None not in row.per_deal
    assert sum(row.score for row in selectors.standings(t)) == 0


def test_the_next_round_waits_for_every_table() -> None:
    t, _players = started(6, deals=2)
    play_a = Play.objects.filter(tournament=t, round=0).order_by("table_index")[0]
    seats = HandSeat.objects.filter(hand_id=play_a.hand_id, user__isnull=False)
    play_out(Hand.objects.get(pk=play_a.hand_id), people={s.seat for s in seats})
    services.advance(timezone.now())
    t.refresh_from_db()
    assert t.current_round == 0
    assert not Play.objects.filter(tournament=t, round=1).exists()
    # Nothing of round 0 is counted yet: table B is still playing its cards.
    assert all(row.score == 0 and row.per_deal == (None, None) for row in selectors.standings(t))
    assert selectors.deal_plays(t, 0) is None
    play_round(t)
    assert t.current_round == 1
    assert selectors.deal_plays(t, 0) is not None


def test_a_tournament_table_never_deals_a_hand_of_its_own() -> None:
    t, players = started(5, deals=2)
    play_a = Play.objects.get(tournament=t, round=0)
    seats = HandSeat.objects.filter(hand_id=play_a.hand_id, user__isnull=False)
    play_out(Hand.objects.get(pk=play_a.hand_id), people={s.seat for s in seats})
    link = TournamentTable.objects.get(tournament=t)
    # Everybody says "ready" before the keeper's chore deals the next round: refused, and no
    # hand starts from the lobby (its seed would not be the tournament's).
    for p in players:
        with pytest.raises(SeatRefused, match="the tournament deals its hands"):
            set_ready(table=link.table, user=p)
    assert not TableSeat.objects.filter(table=link.table, user__isnull=False, ready=True).exists()
    assert Hand.objects.filter(table_id=link.table_id).count() == 1
    services.advance(timezone.now())
    assert Hand.objects.filter(table_id=link.table_id).count() == 2
    second = Hand.objects.filter(table_id=link.table_id).order_by("-pk").first()
    assert second is not None and second.seed == t.seeds[0]


def test_a_player_who_leaves_is_played_by_auto_play_and_keeps_his_score() -> None:
    t, players = started(5, deals=2)
    quitter = players[0]
    link = TournamentTable.objects.get(tournament=t)
    leave(table=link.table, user=quitter)  # mid-hand: he fled, auto-play finishes it
    play_all(t)
    entry = Entry.objects.get(tournament=t, user=quitter)
    assert entry.dropped
    later = Play.objects.filter(tournament=t, round__gt=0)
    for play in later:
        seat = play.entries.index(entry.pk)
        held = HandSeat.objects.get(hand_id=play.hand_id, seat=seat)
        assert held.is_bot and held.user_id is None
    row = next(r for r in selectors.standings(t) if r.entry_id == entry.pk)
    assert row.per_deal[1] is not None  # his seat went on scoring for him
    assert t.status == Status.FINISHED


def test_a_restart_between_a_hand_and_its_record_loses_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The hand's settlement committed; the signal after the commit never ran (the process
    # stopped). The keeper's chore finds the hand finished and moves the tournament on.
    t, _players = started(5, deals=1)
    play = Play.objects.get(tournament=t, round=0)
    seats = HandSeat.objects.filter(hand_id=play.hand_id, user__isnull=False)
    with monkeypatch.context() as stopped:
        stopped.setattr(keeper, "CHORES", [])  # the process that played the hand had none
        play_out(Hand.objects.get(pk=play.hand_id), people={s.seat for s in seats})
    play.refresh_from_db()
    assert not play.finished
    tick_sync(timezone.now() + timedelta(seconds=1))  # a keeper after the restart
    play.refresh_from_db()
    t.refresh_from_db()
    assert play.finished
    assert t.current_round == 1  # one table: the deal's replay is dealt
    assert Hand.objects.filter(pk=Play.objects.get(tournament=t, round=1).hand_id).get().status == (
        HandStatus.RUNNING
    )


def test_it_starts_when_enough_have_registered() -> None:
    t = tournament(start_when=3)
    a, b, c = people(3)
    services.register(tournament_id=t.pk, user=a)
    services.register(tournament_id=t.pk, user=b)
    t.refresh_from_db()
    assert t.status == Status.OPEN
    services.register(tournament_id=t.pk, user=c)
    t.refresh_from_db()
    assert t.status == Status.RUNNING
    assert Play.objects.filter(tournament=t, round=0).count() == 1


def test_it_starts_at_its_time_through_the_keeper() -> None:
    t = tournament()
    (a,) = people(1)
    services.register(tournament_id=t.pk, user=a)
    tick_sync(timezone.now())
    t.refresh_from_db()
    assert t.status == Status.OPEN
    assert t.starts_at is not None
    tick_sync(t.starts_at + timedelta(seconds=1))
    t.refresh_from_db()
    assert t.status == Status.RUNNING


def test_nobody_at_the_start_time_cancels_it() -> None:
    t = tournament()
    assert t.starts_at is not None
    tick_sync(t.starts_at + timedelta(seconds=1))
    t.refresh_from_db()
    assert t.status == Status.CANCELLED


def test_the_next_round_is_dealt_after_a_pause() -> None:
    # The last hand's settlement stays on the tables for the pause, then the keeper deals.
    t, _players = started(5, deals=2)
    Room.objects.filter(pk=t.room_id).update(deal_pause_seconds=10)
    play_round(t)
    assert t.current_round == 1 and t.next_round_at is not None
    assert not Play.objects.filter(tournament=t, round=1).exists()
    tick_sync(t.next_round_at - timedelta(seconds=1))
    assert not Play.objects.filter(tournament=t, round=1).exists()
    tick_sync(t.next_round_at)
    t.refresh_from_db()
    assert t.next_round_at is None
    assert Play.objects.filter(tournament=t, round=1).count() == 1


def test_a_player_seated_elsewhere_at_the_start_is_played_by_auto_play() -> None:
    t = tournament(deals=1)
    here, away = people(2)
    services.register(tournament_id=t.pk, user=here)
    services.register(tournament_id=t.pk, user=away)
    sit(table=create_table(room=standard_room()), seat=0, user=away)
    services.start(tournament_id=t.pk)
    entry = Entry.objects.get(tournament=t, user=away)
    assert entry.dropped
    play = Play.objects.get(tournament=t, round=0)
    held = HandSeat.objects.get(hand_id=play.hand_id, seat=play.entries.index(entry.pk))
    assert held.is_bot and held.user_id is None


def test_a_void_deal_scores_nothing_and_is_not_dealt_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # RULES §10.2/§10.3: nobody took the throne. Every table holds the same cards, so the
    # deal is not dealt again: it pays 0 to every seat and the tournament goes on.
    ensure_default_rooms()
    room = Room.objects.get(slug="duole")
    seed = void_seed(room_rules(room))
    monkeypatch.setattr(secrets, "randbits", lambda _bits: seed)  # the deals' seeds
    t = tournament(room=room, deals=1)
    for p in people(5):
        services.register(tournament_id=t.pk, user=p)
    services.start(tournament_id=t.pk)
    play_all(t)
    plays = list(Play.objects.filter(tournament=t))
    assert len(plays) == 2 and all(Hand.objects.get(pk=p.hand_id).void for p in plays)
    assert all(p.payouts == [0] * 5 for p in plays)
    assert all(row.score == 0 for row in selectors.standings(t))
