"""A push renders in its page's language, and leaves Django's active language as it found it
(``rendering_in`` switches Django's language only when the page's is not already the active
one, which a socket in the site's default language never needs)."""

from __future__ import annotations

from django.utils import translation

from lobby.page_language import page_language, rendering_in


def test_a_page_in_the_default_language_is_rendered_in_it() -> None:
    # Nothing is active (a socket's task): Django falls back on LANGUAGE_CODE, 简体中文.
    with translation.override("en"):
        translation.deactivate()
        with rendering_in("zh-hans"):
            assert page_language() == "zh-hans"
            assert translation.gettext("Pass") == "不要"
        assert translation.get_language() == "zh-hans"


def test_an_english_page_is_rendered_in_english_and_the_language_restored() -> None:
    with translation.override("zh-hans"):
        with rendering_in("en"):
            assert page_language() == "en"
            assert translation.gettext("Pass") == "Pass"
        assert translation.get_language() == "zh-hans"
        assert translation.gettext("Pass") == "不要"
        assert page_language() == "zh-hans"


def test_a_chinese_page_inside_an_english_request_is_rendered_in_chinese() -> None:
    with translation.override("en"):
        with rendering_in("zh-hans"):
            assert translation.gettext("Pass") == "不要"
        assert translation.gettext("Pass") == "Pass"


def test_the_language_is_restored_when_the_render_fails() -> None:
    with translation.override("zh-hans"):
        try:
            with rendering_in("en"):
                raise RuntimeError("the template failed")
        except RuntimeError:
            pass
        assert translation.get_language() == "zh-hans"
        assert page_language() == "zh-hans"
