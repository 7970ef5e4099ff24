"""A table socket's message from the wire: a JSON object whose fields are checked here.

A field that is missing, of the wrong type or out of range is a ``BadMessage``: its text
goes back to that socket only, and nothing changes.
"""

from __future__ import annotations

from typing import Any


class BadMessage(Exception):
    """A message the table cannot understand; the text goes back to that socket only."""


def text_field(data: dict[str, Any], name: str, *, required: bool = True) -> str:
    value = data.get(name)
    if value is None:
        if required:
            raise BadMessage(f"missing field {name!r}")
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadMessage(f"field {name!r} must be a string")
    return str(value)


def int_field(data: dict[str, Any], name: str, *, low: int, high: int) -> int:
    raw = text_field(data, name)
    try:
        value = int(raw)
    except ValueError:
        raise BadMessage(f"field {name!r} must be a whole number") from None
    if not low <= value <= high:
        raise BadMessage(f"field {name!r} must be between {low} and {high}")
    return value
