"""Real hands through the services, with outcomes chosen in advance.

Every seat of a "people hand" is an account, and the test plays each seat with the sensible
bot that ``game.engine.selfplay.play_hand`` would use, in the same order. So the hand played
through ``game.hands.submit_action`` is exactly the pure self-play hand of the same seed,
and a seed with the wanted outcome (royalists win with the emperor first, a dark solo lost,
a draw, …) is found by pure self-play first, which is fast. The settlement, title points,
rewards, ledger rows and the accounts hook then all run on the real path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.test import TestCase

from accounts.models import User
from game import engine
from game.engine.roles import Mode, Role
from game.engine.selfplay import default_bots, play_hand
from game.engine.settlement import hand_result
from game.hands import SeatSpec, start_hand, submit_action
from game.keeper import tick_sync
from game.models import Hand, HandStatus, Room
from game.selectors import state_of

RULES = engine.Rules.preset("standard")


@dataclass(frozen=True, slots=True)
class Outcome:
    seed: int
    mode: Mode
    rebellion: bool
    winner: str  # royalists / rebels / draw
    roles: tuple[Role, ...]  # by seat
    places: tuple[Role, ...]  # roles in finishing order

    @property
    def two_vs_three(self) -> bool:
        return not self.mode.is_solo

    @property
    def emperor_first(self) -> bool:
        """RULES §7.2/§7.3: the emperor went out before the guard."""
        return self.places.index(Role.EMPEROR) < self.places.index(Role.GUARD)

    def seats_of(self, role: Role) -> list[int]:
        return [seat for seat, r in enumerate(self.roles) if r is role]


_outcomes: list[Outcome] = []


def _outcome(seed: int) -> Outcome:
    state, _log = play_hand(seed, RULES)
    assert state.mode is not None
    places = tuple(r for seat in state.finishing_order if (r := state.role_of(seat)) is not None)
    roles = tuple(r for seat in range(5) if (r := state.role_of(seat)) is not None)
    winner, _ = hand_result(mode=state.mode, rebellion=state.rebellion, places=places)
    return Outcome(seed, state.mode, state.rebellion, winner, roles, places)


def find_outcome(wanted: Callable[[Outcome], bool], *, limit: int = 3000) -> Outcome:
    """The first seed (from 0) whose self-played hand has the wanted outcome."""
    for seed in range(limit):
        if seed == len(_outcomes):
            _outcomes.append(_outcome(seed))
        if wanted(_outcomes[seed]):
            return _outcomes[seed]
    raise AssertionError("no seed below the limit gives that outcome")


def play_people_hand(
    *, room: Room, people: Sequence[User], seed: int, now: datetime | None = None
) -> Hand:
    """Play ``seed`` with one account per seat, each seat choosing like self-play's bot."""
    assert len(people) == 5
    seats = [SeatSpec(user=u, is_bot=False, name=u.username) for u in people]
    hand = start_hand(room=room, table=None, seats=seats, seed=seed, now=now)
    bots = default_bots(seed)
    for _ in range(3000):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            return hand
        state = state_of(hand)
        seat = engine.to_act(state)[0]
        action = bots[seat].choose(engine.view_for(state, seat))
        with TestCase.captureOnCommitCallbacks(execute=True):  # caches the state as in life
            submit_action(
                hand_id=hand.pk, seat=seat, action=action, expected_version=hand.version, now=now
            )
    raise AssertionError("the hand did not finish")


def play_with_bots(
    *,
    room: Room,
    people: Sequence[User | None],
    seed: int,
    flee: User | None = None,
    guest: bool = False,
) -> Hand:
    """A hand of accounts (``None``: a bot seat) driven as in tests/game/test_services.py:
    people play hints through ``submit_action``, the keeper plays the bots. ``flee`` leaves
    the hand (RULES §6.3, the engine's ``Flee``) at their first turn in the play phase;
    ``guest``: a visitor's trial hand."""
    seats = [
        SeatSpec(user=u, is_bot=False, name=u.username)
        if u is not None
        else SeatSpec(user=None, is_bot=True, name=f"bot{i}")
        for i, u in enumerate(people)
    ]
    hand = start_hand(room=room, table=None, seats=seats, seed=seed, is_guest=guest)
    mine = {i: u for i, u in enumerate(people) if u is not None}
    for _ in range(3000):
        hand.refresh_from_db()
        if hand.status == HandStatus.FINISHED:
            return hand
        state = state_of(hand)
        acting = [s for s in engine.to_act(state) if s in mine and not state.fled[s]]
        if not acting:
            with TestCase.captureOnCommitCallbacks(execute=True):
                written = tick_sync()
            if written == 0:
                raise AssertionError("nobody can act")
            continue
        seat = acting[0]
        action: engine.Action = engine.autoplay_action(state, seat)
        if state.phase is engine.Phase.PLAY:
            action = engine.hint(state, seat, 0)
            if flee is not None and mine[seat] == flee:
                action = engine.Flee()
        with TestCase.captureOnCommitCallbacks(execute=True):
            submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=hand.version)
    raise AssertionError("the hand did not finish")
