"""Both languages complete (issue 16): every string the site marks for translation has a
zh-hans translation in the catalogue, and the compiled catalogue says the same; the Chinese
pages carry no English words a player would read."""

from __future__ import annotations

import gettext
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from lobby import tables
from tests.game.hand_helpers import played_hand, standard_room

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale/zh_Hans/LC_MESSAGES/django.po"
MO = PO.with_suffix(".mo")
ENTRY = re.compile(
    r'(#,[^\n]*\n)?(?:#\|[^\n]*\n)*(?:msgctxt "(?:[^"\\]|\\.)*"\n)?'
    r'msgid ((?:"(?:[^"\\]|\\.)*"\n)+)'
    r'(?:msgid_plural (?:"(?:[^"\\]|\\.)*"\n)+)?'
    r'((?:msgstr(?:\[\d\])? (?:"(?:[^"\\]|\\.)*"\n)+)+)'
)


def _text(block: str) -> str:
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))


def untranslated(po: Path) -> list[str]:
    missing = []
    for fuzzy, msgid, msgstr in ENTRY.findall(po.read_text(encoding="utf-8")):
        text = _text(msgid)
        if not text:
            continue  # the header
        strings = re.findall(r'msgstr(?:\[\d\])? ((?:"(?:[^"\\]|\\.)*"\n)+)', msgstr)
        if "fuzzy" in fuzzy or any(not _text(s) for s in strings):
            missing.append(text)
    return missing


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext tools not installed")
def test_it_has_a_chinese_translation_for_every_marked_string(tmp_path, monkeypatch) -> None:
    # Extract the site's strings afresh into a copy of the catalogue, exactly as
    # `make translations` does: a new msgid arrives untranslated and fails this test. The
    # sources are linked into a directory without a locale/ of its own, so that makemessages
    # writes to the copy and never to the repository's catalogue.
    locale = tmp_path / "locale"
    target = locale / "zh_Hans/LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(PO, target / "django.po")
    work = tmp_path / "src"
    work.mkdir()
    for name in ("accounts", "game", "lobby", "baohuang_site", "templates"):
        (work / name).symlink_to(ROOT / name)
    monkeypatch.chdir(work)
    with override_settings(LOCALE_PATHS=[str(locale)]):
        call_command(
            "makemessages",
            locale=["zh_Hans"],
            symlinks=True,
            ignore_patterns=["*/migrations/*"],
            verbosity=0,
        )
    missing = untranslated(target / "django.po")
    assert not missing, f"add these to scripts/zh/*.py and run `make translations`: {missing}"


def test_it_ships_the_compiled_catalogue_of_the_source_one() -> None:
    compiled = gettext.GNUTranslations(MO.open("rb"))
    catalog = compiled._catalog  # type: ignore[attr-defined]
    for fuzzy, msgid, msgstr in ENTRY.findall(PO.read_text(encoding="utf-8")):
        text = _text(msgid).encode().decode("unicode_escape").encode("latin-1").decode()
        if not text or "fuzzy" in fuzzy or "msgstr[" in msgstr:
            continue
        keys = [k for k in catalog if isinstance(k, str) and k.endswith(text)]
        assert keys, f"{text!r} is not in django.mo: run `make translations`"


class _Visible(HTMLParser):
    """The text a reader sees or hears: text nodes and a few attributes, no scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            shown = name in ("title", "aria-label", "placeholder") or name.startswith("data-why")
            if value and shown:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


# Words that stay as they are in Chinese: key names, a file format, the language switch.
ALLOWED = {"Enter", "Esc", "Ctrl", "Home", "JSON", "English"}  # "English": the language switch


def english_words(html: str) -> set[str]:
    parser = _Visible()
    parser.feed(html)
    words = set(re.findall(r"\b[A-Za-z]{4,}\b", " ".join(parser.parts)))
    return words - ALLOWED


@pytest.mark.django_db(transaction=True)
def test_the_chinese_pages_carry_no_english_words() -> None:
    from accounts.models import User

    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    pages = [reverse("home"), reverse("rules"), reverse("leaderboards")]
    for url in pages:
        html = client.get(url).content.decode()
        words = english_words(html)
        assert not words, f"{url}: English words on the Chinese page: {sorted(words)}"
    user = User.objects.create_user("lin", None, "correct horse battery staple")
    user.is_staff = user.is_superuser = True
    user.save()
    client.force_login(user)
    finished = played_hand(standard_room(), user, time_out=True)  # auto-play on, then off
    table = tables.play_with_bots(room=standard_room(), user=user)
    assert table.current_hand_id is not None  # a running hand: the table page shows it
    urls = [
        reverse("home"),
        reverse("my_hands"),
        f"/players/{user.username}/",
        reverse("table", args=[table.pk]),
        reverse("room", args=["standard"]),
        reverse("replay", args=[finished.pk]),
        # the replay's log, step by step (its lines were English on the Chinese page)
        *(reverse("replay_step", args=[finished.pk, n]) for n in range(0, 60, 3)),
        reverse("admin:index"),
        reverse("admin:game_room_change", args=[standard_room().pk]),
        # Not yet: game.Hand's admin lists fields without verbose names (they need a
        # migration, left until the other game migrations in flight have landed), and
        # Django 6's own admin has strings its zh-hans catalogue lacks.
    ]
    found = {}
    for url in urls:
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        words = english_words(response.content.decode()) - {user.username}
        if words:
            found[url] = sorted(words)
    assert not found, f"English on the Chinese pages: {found}"
