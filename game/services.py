"""The game's writes, by job (issue 14: this used to be one module doing all of them):

* ``game.hands``       starting a hand, one action, a private mark (the action path);
* ``game.clocks``      decision clocks, server deadlines, bot pacing, who is away;
* ``game.deadlines``   acting when a deadline passes (bots, auto-play, flight);
* ``game.presence``    connections, and a seat going away and coming back;
* ``game.settlement``  the results of a finished hand, and accounts through one function.

Import from those modules. The names below stay importable from here only for
lobby/consumers.py, lobby/table_state.py and bench/, which are being reworked for issue 15;
once they import the modules above this one goes.
"""

from __future__ import annotations

from game.clocks import away_since, seat_clock
from game.hands import ActionRefused, parse_action, set_mark, submit_action

__all__ = ["ActionRefused", "away_since", "parse_action", "seat_clock", "set_mark", "submit_action"]
