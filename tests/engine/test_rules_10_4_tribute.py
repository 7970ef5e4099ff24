"""RULES §10.4 tribute (进贡): the last hand's losers give their strongest cards to its winners
before the throne step; each transfer is seen by its giver and taker only."""

from __future__ import annotations

from game.engine import HandLog, Role, Rules, new_hand, replay, view_for
from game.engine.cards import STRENGTH
from game.engine.previous import PreviousResult
from game.engine.tribute import tribute_transfers

E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL
TRIBUTE = Rules(tribute=True)


def _hands(strengths_per_seat: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """Hands of one card per listed strength (distinct physical cards, suit by seat)."""
    return tuple(
        tuple(sorted(s * 16 + seat * 2 + k for k, s in enumerate(ranks)))
        for seat, ranks in enumerate(strengths_per_seat)
    )


def test_royalists_won_the_guard_takes_the_middle_card() -> None:
    # Seat 0 emperor (1st), seat 1 guard (2nd); rebels seats 2, 3, 4 hold an A, a K, a Q as
    # their strongest cards.
    hands = _hands([[0], [0], [8, 1], [7, 1], [6, 1]])
    prev = PreviousResult((E, G, R, R, R), (1, 2, 3, 4, 5), "royalists")
    moves = tribute_transfers(prev, hands)
    taken = {(giver, taker): STRENGTH[card] for giver, taker, card in moves}
    assert taken == {(2, 0): 8, (4, 0): 6, (3, 1): 7}  # guard gets the K, the middle one


def test_rebels_won_take_strongest_first_in_finishing_order() -> None:
    # Emperor seat 0 gives his two strongest (A, K), guard seat 1 his strongest (Q).
    hands = _hands([[8, 7, 1], [6, 1], [0], [0], [0]])
    prev = PreviousResult((E, G, R, R, R), (4, 5, 2, 1, 3), "rebels")
    moves = tribute_transfers(prev, hands)
    got = {taker: STRENGTH[card] for _, taker, card in moves}
    assert got == {3: 8, 2: 7, 4: 6}  # 1st place takes the A, 2nd the K, 3rd the Q
    assert sorted(giver for giver, _, _ in moves) == [0, 0, 1]


def test_solo_gives_or_takes_four_and_open_solo_doubles() -> None:
    hands = _hands([[8, 7, 6, 5, 4, 3, 2, 1], [2, 1], [2, 1], [2, 1], [2, 1]])
    won = PreviousResult((E, R, R, R, R), (1, 2, 3, 4, 5), "royalists")
    assert [(g, t) for g, t, _ in tribute_transfers(won, hands)] == [(s, 0) for s in (1, 2, 3, 4)]
    lost = PreviousResult((E, R, R, R, R), (5, 1, 2, 3, 4), "rebels")
    moves = tribute_transfers(lost, hands)
    assert [(t, STRENGTH[c]) for _, t, c in moves] == [(1, 8), (2, 7), (3, 6), (4, 5)]
    doubled = PreviousResult((E, R, R, R, R), (5, 1, 2, 3, 4), "rebels", open_solo=True)
    assert len(tribute_transfers(doubled, hands)) == 8


def test_no_tribute_after_a_draw_or_a_void_hand() -> None:
    hands = _hands([[1], [1], [1], [1], [1]])
    for winner in ("draw", "void"):
        prev = PreviousResult((E, G, R, R, R), (1, 5, 2, 3, 4), winner)
        assert tribute_transfers(prev, hands) == ()


def test_a_hand_with_tribute_moves_the_cards_shows_each_transfer_to_its_two_seats_and_replays():
    prev = PreviousResult((R, E, R, G, R), (2, 1, 4, 3, 5), "royalists")
    plain = new_hand(11, TRIBUTE)
    state = new_hand(11, TRIBUTE, prev)
    assert len(state.tribute) == 3
    for giver, taker, card in state.tribute:
        assert card in plain.hands[giver] and card in state.hands[taker]
        assert card not in state.hands[giver]
    assert sorted(i for h in state.hands for i in h) == list(range(168))
    for viewer in (None, 0, 1, 2, 3, 4):
        seen = view_for(state, viewer).tribute
        mine = [t for t in state.tribute if viewer in (t[0], t[1])]
        assert [(g, t, c.index) for g, t, c in seen] == mine
    log = HandLog(11, TRIBUTE, (), prev)
    text = log.to_text()
    assert "previous roles=RERGR places=21435 winner=royalists open_solo=0" in text
    assert replay(HandLog.from_text(text)) == state
    # A room without tribute ignores the last result.
    assert new_hand(11, Rules(), prev).hands == new_hand(11, Rules()).hands
