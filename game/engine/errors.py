"""Why an action was refused: a small tree of ``ValueError`` subclasses (python-chess style).

Every error carries a message a player can read (English; the web layer translates by
``code``), so the consumer can show it to that player as is. Catching ``IllegalAction``
catches them all; catching ``ValueError`` works too, for callers that know nothing of the tree.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """Base: the engine refused the action and the state is unchanged."""

    code = "illegal"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedAction(IllegalAction):
    """The text or value cannot be read as an action or cards at all."""

    code = "malformed"


class InvalidSet(MalformedAction):
    """The cards do not form one set (RULES §4.2: two ordinary ranks never mix)."""

    code = "invalid_set"


class NotYourTurn(IllegalAction):
    """Another seat is to act."""

    code = "not_your_turn"


class WrongPhase(IllegalAction):
    """Not allowed in this phase or situation (e.g. passing when you lead)."""

    code = "wrong_phase"


class DoesNotBeat(IllegalAction):
    """The set does not beat the last set of the trick (RULES §4.3)."""

    code = "does_not_beat"


class NotInHand(IllegalAction):
    """The player does not hold those cards."""

    code = "not_in_hand"


class KeepSixViolation(IllegalAction):
    """RULES §4.8: 6s only as the final set, all together, nothing else with them."""

    code = "keep_six"


class PassLocked(IllegalAction):
    """RULES §4.7: a player who passed may not play again in the same trick."""

    code = "pass_locked"
