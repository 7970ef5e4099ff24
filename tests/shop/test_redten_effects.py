"""A play effect at a Red Ten table (RULES §12.2, §11): the sets its owner plays carry it,
nobody else's; the trick draws it as at a Baohuang table."""

from __future__ import annotations

import pytest

from accounts.models import User
from lobby import redten_table
from lobby.templatetags import memoized
from shop import services
from tests.conftest import PASSWORD
from tests.redten_site.helpers import play_out, running_table_with_bots

pytestmark = pytest.mark.django_db


def test_the_owners_sets_carry_the_effect_at_a_red_ten_table(alice: User) -> None:
    services.ensure_catalogue()
    staff = User.objects.create_superuser("boss", None, PASSWORD)
    services.grant(user=alice, kind="ripple", reason="test", by=staff)
    table = running_table_with_bots(alice)
    assert table.current_hand is not None
    play_out(table.current_hand, people=(0,))
    snapshot = redten_table.load_snapshot(table.pk)
    assert snapshot is not None and snapshot.effects == ("ripple", "", "", "", "")
    plays = [
        e
        for e in redten_table.log_entries(snapshot.events, snapshot.names, snapshot.effects)
        if e.kind == "play"
    ]
    assert {e.effect for e in plays if e.seat == 0} == {"ripple"}
    assert {e.effect for e in plays if e.seat != 0} == {""}
    mine = next(e for e in plays if e.seat == 0)
    assert 'class="trick-move trick-play effect-ripple"' in str(memoized.trick_rows((mine,)))
