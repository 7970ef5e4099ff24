"""Both languages complete: every string the site marks for translation has a
zh-hans translation in the catalogue, and the compiled catalogue says the same; the Chinese
pages carry no English words a player would read."""

from __future__ import annotations

import datetime
import gettext
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import models
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

from accounts.models import DailyTask, LedgerKind
from accounts.services import record_beans
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


# The apps whose models the admin shows (Django's own apps bring their own catalogue).
OUR_APPS = ("accounts", "game", "lobby")
CJK = re.compile(r"[\u4e00-\u9fff]")


def model_names() -> list[tuple[str, object]]:
    """Every name of our models the admin shows: each model's verbose_name and
    verbose_name_plural and each of its fields' verbose_name (inherited fields included), as
    ("Model.field", name). Reverse relations and the automatic primary key ("ID") are left
    out: the admin names them from the other model or not at all."""
    names: list[tuple[str, object]] = []
    for label in OUR_APPS:
        for model in apps.get_app_config(label).get_models():
            meta = model._meta
            names.append((f"{model.__name__} (model)", meta.verbose_name))
            names.append((f"{model.__name__} (plural)", meta.verbose_name_plural))
            for field in meta.get_fields():
                if field.auto_created or not isinstance(field, models.Field):
                    continue
                names.append((f"{model.__name__}.{field.name}", field.verbose_name))
    return names


def untranslated_model_names() -> list[str]:
    """The names that are not marked for translation (a bare string, or Django's name made
    from the attribute) or have no Chinese in the compiled catalogue."""
    missing = []
    with translation.override("zh-hans"):
        for where, name in model_names():
            if not isinstance(name, Promise) or not CJK.search(str(name)):
                missing.append(f"{where}: {str(name)!r}")
    return missing


def test_every_model_and_field_of_ours_has_a_chinese_name() -> None:
    # The admin included: its column headers, filters, form labels and page
    # titles are these names; a field added without a translated verbose_name fails here.
    assert len(model_names()) > 100  # the apps' models were found
    missing = untranslated_model_names()
    assert not missing, (
        "give these a verbose_name=_(...), add the Chinese to scripts/zh/*.py and run "
        f"`make translations`: {missing}"
    )


def test_a_model_name_without_chinese_is_caught() -> None:
    # The check above can fail: a name whose msgid the catalogue lacks, and a field named
    # only by its attribute, are both reported.
    field = models.IntegerField("a name nobody translated")
    lazy = translation.gettext_lazy("a name nobody translated")
    with translation.override("zh-hans"):
        assert not CJK.search(str(lazy))
        assert not isinstance(field.verbose_name, Promise)
        assert CJK.search(str(apps.get_model("game", "Hand")._meta.get_field("mode").verbose_name))


class _HeaderCells(HTMLParser):
    """The text of the change list's column headers (``<th scope="col">``)."""

    def __init__(self) -> None:
        super().__init__()
        self.headers: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "th" and ("scope", "col") in attrs:
            self._depth = 1
            self.headers.append("")
        elif self._depth and tag == "th":
            self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "th" and self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.headers[-1] += data


def column_headers(html: str) -> list[str]:
    parser = _HeaderCells()
    parser.feed(html)
    # A sorted column starts with its sort priority ("2 ID"): drop it.
    return [re.sub(r"^\d+ ", "", " ".join(h.split())) for h in parser.headers]


@pytest.mark.django_db
def test_the_admin_change_lists_have_chinese_column_headers(admin_client, admin_user) -> None:
    # A row in each list: an empty change list shows no column headers.
    record_beans(user=admin_user, kind=LedgerKind.ADMIN, amount=10_000, reason="test")
    tables.play_with_bots(room=standard_room(), user=admin_user)  # a table and its hand
    DailyTask.objects.create(user=admin_user, day=datetime.date(2026, 12, 1), task="play")
    expected = {
        "admin:game_room_changelist": "底分",
        "admin:game_table_changelist": "局数",
        "admin:game_hand_changelist": "开始时间",
        "admin:accounts_ledgerentry_changelist": "变动后余额",
        "admin:accounts_dailytask_changelist": "完成次数",
    }
    for name, header in expected.items():
        response = admin_client.get(reverse(name), HTTP_ACCEPT_LANGUAGE="zh-hans")
        assert response.status_code == 200, name
        headers = column_headers(response.content.decode())
        assert header in headers, f"{name}: {headers}"
        # every column but the checkbox and the row id is named in Chinese
        english = [h for h in headers if h not in ("", "ID") and not CJK.search(h)]
        assert not english, f"{name}: English column headers {english}"


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
        reverse("admin:game_room_changelist"),
        reverse("admin:game_table_changelist"),
        reverse("admin:game_table_change", args=[table.pk]),
        reverse("admin:game_hand_changelist"),
        # (Not the hand's change page: its read-only rules and event actions are the
        # recorded log, JSON keys and the log's notation, which stay as recorded.)
        reverse("admin:accounts_ledgerentry_changelist"),
    ]
    found = {}
    for url in urls:
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        words = english_words(response.content.decode()) - {user.username}
        if words:
            found[url] = sorted(words)
    assert not found, f"English on the Chinese pages: {found}"
