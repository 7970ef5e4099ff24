"""The general score (RULES §7.7) with props: it may fall below 0 and the level reads that
as 0; the double-score card doubles a won hand's gain and nothing else (§12.4); tournament
hands take no part (§12.6). Worked cases first, then real hands through the settlement."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts.hand_results import HandResult, record_hand_results
from accounts.models import LedgerEntry, User
from accounts.selectors import level_of
from game import engine
from game.engine.roles import Mode, Role
from game.engine.selfplay import default_bots
from game.hands import SeatSpec, start_hand, submit_action
from game.models import Hand, HandStatus, Room, SeatResult
from game.props import counts_for_props
from game.selectors import state_of
from lobby.summary import SeatLine, summarize
from lobby.table_state import _played_seats
from shop import services
from tests.accounts.hands import Outcome, find_outcome, play_people_hand
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_the_level_reads_a_negative_score_as_0_and_keeps_the_score() -> None:
    # RULES §7.7
    level = level_of(Decimal("-42.50"))
    assert (level.name, level.units, level.score) == ("新手", 0, Decimal("-42.50"))
    assert level_of(Decimal("10")).name == "家丁"


def result(
    role: Role, payout: int, *, won: bool, draw: bool = False, double: bool, places: list[Role]
) -> HandResult:
    return HandResult(
        hand_id=1,
        role=role,
        place=1,
        fled=False,
        payout=payout,
        fee=0,
        penalty=0,
        stake=10,
        mode=Mode.DARK_GUARD if len(places) == 5 and payout in (20, 10, -10) else Mode.OPEN_GUARD,
        rebellion=False,
        places=places,
        won=won,
        draw=draw,
        double_score=double,
    )


# RULES §5.4's worked examples (S = 10) read in stake units, the card held by every seat:
# a win adds twice its units, a loss and a draw what they would without it (§12.4).
DARK_ABBAB = [E, R, R, G, R]  # places A B B A B: royalists win, multiple 1
OPEN_BBBAA = [R, R, R, E, G]  # places B B B A A: rebels win, multiple 2
CASES = [
    ("dark guard, emperor wins +20", E, 20, True, DARK_ABBAB, Decimal(4)),
    ("dark guard, guard wins +10", G, 10, True, DARK_ABBAB, Decimal(2)),
    ("dark guard, rebel loses -10", R, -10, False, DARK_ABBAB, Decimal(-1)),
    ("open hand, emperor loses -80", E, -80, False, OPEN_BBBAA, Decimal(-8)),
    ("open hand, rebel wins +40", R, 40, True, OPEN_BBBAA, Decimal(8)),
]


@pytest.mark.parametrize(("role", "payout", "won", "places", "units"), [c[1:] for c in CASES])
def test_a_double_score_card_doubles_a_win_and_not_a_loss(
    role: Role, payout: int, won: bool, places: list[Role], units: Decimal
) -> None:
    # RULES §12.4: "赢了分加倍，输了不多扣".
    with_card = User.objects.create_user("held", None, PASSWORD)
    without = User.objects.create_user("plain", None, PASSWORD)
    for user, double in ((with_card, True), (without, False)):
        User.objects.filter(pk=user.pk).update(lifetime_stake_units=Decimal("-3"))
        (recorded,) = record_hand_results(
            results=[(user.pk, result(role, payout, won=won, double=double, places=places))],
            now=NOW,
        )
        assert recorded.score_doubled == (double and won)
    with_card.refresh_from_db()
    without.refresh_from_db()
    assert with_card.lifetime_stake_units == Decimal("-3") + units
    assert without.lifetime_stake_units == Decimal("-3") + Decimal(payout) / 10
    # Beans and title points as without the card.
    assert with_card.beans == without.beans
    assert with_card.emperor_points == without.emperor_points
    assert (with_card.guard_points, with_card.rebel_points) == (
        without.guard_points,
        without.rebel_points,
    )


def test_a_draw_under_the_card_adds_nothing() -> None:
    user = User.objects.create_user("held", None, PASSWORD)
    (recorded,) = record_hand_results(
        results=[(user.pk, result(E, 0, won=False, draw=True, double=True, places=DARK_ABBAB))],
        now=NOW,
    )
    user.refresh_from_db()
    assert user.lifetime_stake_units == 0 and not recorded.score_doubled


def royal_win(o: Outcome) -> bool:
    return o.two_vs_three and not o.rebellion and o.winner == "royalists"


def people(prefix: str) -> list[User]:
    return [User.objects.create_user(f"{prefix}{i}", None, PASSWORD) for i in range(5)]


def test_a_real_won_hand_under_the_card_doubles_its_owner_alone(room: Room) -> None:
    services.ensure_catalogue()
    outcome = find_outcome(royal_win)
    emperor = outcome.seats_of(E)[0]
    rebel = outcome.seats_of(R)[0]
    plain, held = people("a"), people("b")
    staff = User.objects.create_superuser("boss", None, PASSWORD)
    now = timezone.now()
    for seat in (emperor, rebel):
        services.grant(user=held[seat], kind="double_score", reason="test", by=staff, now=now)
    hands = [
        play_people_hand(room=room, people=group, seed=outcome.seed, now=now + timedelta(minutes=1))
        for group in (plain, held)
    ]
    for group in (plain, held):
        for u in group:
            u.refresh_from_db()
    won = SeatResult.objects.get(hand=hands[1], seat=emperor)
    assert won.payout > 0 and won.score_doubled
    assert held[emperor].lifetime_stake_units == 2 * plain[emperor].lifetime_stake_units
    assert held[emperor].lifetime_stake_units == Decimal(2 * won.payout) / room.base_stake
    # The rebel lost: the normal amount, with or without the card.
    assert not SeatResult.objects.get(hand=hands[1], seat=rebel).score_doubled
    assert held[rebel].lifetime_stake_units == plain[rebel].lifetime_stake_units < 0
    # Beans, title points and every other seat's figures as in the hand without cards.
    for seat in range(5):
        assert held[seat].beans == plain[seat].beans
        assert held[seat].emperor_points == plain[seat].emperor_points
        assert held[seat].rebel_points == plain[seat].rebel_points
        if seat != emperor:
            assert held[seat].lifetime_stake_units == plain[seat].lifetime_stake_units
    amounts = [
        list(LedgerEntry.objects.filter(hand_id=h.pk).order_by("pk").values_list("amount"))
        for h in hands
    ]
    assert amounts[0] == amounts[1]
    # The history says the card doubled the result.
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(held[emperor])
    page = client.get(reverse("my_hands")).content.decode()
    row = page.split(f'data-hand="{hands[1].pk}"')[1].split("</tr>")[0]
    assert "score ×2" in row
    client.force_login(plain[emperor])
    assert "score ×2" not in client.get(reverse("my_hands")).content.decode()


@translation.override("en")
def test_the_settlement_line_says_the_card_doubled_the_result() -> None:
    line = SeatLine(
        seat=0,
        role=E,
        place=1,
        payout=20,
        fee=2,
        penalty=0,
        net=18,
        fled=False,
        score_doubled=True,
    )
    summary = summarize(
        mode=Mode.DARK_GUARD,
        rebellion=False,
        stake=10,
        multiple=1,
        winner="royalists",
        lines=[line],
        me=0,
    )
    assert summary.score_line == (
        "Double-score card (双倍积分卡): general score +4 stake units (twice 2)"
    )
    plain = summarize(
        mode=Mode.DARK_GUARD,
        rebellion=False,
        stake=10,
        multiple=1,
        winner="royalists",
        lines=[SeatLine(seat=0, role=E, place=1, payout=20, fee=2, penalty=0, net=18, fled=False)],
        me=0,
    )
    assert plain.score_line == ""


def play_tournament_hand(*, room: Room, people: list[User], seed: int, now: datetime) -> Hand:
    """``seed`` as a tournament's deal, each seat choosing like self-play's bot (as
    tests/accounts/hands.play_people_hand plays it)."""
    seats = [SeatSpec(user=u, is_bot=False, name=u.username) for u in people]
    hand = start_hand(room=room, table=None, seats=seats, seed=seed, now=now, is_tournament=True)
    bots = default_bots(seed)
    while hand.status != HandStatus.FINISHED:
        state = state_of(hand)
        seat = engine.to_act(state)[0]
        action = bots[seat].choose(engine.view_for(state, seat))
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=hand.version)
        hand.refresh_from_db()
    return hand


def test_a_tournament_hand_takes_no_part_in_props(room: Room) -> None:
    # RULES §12.6: no general score, no doubling, no play effect.
    services.ensure_catalogue()
    outcome = find_outcome(royal_win)
    emperor = outcome.seats_of(E)[0]
    group = people("t")
    staff = User.objects.create_superuser("boss", None, PASSWORD)
    now = timezone.now()
    for kind in ("double_score", "flash"):
        services.grant(user=group[emperor], kind=kind, reason="test", by=staff, now=now)
    hand = play_tournament_hand(room=room, people=group, seed=outcome.seed, now=now)
    assert not counts_for_props(hand)
    assert SeatResult.objects.get(hand=hand, seat=emperor).payout > 0  # a win, were it scored
    group[emperor].refresh_from_db()
    assert group[emperor].lifetime_stake_units == 0
    assert not SeatResult.objects.filter(hand=hand, score_doubled=True).exists()
    # The play effect is not drawn either (lobby.table_state reads the same predicate).
    assert all(p.effect == "" for p in _played_seats(hand))
