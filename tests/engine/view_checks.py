"""The secrecy checks every view must pass (used by unit and property tests)."""

from __future__ import annotations

from game.engine import Phase, Role, State, view_for
from game.engine.cards import FULL_CARDS, cards_of
from game.engine.view import peek_targets


def assert_view_is_honest(state: State, viewer: int | None) -> None:
    view = view_for(state, viewer)
    # Cards: only the viewer's own, plus the public last set; no peek unless asked.
    if viewer is None:
        assert view.hand is None
    else:
        assert view.hand == tuple(FULL_CARDS[i] for i in reversed(state.hands[viewer]))
    assert view.peek_cards is None and view.peek_seat is None
    if state.last_set is not None and state.phase is Phase.PLAY:
        assert view.last_set == cards_of(state.last_set)
    assert [s.card_count for s in view.seats] == [len(h) for h in state.hands]
    # Roles: never wrong, and nothing beyond RULES §3.4.
    for seat, shown in enumerate(view.seats):
        assert shown.role in (None, state.role_of(seat))
    if state.emperor is not None and not state.roles_public:
        knows_all = viewer is not None and viewer == state.guard
        if not knows_all:
            shown_roles = {s for s, sv in enumerate(view.seats) if sv.role is not None}
            assert shown_roles <= {state.emperor, viewer}
            if state.guard is not None and state.guard not in (viewer, state.emperor):
                assert view.seats[state.guard].role is None  # a hidden guard stays hidden
            if viewer != state.emperor:
                assert view.mode is None  # dark guard and dark solo look the same
    # Declarations: only one's own question, never another's answer.
    if viewer is None or state.phase is not Phase.DECLARE:
        assert view.question is None
    elif state.answers[viewer] is None:
        assert view.question == state.questions[viewer]
    # Marks: only the viewer's own.
    if viewer is None:
        assert {s.mark.value for s in view.seats} == {"unknown"}
    else:
        assert tuple(s.mark for s in view.seats) == state.marks[viewer]
    # Peek: only known team-mates, only for a player who is out.
    for target in peek_targets(state, viewer):
        assert viewer is not None and state.places[viewer] is not None
        role, mine = state.role_of(target), state.role_of(viewer)
        assert (role is Role.REBEL) == (mine is Role.REBEL)
        assert view.seats[target].role is not None
    # Never the seed: the view has no such field and no field holds the state.
    assert not hasattr(view, "seed")
    # RULES §10.1: the called identity is public, who holds the fourth copy is not (the role
    # checks above); §10.4: a tribute transfer is seen by its giver and its taker only.
    if state.called is not None:
        assert view.called is not None
    for giver, taker, _ in view.tribute:
        assert viewer in (giver, taker)
    assert len(view.tribute) == sum(1 for g, t, _ in state.tribute if viewer in (g, t))
