"""The trick's moves and the play log's lines (lobby/templatetags/memoized.py), drawn in
Python because nearly every move makes new ones: what a player reads in them, in both of
the site's languages, and that a push's appended lines are the lines of the page's list; and
a seat's last play, drawn the same way."""

from __future__ import annotations

import html as html_module
import re

import pytest
from django.utils import translation

from display.cards import card_info
from game import engine
from lobby.presenters import SeatInfo, TrickEntry
from lobby.templatetags import memoized
from lobby.templatetags.memoized import LOG_APPEND

TEN_OF_HEARTS = card_info(engine.parse_cards("TH")[0])
BIG_JOKER = card_info(engine.parse_cards("BJ")[0])


def text(html: str) -> str:
    """What a reader sees: the markup's text, entities decoded."""
    return html_module.unescape(re.sub(r"<[^>]+>", "", html)).strip()


def trick_row(entry: TrickEntry, language: str) -> str:
    with translation.override(language):
        return str(memoized.trick_rows((entry,)))


def log_line(entry: TrickEntry, language: str) -> str:
    with translation.override(language):
        return str(memoized.log_row(entry))


def test_a_players_name_is_shown_as_text_never_as_markup() -> None:
    name = '<img src=x onerror="alert(1)">&amp;'
    entry = TrickEntry(seat=2, name=name, kind="play", cards=(TEN_OF_HEARTS,))
    for html in (trick_row(entry, "zh-hans"), log_line(entry, "en")):
        assert "<img" not in html
        assert name in text(html)


def test_a_play_shows_its_cards_and_the_place_it_took() -> None:
    entry = TrickEntry(
        seat=1, name="ann", kind="play", cards=(TEN_OF_HEARTS, BIG_JOKER), place_label="头科"
    )
    row = trick_row(entry, "zh-hans")
    assert 'data-seat="1"' in row
    # The trick draws each card's face (rank and suit as the stylesheet reads them).
    faces = re.findall(r'<i class="card[^"]*" data-r="([^"]+)"(?: data-s="([^"]+)")?', row)
    assert faces == [("10", "♥"), ("大王", "")]
    assert "头科" in text(row)
    # The log writes them as text, rank before suit, one space apart.
    line = text(log_line(entry, "en"))
    assert "10♥ 大王" in line
    assert line.endswith("· 头科")


@pytest.mark.parametrize(
    ("language", "says"),
    [("zh-hans", "第 7 轮"), ("en", "Trick 7")],
)
def test_the_line_of_a_lead_names_its_trick(language: str, says: str) -> None:
    lead = TrickEntry(seat=0, name="bob", kind="play", cards=(TEN_OF_HEARTS,), trick=7, leads=True)
    follow = TrickEntry(seat=1, name="cat", kind="play", cards=(TEN_OF_HEARTS,), trick=7)
    assert text(log_line(lead, language)).startswith(f"{says} bob")
    assert says not in text(log_line(follow, language))


@pytest.mark.parametrize(
    ("kind", "english", "chinese"),
    [
        ("pass", "pass", "不要"),
        ("auto_on", "auto-play on", "开启托管"),
        ("flee", "fled", "逃跑"),
        ("grab_solo", "grabbed solo", "抢独"),
        ("request", "asking for jiefeng", "申请接风"),
    ],
)
def test_each_kind_of_move_reads_as_itself_in_both_languages(
    kind: str, english: str, chinese: str
) -> None:
    entry = TrickEntry(seat=4, name="eve", kind=kind)
    assert english in text(log_line(entry, "en"))
    assert chinese in text(log_line(entry, "zh-hans"))


def test_a_pass_in_the_trick_says_pass_and_a_request_asks_to_lead() -> None:
    passed = TrickEntry(seat=3, name="dan", kind="pass")
    asked = TrickEntry(seat=3, name="dan", kind="request")
    assert text(trick_row(passed, "en")).endswith("Pass")
    assert "接风" in text(trick_row(asked, "zh-hans"))
    assert "jiefeng" in text(trick_row(asked, "en"))


def test_a_call_names_the_card_suit_first_and_a_pass_on_shows_what_went_with_it() -> None:
    called = text(
        log_line(TrickEntry(seat=0, name="ann", kind="call", cards=(TEN_OF_HEARTS,)), "en")
    )
    assert called.endswith(f"took the throne and called {TEN_OF_HEARTS.suit}10")
    gave = TrickEntry(seat=0, name="ann", kind="abdicate", cards=(TEN_OF_HEARTS,))
    assert text(log_line(gave, "en")).endswith(
        f"passed the emperor card on · added 10{TEN_OF_HEARTS.suit}"
    )
    bare = TrickEntry(seat=0, name="ann", kind="abdicate")
    assert text(log_line(bare, "en")).endswith("passed the emperor card on")


def test_lines_appended_by_a_push_are_the_lines_of_the_pages_list() -> None:
    # RULES §8: the log is public; the page's first render and the pushes must agree on it.
    entries = (
        TrickEntry(seat=0, name="ann", kind="play", cards=(TEN_OF_HEARTS,), trick=1, leads=True),
        TrickEntry(seat=1, name="bob", kind="pass", trick=1),
        TrickEntry(seat=2, name="cat", kind="play", cards=(BIG_JOKER,), trick=1),
    )
    for language in ("zh-hans", "en"):
        with translation.override(language):
            page = str(memoized._play_log(language, entries, False))
            pushed = memoized.log_rows(entries[1:])
        assert pushed.startswith(LOG_APPEND)
        appended = pushed.removeprefix(LOG_APPEND).removesuffix("</ol>")
        first = str(log_line(entries[0], language))
        assert f"{first}{appended}" in page.replace(" <li", "<li")


def test_a_seat_shows_its_last_play_as_small_faces_or_its_pass() -> None:
    def shown(language: str, **fields: object) -> str:
        seat = SeatInfo(index=2, occupant=None, **fields)  # type: ignore[arg-type]
        with translation.override(language):
            return str(memoized.seat_play(seat))

    played = shown("zh-hans", last_set=(TEN_OF_HEARTS, BIG_JOKER))
    assert played.startswith('<div class="seat-play" id="seat-play-2">')
    assert re.findall(r'<i class="card[^"]* mini" data-r="([^"]+)"', played) == ["10", "大王"]
    assert text(shown("zh-hans", passed=True)) == "不要"
    assert text(shown("en", passed=True)) == "Pass"
    assert text(shown("en")) == ""
