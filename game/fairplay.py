"""The fair-play job (docs/FAIRPLAY.md): fold finished hands into per-pair counts, score
the pairs, and the admin's decisions that reach a running hand.

Runs off the request path: the deadline keepers run it on a schedule
(``game.fairplay_schedule``), ``manage.py fairplay_scan`` at once. It reads each
finished Baohuang hand once, in the order hands finished and a minute behind (a hand's
transaction has committed by then), replays it from its log (``game.engine.collusion``) and
adds the counts of every pair of people who sat in it. Bots and guests are part of each
person's baseline but never a pair.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts import fairplay as account_fairplay
from accounts.models import FairPlayAction, User
from game import engine
from game.engine.collusion import GiftJudge, HandSignals, Tally, hand_signals
from game.engine.collusion_score import PairFacts, Results, score
from game.event_log import hand_log, logged_events
from game.games import submit_action
from game.hands import ActionRefused
from game.models import (
    EventSource,
    FairPlayCursor,
    Game,
    Hand,
    HandSeat,
    HandStatus,
    PairSignal,
    PlayerSignal,
    TableSeat,
)
from game.presence import set_away
from game.selectors import running_hand_id

log = logging.getLogger(__name__)

SETTLED = timedelta(minutes=1)  # a finished hand's transaction has committed by then
CURSOR = "pairs"


# --- counts as JSON ------------------------------------------------------------------------


def _results(data: dict[str, float]) -> Results:
    return Results(int(data.get("hands", 0)), data.get("total", 0.0), data.get("squares", 0.0))


def _results_json(r: Results) -> dict[str, float]:
    return {"hands": r.hands, "total": r.total, "squares": r.squares}


def _plus(r: Results, x: float) -> Results:
    return Results(r.hands + 1, r.total + x, r.squares + x * x)


# --- the scan ------------------------------------------------------------------------------


def _next_hands(cursor: FairPlayCursor, until: datetime, limit: int) -> QuerySet[Hand]:
    hands = Hand.objects.filter(
        status=HandStatus.FINISHED,
        game=Game.BAOHUANG,
        is_guest=False,
        void=False,
        finished_at__lt=until,
    )
    if cursor.finished_at is not None:
        hands = hands.filter(
            Q(finished_at__gt=cursor.finished_at)
            | Q(finished_at=cursor.finished_at, id__gt=cursor.hand_id)
        )
    return hands.select_related("room").order_by("finished_at", "id")[:limit]


def scan(*, limit: int = 500, now: datetime | None = None, judge: GiftJudge | None = None) -> int:
    """Count up to ``limit`` newly finished hands and rescore the pairs they touched;
    return how many hands were counted. ``judge``: the expert's gift judge (costly)."""
    until = (now or timezone.now()) - SETTLED
    cursor, _ = FairPlayCursor.objects.get_or_create(name=CURSOR)
    counted = 0
    touched: set[int] = set()
    for hand in _next_hands(cursor, until, limit):
        people = dict(
            HandSeat.objects.filter(hand=hand, user__isnull=False, is_bot=False).values_list(
                "seat", "user_id"
            )
        )
        try:
            signals = hand_signals(hand_log(hand, logged_events(hand)), judge=judge)
        except engine.IllegalAction:  # a log that does not fold is a bug shown elsewhere
            log.exception("fair-play scan: hand %s does not replay", hand.pk)
            signals = None
        with transaction.atomic():
            # Another pass (another keeper, the command) may have counted this hand since
            # the cursor was read: the row, locked, says so, and this pass stops there.
            held = FairPlayCursor.objects.select_for_update().get(name=CURSOR)
            if (held.finished_at, held.hand_id) != (cursor.finished_at, cursor.hand_id):
                break
            if signals is not None and people:
                _add_hand(signals, people)
                touched.update(people.values())
            cursor.finished_at, cursor.hand_id = hand.finished_at, hand.pk
            cursor.save(update_fields=["finished_at", "hand_id"])
        counted += 1
    if touched:
        rescore(touched)
    return counted


def _add_hand(signals: HandSignals, people: dict[int, int]) -> None:
    """Add one hand's counts: each person's over every other seat, each pair's between them.

    The people's rows are read in one query and the pairs' in another, and each row is
    written with its counts alone: a lookup per row and every field written cost a scan of
    300 hands 4.7 s of CPU against 3.3 s. The caller holds the cursor's lock, so no other
    pass writes these rows meanwhile."""
    payouts = signals.payouts
    ids = set(people.values())
    players = {
        p.user_id: p for p in PlayerSignal.objects.select_for_update().filter(user_id__in=ids)
    }
    for user_id in sorted(ids - players.keys()):
        players[user_id] = PlayerSignal.objects.create(user_id=user_id)
    for seat, user_id in people.items():
        row = players[user_id]
        total = Tally.from_dict(row.tally)
        for other in range(engine.state.N_SEATS):
            total = total + signals.tally(seat, other)
        row.tally = total.as_dict()
        if payouts is not None:
            row.results = _results_json(_plus(_results(row.results), payouts[seat]))
    for row in players.values():
        row.save(update_fields=["tally", "results"])
    pairs = {
        (p.user_a_id, p.user_b_id): p
        for p in PairSignal.objects.select_for_update().filter(user_a_id__in=ids, user_b_id__in=ids)
    }
    for (sa, ua), (sb, ub) in itertools.combinations(sorted(people.items()), 2):
        if ua == ub:
            continue
        if ua > ub:
            (sa, ua), (sb, ub) = (sb, ub), (sa, ua)
        pair = pairs.get((ua, ub))
        if pair is None:
            pair = pairs[ua, ub] = PairSignal.objects.create(user_a_id=ua, user_b_id=ub)
        pair.shared_hands += 1
        pair.a_on_b = (Tally.from_dict(pair.a_on_b) + signals.tally(sa, sb)).as_dict()
        pair.b_on_a = (Tally.from_dict(pair.b_on_a) + signals.tally(sb, sa)).as_dict()
        if payouts is not None:
            pa, pb = payouts[sa], payouts[sb]
            pair.together = _results_json(_plus(_results(pair.together), pa + pb))
            pair.a_with_b = _results_json(_plus(_results(pair.a_with_b), pa))
            pair.b_with_a = _results_json(_plus(_results(pair.b_with_a), pb))
        pair.save(update_fields=_PAIR_COUNTS)


# What a hand changes in a pair's row (``updated_at`` stamped by its ``auto_now``).
_PAIR_COUNTS = (
    "shared_hands",
    "a_on_b",
    "b_on_a",
    "together",
    "a_with_b",
    "b_with_a",
    "updated_at",
)


def rescore(user_ids: Iterable[int]) -> int:
    """Score again every pair with one of ``user_ids``: their baselines moved."""
    ids = list(user_ids)
    players = {p.user_id: p for p in PlayerSignal.objects.filter(user_id__in=_partners(ids))}
    pairs = PairSignal.objects.filter(Q(user_a_id__in=ids) | Q(user_b_id__in=ids))
    n = 0
    for pair in pairs:
        a, b = players.get(pair.user_a_id), players.get(pair.user_b_id)
        if a is None or b is None:
            continue
        s = score(
            PairFacts(
                a_on_b=Tally.from_dict(pair.a_on_b),
                b_on_a=Tally.from_dict(pair.b_on_a),
                a_all=Tally.from_dict(a.tally),
                b_all=Tally.from_dict(b.tally),
                together=_results(pair.together),
                a_with_b=_results(pair.a_with_b),
                b_with_a=_results(pair.b_with_a),
                a_all_results=_results(a.results),
                b_all_results=_results(b.results),
            )
        )
        pair.holding_back, pair.gifts = s.holding_back, s.gifts
        pair.results_z, pair.hidden_roles = s.results, s.hidden_roles
        pair.score, pair.flagged = s.total, s.flagged(pair.shared_hands)
        pair.save(
            update_fields=["holding_back", "gifts", "results_z", "hidden_roles", "score", "flagged"]
        )
        n += 1
    return n


def _partners(ids: list[int]) -> set[int]:
    rows = PairSignal.objects.filter(Q(user_a_id__in=ids) | Q(user_b_id__in=ids))
    return set(ids) | {u for pair in rows.values_list("user_a_id", "user_b_id") for u in pair}


# --- reads for the admin page -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SharedHand:
    hand_id: int
    finished_at: datetime | None
    seat_a: int
    seat_b: int


def shared_hands(pair: PairSignal, limit: int = 200) -> list[SharedHand]:
    """The finished hands both players of ``pair`` sat in, newest first."""
    seats = HandSeat.objects.filter(
        user_id__in=(pair.user_a_id, pair.user_b_id),
        hand__status=HandStatus.FINISHED,
        hand__game=Game.BAOHUANG,
    ).values_list("hand_id", "user_id", "seat", "hand__finished_at")
    by_hand: dict[int, dict[int, int]] = {}
    ended: dict[int, datetime | None] = {}
    for hand_id, user_id, seat, finished in seats:
        by_hand.setdefault(hand_id, {})[user_id] = seat
        ended[hand_id] = finished
    both = [h for h, who in by_hand.items() if len(who) == 2]
    both.sort(reverse=True)
    return [
        SharedHand(h, ended[h], by_hand[h][pair.user_a_id], by_hand[h][pair.user_b_id])
        for h in both[:limit]
    ]


# --- the admin's decisions ----------------------------------------------------------------


def suspend_pair(*, pair: PairSignal, reason: str, by: User) -> FairPlayAction:
    """Suspend both players (``accounts.fairplay.suspend``); a hand either is playing goes
    on with the seat under auto-play (RULES §6.2), and never counts them as fled (§6.3):
    the seat is not away, it is played for (``game.presence.set_away``)."""
    action = account_fairplay.suspend(user_a=pair.user_a, user_b=pair.user_b, reason=reason, by=by)
    for user in (pair.user_a, pair.user_b):
        _auto_play_for(user)
    return action


def _auto_play_for(user: User) -> None:
    seat = TableSeat.objects.filter(user=user).values_list("table_id", "index").first()
    if seat is None:
        return
    table_id, index = seat
    hand_id = running_hand_id(table_id)
    if hand_id is None:
        return
    set_away(hand_id=hand_id, seat=index, away=False)
    # Refused when already in auto-play or out of the hand: nothing to take over then.
    with contextlib.suppress(ActionRefused):
        submit_action(
            hand_id=hand_id,
            seat=index,
            action=engine.AutoPlay(on=True),
            expected_version=None,
            # Its sockets are closed: recorded as any lost connection is, so the public log
            # says nothing a disconnect would not (docs/FAIRPLAY.md: nobody learns of a flag).
            source=EventSource.DISCONNECT,
        )
