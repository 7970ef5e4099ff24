"""What one viewer sees of a Red Ten table (RULES §11): built from ``redten.view_for`` of the
viewer's own seat and public facts only (names, clocks, away flags, results after the end).

The Red Ten table is its own page and fragment (``lobby/redten_table.html``,
``lobby/_redten_table.html``), drawn with the Baohuang table's own parts: the card faces
(``{% card %}``), the seat's head, role, stats and clock partials (``lobby/_seat.html``), the
choices with their one-line reasons (``lobby/_choices.html``), the play log
(``lobby/_log.html``) and the trick (``{% trick_rows %}``), on the same felt (table.css).
The play log and the trick come from the hand's public events (``redten.events_of``), the
same for every seat.
Hidden information (RULES §3.4, §8): in 暗打 a seat's side is drawn only from
``SeatView.team``, which the engine leaves ``None`` until that seat's red ten is shown or
played; the viewer's own cards are theirs alone; a bot's delay is never shown, only the room's
clock, the same for every seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from display.cards import CardInfo
from display.labels import RANK_LABELS, SUIT_SYMBOLS, place_label
from game.clocks import away_since, seat_clock
from game.engine import redten
from game.hand_cache import HandCache, hand_key
from game.models import Game, Hand, HandSeat, HandStatus, SeatResult, Table, TableSeat
from game.props import counts_for_props, props_at
from game.redten_hands import hand_log, state_of
from game.selectors import HandHost, host_of
from lobby.presenters import TrickEntry, position_of
from lobby.redten_summary import RedTenSummary, summarize_redten
from lobby.table_state import LobbySeat, TableSnapshot, Viewer
from lobby.table_state import viewer_in as shared_viewer_in
from lobby.tables import BOT_NAMES


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
    events: tuple[redten.Event, ...] = ()  # the hand's public events, the same for every seat
    stake: int = 1  # the room's base stake S (a points room pays points × S)
    effects: tuple[str, ...] = ()  # each seat's play effect (RULES §12.2), or ""
    host: HandHost | None = None  # the app that dealt the hand (the daily challenge)

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
    seated = list(
        HandSeat.objects.filter(hand=hand).order_by("seat").values_list("name", "user_id")
    )
    names = tuple(name for name, _user in seated)
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
        events=public_events(hand.pk, hand.seed, hand.version),
        stake=table.room.base_stake,
        effects=_effects(hand, [user for _name, user in seated]),
        host=host_of(hand),
    )


_hand_effects: HandCache[tuple[str, ...]] = HandCache()


def _effects(hand: Hand, users: list[int | None]) -> tuple[str, ...]:
    """Each seat's play effect, those running when the hand was dealt (RULES §12.2): read
    once a hand, as the Baohuang table does (docs/DECISIONS.md, "Props")."""
    key = hand_key(hand)
    known = _hand_effects.get(key)
    if known is not None:
        return known
    people = [u for u in users if u is not None]
    held = props_at(people, hand.started_at) if people and counts_for_props(hand) else {}
    effects = tuple(held[u].effect if u is not None and u in held else "" for u in users)
    _hand_effects.put(key, effects)
    return effects


@lru_cache(maxsize=256)
def public_events(hand_id: int, seed: int, version: int) -> tuple[redten.Event, ...]:
    """The public events of the hand up to ``version`` (``redten.events_of``: what everyone
    at the table saw; an answer to the 亮牌 question before the last one makes none)."""
    hand = Hand.objects.get(pk=hand_id)
    log = hand_log(hand)
    state = redten.new_hand(log.seed, log.rules, dealer=log.dealer)
    out = list(redten.deal_events(state))
    for seat, action in log.events[:version]:
        after = redten.apply(state, seat, action)
        out.extend(redten.events_of(state, seat, action, after))
        state = after
    return tuple(out)


# --- the context -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RedTenSeat:
    index: int
    name: str
    is_me: bool
    position: str  # where it is drawn round the felt, from the viewer (RULES §2.1)
    is_bot: bool
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

    @property
    def place_label(self) -> str:
        return place_label(self.place) if self.place else ""

    @property
    def team_label(self) -> str:
        return {"red": _("Red side (红方)"), "black": _("Black side (黑方)")}.get(self.team, "")


@dataclass(frozen=True, slots=True)
class Choice:
    """One button of the viewer's decision and the one line that says what it does
    (templates/lobby/_choices.html, shared with the Baohuang controls). ``disabled``: the
    seat may not take it, and ``help`` says why."""

    kind: str
    action: str
    label: str
    help: str
    button_id: str = ""
    disabled: bool = False
    confirm: str = ""


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
    hand: tuple[CardInfo, ...]
    choices: tuple[str, ...]
    answered: bool
    open: bool | None
    public_red_tens: tuple[CardInfo, ...]
    last_set: tuple[CardInfo, ...]
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
    decision: tuple[Choice, ...] = ()  # the 亮牌 buttons, each with its reason
    turn_name: str = ""  # the seat to play, "" outside play
    my_turn: bool = False
    leading: bool = False
    turn_note: str = ""  # what the viewer may do now, or why not
    trick: tuple[TrickEntry, ...] = ()  # the current trick's moves (public)
    log: tuple[TrickEntry, ...] = ()  # the public play log
    summary: RedTenSummary | None = None  # the settlement explained, once the hand is over
    # The viewer's hint (提示): the cards it raises, or "pass" when nothing beats the set.
    hinted: frozenset[str] = frozenset()
    hint_pass: bool = False
    # A hand another app dealt (the daily challenge): its page, what follows; no "next hand".
    host: HandHost | None = None

    @property
    def my_clock(self) -> str:
        """The viewer's own deadline while it owes a move (the status line's clock, and the
        page's five-second warning): "" otherwise, and always for a spectator."""
        if self.me is None or (self.phase == "show" and self.answered):
            return ""
        seat = self.seats[self.me]
        return seat.clock if (seat.turn or self.phase == "show") else ""


@lru_cache(maxsize=64)
def face(card: redten.Card) -> CardInfo:
    """A Red Ten card as the shared card face draws it (templates/lobby/_card.html)."""
    code = redten.format_cards((card,))
    if card.rank.is_joker:
        big = card.rank is redten.Rank.BIG_JOKER
        # strength 11/10: the face partial draws a big or small joker from it
        return CardInfo(code, RANK_LABELS[11 if big else 10], "", 11 if big else 10, big, True,
                        False, False)  # fmt: skip
    suit = card.suit.value if card.suit is not None else ""
    rank = "10" if card.rank is redten.Rank.TEN else card.rank.symbol
    red = suit in ("H", "D")
    return CardInfo(code, rank, SUIT_SYMBOLS.get(suit, ""), card.strength, red, False, False, False)


def viewer_in(
    snapshot: RedTenSnapshot, user_id: int | None, session_key: str | None
) -> Viewer | None:
    return shared_viewer_in(snapshot.lobby(), user_id, session_key)


def _iso(when: datetime | None) -> str:
    return when.isoformat() if when is not None else ""


def table_context(
    snapshot: RedTenSnapshot,
    viewer: Viewer,
    *,
    errors: tuple[str, ...] = (),
    hint: redten.Action | None = None,
) -> RedTenContext:
    """The viewer's table; ``hint`` is the viewer's own hint for the position shown (its
    socket's, RULES §8.4's 提示), drawn as the cards it raises."""
    hand, state = snapshot.hand, snapshot.state
    lobby_names = {s.index: _seat_name(s) for s in snapshot.seats}
    ready = {s.index: s.ready for s in snapshot.seats}
    bots = {s.index for s in snapshot.seats if s.is_bot}
    me = viewer.seat
    if hand is None or state is None:
        seats = tuple(
            RedTenSeat(
                index=i,
                name=lobby_names.get(i, ""),
                is_me=i == me,
                position=position_of(i, me),
                is_bot=i in bots,
                cards=None,
                team="",
                showed=False,
                place=None,
                auto=False,
                passed=False,
                turn=False,
                clock="",
                away=False,
                ready=ready.get(i, False),
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
            position=position_of(sv.seat, me),
            is_bot=sv.seat in bots,
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
    my_turn = me is not None and view.turn == me
    finished = view.phase is redten.Phase.FINISHED and bool(snapshot.results)
    summary = (
        summarize_redten(state, redten.settle(state), names=names, me=me, stake=snapshot.stake)
        if finished
        else None
    )
    hinted = (
        frozenset(redten.format_cards((c,)) for c in hint.cards)
        if my_turn and isinstance(hint, redten.Play)
        else frozenset()
    )
    log = log_entries(snapshot.events, names, snapshot.effects)
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
        can_ready=(
            not running and me is not None and not ready.get(me, False) and snapshot.host is None
        ),
        is_guest_table=snapshot.is_guest,
        coin=state.rules.coin,
        errors=errors,
        my_auto=me is not None and view.seats[me].auto_play,
        decision=show_choices(view) if show_step and me is not None else (),
        turn_name=names[view.turn] if view.turn is not None else "",
        my_turn=my_turn,
        leading=view.leading,
        turn_note=turn_note(view, names) if view.phase is redten.Phase.PLAY else "",
        trick=current_trick(log) if view.phase is redten.Phase.PLAY else (),
        log=log,
        summary=summary,
        hinted=hinted,
        hint_pass=my_turn and hint is not None and not isinstance(hint, redten.Play),
        host=snapshot.host,
    )


def show_choices(view: redten.View) -> tuple[Choice, ...]:
    """The 亮牌 buttons with their reasons. Every seat is asked, in the same words; a seat
    with no red ten sees 亮牌 greyed out and told why (its own hand says so, nobody else's
    page changes)."""
    can_show = "show" in view.choices
    show_help = (
        _(
            "Show your red tens to everyone: the hand is open (明打) and every score doubles; "
            "everyone then knows your side."
        )
        if can_show
        else _(
            "You hold no red ten, so you have none to show: only a red-ten holder can. "
            "Everyone is asked, so answering 不亮 tells nobody anything."
        )
    )
    return (
        Choice(
            kind="no_show",
            action="no_show",
            label=_("Do not show (不亮)"),
            help=_(
                "Keep your cards secret: if nobody shows, the hand is dark (暗打), normal "
                "scores, and each side comes out as its red tens are played."
            ),
            button_id="no-show-button",
        ),
        Choice(
            kind="show",
            action="show_tens",
            label=_("Show (亮牌)"),
            help=show_help,
            button_id="show-button",
            disabled=not can_show,
        ),
    )


def turn_note(view: redten.View, names: tuple[str, ...]) -> str:
    """One line under the play buttons: what the viewer may do now, or why not."""
    if view.seat is None or view.turn is None:
        return ""
    if view.turn != view.seat:
        return _("Waiting for %(name)s to play.") % {"name": names[view.turn]}
    if view.leading:
        return _(
            "You lead: play any single, pair, triple or four of one rank. Leading, you cannot pass."
        )
    if "play" in view.choices:
        return _(
            "Beat the last set with a stronger one of the same kind (the two red tens or the "
            "two jokers beat more), or pass."
        )
    return _("Nothing in your hand beats the last set: pass.")


def log_entries(
    events: tuple[redten.Event, ...], names: tuple[str, ...], effects: tuple[str, ...] = ()
) -> tuple[TrickEntry, ...]:
    """The play log from the public events: sets, passes, red tens shown, auto-play; each
    set with its player's play effect (``effects``, by seat; RULES §12.2)."""
    out: list[TrickEntry] = []
    trick = 0
    leads = False
    for e in events:
        seat = e.seat if e.seat is not None else -1
        name = names[seat] if 0 <= seat < len(names) else ""
        if e.kind == "lead":
            trick += 1
            leads = True
        elif e.kind == "play":
            cards = tuple(face(c) for c in e.cards)
            effect = effects[seat] if 0 <= seat < len(effects) else ""
            out.append(TrickEntry(seat, name, "play", cards, trick, leads, effect=effect))
            leads = False
        elif e.kind == "pass":
            out.append(TrickEntry(seat, name, "pass", (), trick))
        elif e.kind == "out" and out and out[-1].seat == seat and e.place is not None:
            last = out[-1]
            out[-1] = TrickEntry(
                last.seat, last.name, last.kind, last.cards, last.trick, last.leads,
                place_label(e.place), last.effect,
            )  # fmt: skip
        elif e.kind == "show":
            cards = tuple(face(c) for c in e.cards)
            out.append(TrickEntry(seat, name, "show", cards))
        elif e.kind == "auto" and e.on is not None:
            out.append(TrickEntry(seat, name, "auto_on" if e.on else "auto_off"))
    return tuple(out)


def current_trick(log: tuple[TrickEntry, ...]) -> tuple[TrickEntry, ...]:
    """The moves of the trick being played: the log's last lead and what followed it."""
    moves = [e for e in log if e.kind in ("play", "pass") and e.trick > 0]
    if not moves:
        return ()
    last = moves[-1].trick
    return tuple(e for e in moves if e.trick == last)


def _seat_name(seat: LobbySeat) -> str:
    if seat.is_bot:
        return BOT_NAMES[seat.index]  # as the hand will record it (lobby.tables)
    if seat.is_guest:
        return _("Guest")
    return seat.username


def render_table(ctx: RedTenContext, *, oob: bool) -> str:
    """The table fragment; pushed (``oob``), the play log's list follows it as a second root
    (on the page it sits in its own box below the table, which a push leaves open or shut)."""
    html = render_to_string("lobby/_redten_table.html", {"t": ctx, "oob": oob})
    if oob:
        html += render_to_string("lobby/_log.html", {"log": ctx.log, "oob": True})
    return html
