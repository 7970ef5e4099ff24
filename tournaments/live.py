"""A tournament's live pushes: its page's standings after a hand of the tournament ends (or
somebody registers), over ``/ws/tournament/<id>/``; and the start, announced to every page
its registrants have open, over ``/ws/notices/`` (RULES §6.4: the wait for arrivals at the
tables counts from this announcement)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from game.doorbell import send_to_group
from tournaments.models import Entry, Status, Tournament, TournamentTable


def group_of(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def notice_group(user_id: int) -> str:
    """The notice sockets of one person (one per open page)."""
    return f"tournament-notice-{user_id}"


def ring_tournament(tournament_id: int) -> None:
    send_to_group(group_of(tournament_id), {"type": "tournament.changed"})


def announce_start(tournament_id: int) -> None:
    """After the commit, tell each registrant's open pages that the tournament started, with
    a link to his table."""
    transaction.on_commit(lambda: _announce(tournament_id))


def _announce(tournament_id: int) -> None:
    """Ring each registrant's notice sockets: each renders the notice in its page's language
    from what is committed (``tournaments.consumers.NoticeConsumer``)."""
    people = Entry.objects.filter(
        tournament_id=tournament_id, user__isnull=False, dropped=False
    ).values_list("user_id", flat=True)
    for user_id in people:
        send_to_group(notice_group(user_id), {"type": "notice.show"})


def notice_html(
    tournament: Tournament, table_id: int | None, *, language: str | None = None, oob: bool
) -> str:
    """The notice that ``tournament`` is running, with a link to the reader's table."""
    context = {
        "notice_tournament": tournament,
        "table_url": reverse("table", args=[table_id]) if table_id is not None else "",
        "oob": oob,
    }
    if language is None:
        return render_to_string("tournaments/_notice.html", context)
    with translation.override(language):
        return render_to_string("tournaments/_notice.html", context)


@dataclass(frozen=True, slots=True)
class PersonNotice:
    """What a person's pages say of his tournaments: the running one he plays in (with his
    table's id), and whether he waits for one to start."""

    running: tuple[Tournament, int | None] | None
    awaits_start: bool


def person_notice(user_id: int) -> PersonNotice:
    """One query for a person in no tournament (nearly everyone), two for one who plays."""
    entries = list(
        Entry.objects.filter(
            user_id=user_id, tournament__status__in=(Status.OPEN, Status.RUNNING)
        ).select_related("tournament")
    )
    playing = [
        (e, e.table_index)
        for e in entries
        if e.tournament.status == Status.RUNNING and not e.dropped and e.table_index is not None
    ]
    running = None
    if playing:
        entry, index = max(playing, key=lambda found: found[0].tournament_id)
        table_id = (
            TournamentTable.objects.filter(tournament=entry.tournament, index=index)
            .values_list("table_id", flat=True)
            .first()
        )
        running = (entry.tournament, table_id)
    return PersonNotice(
        running=running,
        awaits_start=any(e.tournament.status == Status.OPEN for e in entries),
    )


def running_entry(user_id: int) -> tuple[Tournament, int | None] | None:
    """The running tournament ``user_id`` plays in, with his table's id."""
    return person_notice(user_id).running
