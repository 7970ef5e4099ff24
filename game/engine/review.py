"""Reviewing a hand after it is over: an omniscient view of any state, and the hand's log
cut into steps (lichess' analysis board: every position rebuilt by folding the moves).

``review_view`` shows *everything*: all five hands, true roles, declaration answers. That is
only allowed for a hand that is over (RULES §3.4 protects running hands); the web layer
decides who may see a review, the engine only builds it. Private identity marks (§8.2) are
never part of a review: they are a player's own notes, not facts of the hand.

``replay_steps`` folds a ``HandLog`` through ``apply`` and returns one ``Step`` per event
that changes what a reviewer sees (marks change nothing visible and are folded silently),
with the trick number, the sets of the current trick and what the step announced.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, AutoPlay, Mark, Play
from .cards import FULL_CARDS, Card, cards_of
from .hand import apply, new_hand
from .replay import HandLog
from .roles import Mode, Role
from .rules import Rules
from .state import N_SEATS, Phase, Question, State


@dataclass(frozen=True, slots=True)
class ReviewSeat:
    seat: int
    cards: tuple[Card, ...]  # every card still held, strongest first
    role: Role | None  # the true role once the throne is taken, else None
    holds_throne: bool  # holds the emperor card while the throne is being decided
    question: Question | None  # the declaration question this seat was asked (§3.3)
    answer: str | None  # its answer (an action kind), once given
    place: int | None
    auto_play: bool
    fled: bool
    failed_rebel: bool
    passed: bool  # passed since the last set of the current trick
    is_turn: bool

    @property
    def card_count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class ReviewView:
    version: int
    phase: Phase
    rules: Rules
    seats: tuple[ReviewSeat, ...]
    first_dealt: int
    throne_first: int
    throne_holder: int | None  # during the throne phase only
    abdications: int
    emperor: int | None
    guard: int | None  # the guard-card holder (= emperor in solo) once the throne is taken
    mode: Mode | None  # as declared
    effective_mode: Mode | None  # a standing rebellion opens a dark solo (§3.3)
    rebellion: bool
    turn: int | None
    leading: bool
    last_set: tuple[Card, ...] | None
    last_player: int | None
    finishing_order: tuple[int, ...]


def review_view(state: State) -> ReviewView:
    """Everything about ``state``, for the review of a hand that is over (never a live one)."""
    playing = state.phase is Phase.PLAY
    seats = tuple(
        ReviewSeat(
            seat=s,
            cards=tuple(FULL_CARDS[i] for i in reversed(state.hands[s])),
            role=state.role_of(s),
            holds_throne=state.phase is Phase.THRONE and state.throne_holder == s,
            question=state.questions[s],
            answer=state.answers[s],
            place=state.places[s],
            auto_play=state.auto[s],
            fled=state.fled[s],
            failed_rebel=state.failed_rebels[s],
            passed=state.seat_passed(s),
            is_turn=playing and state.turn == s,
        )
        for s in range(N_SEATS)
    )
    return ReviewView(
        version=state.version,
        phase=state.phase,
        rules=state.rules,
        seats=seats,
        first_dealt=state.first_dealt,
        throne_first=state.throne_first,
        throne_holder=state.throne_holder if state.phase is Phase.THRONE else None,
        abdications=state.abdications,
        emperor=state.emperor,
        guard=state.guard,
        mode=state.mode,
        effective_mode=state.effective_mode,
        rebellion=state.rebellion,
        turn=state.turn if playing else None,
        leading=playing and state.last_set is None,
        last_set=None if state.last_set is None else cards_of(state.last_set),
        last_player=state.last_player,
        finishing_order=state.finishing_order,
    )


@dataclass(frozen=True, slots=True)
class Step:
    """One visible step of a hand. Step 0 is the deal; step *n* follows one log event."""

    index: int
    version: int  # the state's version after this step = the seq of its event (0: the deal)
    seat: int | None  # who acted; None for the deal
    action: Action | None
    kind: str  # "deal", an action kind ("ascend", "play", "pass", …), "auto_on"/"auto_off"
    cards: tuple[Card, ...]  # a play's cards, weakest first; () otherwise
    label: str  # plain English, e.g. "seat 2: play 8S 8H1"; the web layer writes its own
    state: State  # the state after this step
    trick: int  # 1-based number of the trick in play; 0 before the first lead
    leads: bool  # this play started a trick
    trick_sets: tuple[tuple[int, tuple[Card, ...]], ...]  # sets of the current trick so far
    went_out: int | None  # the place this play took (§4.6)
    trick_winner: int | None  # this step ended a trick: whose set won it
    next_leader: int | None  # … and who leads next (≠ winner: jiefeng, §4.6)
    throne_taken: bool  # this step fixed the emperor (§3.1, §3.2)
    announced: bool  # this step resolved the declarations (§3.3)
    finished: bool  # the hand is over after this step (§5.1)

    @property
    def jiefeng(self) -> bool:
        return self.trick_winner is not None and self.next_leader != self.trick_winner


def _kind(action: Action) -> str:
    if isinstance(action, AutoPlay):
        return "auto_on" if action.on else "auto_off"
    return action.kind


def replay_steps(log: HandLog) -> list[Step]:
    """The steps of ``log``: the deal, then one per event except private marks.

    Raises ``IllegalAction`` at the first event the engine refuses, like ``replay``.
    """
    state = new_hand(log.seed, log.rules, log.previous)
    steps = [
        Step(
            index=0,
            version=0,
            seat=None,
            action=None,
            kind="deal",
            cards=(),
            label=f"deal: seat {state.first_dealt} dealt first",
            state=state,
            trick=0,
            leads=False,
            trick_sets=(),
            went_out=None,
            trick_winner=None,
            next_leader=None,
            throne_taken=False,
            announced=False,
            finished=False,
        )
    ]
    trick = 0
    trick_sets: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    for seat, action in log.events:
        before = state
        state = apply(before, seat, action)
        if isinstance(action, Mark):
            continue  # private notes (§8.2): not part of a review
        cards: tuple[Card, ...] = ()
        leads = False
        went_out = None
        if isinstance(action, Play):
            cards = cards_of(state.played[-1][1])
            leads = before.last_set is None
            if leads:
                trick += 1
                trick_sets = ()
            trick_sets = (*trick_sets, (seat, cards))
            if before.places[seat] is None and state.places[seat] is not None:
                went_out = state.places[seat]
        winner = leader = None
        if (
            before.phase is Phase.PLAY
            and before.last_set is not None
            and state.phase is Phase.PLAY
            and state.last_set is None
        ):
            winner, leader = before.last_player, state.turn
        label = f"seat {seat}: {action.to_notation()}"
        if isinstance(action, Play):
            label = f"seat {seat}: play {' '.join(str(c) for c in cards)}"
        steps.append(
            Step(
                index=len(steps),
                version=state.version,
                seat=seat,
                action=action,
                kind=_kind(action),
                cards=cards,
                label=label,
                state=state,
                trick=trick,
                leads=leads,
                trick_sets=trick_sets,
                went_out=went_out,
                trick_winner=winner,
                next_leader=leader,
                throne_taken=before.emperor is None and state.emperor is not None,
                announced=before.phase is Phase.DECLARE and state.phase is not Phase.DECLARE,
                finished=state.phase is Phase.FINISHED,
            )
        )
    return steps


def trick_starts(steps: list[Step]) -> tuple[int, ...]:
    """The step index where each trick starts (its lead), trick 1 first."""
    return tuple(s.index for s in steps if s.leads)
