"""Player pages: profiles (signed-in users) and leaderboards (everyone)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from accounts.ledger_words import recent_bean_changes
from accounts.models import User
from accounts.redten_rank import redten_rank_of
from accounts.selectors import (
    BOARD_NAMES,
    BOARDS,
    Board,
    board_field,
    daily_tasks_of,
    leaderboard,
    profile_of,
)
from game.engine.roles import Role
from game.engine.titles import tier_for

BOARD_PAGE_SIZE = 25


@login_required
def profile(request: HttpRequest, username: str) -> HttpResponse:
    # Any account's profile, whatever its standing: a suspension shows on nobody's page, so
    # nothing ties two accounts suspended together (docs/SECURITY.md).
    player = get_object_or_404(User, username=username)
    own = request.user.pk == player.pk
    context = {
        "profile": profile_of(player),
        "redten_rank": redten_rank_of(player),  # Red Ten's military ladder (RULES §11)
        "player": player,
        "own": own,
        # Task progress is the player's own business.
        "tasks": daily_tasks_of(player, now=timezone.now()) if own else None,
        # So is where one's beans came from and went.
        "bean_changes": recent_bean_changes(player) if own else None,
    }
    return render(request, "accounts/profile.html", context)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    return redirect("profile", username=request.user.get_username())


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int
    player: User
    value: int
    title: str  # the tier on a role's board; empty on the beans board


def leaderboards(request: HttpRequest) -> HttpResponse:
    requested = request.GET.get("board", "")
    board: Board = "emperor"
    for name in BOARDS:
        if name == requested:
            board = name
    page = Paginator(leaderboard(board), BOARD_PAGE_SIZE).get_page(request.GET.get("page"))
    field = board_field(board)
    role = None if board == "beans" else Role(board)
    rows = [
        BoardRow(
            rank=page.start_index() + i,
            player=player,
            value=getattr(player, field),
            title=tier_for(role, getattr(player, field)).name if role else "",
        )
        for i, player in enumerate(page.object_list)
    ]
    context = {
        "board": board,
        "boards": [(name, BOARD_NAMES[name]) for name in BOARDS],
        "board_name": BOARD_NAMES[board],
        "page": page,
        "rows": rows,
    }
    return render(request, "accounts/leaderboards.html", context)
