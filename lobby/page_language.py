"""The language a table's fragments are being rendered in, cheap to ask for.

Every memoised fragment of the table is keyed by the page's language, and a push asks for
it a dozen times per socket. Django's ``get_language`` reads an ``asgiref.local.Local``
(a few microseconds a call, measured in bench/render_bench.py); ``rendering_in`` activates
the language as ``translation.override`` does and also records it in a plain context
variable, which ``page_language`` reads first. Outside ``rendering_in`` (a page rendered by
a view, under Django's locale middleware) ``page_language`` is Django's ``get_language``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils import translation

_language: ContextVar[str | None] = ContextVar("page_language", default=None)


def page_language() -> str | None:
    """The active language: the one ``rendering_in`` set, else Django's own."""
    language = _language.get()
    return language if language is not None else translation.get_language()


@contextmanager
def rendering_in(language: str) -> Iterator[None]:
    """Render in ``language``: Django's translations and ``page_language`` agree on it."""
    with translation.override(language):
        token = _language.set(language)
        try:
            yield
        finally:
            _language.reset(token)
