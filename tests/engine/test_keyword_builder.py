"""``keyword_builder`` builds the very value the dataclass's own constructor would.

The table's context is built with it once per socket and push (lobby.presenters); a field it
skipped or a default it got wrong would show on every page, so it is held to the plain
constructor here, field by field.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import pytest

from game.engine._speed import keyword_builder
from lobby.presenters import TableContext, _table_context


@dataclass(frozen=True, slots=True)
class Sample:
    name: str
    count: int = 3
    tags: tuple[str, ...] = ()
    note: str | None = None


def test_defaults_and_given_fields_match_the_constructor() -> None:
    build = keyword_builder(Sample)
    assert build(name="a") == Sample(name="a")
    assert build(name="b", count=0, note="x") == Sample(name="b", count=0, note="x")
    assert type(build(name="c")) is Sample


def test_a_required_field_left_out_or_an_unknown_one_is_refused() -> None:
    build = keyword_builder(Sample)
    with pytest.raises(TypeError):
        build(count=1)
    with pytest.raises(TypeError):
        build(name="a", colour="red")
    with pytest.raises(TypeError):
        build("a")  # keywords only, as the context's callers write it


def test_a_default_factory_is_refused_rather_than_shared() -> None:
    @dataclass(frozen=True, slots=True)
    class WithFactory:
        items: list[int] = field(default_factory=list)

    with pytest.raises(TypeError, match="default factory"):
        keyword_builder(WithFactory)


def test_the_table_context_builder_matches_the_constructor() -> None:
    # Every field's default, and a value given for each field in turn.
    assert _table_context(table_id=1, version=0, me=None, phase="waiting", seats=()) == (
        TableContext(table_id=1, version=0, me=None, phase="waiting", seats=())
    )
    base = {"table_id": 7, "version": 3, "me": 2, "phase": "play", "seats": ()}
    for f in fields(TableContext):
        if f.name in base:
            continue
        marker = ("given", f.name)
        built = _table_context(**base, **{f.name: marker})
        assert built == TableContext(**base, **{f.name: marker})  # type: ignore[arg-type]
        assert getattr(built, f.name) == marker
