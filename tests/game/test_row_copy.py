"""``game.selectors.row_copy``: the copies of a hand row that the action path keeps and hands
to the pushes must be as independent as ``copy.copy``'s, or a later action would
change a snapshot some page is still being drawn from."""

from __future__ import annotations

import copy

import pytest

from accounts.models import User
from game.models import Hand
from game.selectors import row_copy

from .hand_helpers import running_hand, standard_room


@pytest.mark.django_db
def test_a_copy_holds_the_rows_values_and_changing_it_leaves_the_row_alone() -> None:
    hand = running_hand(standard_room(), User.objects.create_user("ann", None, "pw"))
    hand = Hand.objects.select_related("table").get(pk=hand.pk)  # a cached relation too
    kept = row_copy(hand)
    assert kept is not hand
    fields = [f.attname for f in Hand._meta.concrete_fields]
    assert [getattr(kept, f) for f in fields] == [getattr(hand, f) for f in fields]
    assert [getattr(kept, f) for f in fields] == [getattr(copy.copy(hand), f) for f in fields]
    assert kept.table is hand.table  # a cached relation is shared, as copy.copy shares it
    kept.version += 5
    kept._state.adding = True
    kept._state.fields_cache.clear()
    assert hand.version == kept.version - 5
    assert not hand._state.adding
    assert "table" in hand._state.fields_cache
    # The copy is a row like any other: it saves, and the row reads back what it saved.
    kept._state.adding = False
    kept.save(update_fields=["version"])
    assert Hand.objects.get(pk=hand.pk).version == kept.version
