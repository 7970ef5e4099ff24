"""What one viewer sees of a Red Ten table (RULES §11): built from ``redten.view_for`` of the
viewer's own seat and public facts only (names, clocks, away flags, results after the end).

The Red Ten table is its own page and fragment (``lobby/redten_table.html``,
``lobby/_redten_table.html``); the Baohuang table's modules are left to Baohuang.
Hidden information (RULES §3.4, §8): in 暗打 a seat's side is drawn only from
``SeatView.team``, which the engine leaves ``None`` until that seat's red ten is shown or
played; the viewer's own cards are theirs alone; a bot's delay is never shown, only the room's
clock, the same for every seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from game.clocks import away_since, seat_clock
from game.engine import redten
from game.models import Game, Hand, HandSeat, HandStatus, SeatResult, Table, TableSeat
from game.redten_hands import state_of
from lobby.table_state import LobbySeat, TableSnapshot, Viewer
from lobby.table_state import viewer_in as shared_viewer_in

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


@dataclass(frozen=True, slots=True)
class RedTenSnapshot:
    """A Red Ten table's facts at one moment. Server side only: ``state`` holds every hand."""

    table_id: int
    guest_session: str
    seats: tuple[LobbySeat, ...]
    hand: Hand | None = None
    state: redten.State | None = None
    names: tuple[str, ...] = ()
    results: tuple[SeatResult, ...] = ()

    @property
    def is_guest(self) -> bool:
        return bool(self.guest_session)

    def lobby(self) -> TableSnapshot:
        """The Baohuang snapshot shape, for the shared viewer rule (``viewer_in``)."""
        return TableSnapshot(
            table_id=self.table_id, guest_session=self.guest_session, seats=self.seats
        )


def load_snapshot(table_id: int) -> RedTenSnapshot | None:
    table = Table.objects.select_related("current_hand", "room").filter(pk=table_id).first()
    if table is None or table.room.game != Game.REDTEN:
        return None  # no such table, or another game's (its own socket draws it)
    seats = tuple(
        LobbySeat(
            index=s.index,
            user_id=s.user_id,
            username=s.user.username if s.user is not None else "",
            is_bot=s.is_bot,
            is_guest=s.is_guest,
            ready=s.ready,
        )
        for s in TableSeat.objects.filter(table_id=table_id).select_related("user").order_by()
    )
    hand = table.current_hand
    if hand is None or hand.game != "redten":
        return RedTenSnapshot(table_id=table_id, guest_session=table.guest_session, seats=seats)
    names = tuple(
        HandSeat.objects.filter(hand=hand).order_by("seat").values_list("name", flat=True)
    )
    finished = hand.status == HandStatus.FINISHED
    results = tuple(SeatResult.objects.filter(hand=hand).order_by("seat")) if finished else ()
    return RedTenSnapshot(
        table_id=table_id,
        guest_session=table.guest_session,
        seats=seats,
        hand=hand,
        state=state_of(hand),
        names=names,
        results=results,
    )


# --- the context -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardFace:
    code: str  # notation, e.g. "TH"
    rank: str
    suit: str
    red: bool


@dataclass(frozen=True, slots=True)
class RedTenSeat:
    index: int
    name: str
    is_me: bool
    cards: int | None  # None before a hand
    team: str  # "red", "black" or "" (unknown to this viewer)
    showed: bool
    place: int | None
    auto: bool
    passed: bool
    turn: bool
    clock: str  # ISO, the room's decision clock ("" when the seat owes nothing)
    away: bool
    ready: bool


@dataclass(frozen=True, slots=True)
class ResultLine:
    seat: int
    name: str
    team: str
    place: int
    net: int
    title: str


@dataclass(frozen=True, slots=True)
class RedTenContext:
    table_id: int
    hand_id: int | None
    version: int
    phase: str  # "waiting", "show", "play", "finished"
    me: int | None
    seats: tuple[RedTenSeat, ...]
    hand: tuple[CardFace, ...]
    choices: tuple[str, ...]
    answered: bool
    open: bool | None
    public_red_tens: tuple[CardFace, ...]
    last_set: tuple[CardFace, ...]
    last_player: str
    result: str  # "red", "black", "draw" or ""
    caught: int | None
    four_tens: str  # the name of the seat dealt four tens, or ""
    results: tuple[ResultLine, ...]
    can_ready: bool
    is_guest_table: bool
    coin: int
    errors: tuple[str, ...] = ()
    my_auto: bool = False  # the viewer's own seat is auto-played


def face(card: redten.Card) -> CardFace:
    code = redten.format_cards((card,))
    if card.rank.is_joker:
        rank = _("Big joker") if card.rank is redten.Rank.BIG_JOKER else _("Small joker")
        return CardFace(code, rank, "", card.rank is redten.Rank.BIG_JOKER)
    suit = card.suit.value if card.suit is not None else ""
    rank = "10" if card.rank is redten.Rank.TEN else card.rank.symbol
    return CardFace(code, rank, SUIT_SYMBOLS.get(suit, ""), suit in ("H", "D"))


def viewer_in(
    snapshot: RedTenSnapshot, user_id: int | None, session_key: str | None
) -> Viewer | None:
    return shared_viewer_in(snapshot.lobby(), user_id, session_key)


def _iso(when: datetime | None) -> str:
    return when.isoformat() if when is not None else ""


def table_context(
    snapshot: RedTenSnapshot, viewer: Viewer, *, errors: tuple[str, ...] = ()
) -> RedTenContext:
    hand, state = snapshot.hand, snapshot.state
    lobby_names = {s.index: _seat_name(s) for s in snapshot.seats}
    ready = {s.index: s.ready for s in snapshot.seats}
    me = viewer.seat
    if hand is None or state is None:
        seats = tuple(
            RedTenSeat(
                i,
                lobby_names.get(i, ""),
                i == me,
                None,
                "",
                False,
                None,
                False,
                False,
                False,
                "",
                False,
                ready.get(i, False),
            )
            for i in range(5)
        )
        return RedTenContext(
            snapshot.table_id, None, 0, "waiting", me, seats, (), (), False, None, (), (), "",
            "", None, "", (), me is not None and not ready.get(me, False), snapshot.is_guest,
            0, errors,
        )  # fmt: skip
    view = redten.view_for(state, me)
    running = hand.status == HandStatus.RUNNING
    # The 亮牌 step (file 003 §4) is answered by all five at once and in secret: while it runs
    # every seat shows the step's one clock and the page no version, so an answer changes no
    # other viewer's page at all (not even "somebody answered", by content, size or timing).
    show_step = view.phase is redten.Phase.SHOW
    step_clock = max((c for c in hand.clocks or () if c), default="") if show_step else ""
    names = snapshot.names or tuple(lobby_names.get(i, "") for i in range(5))
    seats = tuple(
        RedTenSeat(
            index=sv.seat,
            name=names[sv.seat],
            is_me=sv.seat == me,
            cards=sv.card_count,
            team=sv.team.value if sv.team is not None else "",
            showed=sv.showed,
            place=sv.place,
            auto=sv.auto_play,
            passed=sv.passed,
            turn=view.turn == sv.seat,
            clock=step_clock if show_step else (_iso(seat_clock(hand, sv.seat)) if running else ""),
            away=running and away_since(hand, sv.seat) is not None,
            ready=ready.get(sv.seat, False),
        )
        for sv in view.seats
    )
    titles = {r.seat: r.title_after for r in snapshot.results}
    results = tuple(
        ResultLine(r.seat, names[r.seat], r.role, r.place, r.net, titles.get(r.seat, ""))
        for r in snapshot.results
    )
    return RedTenContext(
        table_id=snapshot.table_id,
        hand_id=hand.pk,
        version=-1 if show_step else view.version,
        phase=view.phase.value,
        me=me,
        seats=seats,
        hand=tuple(face(c) for c in view.hand or ()),
        choices=view.choices,
        answered=view.answered,
        open=view.open,
        public_red_tens=tuple(face(c) for c in view.public_red_tens),
        last_set=tuple(face(c) for c in view.last_set or ()),
        last_player=names[view.last_player] if view.last_player is not None else "",
        result=view.result.value if view.result is not None else "",
        caught=view.caught,
        four_tens=names[view.four_tens] if view.four_tens is not None else "",
        results=results,
        can_ready=not running and me is not None and not ready.get(me, False),
        is_guest_table=snapshot.is_guest,
        coin=state.rules.coin,
        errors=errors,
        my_auto=me is not None and view.seats[me].auto_play,
    )


def _seat_name(seat: LobbySeat) -> str:
    if seat.is_bot:
        return _("Bot")
    if seat.is_guest:
        return _("Guest")
    return seat.username


def render_table(ctx: RedTenContext, *, oob: bool) -> str:
    return render_to_string("lobby/_redten_table.html", {"t": ctx, "oob": oob})
