"""The centre of a finished hand is drawn once per distinct reading: every push
between two hands redraws it for every socket. What each viewer is shown must still be the
settlement as they read it (RULES §7: their own side's outcome, their own line), whoever
was drawn first, in either language."""

from __future__ import annotations

import pytest

from accounts.models import User
from lobby import table_state
from lobby.page_language import rendering_in
from lobby.table_state import Viewer, load_snapshot, render_center, render_fragment, table_context
from tests.lobby.test_between_hands import finished_table

pytestmark = pytest.mark.django_db


def _viewers(users: list[User], spectator: User) -> list[Viewer]:
    return [Viewer(user_id=u.pk, seat=i) for i, u in enumerate(users)] + [
        Viewer(user_id=spectator.pk, seat=None)
    ]


def test_each_viewer_reads_their_own_settlement_whoever_was_drawn_first() -> None:
    # RULES §7: the outcome and the net line are the viewer's own; a spectator gets who won.
    table, users = finished_table(("ann", "ben", "cat", "dan", "eve"))
    spectator = User.objects.create_user("sam", "sam@example.org", "x")
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None
    viewers = _viewers(users, spectator)
    for language in ("zh-hans", "en"):
        with rendering_in(language):
            contexts = [table_context(snapshot, v) for v in viewers]
            # The template itself, for each viewer, with nothing remembered.
            expected = [render_fragment(ctx, "center") for ctx in contexts]
        # Each player's own line is marked and their side's outcome headlined: a memo that
        # handed one viewer another's centre would show it below.
        assert len(set(expected)) == len(viewers)
        for order in (range(len(viewers)), reversed(range(len(viewers)))):
            table_state._finished.clear()
            with rendering_in(language):
                for i in order:
                    assert render_center(contexts[i]) == expected[i], (language, i)


def test_a_centre_drawn_in_one_language_is_not_served_in_the_other() -> None:
    table, users = finished_table(("ann", "ben", "cat", "dan", "eve"))
    snapshot = load_snapshot(table.pk)
    assert snapshot is not None
    viewer = Viewer(user_id=users[0].pk, seat=0)
    table_state._finished.clear()
    drawn: dict[str, str] = {}
    for language in ("zh-hans", "en", "zh-hans"):
        with rendering_in(language):
            html = render_center(table_context(snapshot, viewer))
        drawn.setdefault(language, html)
        assert html == drawn[language]
    assert "Replay this hand" in drawn["en"]
    assert "Replay this hand" not in drawn["zh-hans"]
