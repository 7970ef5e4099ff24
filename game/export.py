"""A recorded hand as a file, and a file checked against the record.

Export: JSON (seed, rules, seats, events with seat/action/source/time, the settlement and the
engine's text log) or the engine's text log alone (``HandLog.to_text()``, docs/NOTATION.md).
Private identity marks (RULES §8.2) are left out unless the reader is staff: they are one
player's notes, and they change neither the play nor the money.

Import (the admin's "check a hand log"): read a text log or such a JSON, fold it through the
engine, and compare the recomputed settlement with the recorded ``SeatResult`` rows. Every
problem names where it is: ``line N`` of a text log, ``event N`` of a JSON's events.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game import engine
from game.engine import titles
from game.engine.replay import HEADER
from game.event_log import hand_log, logged_events, rules_of
from game.models import Hand, SeatResult

JSON_FORMAT = "baohuang-hand-json 1"


# --- export ------------------------------------------------------------------------------


def hand_log_of(hand: Hand, *, include_marks: bool = True) -> engine.HandLog:
    return hand_log(hand, logged_events(hand, include_marks=include_marks))


def export_text(hand: Hand, *, include_marks: bool = False) -> str:
    return hand_log_of(hand, include_marks=include_marks).to_text()


def export_json(hand: Hand, *, include_marks: bool = False) -> dict[str, Any]:
    events = logged_events(hand, include_marks=include_marks)
    seats = list(hand.seats.select_related("user").order_by("seat"))
    results = list(SeatResult.objects.filter(hand=hand).order_by("seat"))
    log = hand_log(hand, events)
    return {
        "format": JSON_FORMAT,
        "hand": {
            "id": hand.pk,
            "room": hand.room.slug,
            "room_name": hand.room.name,
            "table": hand.table_id,
            "number": hand.number,
            "status": hand.status,
            "mode": hand.mode,
            "rebellion": hand.rebellion,
            "started_at": hand.started_at.isoformat(),
            "finished_at": hand.finished_at.isoformat() if hand.finished_at else None,
        },
        "seed": hand.seed,
        "rules": rules_of(hand).to_dict(),
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "username": s.user.username if s.user is not None else None,
                "is_bot": s.is_bot,
            }
            for s in seats
        ],
        "events": [
            {
                "seq": e.seq,
                "seat": e.seat,
                "action": e.notation,
                "source": e.source,
                "time": e.created_at.isoformat(),
            }
            for e in events
        ],
        "settlement": [
            {
                "seat": r.seat,
                "role": r.role,
                "place": r.place,
                "fled": r.fled,
                "payout": r.payout,
                "fee": r.fee,
                "penalty": r.penalty,
                "net": r.net,
                "title_before": r.title_before,
                "title_after": r.title_after,
                "title_points_before": r.title_points_before,
                "title_points_after": r.title_points_after,
                "reward": r.reward,
            }
            for r in results
        ],
        "log": log.to_text(),
    }


# --- import ------------------------------------------------------------------------------


class LogError(Exception):
    """A log that cannot be read or replayed; ``where`` names the line or event."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


@dataclass(frozen=True, slots=True)
class LogEvent:
    seat: int
    action: engine.Action
    where: str  # "line 7" or "event 3"


@dataclass(frozen=True, slots=True)
class ParsedLog:
    seed: int
    rules: engine.Rules
    events: tuple[LogEvent, ...]
    hand_id: int | None  # the hand a JSON export names
    kind: str  # "text" or "json"

    @property
    def log(self) -> engine.HandLog:
        return engine.HandLog(self.seed, self.rules, tuple((e.seat, e.action) for e in self.events))


def parse_log(text: str) -> ParsedLog:
    """A text hand log or an exported JSON; raises ``LogError`` naming the bad line."""
    if text.lstrip().startswith("{"):
        return _parse_json(text)
    return _parse_text(text)


def _parse_text(text: str) -> ParsedLog:
    numbered = [
        (n, line.strip())
        for n, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not numbered or numbered[0][1] != HEADER:
        where = f"line {numbered[0][0]}" if numbered else ""
        raise LogError(where, f"a hand log starts with {HEADER!r}")
    if len(numbered) < 3:
        raise LogError("", "a hand log needs a 'seed' line and a 'rules' line after its header")
    (seed_no, seed_line), (rules_no, rules_line) = numbered[1], numbered[2]
    word, _, seed_text = seed_line.partition(" ")
    if word != "seed":
        raise LogError(f"line {seed_no}", "expected 'seed N'")
    try:
        seed = int(seed_text)
    except ValueError:
        raise LogError(f"line {seed_no}", f"cannot read seed {seed_text!r}") from None
    word, _, rules_text = rules_line.partition(" ")
    if word != "rules":
        raise LogError(f"line {rules_no}", "expected 'rules key=value …'")
    try:
        rules = engine.Rules.from_text(rules_text)
    except (engine.IllegalAction, TypeError, ValueError) as error:
        raise LogError(f"line {rules_no}", str(error)) from None
    events = []
    for n, line in numbered[3:]:
        seat_text, _, action_text = line.partition(" ")
        events.append(_event(f"line {n}", seat_text, action_text))
    return ParsedLog(seed, rules, tuple(events), None, "text")


def _event(where: str, seat_text: object, action_text: object) -> LogEvent:
    seat_text = str(seat_text)
    if seat_text not in ("0", "1", "2", "3", "4"):
        raise LogError(where, f"an event starts with a seat 0–4, not {seat_text!r}")
    if not isinstance(action_text, str):
        raise LogError(where, "the action must be text")
    try:
        action = engine.Action.from_notation(action_text)
    except engine.IllegalAction as error:
        raise LogError(where, f"cannot read {action_text!r}: {error}") from None
    return LogEvent(int(seat_text), action, where)


def _parse_json(text: str) -> ParsedLog:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LogError(f"line {error.lineno}", f"not valid JSON: {error.msg}") from None
    if not isinstance(data, dict):
        raise LogError("", "the JSON must be an object")
    if "events" not in data and isinstance(data.get("log"), str):
        parsed = _parse_text(data["log"])
        return ParsedLog(parsed.seed, parsed.rules, parsed.events, _hand_id(data), "json")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LogError("seed", "the JSON needs an integer 'seed'")
    raw_rules = data.get("rules")
    if not isinstance(raw_rules, dict):
        raise LogError("rules", "the JSON needs a 'rules' object")
    try:
        rules = engine.Rules.from_dict(raw_rules)
    except (engine.IllegalAction, TypeError, ValueError) as error:
        raise LogError("rules", str(error)) from None
    raw_events = data.get("events")
    if not isinstance(raw_events, list):
        raise LogError("events", "the JSON needs an 'events' list")
    events = []
    for i, item in enumerate(raw_events, start=1):
        where = f"event {i}"
        if not isinstance(item, dict):
            raise LogError(where, "an event is an object with 'seat' and 'action'")
        if isinstance(item.get("seq"), int):
            where = f"event {i} (seq {item['seq']})"
        events.append(_event(where, item.get("seat"), item.get("action")))
    return ParsedLog(seed, rules, tuple(events), _hand_id(data), "json")


def _hand_id(data: dict[str, Any]) -> int | None:
    hand = data.get("hand")
    if isinstance(hand, dict) and isinstance(hand.get("id"), int):
        return int(hand["id"])
    return None


def fold(parsed: ParsedLog) -> engine.State:
    """Replay the parsed log; an illegal event raises ``LogError`` naming its line."""
    state = engine.new_hand(parsed.seed, parsed.rules)
    for event in parsed.events:
        try:
            state = engine.apply(state, event.seat, event.action)
        except engine.IllegalAction as error:
            raise LogError(
                event.where,
                f"seat {event.seat} {event.action.to_notation()!r} is illegal here: {error}",
            ) from None
    return state


@dataclass(frozen=True, slots=True)
class Difference:
    seat: int | None  # None: the hand as a whole (seed, rules, the log itself)
    field: str
    recorded: str
    recomputed: str


def _fmt(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def compare(hand: Hand, parsed: ParsedLog, state: engine.State) -> list[Difference]:
    """What differs between the recorded hand and a finished replay of ``parsed``."""
    diffs: list[Difference] = []
    if parsed.seed != hand.seed:
        diffs.append(Difference(None, "seed", _fmt(hand.seed), _fmt(parsed.seed)))
    recorded_rules = rules_of(hand)
    if parsed.rules != recorded_rules:
        diffs.append(Difference(None, "rules", recorded_rules.to_text(), parsed.rules.to_text()))
    recorded_events = [(e.seat, e.notation) for e in logged_events(hand, include_marks=False)]
    given = [
        (e.seat, e.action.to_notation())
        for e in parsed.events
        if not isinstance(e.action, engine.Mark)
    ]
    for i, (ours, theirs) in enumerate(zip(recorded_events, given, strict=False), start=1):
        if ours != theirs:
            diffs.append(
                Difference(None, f"move {i}", f"{ours[0]} {ours[1]}", f"{theirs[0]} {theirs[1]}")
            )
            break
    else:
        if len(recorded_events) != len(given):
            diffs.append(Difference(None, "moves", _fmt(len(recorded_events)), _fmt(len(given))))
    settlement = engine.settle(state)
    results = {r.seat: r for r in SeatResult.objects.filter(hand=hand)}
    roles = [state.role_of(s) for s in state.finishing_order]
    for seat_result in settlement.seats:
        row = results.get(seat_result.seat)
        if row is None:
            diffs.append(Difference(seat_result.seat, "result", "—", "recorded result missing"))
            continue
        pairs: list[tuple[str, object, object]] = [
            ("role", row.role, seat_result.role.value),
            ("place", row.place, seat_result.place),
            ("fled", row.fled, seat_result.fled),
            ("payout", row.payout, seat_result.payout),
            ("fee", row.fee, seat_result.fee),
            ("penalty", row.penalty, seat_result.penalty),
            ("net", row.net, seat_result.net),
        ]
        if (
            row.title_points_before is not None
            and row.role == seat_result.role.value
            and state.mode is not None
            and all(r is not None for r in roles)
        ):
            change = titles.title_change(
                role=seat_result.role,
                mode=state.mode,
                rebellion=state.rebellion,
                places=[r for r in roles if r is not None],
                points=row.title_points_before,
            )
            pairs.append(("title points after", row.title_points_after, change.points_after))
            pairs.append(("title after", row.title_after, change.tier_after))
        for name, recorded, recomputed in pairs:
            if recorded != recomputed:
                diffs.append(Difference(seat_result.seat, name, _fmt(recorded), _fmt(recomputed)))
    return diffs
