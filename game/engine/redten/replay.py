"""The Red Ten hand log and its replay: the accepted actions are the truth, a state is
their fold (the Baohuang ``replay`` contract).

Text form::

    redten-hand 1
    seed 12345
    dealer random        (or a seat 0..4: the last hand's first place, file 003 §3)
    rules coin=0
    2 show
    0 no_show
    3 play 4H 4S

Blank lines and lines starting with ``#`` are ignored.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..errors import MalformedAction
from .actions import Action, parse_action
from .hand import apply, new_hand
from .rules import Rules
from .state import State

HEADER = "redten-hand 1"


@dataclass(frozen=True, slots=True)
class HandLog:
    seed: int
    rules: Rules
    dealer: int | None = None
    events: tuple[tuple[int, Action], ...] = ()

    def append(self, seat: int, action: Action) -> HandLog:
        return HandLog(self.seed, self.rules, self.dealer, (*self.events, (seat, action)))

    def to_text(self) -> str:
        dealer = "random" if self.dealer is None else str(self.dealer)
        lines = [HEADER, f"seed {self.seed}", f"dealer {dealer}", f"rules {self.rules.to_text()}"]
        lines += [f"{seat} {action.to_notation()}" for seat, action in self.events]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> HandLog:
        lines = [
            line.strip()
            for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")
        ]
        if len(lines) < 4 or lines[0] != HEADER:
            raise MalformedAction(f"a Red Ten hand log starts with {HEADER!r}, seed, dealer, rules")
        heads = [line.partition(" ") for line in lines[1:4]]
        if [h[0] for h in heads] != ["seed", "dealer", "rules"]:
            raise MalformedAction("a Red Ten hand log starts with 'seed', 'dealer', 'rules' lines")
        try:
            seed = int(heads[0][2])
            dealer = None if heads[1][2] == "random" else int(heads[1][2])
        except ValueError:
            raise MalformedAction("cannot read the seed or the dealer") from None
        events = []
        for line in lines[4:]:
            seat_text, _, action_text = line.partition(" ")
            if seat_text not in ("0", "1", "2", "3", "4"):
                raise MalformedAction(f"cannot read event {line!r}: it starts with a seat")
            events.append((int(seat_text), parse_action(action_text)))
        return cls(seed, Rules.from_text(heads[2][2]), dealer, tuple(events))


def states(log: HandLog) -> Iterator[State]:
    """The dealt state, then the state after each event."""
    state = new_hand(log.seed, log.rules, dealer=log.dealer)
    yield state
    for seat, action in log.events:
        state = apply(state, seat, action)
        yield state


def replay(log: HandLog) -> State:
    """Fold the log through ``apply``; raises ``IllegalAction`` at the first bad event."""
    state = new_hand(log.seed, log.rules, dealer=log.dealer)
    for seat, action in log.events:
        state = apply(state, seat, action)
    return state
