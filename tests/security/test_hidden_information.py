"""Hidden information over the real consumers (RULES §3.4, §8.1, §8.2).

Five people and a spectator play whole hands through ``WebsocketCommunicator``s; the
engine is only the script (who acts, what is legal) and the record (the state at each
version). Every frame each socket receives is checked against an oracle written from the
rules, not from ``view_for``:

- the cards on a page: the reader's own hand (exactly), the public trick, and a peeked
  partner's cards only while RULES §8.1 allows it; nothing else, for a spectator not even a
  hand;
- roles: while identities are hidden, a reader who is not the guard sees no role but the
  emperor's (and his own): no ``seat-role-*`` class, role label, guard-only choice or
  prompt, mode label (dark solo looks like dark guard to the others);
- never the deal seed; only the reader's own identity marks.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from django.utils import translation

import lobby.consumers
from baohuang_site.devtools.table_players import CARD_ATTR, STATUS_VERSION, Player, hand_state
from display.labels import CHOICE_LABELS, ROLE_LABELS
from game import engine
from game.engine.cards import GUARD_CARD, cards_of
from game.engine.view import peek_targets
from game.models import HandStatus
from tests.security.helpers import (
    FACE,
    MARK,
    face,
    fragments,
    hand_codes,
    seat_blocks,
    table_of_five,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sockets]


@pytest.fixture(autouse=True)
def no_flood_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scripted players act as fast as the server answers, far faster than people: on an
    idle machine one seat can send more than the flood limit allows (fifty messages in five
    seconds, tested in test_hostile_input). This test checks frames, not the flood guard."""
    monkeypatch.setattr(lobby.consumers.table, "FLOOD_LIMIT", 10**6)


SEED_BASE = 4_611_686_018_427_387  # seeds long enough never to appear by chance in a page

# Decision scripts: the first preferred choice on offer is taken, else a random one.
SCRIPTS = {
    "dark": ("ascend", "dark_solo", "dark_guard", "no_rebel"),
    "rebellion": ("ascend", "dark_solo", "dark_guard", "rebel"),
    "abdicate": ("abdicate", "dark_solo", "dark_guard", "no_rebel"),
    "random": (),
}


@dataclass(frozen=True)
class Case:
    preset: str
    solo: bool  # the first holder of the emperor card also holds the guard card
    script: str
    language: str
    salt: int


def seed_for(case: Case) -> int:
    """A seed whose deal gives the first throne holder the guard card iff ``case.solo``; in
    a called-guard room (RULES §10.1), a triple to call (and, for ``solo``, all four)."""
    rules = engine.Rules.preset(case.preset.replace("-", "_"))
    seed = SEED_BASE * 1000 + case.salt * 101
    while True:
        state = engine.new_hand(seed, rules)
        holder = state.throne_holder
        if rules.called_guard:
            copies = {_copies(state, holder, c) for c in engine.view_for(state, holder).calls}
            if (4 in copies) == case.solo and 3 in copies:
                return seed
        elif (GUARD_CARD in state.hands[state.throne_holder]) == case.solo:
            return seed
        seed += 1


def _copies(state: engine.State, seat: int, code: str) -> int:
    identity = engine.Call.of(code).identity
    return sum(1 for i in state.hands[seat] if i // 4 == identity)


def decide(state: engine.State, seat: int, rng: random.Random, script: str) -> str:
    kinds = engine.view_for(state, seat).choices
    for kind in SCRIPTS[script]:
        if kind in kinds:
            return kind
    return rng.choice([k for k in kinds if k in CHOICE_LABELS])


def message_for(
    state: engine.State, seat: int, rng: random.Random, script: str
) -> dict[str, object]:
    version = str(state.version)
    calls = engine.view_for(state, seat).calls
    if calls:
        # RULES §10.1: call a triple (the "dark" script; a four would be dark solo).
        pick = [c for c in calls if _copies(state, seat, c) == (4 if script == "solo" else 3)]
        return {"action": "call", "card": (pick or list(calls))[0], "version": version}
    if state.phase is engine.Phase.GRAB:  # RULES §10.7: nobody grabs, the call stands
        return {"action": "grab", "choice": "no_grab", "version": version}
    if state.phase is engine.Phase.PLAY:
        action = engine.hint(state, seat, rng.randrange(3))
        if isinstance(action, engine.Play):
            return {
                "action": "play",
                "cards": engine.format_cards(action.cards),
                "version": version,
            }
        return {"action": "pass", "version": version}
    return {"action": "decide", "choice": decide(state, seat, rng, script), "version": version}


@dataclass
class Oracle:
    """What the rules let each reader know, per version of the hand."""

    seed: int
    language: str
    states: dict[int, engine.State]
    peeking: dict[int, int]  # seat -> the seat it asked to peek at
    # seat -> target -> every guess that seat has put on that target: marks live outside
    # the event log (RULES §8.2; docs/SECURITY.md, the griefer), so the states do not hold them.
    marks: dict[int, dict[int, set[str]]] = field(default_factory=dict)

    def texts(self) -> dict[str, str]:
        with translation.override(self.language):
            return {
                "guard_label": f">{ROLE_LABELS[engine.Role.GUARD]}<",
                "rebel_label": f">{ROLE_LABELS[engine.Role.REBEL]}<",
                "guard_prompt": translation.gettext("You hold the guard card ⚔: reveal yourself?"),
                "called_prompt": translation.gettext(
                    "You hold the fourth copy of the called card: you are the guard. "
                    "Reveal yourself?"
                ),
            }

    def check(self, p: Player) -> None:
        texts = self.texts()
        for frame in p.frames:
            self.check_frame(p, frame, texts)
        p.frames.clear()

    def check_frame(self, p: Player, frame: str, texts: dict[str, str]) -> None:
        who = f"{p.name} (seat {p.seat})"
        assert str(self.seed) not in frame, f"{who} saw the deal seed"
        versions = STATUS_VERSION.findall(frame)
        if not versions:  # error, hint or psych fragments: never a card
            assert not CARD_ATTR.findall(frame), f"{who}: cards in a side fragment"
            assert not FACE.findall(frame), f"{who}: card faces in a side fragment"
            return
        state = self.states[int(versions[-1])]
        parts = fragments(frame)
        seat = p.seat
        # --- cards ---------------------------------------------------------------------
        own = hand_codes(state.hands[seat]) if seat is not None else Counter()
        if "my-hand" in parts:
            shown = Counter(CARD_ATTR.findall(parts["my-hand"]))
            assert shown == own, f"{who}: hand shows {shown - own} beyond their own"
            if seat is None:
                assert "card" not in parts["my-hand"].split(">", 1)[1], f"{who}: spectator hand"
        elsewhere = "".join(v for k, v in parts.items() if k != "my-hand")
        assert not CARD_ATTR.findall(elsewhere), f"{who}: data-card outside their hand"
        # Cards played are public (RULES §4): the trick in the centre shows every set of the
        # current trick, and a seat its own last set, so each played card may show twice.
        public = Counter(face(c) for _, cards in state.played for c in cards_of(cards))
        public = public + public
        # RULES §10.1: the called identity is public (the status line shows it); the call
        # buttons show identities of the reader's own hand (his cards, never another's).
        if state.called is not None:
            public[face(engine.Card.from_index(state.called * 4))] += 1
        if seat is not None and state.phase is engine.Phase.THRONE:
            public += Counter(face(c) for c in cards_of(state.hands[seat]))
        table_faces = Counter(
            (r, s or "")
            for k, v in parts.items()
            if k not in ("my-hand", "peek")
            for r, s in FACE.findall(v)
        )
        assert not table_faces - public, f"{who}: faces {table_faces - public} on the table"
        peek = Counter((r, s or "") for r, s in FACE.findall(parts.get("peek", "")))
        if peek:
            assert seat is not None, f"{who}: a spectator was shown a peek"
            target = self.peeking.get(seat)
            assert target is not None and target in peek_targets(state, seat), f"{who}: peek"
            # RULES §8.1: only a partner's cards, and only once out.
            assert state.places[seat] is not None
            assert (state.role_of(target) is engine.Role.REBEL) == (
                state.role_of(seat) is engine.Role.REBEL
            )
            assert not peek - Counter(face(c) for c in cards_of(state.hands[target]))
        if "seats" in parts:  # a first render draws all five seats: the checks below see them
            whole = [block for block in seat_blocks(parts) if block[0]]
            assert len(whole) == 5, f"{who}: seats not recognised"
        # --- roles ---------------------------------------------------------------------
        hidden = state.emperor is not None and not state.roles_public
        knows_all = seat is not None and seat == state.guard
        if hidden and not knows_all:
            for cls, index, body in seat_blocks(parts):
                if index not in (state.emperor, seat):
                    # Not even "rebel": the guard would follow by elimination.
                    assert "seat-role-" not in cls, f"{who} saw the role of seat {index}"
                    assert 'class="role ' not in body, f"{who} saw the role of seat {index}"
            assert "seat-role-guard" not in frame and "role-guard" not in frame, who
            assert texts["guard_label"] not in frame, f"{who} saw a guard label"
            assert texts["guard_prompt"] not in frame, f"{who} saw the guard's question"
            assert texts["called_prompt"] not in frame, f"{who} saw the called guard's question"
            assert 'data-choice="open_guard"' not in frame, who
            assert 'data-choice="dark_guard"' not in frame, who
            if seat != state.emperor:
                # Dark guard and dark solo look alike to everyone but the emperor.
                assert 'class="mode"' not in frame, f"{who} saw the hand's mode"
                assert "暗独" not in frame and "Dark solo" not in frame, f"{who}: dark solo"
        # --- marks (RULES §8.2) ----------------------------------------------------------
        for _, index, body in seat_blocks(parts):
            marks = MARK.findall(body)
            if seat is None:
                assert not marks, f"{who}: a spectator has marks"
            elif marks:
                mine = self.marks.get(seat, {}).get(index, set()) | {"unknown"}
                assert marks[0] in mine and len(marks) == 1, f"{who}: marks {marks}"


async def maybe_mark(
    players: list[Player], state: engine.State, rng: random.Random, oracle: Oracle
) -> bool:
    """Now and then a player puts a private identity mark on another seat (RULES §8.2): it
    reaches that player alone, as one frame, and moves no version (docs/SECURITY.md, the
    griefer at the table)."""
    if rng.random() > 0.2 or state.phase is engine.Phase.THRONE:
        return False
    seat = rng.randrange(5)
    target = rng.choice([s for s in range(5) if s != seat])
    guess = rng.choice(list(engine.Guess))
    try:
        engine.apply(state, seat, engine.Mark(target, guess))
    except engine.IllegalAction:
        return False
    oracle.marks.setdefault(seat, {}).setdefault(target, set()).add(guess.value)
    await players[seat].send(action="mark", target=str(target), guess=guess.value)
    frame = await players[seat].frame()
    assert f'name="version" value="{state.version}"' in frame, "a mark moved the version"
    return True


async def play_and_check(case: Case, monkeypatch: pytest.MonkeyPatch) -> engine.State:
    import game.hands

    seed = seed_for(case)
    monkeypatch.setattr(game.hands, "secrets", SimpleNamespace(randbits=lambda _n: seed))
    table, players, spectator = await table_of_five(
        case.preset, prefix=f"s{case.salt}x", language=case.language
    )
    rng = random.Random(case.salt)
    hand, state = await sync_to_async(hand_state)(table)
    assert hand.seed == seed
    oracle = Oracle(seed=seed, language=case.language, states={0: state}, peeking={})
    everyone = [*players, spectator]
    for p in everyone:
        oracle.check(p)
    for _ in range(600):
        if state.phase is engine.Phase.FINISHED:
            break
        if await maybe_mark(players, state, rng, oracle):
            for p in everyone:
                oracle.check(p)
            continue
        # Peek at a partner as soon as one may (RULES §8.1).
        for p in players:
            assert p.seat is not None
            targets = peek_targets(state, p.seat)
            if targets and p.seat not in oracle.peeking:
                oracle.peeking[p.seat] = targets[0]
                await p.send(action="peek", target=str(targets[0]))
                await p.until_version(state.version)
        seat = rng.choice(engine.to_act(state))
        await players[seat].send(**message_for(state, seat, rng, case.script))
        for p in everyone:
            await p.until_version(state.version + 1)
        hand, state = await sync_to_async(hand_state)(table)
        oracle.states[state.version] = state
        for p in everyone:
            oracle.check(p)
    assert state.phase is engine.Phase.FINISHED
    assert (await sync_to_async(hand_state)(table))[0].status == HandStatus.FINISHED
    for p in everyone:
        await p.ws.disconnect()
    return state


CASES = [
    pytest.param(Case("standard", False, "dark", "en", 1), id="standard-dark-guard"),
    pytest.param(Case("standard", True, "dark", "zh-hans", 2), id="standard-dark-solo-zh"),
    pytest.param(Case("quick", False, "random", "en", 3), id="quick"),
    pytest.param(Case("keep-six", False, "abdicate", "en", 4), id="keep-six-abdicate"),
    pytest.param(
        Case("standard", True, "rebellion", "en", 5),
        id="dark-solo-rebellion",
        marks=pytest.mark.slow,
    ),
    pytest.param(Case("quick", True, "random", "en", 8), id="quick-solo", marks=pytest.mark.slow),
    # RULES §10.1: the called identity is public, its fourth copy's holder is not.
    pytest.param(Case("lianzhong-classic", False, "dark", "zh-hans", 9), id="called-guard-zh"),
    pytest.param(Case("lianzhong-classic", False, "dark", "en", 10), id="called-guard"),
]


@pytest.mark.parametrize("case", CASES)
async def test_no_frame_shows_more_than_its_reader_may_know(
    case: Case, monkeypatch: pytest.MonkeyPatch
) -> None:
    final = await play_and_check(case, monkeypatch)
    if case.solo and case.script == "dark":
        assert final.mode is engine.Mode.DARK_SOLO  # the case tested what it says
    if case.script == "dark" and not case.solo:
        assert final.mode is engine.Mode.DARK_GUARD
    if case.preset == "lianzhong-classic":
        assert final.called is not None  # the case called a guard, as it says
