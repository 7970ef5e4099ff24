"""The Red Ten table page (RULES §11): the first render of what the socket then keeps fresh."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from game.models import Table
from lobby.redten_table import load_snapshot, table_context, viewer_in
from lobby.table_state import left_trial


def redten_table_page(request: HttpRequest, table: Table) -> HttpResponse:
    snapshot = load_snapshot(table.pk)
    if snapshot is None:
        raise Http404("No such table.")
    if left_trial(snapshot.lobby(), request.session.session_key):
        messages.info(request, _("You left this trial table."))
        return redirect("room", slug=table.room.slug)
    user_id = request.user.pk if request.user.is_authenticated else None
    viewer = viewer_in(snapshot, user_id, request.session.session_key)
    if viewer is None:
        if table.is_guest:
            raise Http404("No such table.")
        return redirect(f"{reverse('account_login')}?next={request.path}")
    return render(
        request,
        "lobby/redten_table.html",
        {"t": table_context(snapshot, viewer), "table": table},
    )
