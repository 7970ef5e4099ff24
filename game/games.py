"""Several games, one contract (ARCHITECTURE.md): a room's ``game`` picks the engine and the
writes behind it, in this one place.

``CONTRACTS`` maps a game key (``game.models.Game``) to its engine functions (deal, apply,
views, legal actions, notation, settlement, bot, replay) and to the site writes built on them
(start, act, deadlines, presence, state). Callers that may meet either game (the table
service, the consumer, the deadline keeper, presence) go through the dispatchers below, so
nothing else branches on the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game import deadlines, engine, hands, presence, redten_hands
from game.engine import redten
from game.engine.actions import AutoPlay
from game.engine.bots import SensibleBot as BaohuangBot
from game.engine.redten.bots import SensibleBot as RedTenBot
from game.models import Game, Hand, Room
from game.selectors import state_of as baohuang_state_of

# Engine functions differ in their value types per game; the contract is by shape.
Fn = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class GameContract:
    key: str
    # the pure engine
    apply: Fn
    view_for: Fn
    legal_actions: Fn
    to_act: Fn
    parse_action: Fn  # notation → action (raises the engine's IllegalAction)
    settle: Fn
    autoplay_action: Fn
    bot: Fn  # () → an object with ``choose(view) -> action``
    # the site's writes and reads
    start_hand: Fn
    submit_action: Fn
    act_on_deadlines: Fn
    set_away: Fn
    state_of: Fn
    refuse_parse: Fn  # notation → action, or ``ActionRefused``
    # What leaving a running hand does for the seat: Baohuang's flight (RULES §6.3); Red Ten
    # has no flight rule, the seat is auto-played to the end (docs/DECISIONS.md).
    leave_action: Fn


CONTRACTS: dict[str, GameContract] = {
    Game.BAOHUANG.value: GameContract(
        key=Game.BAOHUANG.value,
        apply=engine.apply,
        view_for=engine.view_for,
        legal_actions=engine.legal_actions,
        to_act=engine.to_act,
        parse_action=engine.Action.from_notation,
        settle=engine.settle,
        autoplay_action=engine.autoplay_action,
        bot=BaohuangBot,
        start_hand=hands.start_hand,
        submit_action=hands.submit_action,
        act_on_deadlines=deadlines.act_on_deadlines,
        set_away=presence.set_away,
        state_of=baohuang_state_of,
        refuse_parse=hands.parse_action,
        leave_action=engine.Flee,
    ),
    Game.REDTEN.value: GameContract(
        key=Game.REDTEN.value,
        apply=redten.apply,
        view_for=redten.view_for,
        legal_actions=redten.legal_actions,
        to_act=redten.to_act,
        parse_action=redten.parse_action,
        settle=redten.settle,
        autoplay_action=redten.autoplay_action,
        bot=RedTenBot,
        start_hand=redten_hands.start_hand,
        submit_action=redten_hands.submit_action,
        act_on_deadlines=redten_hands.act_on_deadlines,
        set_away=presence.set_away,
        state_of=redten_hands.state_of,
        refuse_parse=redten_hands.parse_action,
        leave_action=lambda: AutoPlay(on=True),
    ),
}


def contract(key: str) -> GameContract:
    try:
        return CONTRACTS[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}") from None


def game_of_hand(hand_id: int) -> str:
    """The game of a hand (one indexed read; an unknown id goes to Baohuang's service,
    which refuses it with its own "no such hand")."""
    game = Hand.objects.filter(pk=hand_id).values_list("game", flat=True).first()
    return str(game) if game is not None else Game.BAOHUANG.value


def for_hand(hand: Hand) -> GameContract:
    return contract(hand.game)


# --- dispatchers: the one branch on the game -------------------------------------------------


def start_hand(*, room: Room, **kwargs: Any) -> Hand:
    hand: Hand = contract(room.game).start_hand(room=room, **kwargs)
    return hand


def submit_action(*, hand_id: int, **kwargs: Any) -> int:
    version: int = contract(game_of_hand(hand_id)).submit_action(hand_id=hand_id, **kwargs)
    return version


def act_on_deadlines(*, hand_id: int, now: datetime | None = None) -> int:
    written: int = contract(game_of_hand(hand_id)).act_on_deadlines(hand_id=hand_id, now=now)
    return written


def set_away(*, hand_id: int, seat: int, away: bool, now: datetime | None = None) -> bool:
    changed: bool = contract(game_of_hand(hand_id)).set_away(
        hand_id=hand_id, seat=seat, away=away, now=now
    )
    return changed
