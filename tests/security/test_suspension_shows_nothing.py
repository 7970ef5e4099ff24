"""A suspension ties nobody together (docs/SECURITY.md): straight after an admin suspends a
pair, their profiles answer as any profile does and their names stay on the leaderboards, so
nobody watching learns which two accounts were suspended together, or that anybody was."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from game import fairplay
from game.models import PairSignal
from tests.conftest import PASSWORD, person

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _seen_by(watcher: Client, *names: str) -> list[object]:
    """What a watcher sees of ``names``: each profile's status and name, and each board's
    rows."""
    seen: list[object] = []
    for name in names:
        response = watcher.get(reverse("profile", args=[name]))
        seen.append((response.status_code, name in response.content.decode()))
    for board in ("emperor", "guard", "rebel", "beans"):
        page = watcher.get(reverse("leaderboards"), {"board": board}).content.decode()
        seen.append(tuple(name in page for name in names))
    return seen


def test_a_suspended_pair_looks_like_any_two_players() -> None:
    ann, ben = person("ann"), person("ben")
    User.objects.filter(pk=ann.pk).update(emperor_points=30, guard_points=20, rebel_points=10)
    User.objects.filter(pk=ben.pk).update(emperor_points=25, guard_points=15, rebel_points=5)
    watcher = Client(headers={"accept-language": "en"})
    watcher.force_login(person("watcher"))
    before = _seen_by(watcher, "ann", "ben")
    assert before[:2] == [(200, True), (200, True)]
    admin = User.objects.create_superuser("root", None, PASSWORD)
    pair = PairSignal.objects.create(user_a=ann, user_b=ben)
    fairplay.suspend_pair(pair=pair, reason="shared their cards", by=admin)
    assert _seen_by(watcher, "ann", "ben") == before
