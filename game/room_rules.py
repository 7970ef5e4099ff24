"""A room's full rule set (RULES §9.2, §10): its preset, its own switches and stakes.

One home for turning a ``Room`` row into the engine's ``Rules``, so the hands a room deals,
the check an admin's edit gets and the sentence its card shows all read the same rules.
"""

from __future__ import annotations

from typing import Any, Protocol

from game import engine


class RoomFields(Protocol):
    """What a room row gives its rules (``game.models.Room``; a protocol, so that this
    module and the models do not import each other)."""

    preset: str
    pass_lock: bool
    base_stake: int
    table_fee: int
    rule_overrides: Any


# Fields an admin may not set through the switches: the preset is the room's own field,
# stakes and pass-lock have their own columns (one source of truth each).
_OWN_COLUMNS = frozenset({"name", "stake", "fee", "pass_lock"})

# The largest a hand's payout can take from one player, in stakes, per scoring: Boke City's
# open solo 32·S (§5.3); the formula's open solo with a standing rebellion 2·24·S (§10.5);
# position points' open guard royalists fourth and fifth 2·2·6·S (§10.9).
_WORST_PAYOUT = {"boke": 32, "formula": 48, "position": 32}


def room_rules(room: RoomFields) -> engine.Rules:
    """The room's rules; ``engine.MalformedAction`` (a ValueError) names what is wrong."""
    base = engine.Rules.preset(
        room.preset, pass_lock=room.pass_lock, stake=room.base_stake, fee=room.table_fee
    )
    overrides: Any = room.rule_overrides or {}
    if not isinstance(overrides, dict):
        raise engine.MalformedAction("the rule switches must be a JSON object")
    clash = sorted(set(overrides) & _OWN_COLUMNS)
    if clash:
        raise engine.MalformedAction(
            f"set {', '.join(clash)} in the room's own fields, not in the switches"
        )
    data = base.to_dict() | overrides
    for key, value in overrides.items():
        default = getattr(base, key, None)
        if default is not None and type(value) is not type(default):
            raise engine.MalformedAction(
                f"rule {key!r} takes a {type(default).__name__}, got {value!r}"
            )
    return engine.Rules.from_dict(data)


def worst_loss_in_stakes(rules: engine.Rules) -> int:
    """What one hand can cost a player at most, in stakes: the worst payout of the room's
    scoring plus the quit penalty (§6.3 / §10.8)."""
    return _WORST_PAYOUT.get(rules.scoring, 48) + rules.quit_penalty
