"""The same opposition for everyone: a challenge deal's bots decide from the deal and what
their seat sees, never from the hand, the entrant, the time or the process (ARCHITECTURE.md,
"A bot's decision is a function of the game, the rules, the deal's seed, what its seat knows
and its level")."""

from __future__ import annotations

import pytest

from challenge import services
from challenge.models import DealPlay
from game import bot_pool
from game.engine import expert
from game.models import HandEvent
from tests.challenge.helpers import challenge, person, play_out

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def _log(hand_id: int) -> bytes:
    """The hand's event log without its ids and times."""
    events = HandEvent.objects.filter(hand_id=hand_id).order_by("seq")
    return "\n".join(f"{e.seq} {e.seat} {e.version} {e.source} {e.action}" for e in events).encode()


def test_two_entrants_making_the_same_decisions_get_the_same_hand_move_for_move(
    monkeypatch: pytest.MonkeyPatch,
):
    # The 高手 decides in the test's process (the site asks a worker process; the decision
    # is the same function of the same seed and view), and nothing is reused between the
    # two plays: each bot decision is computed twice.
    monkeypatch.setattr(bot_pool, "SEARCHING", frozenset())
    # A smaller search than the site's (the same code, seeded the same way): a whole hand of
    # four 高手 at the site's budget costs ~11 s of CPU, twice.
    small = expert.Budget(playout_cards=400, min_worlds=2, max_worlds=6, general_playout_cards=800)
    monkeypatch.setattr(expert.ExpertBot.__init__, "__kwdefaults__", {"seed": 0, "budget": small})
    c = challenge(deals=1)
    assert services.opposition_level(c.room) == "expert"
    logs = []
    for name in ("alice", "bob"):
        user = person(name)
        services.enter(challenge_id=c.pk, user=user)
        services.play(challenge_id=c.pk, user=user, deal=0)
        play = DealPlay.objects.get(entrant__user=user)
        play_out(play)
        play.refresh_from_db()
        logs.append((_log(play.hand_id), play.payout))
    (first, first_payout), (second, second_payout) = logs
    assert first.count(b"\n") > 20  # a whole hand
    assert first == second
    assert first_payout == second_payout
    bots = [line for line in first.split(b"\n") if b" bot " in line]
    assert bots, "the bots played"
