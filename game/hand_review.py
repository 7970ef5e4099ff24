"""高手's review of a finished hand: requested from the replay, computed in a
worker process, stored in ``HandAdvice``.

The web request only records the wish (:func:`request_advice`). The deadline keeper, which
already runs in every server process, hands pending reviews to the bot pool and stores the
answers (:func:`advance_reviews`): the search never runs on the event loop or the database
thread. A running hand is refused: advice during play would coach a player (RULES §3.4).
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from game import action_sql, bot_pool
from game.engine.advice import advice_rows
from game.event_log import hand_log, logged_events
from game.models import AdviceStatus, Hand, HandAdvice, HandStatus

log = logging.getLogger(__name__)


class AdviceRefused(Exception):
    pass


def request_advice(hand: Hand) -> HandAdvice:
    """Ask for the review of ``hand`` (idempotent). Refuses a hand that is not over."""
    if hand.status != HandStatus.FINISHED:
        raise AdviceRefused(_("Advice is only given on a finished hand."))
    if hand.game != "baohuang":
        # 高手 plays Baohuang only; a Red Ten hand's log would not fold in its engine.
        raise AdviceRefused(_("Advice is only given on Baohuang hands."))
    advice, _created = HandAdvice.objects.get_or_create(hand=hand)
    return advice


def _log_text(hand: Hand) -> str:
    """The hand's log as the replay page folds it (``selectors.hand_replay``): the same
    events and the last hand's result, so a hand dealt after tribute (RULES §10.4) is
    rebuilt as dealt and the review's steps are the replay's steps."""
    return hand_log(hand, logged_events(hand)).to_text()


def advance_reviews(limit: int = 4) -> int:
    """Start pending reviews in the pool and store the finished ones; returns how many were
    stored. Never waits for a search."""
    if not action_sql.any_pending_advice():
        return 0  # the keeper's answer nearly every second, for one small statement
    stored = 0
    pending = HandAdvice.objects.filter(status=AdviceStatus.PENDING).select_related("hand")
    for advice in pending.order_by("requested_at")[:limit]:
        key = ("advice", advice.hand_id)
        try:
            done, result = bot_pool.job_result(key)
        except Exception:
            log.exception("advice on hand %s failed", advice.hand_id)
            _store(advice, AdviceStatus.FAILED, [])
            continue
        if done:
            assert isinstance(result, list)
            stored += _store(advice, AdviceStatus.DONE, result)
        elif not bot_pool.running_job(key):
            bot_pool.submit_job(
                key,
                advice_rows,
                _log_text(advice.hand),
                settings.BAOHUANG_REVIEW_BUDGET,
                workers=settings.BAOHUANG_BOT_WORKERS,
            )
    return stored


def _store(advice: HandAdvice, status: str, entries: list[dict[str, Any]]) -> int:
    # Another process may have stored it first: only a pending row is written.
    with transaction.atomic():
        return HandAdvice.objects.filter(pk=advice.pk, status=AdviceStatus.PENDING).update(
            status=status, entries=entries, finished_at=timezone.now()
        )
