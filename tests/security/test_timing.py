"""Bot and auto-play timing reveals nothing about the cards (docs/SECURITY.md, the timing
observer).

Were a bot that cannot beat the table to pass after 0.27–0.45 s and decide anything else
after 0.54–1.26 s, and every viewer pushed the moment it would act, "deadline under half a
second" would name every forced pass, and a pass that was *not* forced would name the
hidden guard. Here two people sit with three bots: one plays by herself at once, the other
has 托管 on (RULES §6.2: it plays as the 普通 bot, on the bots' public pace), while a
spectator watches over a real socket. The keeper is driven on a simulated clock (each step
at the next due deadline), so the delays measured are exactly the server's, with no
scheduling noise. For each automatic decision we record how long it was owed before the
server acted (what anybody timing the frames observes) and the countdown the spectator was
pushed for it. A two-sample Kolmogorov–Smirnov test compares forced passes with every other
decision of the same public pace class; neither differs at the 1 % level.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from django.conf import LazySettings
from django.utils import timezone

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect, hand_state
from game import engine
from game.hands import submit_action
from game.keeper import tick_sync
from game.models import HandStatus, Room, Table
from lobby import tables
from lobby.services import ensure_default_rooms
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

MAIN_COUNTDOWN = re.compile(r'class="countdown main-countdown" data-deadline="([^"]+)"')
KS_ALPHA_1_PERCENT = 1.628  # c(α) of the two-sample KS test for α = 0.01
WANT_BOT, WANT_AUTO, MAX_HANDS = 40, 12, 12


def ks_statistic(a: Sequence[float], b: Sequence[float]) -> float:
    """The two-sample Kolmogorov–Smirnov statistic: the largest gap between the two
    empirical distribution functions."""
    xs, ys = sorted(a), sorted(b)
    i = j = 0
    gap = 0.0
    while i < len(xs) and j < len(ys):
        x = min(xs[i], ys[j])
        while i < len(xs) and xs[i] <= x:
            i += 1
        while j < len(ys) and ys[j] <= x:
            j += 1
        gap = max(gap, abs(i / len(xs) - j / len(ys)))
    return gap


def ks_critical(n: int, m: int) -> float:
    return KS_ALPHA_1_PERCENT * math.sqrt((n + m) / (n * m))


def test_the_ks_statistic_is_what_the_textbook_says() -> None:
    assert ks_statistic([1, 2, 3], [1, 2, 3]) == 0
    assert ks_statistic([1, 2], [3, 4]) == 1
    assert ks_statistic([1, 2, 3, 4], [3, 4, 5, 6]) == 0.5
    assert round(ks_critical(40, 40), 3) == 0.364


@dataclass
class Samples:
    """Per pace class ("bot", "auto"): observed delays and pushed countdowns, split by
    whether the decision was a forced pass."""

    delay: dict[tuple[str, bool], list[float]] = field(default_factory=dict)
    pushed: dict[tuple[str, bool], list[float]] = field(default_factory=dict)

    def add(
        self, into: dict[tuple[str, bool], list[float]], key: tuple[str, bool], x: float
    ) -> None:
        into.setdefault(key, []).append(x)

    def count(self, kind: str) -> int:
        return min(len(self.delay.get((kind, f), [])) for f in (True, False))


def _forced_pass(state: engine.State, seat: int) -> bool:
    return (
        state.phase is engine.Phase.PLAY
        and state.last_set is not None
        and not engine.hand.legal_play_indices(state, seat)
    )


def _people_playing(state: engine.State, person: int) -> bool:
    """The public fact the pace may depend on: the person still holds cards and plays."""
    return bool(state.hands[person]) and not state.auto[person] and not state.fled[person]


PLAYER, AUTO = 0, 1  # the person who plays herself, the one in 托管


def _setup(name: str) -> tuple[Table, User, User, User]:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    player = User.objects.create_user(name, None, PASSWORD)
    auto = User.objects.create_user(f"{name}a", None, PASSWORD)
    watcher = User.objects.create_user(f"{name}w", None, PASSWORD)
    table = tables.create_table(room=room)
    tables.sit(table=table, seat=PLAYER, user=player)
    tables.sit(table=table, seat=AUTO, user=auto)
    for seat in range(2, 5):
        tables.add_bot(table=table, seat=seat, by=player)
    for person in (player, auto):
        tables.set_ready(table=table, user=person)
    return table, player, auto, watcher


def _her_decision(state: engine.State) -> engine.Action:
    if state.phase is engine.Phase.PLAY:
        return engine.hint(state, PLAYER, 0)
    return engine.autoplay_action(state, PLAYER)


async def _drive(table: Table, spectator: Player, samples: Samples) -> None:
    """Play the current hand to its end on the simulated clock, recording every decision."""
    hand, state = await sync_to_async(hand_state)(table)
    await sync_to_async(submit_action)(
        hand_id=hand.pk, seat=AUTO, action=engine.AutoPlay(on=True), expected_version=None
    )
    hand, state = await sync_to_async(hand_state)(table)
    await spectator.until_version(state.version)
    spectator.frames.clear()
    clock = timezone.now()
    owed_since: dict[int, datetime] = {}
    pushed: dict[int, float] = {}
    seen = list(hand.deadlines)
    for _ in range(2000):
        if hand.status == HandStatus.FINISHED:
            return
        if PLAYER in engine.to_act(state):
            # She decides the moment she is asked: her pace is her own, never sampled.
            action = _her_decision(state)
            await sync_to_async(submit_action)(
                hand_id=hand.pk, seat=PLAYER, action=action, expected_version=None, now=clock
            )
            moment = clock
        else:
            due = hand.next_deadline_at
            assert due is not None
            acting = [s for s in engine.to_act(state) if hand.deadlines[s] == due.isoformat()]
            for seat in acting:
                if seat not in owed_since or not _people_playing(state, PLAYER):
                    continue
                kind = "auto" if seat == AUTO else "bot"
                key = (kind, _forced_pass(state, seat))
                samples.add(samples.delay, key, (due - owed_since[seat]).total_seconds())
                if seat in pushed:
                    samples.add(samples.pushed, key, pushed[seat])
            await sync_to_async(tick_sync)(due)
            clock = moment = max(clock, due)
        hand, state = await sync_to_async(hand_state)(table)
        await spectator.until_version(state.version)
        countdowns = MAIN_COUNTDOWN.findall(spectator.frames[-1])
        spectator.frames.clear()
        for seat in range(5):
            if hand.deadlines and hand.deadlines[seat] != seen[seat]:
                owed_since[seat] = moment
                pushed.pop(seat, None)
                if countdowns and state.phase is engine.Phase.PLAY and seat == state.turn:
                    shown = datetime.fromisoformat(countdowns[-1])
                    pushed[seat] = (shown - moment).total_seconds()
        seen = list(hand.deadlines)
    raise AssertionError("the hand never finished")


@pytest.mark.sockets
async def test_forced_passes_cannot_be_told_from_other_decisions_by_timing(
    settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.clocks
    import game.hands

    # The production pacing (settings.py defaults), plus a quicker "pass" class that the
    # server must never pick: forced passes paced apart would show in the comparison.
    settings.BAOHUANG_DELAYS = {
        "bot": (0.54, 1.26),
        "auto": (1.2, 1.2),
        "pass": (0.27, 0.45),
        "fast": (0.135, 0.225),
    }
    # Deterministic: fixed deals and a seeded delay generator.
    seeds = iter(range(7_000_001, 7_000_001 + MAX_HANDS + 1))
    monkeypatch.setattr(game.hands, "secrets", SimpleNamespace(randbits=lambda _n: next(seeds)))
    monkeypatch.setattr(game.clocks, "random", random.Random(13))
    table, player, auto, watcher = await sync_to_async(_setup)("timer")
    spectator = Player("watcher", watcher, None, await connect(watcher, table))
    await spectator.until_version(0)
    samples = Samples()
    try:
        for _ in range(MAX_HANDS):
            await _drive(table, spectator, samples)
            if samples.count("bot") >= WANT_BOT and samples.count("auto") >= WANT_AUTO:
                break
            for person in (player, auto):
                await sync_to_async(tables.set_ready)(table=table, user=person)
            await spectator.until_version(0)
        assert samples.count("bot") >= WANT_BOT, samples.delay.keys()
        assert samples.count("auto") >= WANT_AUTO
        for kind in ("bot", "auto"):
            for what, data in (("delay", samples.delay), ("pushed countdown", samples.pushed)):
                forced, other = data[(kind, True)], data[(kind, False)]
                d, crit = ks_statistic(forced, other), ks_critical(len(forced), len(other))
                assert d <= crit, (
                    f"{kind} {what}: forced passes differ from other decisions"
                    f" (KS D = {d:.3f} > {crit:.3f}, n = {len(forced)}, m = {len(other)})"
                )
    finally:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await spectator.ws.disconnect()
