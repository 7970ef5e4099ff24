"""The hand log and its replay: the accepted actions are the truth, a state is their fold.

Text form (one action per line, python-chess/lichess style compact moves)::

    baohuang-hand 1
    seed 12345
    rules name=standard abdication=1 solo=1 open_guard=1 rebellion=1 keep_six=0 ...
    2 ascend
    0 no_rebel
    2 play 8S 8H1 SJ3

Blank lines and lines starting with ``#`` are ignored, so a golden file can carry comments.
A hand dealt after another at the same table in a room with tribute (RULES §10.4) has a
``previous roles=… places=… winner=… open_solo=…`` line after the rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .actions import Action
from .cards import N_CARDS_FULL
from .errors import MalformedAction
from .hand import apply, new_hand
from .previous import PreviousResult
from .rules import Rules
from .state import State

HEADER = "baohuang-hand 1"


@dataclass(frozen=True, slots=True)
class HandLog:
    seed: int
    rules: Rules
    events: tuple[tuple[int, Action], ...] = ()
    previous: PreviousResult | None = None  # §10.4 the last hand's result (tribute)

    def append(self, seat: int, action: Action) -> HandLog:
        return HandLog(self.seed, self.rules, (*self.events, (seat, action)), self.previous)

    def to_text(self) -> str:
        lines = [HEADER, f"seed {self.seed}", f"rules {self.rules.to_text()}"]
        if self.previous is not None:
            lines.append(f"previous {self.previous.to_text()}")
        lines += [f"{seat} {action.to_notation()}" for seat, action in self.events]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> HandLog:
        lines = [
            line.strip()
            for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")
        ]
        if len(lines) < 3 or lines[0] != HEADER:
            raise MalformedAction(f"a hand log starts with {HEADER!r}, a seed and rules")
        seed_word, _, seed_text = lines[1].partition(" ")
        rules_word, _, rules_text = lines[2].partition(" ")
        if seed_word != "seed" or rules_word != "rules":
            raise MalformedAction("a hand log starts with a 'seed' line and a 'rules' line")
        try:
            seed = int(seed_text)
        except ValueError:
            raise MalformedAction(f"cannot read seed {seed_text!r}") from None
        rules = Rules.from_text(rules_text)
        full = rules.deck == N_CARDS_FULL  # RULES §10.2: the log's plays may hold 3 4 5
        events = []
        previous = None
        body = lines[3:]
        if body and body[0].startswith("previous "):
            previous = PreviousResult.from_text(body[0].partition(" ")[2])
            body = body[1:]
        for line in body:
            seat_text, _, action_text = line.partition(" ")
            if seat_text not in ("0", "1", "2", "3", "4"):
                raise MalformedAction(f"cannot read event {line!r}: it starts with a seat")
            events.append((int(seat_text), Action.from_notation(action_text, full_deck=full)))
        return cls(seed, rules, tuple(events), previous)


def states(log: HandLog) -> Iterator[State]:
    """The initial state, then the state after each event."""
    state = new_hand(log.seed, log.rules, log.previous)
    yield state
    for seat, action in log.events:
        state = apply(state, seat, action)
        yield state


def replay(log: HandLog) -> State:
    """Fold the log through ``apply``; raises ``IllegalAction`` at the first bad event."""
    state = new_hand(log.seed, log.rules, log.previous)
    for seat, action in log.events:
        state = apply(state, seat, action)
    return state
