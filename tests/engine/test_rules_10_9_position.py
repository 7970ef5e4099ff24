"""RULES §10.9 position points (Duole), by hand from the rule."""

from __future__ import annotations

import itertools

from game.engine import Phase, Rules
from game.engine.roles import Mode, Role
from game.engine.settlement import role_payouts

from .play_helpers import act, play_state

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL


def pay(mode: Mode, places: str, *, rebellion: bool = False, stake: int = 1) -> tuple[int, ...]:
    roles = [{"E": E, "G": G, "R": R}[c] for c in places]
    return role_payouts(
        mode=mode, rebellion=rebellion, places=roles, stake=stake, scoring="position"
    )


def test_two_against_three_uses_the_royalists_points() -> None:
    # s = 4 + 2 = 6: emperor +12, guard +6, each rebel −6.
    assert pay(Mode.DARK_GUARD, "EGRRR") == (12, 6, -6, -6, -6)
    # s = 4 + (−4) = 0: a draw.
    assert pay(Mode.DARK_GUARD, "ERRRG") == (0, 0, 0, 0, 0)
    # Guard fourth (−2), emperor last (−4): s = −6, stake 5.
    assert pay(Mode.DARK_GUARD, "RRRGE", stake=5) == (30, 30, 30, -30, -60)


def test_solo_uses_the_emperors_points() -> None:
    assert pay(Mode.DARK_SOLO, "ERRRR") == (16, -4, -4, -4, -4)
    assert pay(Mode.DARK_SOLO, "RRERR") == (0, 0, 0, 0, 0)
    assert pay(Mode.DARK_SOLO, "RRRRE") == (4, 4, 4, 4, -16)
    assert pay(Mode.OPEN_SOLO, "ERRRR") == (32, -8, -8, -8, -8)  # open solo doubles


def test_open_guard_or_rebellion_doubles() -> None:
    assert pay(Mode.OPEN_GUARD, "EGRRR") == (24, 12, -12, -12, -12)
    assert pay(Mode.DARK_GUARD, "EGRRR", rebellion=True) == (24, 12, -12, -12, -12)


def test_every_result_is_zero_sum() -> None:
    for mode, rebellion in itertools.product(Mode, (False, True)):
        letters = "ERRRR" if mode.is_solo else "EGRRR"
        for order in set(itertools.permutations(letters)):
            assert sum(pay(mode, "".join(order), rebellion=rebellion, stake=3)) == 0


def test_a_position_points_hand_is_played_until_one_player_is_left() -> None:
    # RULES §10.9: unlike §5.1, both royalists going out does not end the hand.
    state = play_state(
        ["8S", "9S", "6S 6H", "7S", "TS TH"], rules=Rules(scoring="position"), emperor=0, guard=1
    )
    state = act(state, 0, "play 8S")  # the emperor goes out first
    state = act(state, 1, "play 9S")  # the guard beats it and goes out: §5.1 would end here
    assert state.phase is Phase.PLAY
    for seat, text in [(2, "pass"), (3, "pass"), (4, "pass"), (2, "play 6S 6H"), (3, "pass")]:
        state = act(state, seat, text)
    assert state.phase is Phase.PLAY  # seats 3 and 4 still hold cards
    state = act(state, 4, "play TS TH")
    assert state.phase is Phase.FINISHED  # only seat 3 is left
    assert state.places == (1, 2, 3, 5, 4)


def test_titles_follow_the_rooms_scoring_result() -> None:
    # RULES §7.2 on the room's result: a dark-solo emperor second draws under §5.3 (no
    # change) but wins on position points (+2 points: +500 on the emperor ladder).
    from game.engine.titles import title_change

    places = [Role.REBEL, Role.EMPEROR, Role.REBEL, Role.REBEL, Role.REBEL]
    boke = title_change(
        role=Role.EMPEROR, mode=Mode.DARK_SOLO, rebellion=False, places=places, points=0
    )
    assert boke.delta == 0
    position = title_change(
        role=Role.EMPEROR,
        mode=Mode.DARK_SOLO,
        rebellion=False,
        places=places,
        points=0,
        winner="royalists",
    )
    assert position.delta == 500
