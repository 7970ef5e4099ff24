"""The language a table's fragments are being rendered in, cheap to ask for.

Every memoised fragment of the table is keyed by the page's language, and a push asks for
it a dozen times per socket. Django's ``get_language`` reads an ``asgiref.local.Local``
(a few microseconds a call, measured by ``python -m bench render``); ``rendering_in`` activates
the language as ``translation.override`` does and also records it in a plain context
variable, which ``page_language`` reads first. Outside ``rendering_in`` (a page rendered by
a view, under Django's locale middleware) ``page_language`` is Django's ``get_language``.
"""

from __future__ import annotations

from contextvars import ContextVar
from types import TracebackType

from django.utils import translation

_language: ContextVar[str | None] = ContextVar("page_language", default=None)


def page_language() -> str | None:
    """The active language: the one ``rendering_in`` set, else Django's own."""
    language = _language.get()
    return language if language is not None else translation.get_language()


class rendering_in:  # lower case: it is used as ``with rendering_in(language):``
    """Render in ``language``: Django's translations and ``page_language`` agree on it.

    When ``language`` is already Django's active one (a page in the site's default language,
    whose socket activates none) only ``page_language``'s variable is set: Django's
    ``override`` would activate it and then the previous one again, which every socket's
    push paid for nothing (two writes to an ``asgiref.local.Local`` a render)."""

    __slots__ = ("_language", "_override", "_token")

    def __init__(self, language: str) -> None:
        self._language = language
        self._override: translation.override | None = None

    def __enter__(self) -> None:
        if translation.get_language() != self._language:
            self._override = translation.override(self._language)
            self._override.__enter__()
        self._token = _language.set(self._language)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        _language.reset(self._token)
        if self._override is not None:
            self._override.__exit__(kind, error, trace)
            self._override = None
