"""Hostile websocket input (docs/PROTOCOL.md): whatever a client sends, it gets an error
fragment on its own socket (or is closed, for floods), the hand's version and event log do
not move, the other sockets receive nothing, and the table keeps working afterwards.

Hypothesis generates the messages; one table serves all examples of a test (a refused
message changes nothing, which is the point), and the other sockets are checked once at
the end: anything wrongly sent to them would still be waiting in their queue.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baohuang_site.devtools.table_players import Player, hand_state
from game import engine
from game.engine.cards import cards_of, format_card
from lobby import consumers
from tests.security.helpers import all_codes, snapshot, table_of_five

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Every name the consumer answers; random messages must not hit a legal one by chance.
HANDLED = set(consumers.HANDLERS)

Table5 = tuple[Any, list[Player], Player, engine.State]


@pytest.fixture
async def at_play(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table5]:
    """Five people and a spectator, played on to the emperor's first lead."""
    # Many examples share one socket: the flood limit has its own tests below.
    monkeypatch.setattr(consumers.table, "FLOOD_LIMIT", 10**9)
    table, players, spectator = await table_of_five("standard", prefix="h")
    _, state = await sync_to_async(hand_state)(table)
    while state.phase is not engine.Phase.PLAY:
        seat = engine.to_act(state)[0]
        choice = engine.autoplay_action(state, seat).to_notation()
        await players[seat].send(action="decide", choice=choice, version=str(state.version))
        for p in [*players, spectator]:
            await p.until_version(state.version + 1)
        _, state = await sync_to_async(hand_state)(table)
    for p in [*players, spectator]:
        p.frames.clear()
    yield table, players, spectator, state
    # After the whole barrage (every example of the test): the others heard nothing, and a
    # valid action still goes through to everyone.
    await assert_others_heard_nothing(players, spectator, None)
    await assert_still_works(table, players, spectator)
    for p in [*players, spectator]:
        await p.ws.disconnect()


async def assert_refused(table: Any, sender: Player, raw: str | bytes) -> None:
    before = await sync_to_async(snapshot)(table)
    if isinstance(raw, bytes):
        await sender.ws.send_to(bytes_data=raw)
    else:
        await sender.ws.send_to(text_data=raw)
    reply = (await sender.ws.receive_from(timeout=5)).strip()
    root = reply.split(">", 1)[0]
    assert reply.startswith('<div id="table-error"') and "hidden" not in root, reply[:300]
    assert 'id="controls"' not in reply and "data-card" not in reply
    assert "<script" not in reply.lower()  # echoed input is escaped
    assert await sync_to_async(snapshot)(table) == before, raw


async def assert_others_heard_nothing(
    players: list[Player], spectator: Player, sender: Any
) -> None:
    for p in [*players, spectator]:
        if p is not sender:
            assert await p.ws.receive_nothing(timeout=0.3), f"{p.name} heard something"


async def assert_still_works(table: Any, players: list[Player], spectator: Player) -> None:
    """A valid action after the barrage is applied and reaches everyone."""
    _, state = await sync_to_async(hand_state)(table)
    seat = engine.to_act(state)[0]
    action = engine.hint(state, seat, 0)
    assert isinstance(action, engine.Play)
    await players[seat].send(
        action="play", cards=engine.format_cards(action.cards), version=str(state.version)
    )
    for p in [*players, spectator]:
        await p.until_version(state.version + 1)


def sender_of(players: list[Player], spectator: Player, index: int) -> Player:
    return spectator if index == 5 else players[index]


# --- strategies ------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
any_value = json_values | st.sampled_from(["", " ", "0", "-1", "1e9", "99999999999999999999"])
field_names = st.sampled_from(
    ["action", "cards", "version", "choice", "target", "guess", "on", "seat", "message", "HEADERS"]
)


def not_a_real_action(message: object) -> bool:
    if not isinstance(message, dict):
        return True
    action = message.get("action")
    return not (isinstance(action, str | int) and str(action) in HANDLED)


random_objects = st.dictionaries(field_names | st.text(max_size=10), any_value, max_size=6).filter(
    not_a_real_action
)
unknown_actions = st.fixed_dictionaries(
    {"action": st.text(max_size=60).filter(lambda a: a not in HANDLED)},
    optional={"version": any_value, "cards": any_value},
)


@FUZZ
@given(value=json_values.filter(not_a_real_action), who=st.integers(0, 5))
async def test_any_json_value_is_refused_to_its_sender_alone(at_play, value, who) -> None:
    table, players, spectator, _ = at_play
    await assert_refused(table, sender_of(players, spectator, who), json.dumps(value))


@FUZZ
@given(message=random_objects | unknown_actions, who=st.integers(0, 5))
async def test_objects_with_random_keys_and_unknown_actions_are_refused(
    at_play, message, who
) -> None:
    table, players, spectator, _ = at_play
    await assert_refused(table, sender_of(players, spectator, who), json.dumps(message))


@FUZZ
@given(
    raw=st.text(min_size=1, max_size=300).filter(lambda t: not_json(t))
    | st.binary(min_size=1, max_size=300),
    who=st.integers(0, 5),
)
async def test_broken_json_and_binary_frames_are_refused(at_play, raw, who) -> None:
    table, players, spectator, _ = at_play
    await assert_refused(table, sender_of(players, spectator, who), raw)


def seat_number(text: str) -> bool:
    """Would the consumer read this as a seat index (int() also takes " 3", "٣", "+3")?"""
    try:
        return 0 <= int(text) <= 4
    except ValueError:
        return False


def not_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return True
    return False


@FUZZ
@given(data=st.data())
async def test_plays_of_cards_not_in_hand_duplicates_and_other_seats_are_refused(
    at_play, data
) -> None:
    """Cards that are someone else's, one card twice, a legal card out of turn or with a
    stale version, a seat field naming the player to act: all refused, nothing written."""
    table, players, spectator, state = at_play
    turn = engine.to_act(state)[0]
    who = data.draw(st.integers(0, 5), label="sender")
    sender = sender_of(players, spectator, who)
    mine = [format_card(c) for c in cards_of(state.hands[who])] if who < 5 else []
    theirs = sorted(all_codes() - set(mine))
    kind = data.draw(st.sampled_from(["not_in_hand", "duplicate", "out_of_turn", "stale", "junk"]))
    version: object = str(state.version)
    if kind == "not_in_hand" or (kind in ("duplicate", "out_of_turn", "stale") and not mine):
        cards = " ".join(data.draw(st.lists(st.sampled_from(theirs), min_size=1, max_size=4)))
    elif kind == "duplicate":
        card = data.draw(st.sampled_from(mine))
        cards = " ".join([card] * data.draw(st.integers(2, 4)))
    elif kind == "out_of_turn":
        if who == turn:
            sender = players[(turn + 1) % 5]
            mine = [format_card(c) for c in cards_of(state.hands[(turn + 1) % 5])]
        cards = data.draw(st.sampled_from(mine))
    elif kind == "stale":
        cards = data.draw(st.sampled_from(mine))
        version = data.draw(
            st.integers(-5, 10**7).filter(lambda v: v != state.version).map(str)
            | st.sampled_from(["", "abc", "1.5", "0x10", " 1"])
            | st.lists(st.integers(), max_size=2)
        )
    else:
        cards = data.draw(st.text(max_size=80))
    message: dict[str, object] = {"action": "play", "cards": cards, "version": version}
    if data.draw(st.booleans()):
        message["seat"] = str(turn)  # naming another seat changes nothing
    await assert_refused(table, sender, json.dumps(message))


@FUZZ
@given(data=st.data())
async def test_known_actions_with_bad_fields_are_refused(at_play, data) -> None:
    table, players, spectator, state = at_play
    who = data.draw(st.integers(0, 5))
    bad_int = st.one_of(
        st.integers().filter(lambda n: not 0 <= n <= 4),
        st.text(min_size=1, max_size=10).filter(lambda t: not seat_number(t)),
        st.lists(st.integers(), max_size=2),
        st.booleans(),
    )
    version = st.just(str(state.version)) | st.none() | st.lists(st.integers(), max_size=2)
    message = data.draw(
        st.one_of(
            st.fixed_dictionaries(
                {"action": st.just("decide"), "choice": any_value, "version": version}
            ),
            st.fixed_dictionaries({"action": st.just("pass"), "version": version}),
            st.fixed_dictionaries(
                {"action": st.just("mark"), "target": bad_int, "guess": st.just("guard")}
            ),
            st.fixed_dictionaries(
                {
                    "action": st.just("mark"),
                    "target": st.just("1"),
                    "guess": any_value.filter(lambda g: g not in ("emperor", "guard", "rebel")),
                }
            ),
            st.fixed_dictionaries(
                {"action": st.just("auto"), "on": any_value.filter(lambda v: v not in ("0", "1"))}
            ),
            st.fixed_dictionaries(
                {"action": st.just("psych"), "target": bad_int, "message": st.just("help")}
            ),
            st.fixed_dictionaries(
                {"action": st.just("psych"), "target": st.just("1"), "message": any_value}
            ),
            st.fixed_dictionaries({"action": st.just("peek"), "target": bad_int}),
            st.fixed_dictionaries({"action": st.just("sit"), "seat": bad_int | st.just("2")}),
            st.fixed_dictionaries({"action": st.just("bot"), "seat": bad_int}),
            st.just({"action": "stand"}),
        )
    )
    if message.get("action") == "pass" and who < 5 and who == engine.to_act(state)[0]:
        message["version"] = "-1"  # the leader may not pass anyway; make sure it is refused
    if message.get("action") == "psych" and message.get("message") in (
        "friend",
        "help",
        "careful",
        "guard",
    ):
        message["message"] = "nope"
    if message.get("action") == "decide" and message.get("choice") is None and who == 5:
        message["choice"] = "ascend"
    await assert_refused(table, sender_of(players, spectator, who), json.dumps(message))


@FUZZ
@given(size=st.integers(2049, 50_000), who=st.integers(0, 5))
async def test_frames_over_2048_bytes_are_refused(at_play, size, who) -> None:
    table, players, spectator, state = at_play
    seat = engine.to_act(state)[0]
    padding = "x" * size
    # Even an otherwise legal play is refused when the frame is too large.
    action = engine.hint(state, seat, 0)
    assert isinstance(action, engine.Play)
    message = {"action": "play", "cards": engine.format_cards(action.cards), "pad": padding}
    message["version"] = str(state.version)
    sender = players[seat] if who < 5 else spectator
    await assert_refused(table, sender, json.dumps(message))
