"""Red Ten room rules as one frozen value: a points room or a coin room (file 003 §9, 游戏币场).

There is one ruleset in file 003; the only thing a room changes is how a hand is paid:
``coin = 0`` is a points room (积分: the §9 table, zero-sum), ``coin = N`` a coin room with
room coefficient N (losers pay X·multiple·N, winners receive 0.9 of theirs). Like the
Baohuang ``Rules``, the value travels inside the state and the hand log, so a log is a
complete record of a hand and its money.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Rules:
    coin: int = 0  # 0: points room; N >= 1: coin room with room coefficient N

    def __post_init__(self) -> None:
        if isinstance(self.coin, bool) or not isinstance(self.coin, int) or self.coin < 0:
            raise MalformedAction(
                f"the room coefficient must be a whole number >= 0, not {self.coin!r}"
            )

    @property
    def is_coin_room(self) -> bool:
        return self.coin > 0

    def to_text(self) -> str:
        return f"coin={self.coin}"

    @classmethod
    def from_text(cls, text: str) -> Rules:
        values: dict[str, int] = {}
        for part in text.split():
            key, sep, raw = part.partition("=")
            if not sep or key != "coin" or not raw.isdigit():
                raise MalformedAction(f"cannot read rule {part!r} (Red Ten rules: coin=N)")
            values[key] = int(raw)
        return cls(**values)
