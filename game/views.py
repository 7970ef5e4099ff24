"""Pages about recorded hands: histories, the replay of one hand, its export.

Access (one helper, ``_hand_or_404``): a finished non-guest hand is public and shareable by
URL, a tournament's once every table has played its deal; a guest's finished hand is
visible to the browser session that played it; a running hand is visible to staff only.
Everyone else gets 404, the
same answer as for a hand that does not exist, so a URL never confirms a live hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import User
from display.cards import CardInfo, card_info
from display.labels import (
    MODE_LABELS,
    PHASE_LABELS,
    PLACE_LABELS,
    RANK_LABELS,
    ROLE_LABELS,
    SUIT_SYMBOLS,
)
from display.outcome import explain_hand, reason_lines
from display.results import ResultRow, result_row
from game import engine, export, redten_views
from game.engine.review import ReviewView, Step, review_view
from game.engine.state import N_SEATS
from game.hand_review import AdviceRefused, request_advice
from game.models import AdviceStatus, EventSource, Hand, HandAdvice, HandSeat, HandStatus, Room
from game.selectors import (
    HandReplay,
    PlayerHandRow,
    RoomHandRow,
    hand_replay,
    host_of,
    player_hand_rows,
    player_hands,
    reviewable_hand,
    room_hand_rows,
    room_hands,
)

PER_PAGE = 20
SPEEDS = ((2000, gettext_lazy("slow")), (1000, gettext_lazy("normal")), (400, gettext_lazy("fast")))

SOURCE_LABELS = {
    EventSource.BOT: gettext_lazy("bot"),
    EventSource.AUTO: gettext_lazy("auto-play (托管)"),
    EventSource.TIMEOUT: gettext_lazy("deadline passed (超时)"),
    EventSource.DISCONNECT: gettext_lazy("disconnected (掉线)"),
    EventSource.SYSTEM: gettext_lazy("system"),
}
STEP_TEXT = {
    "ascend": gettext_lazy("%(name)s ascends the throne (登基)"),
    "abdicate": gettext_lazy("%(name)s abdicates (让位)"),
    "open_solo": gettext_lazy("%(name)s ascends and plays open solo (明独)"),
    "dark_solo": gettext_lazy("%(name)s ascends and plays dark solo (暗独)"),
    "open_guard": gettext_lazy("%(name)s reveals the guard: open guard (明保)"),
    "dark_guard": gettext_lazy("%(name)s stays hidden: dark guard (暗保)"),
    "rebel": gettext_lazy("%(name)s declares rebellion (造反)"),
    "no_rebel": gettext_lazy("%(name)s does not rebel"),
    "pass": gettext_lazy("%(name)s passes (不要)"),
    "auto_on": gettext_lazy("%(name)s enters auto-play (托管)"),
    "auto_off": gettext_lazy("%(name)s leaves auto-play"),
    "flee": gettext_lazy("%(name)s left the hand (逃跑)"),
    # RULES §10
    "grab_solo": gettext_lazy("%(name)s grabs solo (抢独)"),
    "no_grab": gettext_lazy("%(name)s does not grab"),
    "request": gettext_lazy("%(name)s passes and asks for jiefeng (申请接风)"),
}
ANSWER_LABELS = {
    "open_guard": "明保",
    "dark_guard": "暗保",
    "rebel": "造反",
    "no_rebel": gettext_lazy("no rebellion"),
}


# --- access -----------------------------------------------------------------------------------


def _hand_or_404(request: HttpRequest, hand_id: int) -> Hand:
    hand = reviewable_hand(hand_id, user=request.user, session_key=request.session.session_key)
    if hand is None:
        raise Http404("No such hand.")
    return hand


def _is_staff(request: HttpRequest) -> bool:
    return bool(request.user.is_authenticated and request.user.is_staff)


# --- histories --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HistoryRow:
    row: PlayerHandRow
    role_label: str
    place_label: str
    mode_label: str


def _mode_label(mode: str) -> str:
    try:
        return str(MODE_LABELS[engine.Mode(mode)])
    except ValueError:
        return str(redten_views.MODE_LABELS.get(mode, mode))


def _role_label(role: str) -> str:
    """Baohuang's roles, or Red Ten's sides (a history lists both games)."""
    try:
        return str(ROLE_LABELS[engine.Role(role)])
    except ValueError:
        return str(redten_views.TEAM_LABELS.get(role, role))


def _place_label(place: int) -> str:
    # A Red Ten player caught with cards has no place (0).
    return PLACE_LABELS[place - 1] if 1 <= place <= len(PLACE_LABELS) else "—"


def _page[M: Model](request: HttpRequest, items: QuerySet[M]) -> Page[M]:
    return Paginator(items, PER_PAGE).get_page(request.GET.get("page"))


@login_required
def my_hands(request: HttpRequest) -> HttpResponse:
    assert isinstance(request.user, User)
    page = _page(request, player_hands(request.user))
    rows = [
        HistoryRow(
            row=r,
            role_label=_role_label(r.role),
            place_label=_place_label(r.place),
            mode_label=_mode_label(r.mode),
        )
        for r in player_hand_rows(page.object_list)
    ]
    return render(request, "game/my_hands.html", {"page": page, "rows": rows})


@dataclass(frozen=True, slots=True)
class RoomRow:
    row: RoomHandRow
    mode_label: str
    seats: tuple[tuple[str, str, str, int, bool], ...]  # name, role label, place label, net, bot


def room_hands_page(request: HttpRequest, slug: str) -> HttpResponse:
    room = get_object_or_404(Room, slug=slug)
    page = _page(request, room_hands(room))
    rows = [
        RoomRow(
            row=r,
            mode_label=_mode_label(r.mode),
            seats=tuple(
                (
                    s.name,
                    _role_label(s.role),
                    _place_label(s.place),
                    s.net,
                    s.is_bot,
                )
                for s in r.seats
            ),
        )
        for r in room_hand_rows(page.object_list)
    ]
    return render(request, "game/room_hands.html", {"room": room, "page": page, "rows": rows})


# --- the replay -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatPanel:
    seat: int
    name: str
    username: str | None
    is_bot: bool
    role_code: str
    role_label: str
    cards: tuple[CardInfo, ...]
    count: int
    place: int | None
    place_label: str
    auto_play: bool
    fled: bool
    failed_rebel: bool
    passed: bool
    is_turn: bool
    holds_throne: bool
    is_actor: bool
    answer_label: str
    trick_set: tuple[CardInfo, ...]  # this seat's latest set in the current trick


@dataclass(frozen=True, slots=True)
class StepContext:
    hand_id: int
    index: int
    last: int
    trick: int
    trick_count: int
    phase: str
    phase_label: str
    mode_label: str
    rebellion: bool
    label: str
    source: str
    source_label: str
    seats: tuple[SeatPanel, ...]
    center: tuple[CardInfo, ...]
    center_name: str
    notes: tuple[str, ...]
    prev: int | None
    next: int | None
    prev_trick: int | None
    next_trick: int | None
    finished: bool
    results: tuple[ResultRow, ...]
    # 高手's review: "" when the switch is off, else pending / done / failed.
    advice_state: str = ""
    advice: str = ""  # what 高手 would have done at this step's decision ("" if none)
    advice_differs: bool = False
    advice_delta: str = ""  # the estimated cost of the player's choice, e.g. "0.35"
    reason: tuple[str, ...] = ()  # why the hand ended so, in words (display.outcome)


@dataclass(frozen=True, slots=True)
class TimelineItem:
    index: int
    trick: int
    leads: bool
    label: str
    source: str
    source_label: str


def _cards_text(cards: Sequence[engine.Card]) -> str:
    return " ".join(
        (str(c.rank.symbol) if c.strength < 0 else RANK_LABELS[int(c.rank)])
        + (SUIT_SYMBOLS[c.suit.value] if c.suit is not None else "")
        for c in cards
    )


def _names(seats: Sequence[HandSeat]) -> list[str]:
    names = [_("Seat %(n)s") % {"n": i} for i in range(N_SEATS)]
    for s in seats:
        names[s.seat] = s.name
    return names


def _step_label(step: Step, names: Sequence[str]) -> str:
    if step.seat is None:
        return _("The deal: %(name)s was dealt first") % {"name": names[step.state.first_dealt]}
    name = names[step.seat]
    if step.kind == "play":
        return _("%(name)s plays %(cards)s") % {"name": name, "cards": _cards_text(step.cards)}
    if step.kind == "call" and isinstance(step.action, engine.Call):
        card = engine.Card(step.action.rank, step.action.suit, 0)
        return _("%(name)s ascends and calls %(card)s (叫保)") % {
            "name": name,
            "card": _cards_text((card,)),
        }
    text = STEP_TEXT.get(step.kind)
    return str(text) % {"name": name} if text is not None else f"{name}: {step.label}"


def _source(replay: HandReplay, step: Step) -> tuple[str, str]:
    if step.seat is None:
        return "", ""
    source = replay.sources.get(step.version, "")
    if source in ("", EventSource.PLAYER):
        return "", ""
    return source, str(SOURCE_LABELS.get(EventSource(source), source))


def _variant_notes(step: Step, names: Sequence[str]) -> list[str]:
    """RULES §10 facts of a step: tribute at the deal, the cards travelling with the
    emperor card, who the called card makes guard, a void hand."""
    state = step.state
    notes = []
    if step.seat is None:
        for giver, taker, index in state.tribute:
            notes.append(
                _("Tribute (进贡): %(giver)s gives %(taker)s %(card)s")
                % {
                    "giver": names[giver],
                    "taker": names[taker],
                    "card": _cards_text((engine.Card.from_index(index),)),
                }
            )
    if step.kind == "abdicate" and state.attached:
        cards = tuple(engine.Card.from_index(i) for i in state.attached)
        notes.append(_("With the emperor card: %(cards)s") % {"cards": _cards_text(cards)})
    if step.kind == "call" and state.guard is not None and state.guard != state.emperor:
        notes.append(_("The fourth copy makes %(name)s the guard") % {"name": names[state.guard]})
    if state.void:
        notes.append(_("Nobody took the throne: the hand is void (流局), no score"))
    return notes


def _notes(step: Step, view: ReviewView, names: Sequence[str]) -> tuple[str, ...]:
    notes = _variant_notes(step, names)
    if step.throne_taken and view.emperor is not None:
        notes.append(_("%(name)s is the emperor (皇帝)") % {"name": names[view.emperor]})
    if step.announced:
        if view.mode is engine.Mode.OPEN_GUARD and view.guard is not None:
            notes.append(_("The guard is revealed: %(name)s") % {"name": names[view.guard]})
        if view.rebellion:
            notes.append(_("The rebellion stands (明反): every identity is revealed"))
        for s in view.seats:
            if s.failed_rebel:
                notes.append(_("%(name)s is a failed rebel") % {"name": names[s.seat]})
        if view.mode is not None:
            notes.append(_("The hand is played as %(mode)s") % {"mode": MODE_LABELS[view.mode]})
    if step.went_out is not None and step.seat is not None:
        notes.append(
            _("%(name)s is out: %(place)s")
            % {"name": names[step.seat], "place": PLACE_LABELS[step.went_out - 1]}
        )
    if step.trick_winner is not None:
        notes.append(_("%(name)s wins the trick") % {"name": names[step.trick_winner]})
        if step.jiefeng and step.next_leader is not None:
            notes.append(_("接风: %(name)s leads") % {"name": names[step.next_leader]})
    if step.finished:
        notes.append(_("The hand is over"))
    return tuple(notes)


def _results(replay: HandReplay, names: Sequence[str]) -> tuple[ResultRow, ...]:
    return tuple(result_row(r, name=names[r.seat]) for r in replay.results)


def _reason(state: engine.State, names: Sequence[str]) -> tuple[str, ...]:
    """The finished hand's reason in words, as the table showed it (RULES §5, §10)."""
    if state.void:
        return ()
    settlement = engine.settle(state)
    return reason_lines(explain_hand(state, settlement, names))


def _action_text(notation: str, name: str) -> str:
    action = engine.Action.from_notation(notation)
    if isinstance(action, engine.Play):
        return _("%(name)s plays %(cards)s") % {"name": name, "cards": _cards_text(action.cards)}
    text = STEP_TEXT.get(action.kind)
    return str(text) % {"name": name} if text is not None else notation


def _advice_fields(advice: HandAdvice | None, index: int, names: Sequence[str]) -> dict[str, Any]:
    """The StepContext fields of 高手's review at step ``index`` (the switch is on)."""
    if advice is None:
        return {}
    fields: dict[str, Any] = {"advice_state": advice.status}
    entry = next((e for e in advice.entries if e["step"] == index), None)
    if advice.status != AdviceStatus.DONE or entry is None:
        return fields
    fields["advice"] = _action_text(entry["expert"], _("Expert (高手)"))
    fields["advice_differs"] = bool(entry["differs"])
    delta = entry["delta"]
    if entry["differs"] and delta is not None:
        fields["advice_delta"] = f"{delta:+.2f}"
    return fields


def step_context(replay: HandReplay, index: int, advice: HandAdvice | None = None) -> StepContext:
    step = replay.steps[index]
    view = review_view(step.state)
    marked = not step.state.rules.called_guard  # RULES §10.1: SJ* is plain when called
    names = _names(replay.seats)
    users = {s.seat: s for s in replay.seats}
    latest: dict[int, tuple[engine.Card, ...]] = {}
    for seat, cards in step.trick_sets:
        latest[seat] = cards
    seats = []
    for sv in view.seats:
        hs = users.get(sv.seat)
        seats.append(
            SeatPanel(
                seat=sv.seat,
                name=names[sv.seat],
                username=hs.user.username if hs is not None and hs.user is not None else None,
                is_bot=hs.is_bot if hs is not None else False,
                role_code=sv.role.value if sv.role is not None else "",
                role_label=str(ROLE_LABELS[sv.role]) if sv.role is not None else "",
                cards=tuple(card_info(c, guard_card=marked) for c in sv.cards),
                count=sv.card_count,
                place=sv.place,
                place_label=PLACE_LABELS[sv.place - 1] if sv.place else "",
                auto_play=sv.auto_play,
                fled=sv.fled,
                failed_rebel=sv.failed_rebel,
                passed=sv.passed and view.last_set is not None,
                is_turn=sv.is_turn,
                holds_throne=sv.holds_throne,
                is_actor=step.seat == sv.seat,
                answer_label=str(ANSWER_LABELS[sv.answer]) if sv.answer in ANSWER_LABELS else "",
                trick_set=tuple(card_info(c, guard_card=marked) for c in latest.get(sv.seat, ())),
            )
        )
    tricks = replay.tricks
    top = step.trick_sets[-1] if step.trick_sets else None
    source, source_label = _source(replay, step)
    last = len(replay.steps) - 1
    finished = step.finished and replay.hand.status == HandStatus.FINISHED
    return StepContext(
        hand_id=replay.hand.pk,
        index=index,
        last=last,
        trick=step.trick,
        trick_count=len(tricks),
        phase=view.phase.value,
        phase_label=str(PHASE_LABELS.get(view.phase, view.phase.value)),
        mode_label=str(MODE_LABELS[view.mode]) if view.mode is not None else "",
        rebellion=view.rebellion,
        label=_step_label(step, names),
        source=source,
        source_label=source_label,
        seats=tuple(seats),
        center=tuple(card_info(c, guard_card=marked) for c in top[1]) if top is not None else (),
        center_name=names[top[0]] if top is not None else "",
        notes=_notes(step, view, names),
        prev=index - 1 if index > 0 else None,
        next=index + 1 if index < last else None,
        prev_trick=next((t for t in reversed(tricks) if t < index), None),
        next_trick=next((t for t in tricks if t > index), None),
        finished=finished,
        results=_results(replay, names) if finished else (),
        reason=_reason(step.state, names) if finished else (),
        **_advice_fields(advice, index, names),
    )


def _timeline(replay: HandReplay) -> list[TimelineItem]:
    names = _names(replay.seats)
    items = []
    for step in replay.steps:
        source, source_label = _source(replay, step)
        items.append(
            TimelineItem(
                index=step.index,
                trick=step.trick,
                leads=step.leads,
                label=_step_label(step, names),
                source=source,
                source_label=source_label,
            )
        )
    return items


def _step_number(raw: str | None, last: int) -> int:
    try:
        n = int(raw or 0)
    except ValueError:
        return 0
    return min(max(n, 0), last)


def _advice_of(request: HttpRequest, hand: Hand) -> HandAdvice | None:
    """高手's review, if the switch is on (``?advice=1``) and it has been asked for."""
    if request.GET.get("advice") != "1" or hand.status != HandStatus.FINISHED:
        return None
    return HandAdvice.objects.filter(hand=hand).first()


@login_required
@require_POST
def ask_advice(request: HttpRequest, hand_id: int) -> HttpResponse:
    """The review switch: ask for 高手's advice on a finished hand (computed off the web
    process, ``game/hand_review.py``) and show the replay with it."""
    hand = _hand_or_404(request, hand_id)
    try:
        request_advice(hand)
    except AdviceRefused as error:
        return HttpResponse(str(error), status=409)
    step = _step_number(request.POST.get("step"), 10_000)
    return redirect(f"{reverse('replay', args=[hand.pk])}?step={step}&advice=1")


def replay(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _hand_or_404(request, hand_id)
    if hand.game == "redten":
        return redten_views.replay(request, hand)
    rep = hand_replay(hand)
    last = len(rep.steps) - 1
    index = _step_number(request.GET.get("step"), last)
    advice = _advice_of(request, hand)
    return render(
        request,
        "game/replay.html",
        {
            "hand": hand,
            "replay": rep,
            "s": step_context(rep, index, advice),
            "timeline": _timeline(rep),
            "tricks": list(enumerate(rep.tricks, start=1)),
            "speeds": SPEEDS,
            "running": hand.status != HandStatus.FINISHED,
            "seat_rows": rep.seats,
            "room": hand.room,
            "host": host_of(hand),
        },
    )


def replay_step(request: HttpRequest, hand_id: int, step: int) -> HttpResponse:
    """One step as a fragment (htmx ``hx-get``): the state folded from the log up to it."""
    hand = _hand_or_404(request, hand_id)
    if hand.game == "redten":
        raise Http404("Red Ten replays step with ?step=N.")
    rep = hand_replay(hand)
    if not 0 <= step < len(rep.steps):
        raise Http404("No such step.")
    advice = _advice_of(request, hand)
    return render(request, "game/_replay.html#step", {"s": step_context(rep, step, advice)})


# --- export -----------------------------------------------------------------------------------


def export_json(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _hand_or_404(request, hand_id)
    data = (
        redten_views.export_data(hand)
        if hand.game == "redten"
        else export.export_json(hand, include_marks=_is_staff(request))
    )
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2) + "\n",
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'inline; filename="hand-{hand.pk}.json"'
    return response


def export_text(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _hand_or_404(request, hand_id)
    if hand.game == "redten":
        return redten_views.export_text(hand)
    response = HttpResponse(
        export.export_text(hand, include_marks=_is_staff(request)),
        content_type="text/plain; charset=utf-8",
    )
    response["Content-Disposition"] = f'inline; filename="hand-{hand.pk}.txt"'
    return response
