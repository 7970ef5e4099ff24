"""Acting when a deadline passes: bots' moves, auto-play, missed decisions and flight
(RULES §6.1–§6.3). The deadline keeper (``game.keeper``) calls these.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from game import action_sql, bot_pool, engine
from game.clocks import bot_seats, flee_due, seat_deadline, set_deadlines
from game.engine import duplicate
from game.engine.state import N_SEATS
from game.hand_cache import HandCache, hand_key
from game.hands import BAOHUANG_HANDS, HandKit, locked
from game.models import BotLevel, EventSource, Hand, HandEvent, HandStatus


def due_hand_ids(*, now: datetime, limit: int = 100) -> list[int]:
    """The running hands whose next deadline has passed, the most overdue first (as plain
    SQL: the keeper asks each time it looks; ``game.action_sql``)."""
    return action_sql.due_hand_ids(now, limit)


_levels: HandCache[tuple[str, ...]] = HandCache()


def _bot_levels(hand: Hand) -> tuple[str, ...]:
    """Each seat's bot level (``game.engine.bot_levels``), fixed when the hand starts: read
    once per hand."""
    key = hand_key(hand)
    levels = _levels.get(key)
    if levels is None:
        rows = dict(hand.seats.values_list("seat", "bot_level"))
        levels = tuple(rows.get(seat, "normal") for seat in range(N_SEATS))
        _levels.put(key, levels)
    return levels


def _bot_action(hand: Hand, state: engine.State, seat: int) -> engine.Action | None:
    """The bot's decision, or None while a searching bot still thinks (``game.bot_pool``:
    a 高手 play is searched in a worker process, never here on the database thread)."""
    level = _bot_levels(hand)[seat]
    view = engine.view_for(state, seat)
    seed = _bot_seed(hand, seat)
    if not (bot_pool.searches(level) and state.phase is engine.Phase.PLAY):
        return bot_pool.decide_now(level, view, seed)
    known = bot_pool.recall(level, seed, view)
    if known is not None:
        return known
    key = (hand.pk, state.version, seat)
    action = bot_pool.take(key)
    if action is None:
        bot_pool.request(key, level, view, seed, settings.BAOHUANG_BOT_WORKERS)
    else:
        bot_pool.remember(level, seed, view, action)
    return action


def _auto_action(hand: Hand, state: engine.State, seat: int) -> engine.Action:
    """RULES §6.2: auto-play (托管) of a player at the table answers role questions by the
    missed-decision rule and plays the cards like the room's 普通 bot, so that switching it on
    never throws the hand away. The bot's seed is the seat's bot seed (``_bot_action``)."""
    if state.phase is not engine.Phase.PLAY:
        return engine.autoplay_action(state, seat)
    view = engine.view_for(state, seat)
    return bot_pool.decide_now(BotLevel.NORMAL, view, _bot_seed(hand, seat))


def _bot_seed(hand: Hand, seat: int) -> int:
    """The bot's own seed. A duplicate deal's (tournament, daily challenge) comes from the
    deal and the seat alone, so everyone dealt those cards meets the same opposition; any
    other hand's from its id and the seat. Never the hand's secret seed itself."""
    if hand.is_tournament:
        return duplicate.bot_seed(hand.seed, seat)
    return hand.pk * N_SEATS + seat


def act_on_deadlines(*, hand_id: int, now: datetime | None = None) -> int:
    """Act for every seat of a Baohuang hand whose deadline has passed (``run_deadlines``)."""
    return run_deadlines(
        hand_id=hand_id,
        now=now,
        kit=BAOHUANG_HANDS,
        bot_action=_bot_action,
        auto_action=_auto_action,
    )


def missed_last(hand: Hand, seat: int) -> bool:
    """Whether ``seat``'s last decision in ``hand`` was a missed one (RULES §6.1: a second
    missed deadline in a row puts the player into auto-play). The auto-play switch and an
    identity mark are no decisions; a decision auto-play took breaks the row."""
    last = (
        HandEvent.objects.filter(hand=hand, seat=seat)
        .exclude(action__startswith="auto ")
        .exclude(action__startswith="mark ")
        .order_by("-seq")
        .values_list("source", flat=True)
        .first()
    )
    return last == EventSource.TIMEOUT


def run_deadlines(
    *,
    hand_id: int,
    now: datetime | None,
    kit: HandKit,
    bot_action: Callable[[Hand, Any, int], Any | None],
    auto_action: Callable[[Hand, Any, int], Any] | None = None,
) -> int:
    """Act for every seat whose deadline has passed; return how many events were written.

    Every game's hands share this loop (``kit`` holds the game's writes; ``bot_action`` the
    bot's decision, or None while it still thinks; ``auto_action`` auto-play's decision for
    a player at the table, by default the missed-decision rule). Safe to call from several
    processes at once: the hand row is locked and the deadlines re-read under the lock, so
    an expired deadline is acted on exactly once.
    """
    now = now or timezone.now()
    rules = kit.clock
    if bot_pool.busy_with(hand_id):
        # 高手 is still searching this hand's position in a worker: nothing to take yet. The
        # other seats' deadlines (a flight, §6.3) wait for the answer, a fraction of a second.
        return 0
    written = 0
    with transaction.atomic():
        hand = locked(hand_id)
        if hand.status != HandStatus.RUNNING:
            return 0
        state = kit.state_of(hand)
        bots = bot_seats(hand)
        # RULES §6.3: away past the grace period: the player has fled.
        for seat in range(N_SEATS) if rules.can_flee else ():
            due = flee_due(hand, state, seat)
            if due is not None and due <= now:
                state = kit.apply(hand, state, seat, engine.Flee(), EventSource.DISCONNECT, now)
                written += 1
        # Bounded: each round acts for one overdue seat; new deadlines lie in the future.
        for _ in range(16):
            overdue = [
                (due, seat)
                for seat in rules.to_act(state)
                if (due := seat_deadline(hand, seat)) is not None and due <= now
            ]
            if not overdue or state.phase is rules.finished_phase:
                break
            _, seat = min(overdue)
            if seat in bots:
                action = bot_action(hand, state, seat)
                if action is None:
                    break  # still thinking in a worker: the keeper's next pass takes it
                state = kit.apply(hand, state, seat, action, EventSource.BOT, now)
                written += 1
            elif rules.fled(state, seat):
                # RULES §6.3: a fled player's decisions, by the missed-decision rule.
                action = rules.autoplay_action(state, seat)
                state = kit.apply(hand, state, seat, action, EventSource.DISCONNECT, now)
                written += 1
            elif state.auto[seat]:
                action = (
                    auto_action(hand, state, seat)
                    if auto_action is not None
                    else rules.autoplay_action(state, seat)
                )
                state = kit.apply(hand, state, seat, action, EventSource.AUTO, now)
                written += 1
            else:
                # RULES §6.1: the clock ran out (here or away, §6.3): the server takes that one
                # decision by the missed-decision rule; a second miss in a row turns on
                # auto-play first.
                if missed_last(hand, seat):
                    state = kit.apply(
                        hand, state, seat, engine.AutoPlay(on=True), EventSource.TIMEOUT, now
                    )
                    written += 1
                action = rules.autoplay_action(state, seat)
                state = kit.apply(hand, state, seat, action, EventSource.TIMEOUT, now)
                written += 1
        if written:
            kit.after_commit(hand, state)
        elif hand.next_deadline_at is not None and hand.next_deadline_at <= now:
            # Nothing was owed after all (e.g. deadlines from an older state): recompute.
            set_deadlines(hand, None, state, None, bots, now, rules=rules)
            hand.save(update_fields=["deadlines", "clocks", "next_deadline_at"])
    return written
