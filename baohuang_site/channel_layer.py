"""The embedded channel layer: Channels' in-memory layer with its expiry sweep throttled.

``InMemoryChannelLayer`` sweeps every channel and every group membership for expired
entries on each ``receive`` and ``group_send``. Every open socket waits in ``receive``,
so with N sockets one doorbell costs O(N) sweeps of O(N) entries: at 300 sockets the
sweep alone was 5 % of the server's time under bench/load.py. Messages expire after a
minute and memberships after a day, so sweeping at most once a second changes when an
expired entry is dropped by under a second and nothing else.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

SWEEP_EVERY = 1.0  # seconds
clock = time.monotonic  # for the sweep interval; the messages' expiry uses time.time


class SweptInMemoryChannelLayer(InMemoryChannelLayer):  # type: ignore[misc]
    _last_sweep = 0.0

    def _clean_expired(self) -> None:
        now = clock()
        if now - self._last_sweep < SWEEP_EVERY:
            return
        self._last_sweep = now
        super()._clean_expired()
