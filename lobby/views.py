"""Lobby pages: the room list, a room's tables, and the table page (first render)."""

from __future__ import annotations

import math
import time
from datetime import UTC, datetime

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from accounts.models import User
from game.models import Game, Room, Table, TableSeat
from game.selectors import marks_of
from lobby import chat, join_limit, matchmaking, sightings, tables
from lobby.lobby_live import room_live_context
from lobby.redten_views import redten_table_page
from lobby.rules_page import rules_anchor, rules_context
from lobby.selectors import my_seat, open_rooms
from lobby.services import allow_new_table, new_table_free_at
from lobby.table_state import left_trial, load_snapshot, table_context, viewer_in

START_ROOM = "standard"


def home(request: HttpRequest) -> HttpResponse:
    mine = my_seat(request.user.pk) if request.user.is_authenticated else None
    return render(request, "lobby/home.html", {"rooms": open_rooms(), "my_seat": mine})


@login_required
@require_POST
def leave_table(request: HttpRequest) -> HttpResponse:
    """离开牌桌 from a page that leads back to the player's table (home, a room): between
    hands he stands up; in a running hand he leaves it, which is fleeing (RULES §6.3), as
    the page said before he confirmed. Back to the page he came from."""
    back = str(request.POST.get("back", ""))
    room = Room.objects.filter(slug=back, is_open=True).first() if back else None
    seat = TableSeat.objects.filter(user=_user(request)).select_related("table").first()
    if seat is None:
        messages.info(request, _("You are not sitting at any table."))
    else:
        try:
            tables.leave(table=seat.table, user=_user(request))
        except tables.SeatRefused as error:
            messages.error(request, error.message)
        else:
            messages.info(request, _("You left your table."))
    return redirect("room", slug=room.slug) if room is not None else redirect("home")


def _start_room() -> Room | None:
    """The room 开始游戏 opens a table in: the standard one, else the first open room."""
    rooms = open_rooms()
    return rooms.filter(slug=START_ROOM).first() or rooms.first()


@require_POST
def start_game(request: HttpRequest) -> HttpResponse:
    """Home's one primary button: signed in, a table with four bots in the standard room
    (or back to the player's own table); a visitor, the guest trial."""
    room = _start_room()
    if room is None:
        messages.error(request, _("No room is open right now."))
        return redirect("home")
    if not request.user.is_authenticated:
        return _guest_trial(request, room, switch=False)
    seat = TableSeat.objects.filter(user=request.user).only("table_id").first()
    if seat is not None:
        return redirect("table", table_id=seat.table_id)
    return play_with_bots(request, room.slug)


def rules(request: HttpRequest) -> HttpResponse:
    """The rules in short (规则): card order, what beats what (decided by the engine), roles,
    scoring."""
    return render(request, "lobby/rules.html", rules_context())


def room(request: HttpRequest, slug: str) -> HttpResponse:
    room = get_object_or_404(Room, slug=slug, is_open=True)
    mine = my_seat(request.user.pk) if request.user.is_authenticated else None
    return render(
        request,
        "lobby/room.html",
        {
            "room": room,
            "my_seat": mine,
            "rules_anchor": rules_anchor(game=room.game, preset=room.preset),
            **room_live_context(room),
        },
    )


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


def _rate_key(request: HttpRequest) -> tuple[str, int]:
    """Who a new table counts for, and their limit in the window (docs/SECURITY.md, the
    resource hog): an account, or a visitor's address for trial tables."""
    if request.user.is_authenticated:
        return f"user:{request.user.pk}", settings.BAOHUANG_TABLES_PER_ACCOUNT
    address = sightings.client_address(request)
    return f"addr:{address}", settings.BAOHUANG_GUEST_TABLES_PER_ADDRESS


def _may_open_table(request: HttpRequest) -> bool:
    who, limit = _rate_key(request)
    return allow_new_table(who=who, limit=limit)


def too_many_tables_message(request: HttpRequest) -> str:
    """The refusal of a new table, with the time the next one may be opened."""
    who, limit = _rate_key(request)
    free_at = new_table_free_at(who=who, limit=limit)
    left = max(1, math.ceil((free_at - time.time()) / 60))
    at = date_format(timezone.localtime(datetime.fromtimestamp(free_at, tz=UTC)), "TIME_FORMAT")
    values = {
        "limit": limit,
        "window": math.ceil(settings.BAOHUANG_TABLE_RATE_WINDOW / 60),
        "time": at,
        "minutes": left,
    }
    if request.user.is_authenticated:
        return (
            _(
                "You have opened too many tables lately (%(limit)s in %(window)s minutes): "
                "you can open another at %(time)s, in %(minutes)s min."
            )
            % values
        )
    return (
        _(
            "This address has opened too many tables lately (%(limit)s trial tables in "
            "%(window)s minutes): you can open another at %(time)s, in %(minutes)s min."
        )
        % values
    )


def _refuse_new_table(request: HttpRequest) -> bool:
    raise tables.SeatRefused(too_many_tables_message(request))


def _too_many_tables(request: HttpRequest, room: Room) -> HttpResponse:
    messages.error(request, too_many_tables_message(request))
    return redirect("room", slug=room.slug)


@login_required
@require_POST
def new_table(request: HttpRequest, slug: str) -> HttpResponse:
    room = get_object_or_404(Room, slug=slug, is_open=True)
    if not _may_open_table(request):
        return _too_many_tables(request, room)
    table = tables.create_table(room=room)
    try:
        tables.sit(table=table, seat=0, user=_user(request))
    except tables.SeatRefused as error:
        table.delete()
        messages.error(request, error.message)
        return redirect("room", slug=room.slug)
    return redirect("table", table_id=table.pk)


@login_required
@require_POST
def play_with_bots(request: HttpRequest, slug: str) -> HttpResponse:
    room = get_object_or_404(Room, slug=slug, is_open=True)
    if not _may_open_table(request):
        return _too_many_tables(request, room)
    try:
        table = tables.play_with_bots(room=room, user=_user(request))
    except tables.SeatRefused as error:
        messages.error(request, error.message)
        return redirect("room", slug=room.slug)
    return redirect("table", table_id=table.pk)


@require_POST
def try_as_guest(request: HttpRequest, slug: str) -> HttpResponse:
    """试玩 in a room: a trial table against four bots there. A visitor already at a trial
    table in another room leaves it for the new one (one trial table per browser session)."""
    room = get_object_or_404(Room, slug=slug, is_open=True)
    if request.user.is_authenticated:
        return play_with_bots(request, slug)
    return _guest_trial(request, room, switch=True)


def _guest_trial(request: HttpRequest, room: Room, *, switch: bool) -> HttpResponse:
    """The visitor's trial table in ``room``; ``switch``: a trial table elsewhere is left
    for it (试玩 pressed in that room), else reopened (开始游戏)."""
    if request.session.session_key is None:
        request.session.save()
    request.session["guest"] = True
    key = request.session.session_key
    assert key is not None
    # One trial table per browser session (docs/SECURITY.md, the resource hog's guest
    # tables): the one it has is reopened unless 试玩 asks for another room.
    mine = tables.trial_table_of(key)
    if mine is not None and (mine.room_id == room.pk or not switch):
        messages.info(request, _("Your trial table is still open: here it is."))
        return redirect("table", table_id=mine.pk)
    # The per-address cap counts before anything changes: a refused visitor keeps his table.
    if not _may_open_table(request):
        return _too_many_tables(request, room)
    if mine is not None:
        tables.leave_trial(table_id=mine.pk, session_key=key)
        messages.info(
            request, _("You left your trial table in %(room)s.") % {"room": mine.room.name}
        )
    table = tables.guest_table(room=room, session_key=key)
    return redirect("table", table_id=table.pk)


@require_POST
def leave_trial(request: HttpRequest, table_id: int) -> HttpResponse:
    """离开试玩: the visitor leaves his trial table and goes back to its room, where 试玩
    opens a new one (another room's 试玩 works as well)."""
    key = request.session.session_key
    try:
        table = tables.leave_trial(table_id=table_id, session_key=key or "")
    except tables.SeatRefused as error:
        messages.error(request, error.message)
        return redirect("home")
    messages.info(
        request, _("You left the trial table. Try another room, or sign up to play for beans.")
    )
    return redirect("room", slug=table.room.slug)


def table(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("room"), pk=table_id)
    if table.room.game == Game.REDTEN:
        return redten_table_page(request, table)
    if table.is_private and table.is_closed:
        # Its owner closed it: say so, with the way back to its room. Nothing of
        # the table is shown, so nobody learns more than that it is closed.
        gone = {
            "table": table,
            "gone": _("This private table has been closed."),
            "room_slug": table.room.slug,
        }
        return render(request, "lobby/table_closed.html", gone, status=410)
    user = _user(request) if request.user.is_authenticated else None
    snapshot = load_snapshot(table.pk)
    if snapshot is None:  # deleted in the meantime
        raise Http404("No such table.")
    if left_trial(snapshot, request.session.session_key):
        # The visitor left this trial table (its seat is the bots' now): back to its room,
        # where 试玩 opens a new one. His finished hands stay in their replays.
        messages.info(request, _("You left this trial table."))
        return redirect("room", slug=table.room.slug)
    viewer = viewer_in(snapshot, user.pk if user else None, request.session.session_key)
    if viewer is None:
        if table.is_guest or table.is_private:
            # A guest's table is theirs alone; a private one is its seated players'.
            raise Http404("No such table.")
        return redirect(f"{reverse('account_login')}?next={request.path}")
    marks = (
        marks_of(hand_id=snapshot.hand.pk, seat=viewer.seat)
        if snapshot.hand is not None and viewer.seat is not None
        else None
    )
    context: dict[str, object] = {
        "t": table_context(snapshot, viewer, marks=marks),
        "table": table,
        "oob": False,
        # The chat's choices (spectators get none) and the waiting room's offer.
        "can_chat": viewer.seat is not None,
        "phrases": [(key, str(text)) for key, text in chat.PHRASES.items()],
        "emotes": list(chat.EMOTES.items()),
        "fill_after": settings.BAOHUANG_FILL_BOTS_AFTER,
        "rules_anchor": rules_anchor(game=table.room.game, preset=table.room.preset),
    }
    if table.is_private and viewer.seat is not None and not table.is_closed:
        if user is not None:
            # The waiting room marks seats that share an address from where each player
            # was last seen: here is where they are now.
            sightings.record(request, user)
        # The invite is shown to the people seated at the table, and to nobody else; a
        # tournament's table has none (the tournament seats it).
        if table.invite_token:
            context["invite_url"] = request.build_absolute_uri(
                reverse("join", args=[table.invite_token])
            )
            context["invite_code"] = table.invite_code
        context["is_owner"] = user is not None and table.owner_id == user.pk
    return render(request, "lobby/table.html", context)


# --- quick match, private tables, invites -----------------------------------------------


def _already_seated(request: HttpRequest) -> HttpResponse | None:
    """A seated player pressing again goes back to their table, with a message; nothing
    changes (one seat per person, site-wide)."""
    mine = matchmaking.seat_of(_user(request))
    if mine is None:
        return None
    messages.info(request, _("You already have a seat: here is your table."))
    return redirect("table", table_id=mine.table_id)


@login_required
@require_POST
def quick_match(request: HttpRequest, slug: str) -> HttpResponse:
    """快速匹配: the fullest public table of the room waiting for people, or a new one."""
    room = get_object_or_404(Room, slug=slug, is_open=True)
    seated = _already_seated(request)
    if seated is not None:
        return seated
    user = _user(request)
    sightings.record(request, user)
    address = sightings.address_tag(request)
    apart = sightings.kept_apart(user=user, address=address, room=room)
    passed_over = matchmaking.seats_any_of(room, apart)
    try:
        table = matchmaking.quick_match(
            room=room,
            user=user,
            may_open=lambda: _may_open_table(request) or _refuse_new_table(request),
            apart=apart,
        )
    except tables.SeatRefused as error:
        messages.error(request, error.message)
        return redirect("room", slug=room.slug)
    if passed_over:
        # A table was passed over for someone kept apart from him: he is told so in the same
        # words whatever the reason, naming nobody, so an admin's keeping apart
        # (docs/FAIRPLAY.md) reads as a shared network (docs/DECISIONS.md).
        messages.info(request, _(SHARED_ADDRESS_NOTE), extra_tags="kept-apart")
    return redirect("table", table_id=table.pk)


# What quick match tells a player it kept from a table (lobby.sightings.kept_apart): the
# why, and the way to play with them.
SHARED_ADDRESS_NOTE = gettext_noop(
    "Quick match seats people of one address (or one browser) at different tables. To play "
    "with people at your address, open a private table and invite them."
)


@login_required
@require_POST
def new_private_table(request: HttpRequest, slug: str) -> HttpResponse:
    room = get_object_or_404(Room, slug=slug, is_open=True)
    seated = _already_seated(request)
    if seated is not None:
        return seated
    if not _may_open_table(request):
        return _too_many_tables(request, room)
    sightings.record(request, _user(request))
    try:
        table = matchmaking.open_private_table(room=room, user=_user(request))
    except tables.SeatRefused as error:
        messages.error(request, error.message)
        return redirect("room", slug=room.slug)
    return redirect("table", table_id=table.pk)


def _refused(request: HttpRequest, message: str) -> HttpResponse:
    messages.error(request, message)
    return redirect("home")


def _too_many_tries(request: HttpRequest) -> HttpResponse:
    """The limit page (docs/SECURITY.md, "Walking the invite codes"): the same for
    everybody, the wait the whole window, and no look-up was made."""
    context = {"minutes": join_limit.wait_minutes()}
    return render(request, "lobby/too_many_tries.html", context, status=429)


def _take_try(request: HttpRequest) -> bool:
    return join_limit.take_try(address=sightings.client_address(request), user_id=_user(request).pk)


def _give_back(request: HttpRequest) -> None:
    join_limit.give_back(address=sightings.client_address(request), user_id=_user(request).pk)


def _apart_at_private(table: Table, user: User) -> frozenset[int]:
    """Who ``user`` is kept from at a private table: one browser's other accounts and an
    admin's pairs; people at one address may play there (everybody seated sees it)."""
    return sightings.kept_apart(user=user, address="", room=table.room)


@login_required
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invite link: GET shows the table's room and a button; POST takes a seat."""
    if not _take_try(request):
        return _too_many_tries(request)
    try:
        table = matchmaking.table_for_invite(token=token)
    except tables.SeatRefused as error:
        return _refused(request, error.message)
    _give_back(request)
    user = _user(request)
    mine = matchmaking.seat_of(user)
    if mine is not None and mine.table_id == table.pk:
        return redirect("table", table_id=table.pk)
    if request.method == "POST":
        sightings.record(request, user)
        try:
            matchmaking.join_by_invite(table=table, user=user, apart=_apart_at_private(table, user))
        except tables.SeatRefused as error:
            return _refused(request, error.message)
        return redirect("table", table_id=table.pk)
    owner = table.owner.username if table.owner is not None else ""
    return render(request, "lobby/join.html", {"table": table, "owner": owner, "token": token})


@login_required
@require_POST
def join_by_code(request: HttpRequest) -> HttpResponse:
    """The six-digit code of a private table, typed on the home or a room page. A try that
    does not seat its player counts towards the limit (``join_limit``)."""
    code = str(request.POST.get("code", "")).strip()
    if not (len(code) == matchmaking.CODE_DIGITS and code.isdigit()):
        return _refused(request, _("A table code has six digits."))  # nothing looked up
    if not _take_try(request):
        return _too_many_tries(request)
    user = _user(request)
    sightings.record(request, user)
    try:
        table = matchmaking.table_for_invite(code=code)
        matchmaking.join_by_invite(table=table, user=user, apart=_apart_at_private(table, user))
    except tables.SeatRefused as error:
        return _refused(request, error.message)
    _give_back(request)
    return redirect("table", table_id=table.pk)
