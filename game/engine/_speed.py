"""The engine's speed helpers, kept apart from the rules so that the rules modules read as
the spec does.

Nothing here decides anything a player could notice: each helper returns exactly what the
plain construction would (equal values), only sooner. The rules modules (hand.py, view.py,
bots.py, redten/) call these by name so that they can read like RULES.md.

Why they exist (docs/PERFORMANCE.md): bot self-play runs ~140 actions per hand, and the web
layer builds five views after every accepted action, so ``apply`` and ``view_for`` are the
engine's hottest functions.

* **Slot builders and copiers.** A frozen dataclass's ``__init__`` writes each field with
  ``object.__setattr__(self, "name", value)``, which looks the name up on every call, and
  ``dataclasses.replace`` on the State's ~40 fields cost ~17 µs. Calling each slot's own
  ``__set__`` (fetched once, here) is about twice as fast. The functions are generated once
  per class, the way ``dataclasses`` generates ``__init__``, so they cannot miss a field.
* **Drafts.** ``apply`` takes one private copy of the state per action (``draft``), fills
  in the changes with ``put``, and only then hands the new state out; after that nobody
  writes to it again, so it is as immutable as any other. A test checks ``draft(s) == s``.
* **Interning.** Equal immutable values (a SeatView between two actions) are shared
  instead of rebuilt.
* **Identity memos.** A seat's hand tuple stays the same object until that seat plays, so
  values computed from it (its Cards, its sorted indices, its rank counts) are remembered
  while the key is the very same object. The memos hold strong references to their keys,
  so an identity test cannot be fooled by a recycled ``id``; all caches are bounded, and a
  miss only costs the plain construction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from functools import cache
from typing import Any, cast

from .state import N_SEATS, State

put = object.__setattr__  # write one field of a draft that nobody else holds yet

memoised = cache  # for pure functions of a few small values (e.g. the roles a seat knows)


# --- slot builders ------------------------------------------------------------------------


def slot_builder[T](cls: type[T]) -> Callable[..., T]:
    """A positional constructor for a frozen, slotted dataclass without ``__post_init__``:
    ``slot_builder(C)(a, b, …)`` equals ``C(a, b, …)``, arguments in field order."""
    names = [f.name for f in fields(cast(Any, cls))]
    return _generate(cls, ", ".join(names), {name: name for name in names})


def keyword_builder[T](cls: type[T]) -> Callable[..., T]:
    """A keyword constructor for a frozen, slotted dataclass without ``__post_init__`` whose
    defaults are plain values: ``keyword_builder(C)(a=1)`` equals ``C(a=1)``. Python's own
    frozen ``__init__`` writes each field through ``object.__setattr__``; with forty fields
    that is most of what building the value costs."""
    given = fields(cast(Any, cls))
    names, defaults = [], {}
    for f in given:
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory is not supported")
        if f.default is MISSING:
            names.append(f.name)
        else:
            defaults[f"_default_{f.name}"] = f.default
            names.append(f"{f.name}=_default_{f.name}")
    signature = "*, " + ", ".join(names)
    return _generate(cls, signature, {f.name: f.name for f in given}, defaults)


def slot_copier[T](cls: type[T]) -> Callable[[T], T]:
    """A field-by-field copy of an instance of a frozen, slotted dataclass, written with
    the slots' own setters like :func:`slot_builder` (and for the same reason)."""
    names = [f.name for f in fields(cast(Any, cls))]
    return _generate(cls, "source", {name: f"source.{name}" for name in names})


def _generate[T](
    cls: type[T], signature: str, values: dict[str, str], defaults: dict[str, Any] | None = None
) -> Callable[..., T]:
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **(defaults or {})}
    namespace |= {f"_set_{name}": getattr(cls, name).__set__ for name in values}
    lines = [f"def build({signature}):", "    obj = _new(_cls)"]
    lines += [f"    _set_{name}(obj, {value})" for name, value in values.items()]
    lines.append("    return obj")
    exec("\n".join(lines), namespace)
    return cast(Callable[..., T], namespace["build"])


draft: Callable[[State], State] = slot_copier(State)
"""A fresh copy of a state that only the engine's ``apply`` may still fill in (``put``)."""


# --- interning ----------------------------------------------------------------------------


def interner[V](build: Callable[..., V], size: int = 8192) -> Callable[[tuple[Any, ...]], V]:
    """``intern(key)`` equals ``build(*key)``; equal keys share one (immutable) value.
    8192 entries: 300 self-play hands, viewed by every seat and a spectator, need ~2 200."""
    table: dict[tuple[Any, ...], V] = {}
    get = table.get

    def intern(key: tuple[Any, ...]) -> V:
        value = get(key)
        if value is None:
            if len(table) >= size:
                table.clear()
            value = table[key] = build(*key)
        return value

    return intern


# Each 5-bit seat mask (``State.passed``) as five booleans, by seat: ``bool(mask >> s & 1)``.
BITS_BY_SEAT: tuple[tuple[bool, ...], ...] = tuple(
    tuple(bool(mask >> s & 1) for s in range(N_SEATS)) for mask in range(1 << N_SEATS)
)


# --- identity memos -----------------------------------------------------------------------


def memo_by_identity[K, V](compute: Callable[[K], V], size: int = 64) -> Callable[[K], V]:
    """``remembered(key)`` equals ``compute(key)``, remembered while ``key`` is the same
    object (it is held here, so its id cannot be reused while the entry lives)."""
    memo: dict[int, tuple[K, V]] = {}

    def remembered(key: K) -> V:
        hit = memo.get(id(key))
        if hit is not None and hit[0] is key:
            return hit[1]
        value = compute(key)
        if len(memo) >= size:
            memo.clear()
        memo[id(key)] = (key, value)
        return value

    return remembered
