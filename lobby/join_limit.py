"""How many invites one address or one account may try (docs/SECURITY.md, "Walking the
invite codes"): six digits are a million codes, so guessing must be slow.

A try is one look-up of a code or an invite link. It is counted, per address and per
account, in fixed windows of ``BAOHUANG_JOIN_TRY_WINDOW`` seconds kept in the cache that
the processes share (Redis in production); a try that seats its player, or opens a link
that works, is given back, so a person joining friends' tables is never counted, and a few
mistypes are far from the limit. Past the limit no look-up is made at all.
"""

from __future__ import annotations

import math
import time

from django.conf import settings
from django.core.cache import cache


def _keys(*, address: str, user_id: int) -> tuple[tuple[str, int], ...]:
    window = int(time.time() // settings.BAOHUANG_JOIN_TRY_WINDOW)
    return (
        (f"join-tries:addr:{address}:{window}", settings.BAOHUANG_JOIN_TRIES_PER_ADDRESS),
        (f"join-tries:user:{user_id}:{window}", settings.BAOHUANG_JOIN_TRIES_PER_ACCOUNT),
    )


def _incr(key: str, by: int) -> int:
    window = settings.BAOHUANG_JOIN_TRY_WINDOW
    cache.add(key, 0, window)
    try:
        return int(cache.incr(key, by))
    except ValueError:  # expired between the two calls
        cache.set(key, max(by, 0), window)
        return max(by, 0)


def take_try(*, address: str, user_id: int) -> bool:
    """Count one try for ``address`` and ``user_id``; False, and nothing counted, when
    either has used its tries in this window. Atomic per key (``incr``), so processes racing
    make at most the limit of tries between them."""
    keys = _keys(address=address, user_id=user_id)
    counts = [(key, _incr(key, 1), limit) for key, limit in keys]
    if all(count <= limit for _, count, limit in counts):
        return True
    for key, _count, _limit in counts:
        _incr(key, -1)
    return False


def give_back(*, address: str, user_id: int) -> None:
    """The try worked (a seat taken, a working link): it does not count."""
    for key, _limit in _keys(address=address, user_id=user_id):
        if cache.get(key):
            _incr(key, -1)


def wait_minutes() -> int:
    """What the limit page says to wait: the whole window, the same for everybody (the time
    left in a window would tell when somebody's tries began)."""
    return math.ceil(settings.BAOHUANG_JOIN_TRY_WINDOW / 60)
