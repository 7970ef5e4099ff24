"""Red Ten's settlement explains itself (RULES §11, file 003 §8, §9, the coin room): the line's
figures, read back from the words a player sees, come to the beans the hand paid, in points
rooms and coin rooms, over many self-play seeds; the reason says who went out, which side
ended the hand, whether it took first place, how many were caught and why the multiple."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from accounts.models import User
from game.engine import redten
from game.engine.redten.selfplay import play_hand
from game.games import submit_action
from game.keeper import tick_sync
from game.models import SeatResult, Table
from game.redten_hands import beans_of, state_of
from lobby.redten_summary import summarize_redten
from lobby.redten_table import load_snapshot, render_table, table_context
from lobby.table_state import Viewer

from .helpers import play_out, running_table_with_bots

STAKE = 10
SEEDS = 100
NAMES = ("甲", "乙", "丙", "丁", "戊")
SIGNED = r"(0|[+−]\d+)"
LINE = re.compile(rf"you (\d+) × (\d+) × (S|N) (\d+)( × 0\.9)? = {SIGNED}( \(rounded down\))?")


def number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


# N = 10 is the coin room's own; N = 7 makes a winner's tenth a fraction of a bean.
@pytest.mark.parametrize("coin", (0, 10, 7))
def test_every_seats_line_comes_to_its_beans(coin: int) -> None:
    rules = redten.Rules(coin=coin)
    seen: set[tuple[str, bool]] = set()
    rounded = 0
    for seed in range(SEEDS):
        state, _log = play_hand(seed, rules)
        settlement = redten.settle(state)
        beans = beans_of(settlement, STAKE)
        result = settlement.outcome
        seen.add((result.result.value, settlement.open))
        for seat in range(5):
            with translation.override("en"):
                summary = summarize_redten(state, settlement, names=NAMES, me=seat, stake=STAKE)
            line = summary.arithmetic
            found = LINE.search(line)
            assert found, line
            x, m, base = int(found.group(1)), int(found.group(2)), int(found.group(4))
            shown = number(found.group(6))
            assert found.group(3) == ("N" if coin else "S") and base == (coin or STAKE), line
            assert m == (2 if settlement.open else 1), line
            exact = x * m * base * (9 if found.group(5) else 10)
            # The product is the figure shown (a winner's tenth rounded down to whole beans).
            assert abs(shown) == exact // 10, line
            assert bool(found.group(7)) == (exact % 10 != 0), line
            assert shown == beans[seat] == summary.share.beans, line  # type: ignore[union-attr]
            rounded += bool(found.group(7))
            assert summary.outcome == ("win" if shown > 0 else "loss" if shown < 0 else "draw")
            side = "Red side" if result.team_of(seat) is redten.Team.RED else "Black side"
            assert side in line, line
            if result.caught:
                assert f"{result.caught} caught" in line, line
            reason = " ".join(summary.reason)
            if state.four_tens is None:
                assert "Went out in this order" in reason
                assert ("a draw" in reason) == (result.result is redten.Result.DRAW)
            assert ("every score doubles" in reason) == settlement.open
            assert ("Coin room" in reason) == bool(coin)
    # Both sides won, a draw happened, open and dark games were both played.
    assert {r for r, _open in seen} == {"red", "black", "draw"}
    assert {o for _r, o in seen} == {True, False}
    if coin == 7:
        assert rounded  # a winner's 0.9 share was rounded down


@pytest.mark.django_db
def test_the_finished_table_shows_the_line_and_why(alice: User) -> None:
    table = running_table_with_bots(alice)
    assert table.current_hand is not None
    hand = play_out(table.current_hand, people={0})
    row = SeatResult.objects.get(hand=hand, seat=0)
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None
    with translation.override("en"):
        html = render_table(table_context(snapshot, Viewer(alice.pk, 0)), oob=False)
        watcher = render_table(table_context(snapshot, Viewer(None, None)), oob=False)
    line = re.search(r'id="redten-arithmetic">([^<]+)<', html)
    assert line is not None
    found = LINE.search(line.group(1).replace("&#x27;", "'"))
    assert found and number(found.group(6)) == row.net
    assert 'id="redten-reason"' in html and "Why this result" in html
    assert "Went out in this order" in html
    # A spectator reads the result and the reason, with no "you".
    assert 'id="redten-reason"' in watcher and "you " not in re.sub(r"<[^>]+>", "", watcher)


def _to_seat_zeros_turn(table_id: int) -> redten.State:
    clock = timezone.now()
    for _ in range(200):
        hand = Table.objects.get(pk=table_id).current_hand
        assert hand is not None
        state = state_of(hand)
        if state.phase is redten.Phase.PLAY and state.turn == 0:
            return state
        if state.phase is redten.Phase.SHOW and state.answers[0] is None:
            submit_action(hand_id=hand.pk, seat=0, action=redten.NO_SHOW, expected_version=None)
            continue
        clock += timedelta(seconds=60)
        tick_sync(clock)
    raise AssertionError("seat 0 was never to play")


@pytest.mark.django_db
def test_a_hint_is_drawn_on_its_own_players_page_only(alice: User) -> None:
    # RULES §8.4: the hint raises the suggested cards of the viewer's own hand (checked
    # faces), or says to pass; no other seat's page shows anything of it.
    table = running_table_with_bots(alice)
    state = _to_seat_zeros_turn(table.pk)
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None
    suggestion = redten.hint(state, 0, 0)
    assert isinstance(suggestion, redten.Play)
    with translation.override("en"):
        me = Viewer(alice.pk, 0)
        mine = render_table(table_context(snapshot, me, hint=suggestion), oob=True)
        passing = render_table(table_context(snapshot, me, hint=redten.PASS), oob=True)
        other = render_table(table_context(snapshot, Viewer(None, 1)), oob=True)
    checked = re.findall(r'value="(\w+)" form="redten-play-form" aria-label="[^"]*" checked', mine)
    assert sorted(checked) == sorted(redten.format_cards(suggestion.cards).split())
    assert 'id="redten-hint-note"' not in mine
    assert 'id="redten-hint-note"' in passing and " checked" not in passing
    assert " checked" not in other and 'id="redten-hint-button"' not in other
