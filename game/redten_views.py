"""Red Ten's replay and text export (RULES §11): the hand folded from its stored log.

A finished hand is public (as Baohuang's replays): every seat's cards, the 亮牌 answers and
the sides are shown, step by step. Access is ``reviewable_hand``'s, like Baohuang's.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from game.engine import redten
from game.engine.redten.cards import cards_of
from game.models import Hand, HandStatus
from game.redten_hands import hand_log

TEAM_LABELS: dict[str, Promise] = {
    "red": gettext_lazy("Red side (红方)"),
    "black": gettext_lazy("Black side (黑方)"),
}
MODE_LABELS: dict[str, Promise] = {
    "open": gettext_lazy("Open game (明打)"),
    "dark": gettext_lazy("Dark game (暗打)"),
}


@dataclass(frozen=True, slots=True)
class SeatAtStep:
    seat: int
    name: str
    team: str  # "red" / "black"
    cards: str  # the cards still held
    place: int | None


@dataclass(frozen=True, slots=True)
class RedTenStep:
    index: int
    label: str  # who did what
    seats: tuple[SeatAtStep, ...]
    last_set: str
    phase: str


def action_label(action: redten.Action) -> str:
    if action == redten.SHOW:
        return _("Show (亮牌)")
    if action == redten.NO_SHOW:
        return _("Do not show (不亮)")
    if action == redten.PASS:
        return _("Pass")
    if isinstance(action, redten.Play):
        return redten.format_cards(action.cards)
    return action.to_notation()


def steps_of(hand: Hand) -> tuple[list[RedTenStep], redten.HandLog]:
    log = hand_log(hand)
    names = list(hand.seats.order_by("seat").values_list("name", flat=True))
    labels = [_("Deal")] + [f"{names[seat]}: {action_label(a)}" for seat, a in log.events]
    steps = []
    for index, state in enumerate(redten.states(log)):
        steps.append(
            RedTenStep(
                index=index,
                label=labels[index],
                seats=tuple(
                    SeatAtStep(
                        seat=s,
                        name=names[s],
                        team=state.team_of(s).value,
                        cards=redten.format_cards(reversed(cards_of(state.hands[s]))),
                        place=state.places[s],
                    )
                    for s in range(len(names))
                ),
                last_set=redten.format_cards(cards_of(state.last_set)) if state.last_set else "",
                phase=state.phase.value,
            )
        )
    return steps, log


def replay(request: HttpRequest, hand: Hand) -> HttpResponse:
    steps, log = steps_of(hand)
    try:
        index = min(max(int(request.GET.get("step") or 0), 0), len(steps) - 1)
    except ValueError:
        index = 0
    return render(
        request,
        "game/redten_replay.html",
        {
            "hand": hand,
            "room": hand.room,
            "steps": steps,
            "s": steps[index],
            "previous": index - 1 if index > 0 else None,
            "next": index + 1 if index + 1 < len(steps) else None,
            "running": hand.status != HandStatus.FINISHED,
            "log_text": log.to_text(),
        },
    )


def export_text(hand: Hand) -> HttpResponse:
    response = HttpResponse(hand_log(hand).to_text(), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="hand-{hand.pk}.txt"'
    return response


def export_data(hand: Hand) -> dict[str, object]:
    """The JSON export: the game, the seats and the log that rebuilds the hand."""
    log = hand_log(hand)
    return {
        "game": "redten",
        "hand": hand.pk,
        "seed": hand.seed,
        "dealer": hand.dealer,
        "rules": log.rules.to_text(),
        "seats": list(hand.seats.order_by("seat").values_list("name", flat=True)),
        "events": [[seat, action.to_notation()] for seat, action in log.events],
        "log": log.to_text(),
    }
