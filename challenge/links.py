"""What the layers below show of a challenge's hands (``game.selectors``' look-ups,
registered in ``ChallengeConfig.ready``).

A challenge hand is sealed while its day's challenge is open: everyone else may still be
dealt those cards (RULES §3.4, §8). It opens to the entrants who have finished its deal
(``open_to``: the field's best plays, his own replay), and to everyone once the day is
closed, when nobody can play the deal any more.
"""

from __future__ import annotations

from collections.abc import Collection

from django.urls import reverse
from django.utils.translation import gettext as _

from challenge.models import Challenge, DealPlay
from challenge.selectors import may_see_deal
from game.models import Hand
from game.selectors import AFTER_CHALLENGE, HandHost


def is_challenge_table(table_id: int) -> bool:
    """A challenge's table deals one hand, its own, and nothing after it."""
    return DealPlay.objects.filter(table_id=table_id).exists()


def sealed_hand_ids() -> list[int]:
    return list(DealPlay.objects.filter(challenge__closed=False).values_list("hand_id", flat=True))


def open_to(hand: Hand, user_id: int) -> bool:
    play = DealPlay.objects.filter(hand_id=hand.pk).select_related("challenge").first()
    return play is not None and may_see_deal(play.challenge, play.deal, user_id)


def label() -> str:
    """What a challenge's hand is, as a tag before its challenge's name: not a tournament,
    though like one it moves no beans (``Hand.is_tournament``)."""
    return _("Daily challenge (每日比赛)")


def hand_labels(hand_ids: Collection[int]) -> dict[int, str]:
    """Which of ``hand_ids`` a challenge dealt, each with ``label()``."""
    own = DealPlay.objects.filter(hand_id__in=hand_ids).values_list("hand_id", flat=True)
    return dict.fromkeys(own, label())


def hand_host(hand: Hand) -> HandHost | None:
    play = DealPlay.objects.filter(hand_id=hand.pk).select_related("challenge__room").first()
    if play is None:
        return None
    challenge: Challenge = play.challenge
    return HandHost(
        name=_("Daily challenge %(room)s, %(day)s")
        % {"room": challenge.room.name, "day": challenge.day.isoformat()},
        url=reverse("daily_challenge", args=[challenge.pk]),
        label=label(),
        compare_url=reverse("daily_deal", args=[challenge.pk, play.deal + 1]),
        after=AFTER_CHALLENGE,
    )
