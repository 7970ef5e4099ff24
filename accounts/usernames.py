"""Look-alike usernames (docs/SECURITY.md, look-alike names): two names are one name when
they look the same, so nobody can sign up as ``bоss`` (Cyrillic о) or ``ｂｏｓｓ`` (fullwidth)
beside ``boss`` and be taken for him at a table or on the leaderboards.

A name's key is its NFKC form folded to its confusables skeleton (Unicode TS #39), by the
``disarm`` library's ``skeleton_key`` (pinned in pyproject.toml): case folded, invisible and
bidi characters dropped, every look-alike mapped to its prototype, and, with the TS #39 digit
policy, digits to the letters they imitate (``0`` as ``o``, ``1`` as ``l``). A key is for
comparing only, never shown.
"""

from __future__ import annotations

import unicodedata

from disarm import skeleton_key


def username_key(name: str) -> str:
    """The key two look-alike names share."""
    key: str = skeleton_key(unicodedata.normalize("NFKC", name), digit_policy="tr39")
    return key
