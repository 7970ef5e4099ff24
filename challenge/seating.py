"""Which seat every entrant holds in each deal of a day (docs/RULES-DECISIONS.md, "Daily
challenge: seats").

Deal k seats every entrant in the same seat, so results on deal k compare like with like.
Across the day the seats rotate through the kinds of hand a player holds at a table of
five: in Baohuang deal k gives the emperor card (k ≡ 0 mod 4), a plain rebel hand (k ≡ 1,
3) or the guard card (k ≡ 2): over eight deals two emperors, two guards and four rebels,
close to the 1 : 1 : 3 of a table. A seed whose emperor card and guard card lie in one hand
(自保) is drawn again, so each deal has a clear emperor and guard card. In Red Ten deal k
gives a hand with a red ten (even k) or one without (odd k). Among several seats of the
kind, the deal's seed picks one.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence

from game import engine
from game.engine import redten
from game.engine.cards import EMPEROR_CARD, GUARD_CARD
from game.engine.state import N_SEATS

EMPEROR, REBEL, GUARD = "emperor", "rebel", "guard"
RED, BLACK = "red", "black"
BAOHUANG_KINDS = (EMPEROR, REBEL, GUARD, REBEL)
REDTEN_KINDS = (RED, BLACK)


def kind_of(game: str, deal: int) -> str:
    kinds = REDTEN_KINDS if game == "redten" else BAOHUANG_KINDS
    return kinds[deal % len(kinds)]


def _pick(seed: int, seats: Sequence[int]) -> int:
    digest = hashlib.sha256(f"seat:{seed}".encode()).digest()
    return sorted(seats)[int.from_bytes(digest[:4], "big") % len(seats)]


def baohuang_seats_of(hands: Sequence[Sequence[int]]) -> dict[str, list[int]]:
    emperor = [s for s in range(N_SEATS) if EMPEROR_CARD in hands[s]]
    guard = [s for s in range(N_SEATS) if GUARD_CARD in hands[s]]
    rebels = [s for s in range(N_SEATS) if s not in emperor and s not in guard]
    return {EMPEROR: emperor, GUARD: guard, REBEL: rebels}


def baohuang_seat(seed: int, rules: engine.Rules, deal: int) -> int | None:
    """The seat of deal ``deal``'s kind in the hand dealt from ``seed``; None when the seed
    does not serve (the emperor card and the guard card in one hand, or not dealt)."""
    state = engine.new_hand(seed, rules)
    seats = baohuang_seats_of(state.hands)
    if len(seats[EMPEROR]) != 1 or len(seats[GUARD]) != 1 or seats[EMPEROR] == seats[GUARD]:
        return None
    return _pick(seed, seats[kind_of("baohuang", deal)])


def redten_seat(seed: int, rules: redten.Rules, deal: int) -> int | None:
    state = redten.new_hand(seed, rules)
    holders = {h for h in state.ten_holders if h is not None}
    kind = kind_of("redten", deal)
    seats = [s for s in range(N_SEATS) if (s in holders) == (kind == RED)]
    return _pick(seed, seats) if seats else None


def draw_deals(
    deals: int, seat_of: Callable[[int, int], int | None], draw: Callable[[], int] | None = None
) -> tuple[list[int], list[int]]:
    """``deals`` fresh seeds and the entrants' seat in each: a seed whose deal does not serve
    its kind is drawn again."""
    draw = draw or (lambda: secrets.randbits(62))
    seeds: list[int] = []
    seats: list[int] = []
    for deal in range(deals):
        for _attempt in range(1000):
            seed = draw()
            seat = seat_of(seed, deal)
            if seat is not None:
                seeds.append(seed)
                seats.append(seat)
                break
        else:  # pragma: no cover - every rule system deals both jokers to someone
            raise RuntimeError("no seed serves this deal")
    return seeds, seats
