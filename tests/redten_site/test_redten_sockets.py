"""Red Ten over real sockets (RULES §11; hidden information RULES §3.4, §8): a whole hand with
four bots and one person to its settlement, and the per-frame leak oracle of a dark game
(暗打) among five people: no frame shows a red-ten holder's side before a red ten is played."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from accounts.models import User
from baohuang_site.asgi import application
from baohuang_site.devtools.table_players import cookie_for
from game.engine import redten
from game.engine.redten.cards import cards_of
from game.games import submit_action
from game.keeper import tick_sync
from game.models import Hand, HandStatus, Room, SeatResult, Table
from game.redten_hands import state_of
from lobby import tables
from lobby.services import ensure_default_rooms
from tests.conftest import ORIGIN, PASSWORD

from .helpers import running_table_with_bots

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]

VERSION = re.compile(r'id="redten-table"[^>]*data-phase="(\w+)" data-version="(-?\d+)"')
SEAT_TEAM = re.compile(r'id="redten-seat-(\d)" data-seat="\d" data-team="(\w*)"')
RED_TENS = {"TH", "TD"}


async def connect(user: User, table: Table) -> WebsocketCommunicator:
    cookie = await sync_to_async(cookie_for)(user)
    ws = WebsocketCommunicator(
        application,
        f"/ws/redten/{table.pk}/",
        headers=[(b"origin", ORIGIN.encode()), (b"accept-language", b"en"), (b"cookie", cookie)],
    )
    connected, code = await ws.connect()
    assert connected, code
    return ws


def phase_version(frame: str) -> tuple[str, int]:
    found = VERSION.search(frame)
    assert found is not None, frame[:300]
    return found.group(1), int(found.group(2))


def _finished(frame: str) -> bool:
    found = VERSION.search(frame)
    return found is not None and found.group(1) == "finished"


def _hand_of(table: Table) -> Hand:
    table.refresh_from_db()
    assert table.current_hand_id is not None
    return Hand.objects.get(pk=table.current_hand_id)


def _owed(hand_id: int) -> tuple[int, int, tuple[int, ...], str, redten.Action | None]:
    """(version, status-finished?, seats owing, phase, the hint for the seat to play)."""
    hand = Hand.objects.get(pk=hand_id)
    state = state_of(hand)
    owing = redten.to_act(state) if hand.status == HandStatus.RUNNING else ()
    hint = redten.hint(state, owing[0]) if owing and state.phase is redten.Phase.PLAY else None
    return hand.version, int(hand.status == HandStatus.FINISHED), owing, state.phase.value, hint


def _message(action: redten.Action, version: int) -> dict[str, object]:
    if isinstance(action, redten.Play):
        codes = redten.format_cards(action.cards).split()
        return {"action": "play", "cards": codes, "version": str(version)}
    if action == redten.PASS:
        return {"action": "pass", "version": str(version)}
    return {"action": "show_tens" if action == redten.SHOW else "no_show"}


async def _until(ws: WebsocketCommunicator, frames: list[str], done: object) -> str:
    """Read frames until ``done(frame)``; every frame is kept for the oracle."""
    while True:
        frame = await ws.receive_from(timeout=10)
        frames.append(frame)
        assert 'id="redten-error"' not in frame, frame[:400]
        if done(frame):  # type: ignore[operator]
            return frame


async def test_a_whole_hand_with_four_bots_over_the_socket(alice: User) -> None:
    table = await sync_to_async(_bot_table)(alice)
    hand = await sync_to_async(_hand_of)(table)
    ws = await connect(alice, table)
    frames = [await ws.receive_from(timeout=10)]
    assert 'id="show-button"' in frames[0] and 'id="no-show-button"' in frames[0]
    # The leave menu warns of the running hand (RULES §6.3) ...
    assert '<p id="redten-leave-warning" hx-swap-oob="true">' in frames[0]
    clock = timezone.now()
    for _ in range(600):
        version, finished, owing, phase, hint = await sync_to_async(_owed)(hand.pk)
        if finished:
            break
        if 0 in owing:
            action = hint if phase == "play" else redten.NO_SHOW
            assert action is not None
            await ws.send_to(text_data=json.dumps(_message(action, version)))
            # The answer or play is applied before this page's next frame is drawn.
            await _until(ws, frames, lambda f: True)
            after = (await sync_to_async(_owed)(hand.pk))[0]
            while after == version:
                await _until(ws, frames, lambda f: True)
                after = (await sync_to_async(_owed)(hand.pk))[0]
        else:
            clock += timedelta(seconds=60)
            await sync_to_async(tick_sync)(clock)
    # The last frame may already be in hand: when this seat's own play ended the hand, the
    # frame that answered it was the finished table.
    final = next((f for f in reversed(frames) if _finished(f)), None) or await _until(
        ws, frames, _finished
    )
    assert 'id="redten-result"' in final
    row = await sync_to_async(SeatResult.objects.get)(hand_id=hand.pk, seat=0)
    assert f'<td class="net">{row.net:+d}</td>' in final
    assert 'id="redten-next-button"' in final
    # ... and stops warning once it is over, without a reload.
    assert '<p id="redten-leave-warning" hx-swap-oob="true" hidden>' in final
    await ws.disconnect()


def _bot_table(user: User) -> Table:
    return running_table_with_bots(user)


def _seat_five() -> tuple[Table, list[User]]:
    ensure_default_rooms()
    room = Room.objects.get(slug="redten")
    users = [User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in "abcde"]
    table = tables.create_table(room=room)
    for seat, user in enumerate(users):
        tables.sit(table=table, seat=seat, user=user)
    for user in users:
        tables.set_ready(table=table, user=user)
    # A deal of all four tens to one player ends at once (file 003 §9): deal again.
    while _hand_of(table).status == HandStatus.FINISHED:
        for user in users:
            tables.set_ready(table=table, user=user)
    return table, users


def _deal(hand_id: int) -> tuple[tuple[str, ...], ...]:
    state = state_of(Hand.objects.get(pk=hand_id))
    return tuple(tuple(redten.format_cards(cards_of(h)).split()) for h in state.hands)


def _played_tens(hand_id: int) -> list[tuple[int, set[str]]]:
    """(version, red tens played by then) for every play: the public record."""
    out = []
    seen: set[str] = set()
    for seq, text in (
        Hand.objects.get(pk=hand_id).events.order_by("seq").values_list("seq", "action")
    ):
        if text.startswith("play "):
            seen |= set(text.split()[1:]) & RED_TENS
        out.append((seq, set(seen)))
    return out


async def test_dark_game_frames_never_show_a_side_before_its_red_ten_is_played() -> None:
    table, users = await sync_to_async(_seat_five)()
    hand = await sync_to_async(_hand_of)(table)
    dealt = await sync_to_async(_deal)(hand.pk)
    sockets = [await connect(u, table) for u in users]
    frames: list[list[str]] = [[await ws.receive_from(timeout=10)] for ws in sockets]
    # 亮牌 (file 003 §4): all five are asked the same question, in the same words.
    prompts = {re.sub(r'id="redten-seat-.*', "", f[0], flags=re.S) for f in frames}
    questions = {re.search(r'<p class="question">[^<]*</p>', f[0]).group(0) for f in frames}  # type: ignore[union-attr]
    assert len(questions) == 1 and prompts
    # Everybody answers 不亮: a dark game. Until the last answer, nobody's page changes
    # because of another's answer: each socket gets its own answer's frame, then the start.
    for seat, ws in enumerate(sockets[:-1]):
        await ws.send_to(text_data=json.dumps({"action": "no_show"}))
        await _until(ws, frames[seat], lambda f: "redten-controls" in f and "Answered" in f)
    await sockets[4].send_to(text_data=json.dumps({"action": "no_show"}))
    for seat, ws in enumerate(sockets):
        await _until(ws, frames[seat], lambda f: phase_version(f)[0] == "play")
        assert len(frames[seat]) == (2 if seat == 4 else 3), [f[:80] for f in frames[seat]]
        assert "Dark game" in frames[seat][-1]
    # Play it out through the sockets, every player reading every frame.
    for _ in range(400):
        version, finished, owing, phase, hint = await sync_to_async(_owed)(hand.pk)
        if finished:
            break
        assert phase == "play" and hint is not None and len(owing) == 1
        seat = owing[0]
        await sockets[seat].send_to(text_data=json.dumps(_message(hint, version)))
        for s, ws in enumerate(sockets):
            await _until(
                ws,
                frames[s],
                lambda f, v=version: phase_version(f)[0] == "finished" or phase_version(f)[1] > v,
            )
    played = dict(await sync_to_async(_played_tens)(hand.pk))
    holders = {t: s for s, cards in enumerate(dealt) for t in cards if t in RED_TENS}
    checked = 0
    for viewer, seen in enumerate(frames):
        own = set(dealt[viewer]) & RED_TENS
        for frame in seen:
            phase, version = phase_version(frame)
            if phase == "finished":
                continue  # after the end every side is public (file 003 §9)
            public = played.get(version, set()) if version >= 0 else set()
            known = public | own
            for seat_text, team in SEAT_TEAM.findall(frame):
                seat = int(seat_text)
                if seat == viewer or not team:
                    continue
                checked += 1
                if team == "red":
                    # Only a red ten seen in play tells a seat is red.
                    assert any(holders[t] == seat for t in public), (viewer, seat, version)
                else:
                    # Black is known only once both red tens' holders are known.
                    assert known >= RED_TENS, (viewer, seat, version, known)
    assert checked > 0  # some side became public in play, and the oracle looked at it
    for ws in sockets:
        await ws.disconnect()


async def test_each_game_has_its_own_socket(alice: User) -> None:
    """A Red Ten table refuses the Baohuang socket and a Baohuang table the Red Ten one, so
    neither game's page can be drawn by the other's engine."""
    table = await sync_to_async(_bot_table)(alice)
    cookie = await sync_to_async(cookie_for)(alice)
    headers = [(b"origin", ORIGIN.encode()), (b"cookie", cookie)]
    wrong = WebsocketCommunicator(application, f"/ws/table/{table.pk}/", headers=headers)
    connected, code = await wrong.connect()
    assert not connected and code == 4404
    ok = await connect(alice, table)
    assert "redten-table" in await ok.receive_from(timeout=10)
    await ok.disconnect()


CHECKED = re.compile(r'value="(\w+)" form="redten-play-form" aria-label="[^"]*" checked')


def _to_my_turn(hand_id: int) -> tuple[int, redten.State]:
    """Answer 不亮 for seat 0 and let the bots play until seat 0 is to play."""
    clock = timezone.now()
    for _ in range(200):
        hand = Hand.objects.get(pk=hand_id)
        state = state_of(hand)
        if state.phase is redten.Phase.PLAY and state.turn == 0:
            return hand.version, state
        if state.phase is redten.Phase.SHOW and state.answers[0] is None:
            submit_action(hand_id=hand_id, seat=0, action=redten.NO_SHOW, expected_version=None)
            continue
        clock += timedelta(seconds=60)
        tick_sync(clock)
    raise AssertionError("seat 0 was never to play")


async def test_the_hint_raises_the_smallest_sets_in_turn_on_this_page_only(alice: User) -> None:
    # RULES §8.4's 提示, as at the Baohuang table: the cheapest legal set first, the next one
    # on each press, cycling; drawn as checked cards of the viewer's own hand alone.
    table = await sync_to_async(_bot_table)(alice)
    hand = await sync_to_async(_hand_of)(table)
    version, state = await sync_to_async(_to_my_turn)(hand.pk)
    ws = await connect(alice, table)
    frame = await ws.receive_from(timeout=10)
    assert 'id="redten-hint-button"' in frame and not CHECKED.search(frame)
    sets = [a for a in redten.legal_actions(state, 0) if isinstance(a, redten.Play)]
    assert sets
    for n in range(min(3, len(sets)) + 1):
        await ws.send_to(text_data=json.dumps({"action": "hint", "version": str(version)}))
        frame = await ws.receive_from(timeout=10)
        expected = redten.hint(state, 0, n)
        assert isinstance(expected, redten.Play)
        assert set(CHECKED.findall(frame)) == set(redten.format_cards(expected.cards).split())
    # A hint with no version is refused with the reason and changes nothing.
    await ws.send_to(text_data=json.dumps({"action": "hint"}))
    frame = await ws.receive_from(timeout=10)
    assert "field &#x27;version&#x27; must be a whole number" in frame
    assert (await sync_to_async(Hand.objects.get)(pk=hand.pk)).version == version
    await ws.disconnect()
