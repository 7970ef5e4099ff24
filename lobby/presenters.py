"""From an engine ``View`` (plus the table's public facts) to the template context of the
table page. Everything a table fragment shows comes from here, and everything here comes
from ``engine.view_for`` for the viewer's seat: the only road from a state to a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_lazy as _

from display.cards import CardInfo as CardInfo  # re-exported: lobby/templatetags/memoized.py
from display.cards import card_info
from display.labels import (
    CHOICE_LABELS,
    GUESS_LABELS,
    LOW_RANK_LABELS,
    MODE_LABELS,
    RANK_LABELS,
    ROLE_LABELS,
    place_label,
)

# Re-exported for lobby/table_state.py, which imports them from here.
from display.results import ResultRow as ResultRow
from display.results import result_row as result_row
from game import engine

# The engine's interner and slot builder: pure helpers that return what the plain
# construction would, sooner (game/engine/_speed.py).
from game.engine._speed import interner, keyword_builder, memo_by_identity, slot_builder
from game.engine.cards import parse_card
from game.engine.state import N_SEATS
from game.engine.throne import attached_card
from game.selectors import HandHost
from lobby.identity_memo import IdentityMemo
from lobby.page_language import page_language
from lobby.play_log import PublicEvent, current_trick, played_counts
from lobby.summary import SettlementSummary

# Seats drawn counter-clockwise from the viewer (RULES §2.1): the next player sits on the
# viewer's right, the one after that top right, and so on round to the left.
POSITIONS = ("bottom", "right", "top-right", "top-left", "left")

# One line per role decision: what it means, what it multiplies, who will know (RULES §3,
# §5.2, §5.3). Shown under each button so a newcomer never bets 32× by accident.
CHOICE_HELP = {
    "ascend": _(
        "Be the emperor with a hidden guard: you win or lose 2× the stake per multiple; "
        "everyone knows you are the emperor."
    ),
    "abdicate": _(
        "Pass the emperor card to the next player: no risk of the throne; "
        "everyone sees that you passed it."
    ),
    "dark_solo": _(
        "Play alone against four, in secret: first place +16× the stake, second a draw, "
        "else −16×; only you know."
    ),
    "open_solo": _(
        "Announce you play alone against four: first place +32× the stake, else −32×; "
        "everyone knows at once."
    ),
    "dark_guard": _(
        "Stay hidden: normal stakes (you 1× per multiple); only you know you are the guard."
    ),
    "open_guard": _(
        "Reveal yourself: the hand opens and every stake doubles; everyone will know you are "
        "the guard."
    ),
    "no_rebel": _("Say nothing: normal stakes; nobody learns your answer."),
    "grab_solo": _(
        "Take the throne from him and play alone against four, openly: the solo stakes; "
        "everyone knows at once."
    ),
    "no_grab": _("Leave him the throne; the next player may still grab."),
    "rebel": _(
        "Declare: if another rebel declares too, all roles are revealed and stakes double; "
        "alone, you are marked a failed rebel for all to see."
    ),
}
# The safe default first (it becomes the primary button): ascend, dark guard, no rebellion;
# holding both cards, the smaller solo (RULES §3.2).
CHOICE_ORDER = (
    "ascend",
    "dark_solo",
    # Before open solo: in a called-guard room (RULES §10.1) there is no plain ascend, and
    # passing, not 32×, is the safe default beside the call buttons.
    "abdicate",
    "open_solo",
    "dark_guard",
    "open_guard",
    "no_rebel",
    "rebel",
    "no_grab",
    "grab_solo",
)
# The lines that name a stake, as the other systems score it (RULES §10.5 formula, §10.9
# position points); every other line holds for every system.
SCORING_HELP = {
    "formula": {
        "ascend": _(
            "Be the emperor with a hidden guard: you win or lose 2× the stake per point of "
            "6 − (your place + the guard's); everyone knows you are the emperor."
        ),
        "dark_solo": _(
            "Play alone against four, in secret: first place +12× the stake, second a draw, "
            "else −12×; only you know."
        ),
        "open_solo": _(
            "Announce you play alone against four: first place +24× the stake, else −24×; "
            "everyone knows at once."
        ),
        "dark_guard": _(
            "Stay hidden: normal stakes (you 1× per point); only you know you are the guard."
        ),
    },
    "position": {
        "ascend": _(
            "Be the emperor with a hidden guard: you win or lose 2× the stake per position "
            "point of you and the guard (+4 +2 0 −2 −4); everyone knows you are the emperor."
        ),
        "dark_solo": _(
            "Play alone against four, in secret: 4× your position points, from first place "
            "+16× the stake to last −16×; only you know."
        ),
        "open_solo": _(
            "Announce you play alone against four: 8× your position points, from first place "
            "+32× the stake to last −32×; everyone knows at once."
        ),
        "dark_guard": _(
            "Stay hidden: normal stakes (you 1× per position point); only you know you are "
            "the guard."
        ),
    },
}
# Decisions sent with their own socket action instead of "decide" (lobby/consumers/actions.py).
CHOICE_ACTIONS = {"grab_solo": "grab", "no_grab": "grab"}
# Choices that stake 16× or 32× ask for a second click (docs/DECISIONS.md).
CHOICE_CONFIRM = {
    "open_solo": _("Click again: 32× the stake"),
    "dark_solo": _("Click again: 16× the stake"),
    "grab_solo": _("Click again: you play alone against four"),
}
SCORING_CONFIRM = {
    "formula": {
        "open_solo": _("Click again: 24× the stake"),
        "dark_solo": _("Click again: 12× the stake"),
    },
    "position": {
        "open_solo": _("Click again: up to 32× the stake"),
        "dark_solo": _("Click again: up to 16× the stake"),
    },
}
PSYCH_MESSAGES = {
    "friend": "我是自己人",
    "help": "帮帮我",
    "careful": "小心他",
    "guard": "他是侍卫!",
}


@dataclass(frozen=True, slots=True)
class Choice:
    """One role-decision button: its action kind, label, one-line help and, for the big
    stakes, the text of the second click it asks for ("" when one click is enough)."""

    kind: str
    label: str
    help: str
    confirm: str = ""
    action: str = "decide"  # the socket action that carries it


def role_choices(
    kinds: Sequence[str], *, abdicate_note: str = "", scoring: str = "boke"
) -> tuple[Choice, ...]:
    """The viewer's role decisions as buttons, the safe default first. ``abdicate_note``
    replaces the pass's help where RULES §10.3 passes differently (to 上家, with a card);
    ``scoring`` is the room's (``Rules.scoring``): the stakes each line names are its own."""
    if not kinds:
        return ()  # most viewers after most moves
    return _role_choices(page_language(), tuple(kinds), abdicate_note, scoring)


@lru_cache(maxsize=256)
def _role_choices(
    language: str | None, kinds: tuple[str, ...], abdicate_note: str, scoring: str
) -> tuple[Choice, ...]:
    ordered = sorted((k for k in kinds if k in CHOICE_LABELS), key=CHOICE_ORDER.index)
    helps = {**CHOICE_HELP, **SCORING_HELP.get(scoring, {})}
    confirms = {**CHOICE_CONFIRM, **SCORING_CONFIRM.get(scoring, {})}
    return tuple(
        Choice(
            kind=k,
            label=str(CHOICE_LABELS[k]),
            help=abdicate_note if k == "abdicate" and abdicate_note else str(helps[k]),
            confirm=str(confirms[k]) if k in confirms else "",
            action=CHOICE_ACTIONS.get(k, "decide"),
        )
        for k in ordered
    )


@dataclass(frozen=True, slots=True)
class CallOption:
    """RULES §10.1: one identity the emperor may call: three copies held (guard) or all
    four (dark solo)."""

    code: str  # the call's notation, e.g. "8S"
    card: CardInfo
    copies: int


@dataclass(frozen=True, slots=True)
class TributeLine:
    """RULES §10.4: one transfer the viewer gave or took (nobody else sees it)."""

    gave: bool
    other: str  # the other player's name
    card: CardInfo


@dataclass(frozen=True, slots=True)
class Occupant:
    """Who sits in a table seat: public facts from the lobby, not from the hand."""

    name: str
    is_bot: bool = False
    is_me: bool = False
    ready: bool = False
    user_id: int | None = None
    title: str = ""  # the title of the seat's *publicly known* role (RULES §7.6)
    bot_level: str = ""  # a bot's level (novice / normal / expert); "" for people


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as one viewer sees it. Not where it is drawn (``position_of``: the one thing
    every viewer sees differently), so viewers who know the same of it share one value."""

    index: int
    occupant: Occupant | None
    card_count: int | None = None
    role: str = ""  # the role as the viewer knows it; "" when hidden from the viewer
    role_code: str = ""
    place: int | None = None
    place_label: str = ""
    auto_play: bool = False
    away: bool = False  # no open connection: his clock runs on (RULES §6.3)
    fled: bool = False
    failed_rebel: bool = False
    passed: bool = False
    is_turn: bool = False
    owes_decision: bool = False
    deadline: str = ""  # ISO time of this seat's current deadline, "" if none
    holds_throne: bool = False
    mark: str = "unknown"
    mark_label: str = "?"
    can_peek: bool = False
    last_set: tuple[CardInfo, ...] = ()


@dataclass(frozen=True, slots=True)
class TrickEntry:
    """One seat's move in the current trick, or one line of the play log."""

    seat: int
    name: str
    kind: str  # "play" / "pass" / "auto_on" / "auto_off" / "flee" / "show" (Red Ten)
    cards: tuple[CardInfo, ...] = ()
    trick: int = 0
    leads: bool = False
    place_label: str = ""  # the place this play took, when it went out
    # A play's effect (RULES §12.2): its player's prop, the same for every card and viewer.
    effect: str = ""


@dataclass(frozen=True, slots=True)
class CounterCell:
    """One rank of the card counter (记牌): cards of it not yet played and not in your hand."""

    rank: str
    left: int
    strength: int


# Cards of each strength in the four decks (RULES §1.1): 16 of each ordinary rank, 4 jokers.
RANK_TOTALS = (16,) * 10 + (4, 4)
AUTO_REASONS = {
    "timeout": _("your time ran out twice in a row"),
    "disconnect": _("you were disconnected"),
    "player": _("you switched it on"),
    "": _("the table switched it on"),
}


# No seat plays with an effect (RULES §12.2): one tuple for every such hand.
NO_EFFECTS: tuple[str, ...] = ("",) * N_SEATS


@lru_cache(maxsize=8192)
def _entry(
    e: PublicEvent, names: tuple[str, ...], effects: tuple[str, ...] = NO_EFFECTS
) -> TrickEntry:
    """A line depends on nothing but its event, the seats' names (a place label is a fixed
    term, RULES §5.1) and their play effects: the same event in later snapshots is built
    once."""
    return TrickEntry(
        seat=e.seat,
        name=names[e.seat],
        kind=e.kind,
        cards=tuple(card_info(c) for c in e.cards),
        trick=e.trick,
        leads=e.leads,
        place_label=place_label(e.went_out) if e.went_out else "",
        effect=effects[e.seat] if e.kind == "play" else "",
    )


@dataclass(frozen=True, slots=True)
class RecordLines:
    """What every viewer of one public record is shown alike: the play log's lines, the
    current trick's, and how many cards of each rank were played."""

    log: tuple[TrickEntry, ...]
    trick: tuple[TrickEntry, ...]
    played: tuple[int, ...]


# The lines of the records read lately, by the record's identity and the seats' names, with
# the record itself (so a reused ``id`` cannot match): a push builds a context for each of a
# table's sockets from the same snapshot, and its record grows by one event per action, so
# one build serves all five, and ``_entry`` makes it cost only the new events.
_record_lines: dict[
    tuple[int, tuple[str, ...], tuple[str, ...]], tuple[tuple[PublicEvent, ...], RecordLines]
] = {}


# The latest record built per seats' names, with its lines: the next action's record starts
# with it, so its log and counts grow by the new events alone instead of being rebuilt.
_latest_lines: dict[
    tuple[tuple[str, ...], tuple[str, ...]], tuple[tuple[PublicEvent, ...], RecordLines]
] = {}


def record_lines(
    events: tuple[PublicEvent, ...],
    names: tuple[str, ...],
    effects: tuple[str, ...] = NO_EFFECTS,
) -> RecordLines:
    key = (id(events), names, effects)
    hit = _record_lines.get(key)
    if hit is not None and hit[0] is events:
        return hit[1]
    seating = (names, effects)
    base = _latest_lines.get(seating)
    if base is not None and len(base[0]) <= len(events) and events[: len(base[0])] == base[0]:
        # Equal events make equal lines and counts: only the new ones are built.
        known, before = base
        new = events[len(known) :]
        log = before.log + tuple(_entry(e, names, effects) for e in new)
        extra = played_counts(new)
        # A pass plays no card: the counts stay the very same tuple, so each viewer's
        # counter (``counter_cells``) is found again rather than built.
        played = (
            tuple(a + b for a, b in zip(before.played, extra, strict=True))
            if any(extra)
            else before.played
        )
    else:
        log = tuple(_entry(e, names, effects) for e in events)
        played = played_counts(events)
    lines = RecordLines(
        log=log,
        trick=tuple(_entry(e, names, effects) for e in current_trick(events)),
        played=played,
    )
    if len(_record_lines) >= 256:
        _record_lines.clear()  # atomic, unlike evicting one while a view thread may read
    _record_lines[key] = (events, lines)
    if len(_latest_lines) >= 2048:  # one a table
        _latest_lines.clear()
    _latest_lines[seating] = (events, lines)
    return lines


def counter_cells(
    events: Sequence[PublicEvent],
    hand: tuple[engine.Card, ...],
    *,
    full_deck: bool = False,
    played: tuple[int, ...] | None = None,
) -> tuple[CounterCell, ...]:
    """Ranks outside the viewer's hand still unplayed, strongest first: built from the public
    record and the viewer's own cards only (``played``: the record's counts, when known)."""
    if played is None:
        played = played_counts(tuple(events))
    mine = _held_counts(hand)
    known = _counters.get((played, mine), (full_deck,))
    if known is not None:
        return known
    lowest = -3 if full_deck else 0  # RULES §10.2: the 216-card deck adds 3 4 5
    cells = tuple(
        [
            _counter_cell(s, (16 if s < 0 else RANK_TOTALS[s]) - played[s + 3] - mine[s + 3])
            for s in reversed(range(lowest, 12))
        ]
    )
    return _counters.put((played, mine), (full_deck,), cells)


# The counters built lately, by the record's counts and the viewer's (the same tuples from
# move to move while nobody plays a card, and while the viewer does not).
_counters: IdentityMemo[tuple[CounterCell, ...]] = IdentityMemo(4096)


def _rank_counts(hand: tuple[engine.Card, ...]) -> tuple[int, ...]:
    """How many cards of each rank ``hand`` holds, by strength + 3 (as ``played_counts``)."""
    mine = [0] * 15
    for c in hand:
        mine[c.strength + 3] += 1
    return tuple(mine)


# A viewer's hand is the same tuple from move to move until it plays (``engine.view_for``):
# its counts are made once for all the moves it sits through.
_held_counts = memo_by_identity(_rank_counts, size=4096)


@lru_cache(maxsize=1024)
def _counter_cell(strength: int, left: int) -> CounterCell:
    """One rank's cell: a few hundred distinct ones, each made once (and compared with the
    page's by identity first)."""
    rank = LOW_RANK_LABELS[strength] if strength < 0 else RANK_LABELS[strength]
    return CounterCell(rank=rank, left=left, strength=strength)


@dataclass(frozen=True, slots=True)
class BotQuestion:
    """A person left ``seat`` between hands; may a bot take it? (to one person)"""

    seat: int
    name: str  # the person who left
    answered: bool  # this viewer already said yes; the others are still being asked


@dataclass(frozen=True, slots=True)
class SharedAddress:
    """Seats whose players were last seen at one network address, as everybody seated at a
    private table is told before a hand (docs/SECURITY.md, "Second accounts"): the seats,
    counted from 1, and their players' names. Never the address."""

    seats: str
    names: str


@dataclass(frozen=True, slots=True)
class TableContext:
    table_id: int
    version: int
    me: int | None
    phase: str  # "waiting" before a hand, then the engine's phase
    seats: tuple[SeatInfo, ...]  # in drawing order, the viewer (or seat 0) first
    bot_questions: tuple[BotQuestion, ...] = ()  # put to this viewer
    is_owner: bool = False  # a private table's owner, between hands: may remove a seat
    shared_address: tuple[SharedAddress, ...] = ()  # a private table's seated, between hands
    hand: tuple[CardInfo, ...] = ()
    last_set: tuple[CardInfo, ...] = ()
    last_player: int | None = None
    leading: bool = False
    choices: tuple[Choice, ...] = ()  # buttons for role decisions, safe default first
    can_play: bool = False
    can_pass: bool = False
    my_turn: bool = False
    question: str = ""
    mode_label: str = ""
    rebellion: bool = False
    open_hand: bool = False
    auto_play: bool = False
    auto_locked: bool = False
    keep_six: bool = False
    previous_strengths: tuple[int, ...] = ()
    my_deadline: str = ""
    turn_deadline: str = ""
    peek_seat: int | None = None
    peek_cards: tuple[CardInfo, ...] = ()
    results: tuple[ResultRow, ...] = ()
    # Leaving the running hand (RULES §6.3): the flight's penalty in beans (3·S, or the
    # room's §10.8 quit penalty), and whether the viewer is out already (then it costs nothing).
    flight_penalty: int = 0
    gone_out: bool = False
    hand_id: int | None = None
    finished: bool = False
    is_guest_table: bool = False
    # A tournament's table: the tournament, and once the hand is over what comes next.
    host: HandHost | None = None
    trick: tuple[TrickEntry, ...] = ()  # the latest trick's plays and passes, in order
    trick_done: bool = False  # … and it is over (the next player leads)
    log: tuple[TrickEntry, ...] = ()  # the public record of the hand, oldest first
    counter: tuple[CounterCell, ...] = ()
    auto_reason: str = ""  # why the viewer is on auto-play, when they are
    # The viewer's own deadline first put him on auto-play in this hand (RULES §6.1): the
    # banner then says how to take his seat back. From the public auto_on events of his seat.
    auto_first_timeout: bool = False
    # The viewer's last decision was taken at his deadline, auto-play is off (RULES §6.1): the
    # banner says so, and that one more miss in a row turns auto-play on.
    missed_once: bool = False
    summary: SettlementSummary | None = None
    balance: int | None = None  # the viewer's beans after the settlement
    errors: tuple[str, ...] = field(default=())
    # --- RULES §10 (empty in Boke City's rooms) ---------------------------------------
    calls: tuple[CallOption, ...] = ()  # §10.1 the identities the viewer may call now
    called: CardInfo | None = None  # §10.1 the called identity: public
    attached: tuple[CardInfo, ...] = ()  # §10.3 cards travelling with the emperor card
    void: bool = False  # §10.2 nobody took the throne
    # §10.2/§10.3: the last hand was void and this one was dealt at once, shown until the
    # throne is taken (public: every refusal was).
    redealt: bool = False
    tribute: tuple[TributeLine, ...] = ()  # §10.4 the viewer's own transfers
    can_request: bool = False  # §10.10 the viewer may pass asking to lead
    jiefeng_claim: str = ""  # §10.10 the name of who asked to lead (public)

    @property
    def can_mark(self) -> bool:
        """Private marks (RULES §8.2) are offered while some role is still hidden, from the
        declarations on (at the throne nobody has a role yet)."""
        return not self.open_hand and self.phase != "throne"


@dataclass(frozen=True, slots=True)
class StatusView:
    """Everything the status line shows (templates/lobby/_status.html), and its cache key.
    Not the hand's version: that is the page's own tiny element (``#ver``), so a status line
    that reads the same is not sent again after every move."""

    phase: str
    mode_label: str
    rebellion: bool
    leading: bool
    spectator: bool
    actor: int | None  # whose turn (play) or who holds the emperor card (throne)
    actor_name: str
    actor_is_me: bool
    deadline: str  # the viewer's own deadline, else the turn's
    deadline_mine: bool  # … and it is the viewer's own (the page warns at 5 s left)
    # RULES §10: public facts only (the status line is shared by every viewer).
    called: CardInfo | None = None
    attached: tuple[CardInfo, ...] = ()
    void: bool = False
    jiefeng_claim: str = ""


STATUS_ACTOR = 5  # the actor's seat, in ``status_fields``


def status_fields(t: TableContext, deadline_slot: str = "", name_slot: str = "") -> tuple[Any, ...]:
    """The status line of ``t`` as ``StatusView``'s fields, in order, in a plain tuple: equal
    exactly when the views are, and hashed without a call to Python for each push of each
    socket (the tag's cache key). With ``deadline_slot`` and ``name_slot``, those stand in for
    its deadline and for the name of the seat it names (the tag puts them in afterwards:
    lobby/templatetags/memoized.py)."""
    actor = next(
        (
            s
            for s in t.seats
            if (t.phase == "play" and s.is_turn) or (t.phase == "throne" and s.holds_throne)
        ),
        None,
    )
    occupant = actor.occupant if actor is not None else None
    mine = occupant is not None and occupant.is_me
    deadline = t.my_deadline or t.turn_deadline
    return (
        t.phase,  # phase
        t.mode_label,  # mode_label
        t.rebellion,  # rebellion
        t.leading and mine,  # leading: shown only on the viewer's own turn
        t.me is None,  # spectator
        actor.index if actor is not None else None,  # actor
        (name_slot or occupant.name) if occupant is not None else "",  # actor_name
        mine,  # actor_is_me
        deadline_slot if deadline and deadline_slot else deadline,  # deadline
        bool(t.my_deadline),  # deadline_mine
        t.called,  # called
        t.attached,  # attached
        t.void,  # void
        t.jiefeng_claim,  # jiefeng_claim
    )


@dataclass(frozen=True, slots=True)
class ControlsView:
    """Everything the controls show (templates/lobby/_controls.html), and their cache key.
    Not the hand's version (``#ver`` carries it, and every form sends it from there): the
    controls of a player with nothing to decide stay the same from move to move, and are
    not sent again."""

    phase: str
    spectator: bool
    my_turn: bool
    can_play: bool
    can_pass: bool
    leading: bool
    previous: str  # the strengths of the set to beat, for the page's own legality check
    keep_six: bool
    question: str
    choices: tuple[Choice, ...]
    auto_play: bool
    auto_locked: bool
    is_guest_table: bool
    # RULES §10: the viewer's own decisions and transfers only.
    calls: tuple[CallOption, ...] = ()
    can_request: bool = False
    tribute: tuple[TributeLine, ...] = ()
    called_guard: bool = False  # the guard question names the called card, not SJ*
    flight_penalty: int = 0  # what leaving the running hand costs (RULES §6.3, §10.8)
    gone_out: bool = False  # the viewer went out: leaving costs nothing
    hosted: bool = False  # a tournament's hand: its penalty is points of the score, not beans

    @property
    def calls_guard(self) -> bool:
        """Some call names a guard (three copies held): its help line is shown once."""
        return any(o.copies == 3 for o in self.calls)

    @property
    def calls_dark_solo(self) -> bool:
        """Some call is dark solo (all four held): its help line is shown once."""
        return any(o.copies == 4 for o in self.calls)


def controls_view(t: TableContext) -> ControlsView:
    return ControlsView(*controls_fields(t))


def controls_fields(t: TableContext) -> tuple[Any, ...]:
    """``ControlsView``'s fields, in order, as a plain tuple (as ``status_fields``)."""
    # The set to beat and whether the viewer leads matter to the page's legality check on
    # the viewer's own turn only (static/js/table.js): off turn they would change the
    # controls of all five players after every play.
    return (
        t.phase,  # phase
        t.me is None,  # spectator
        t.my_turn,  # my_turn
        t.can_play,  # can_play
        t.can_pass,  # can_pass
        t.leading and t.my_turn,  # leading
        " ".join(str(s) for s in t.previous_strengths) if t.my_turn else "",  # previous
        t.keep_six,  # keep_six
        t.question,  # question
        t.choices,  # choices
        t.auto_play,  # auto_play
        t.auto_locked,  # auto_locked
        t.is_guest_table,  # is_guest_table
        t.calls,  # calls
        t.can_request,  # can_request
        t.tribute,  # tribute
        t.called is not None,  # called_guard
        t.flight_penalty,  # flight_penalty
        t.gone_out,  # gone_out
        t.host is not None,  # hosted
    )


def position_of(index: int, me: int | None) -> str:
    """Where seat ``index`` is drawn on the page of seat ``me`` (None: a spectator, who sees
    the table from seat 0)."""
    return POSITIONS[(index - (0 if me is None else me)) % N_SEATS]


def drawing_order(me: int | None) -> list[int]:
    start = 0 if me is None else me
    return [(start + k) % N_SEATS for k in range(N_SEATS)]


def waiting_context(
    *,
    table_id: int,
    me: int | None,
    occupants: Sequence[Occupant | None],
    version: int,
    is_guest_table: bool,
) -> TableContext:
    seats = tuple(SeatInfo(index=s, occupant=occupants[s]) for s in drawing_order(me))
    return _table_context(
        table_id=table_id,
        version=version,
        me=me,
        phase="waiting",
        seats=seats,
        is_guest_table=is_guest_table,
    )


def hand_context(
    *,
    table_id: int,
    hand_id: int,
    view: engine.View,
    occupants: Sequence[Occupant | None],
    deadlines: Sequence[datetime | None],
    results: Sequence[ResultRow] = (),
    is_guest_table: bool = False,
    away: Sequence[bool] = (False,) * N_SEATS,
    public: Sequence[PublicEvent] = (),
    summary: SettlementSummary | None = None,
    balance: int | None = None,
    redealt: bool = False,
    effects: tuple[str, ...] = NO_EFFECTS,
) -> TableContext:
    me = view.seat
    names = tuple(o.name if o is not None else "" for o in occupants)
    events = tuple(public)
    lines = record_lines(events, names, effects)
    marked = not view.rules.called_guard  # RULES §10.1: no guard card when it is called

    def info(c: engine.Card) -> CardInfo:
        return card_info(c, guard_card=marked)

    auto_reason = ""
    auto_first_timeout = False
    if me is not None and view.seats[me].auto_play:
        source = next(
            (e.source for e in reversed(events) if e.seat == me and e.kind == "auto_on"), ""
        )
        auto_reason = str(AUTO_REASONS.get(source, AUTO_REASONS[""]))
        timeouts = sum(
            1 for e in events if e.seat == me and e.kind == "auto_on" and e.source == "timeout"
        )
        auto_first_timeout = source == "timeout" and timeouts == 1
    owes = {s for s in range(N_SEATS) if deadlines[s] is not None}
    # Remembered for a tuple only (a snapshot's, shared by its viewers): a list could change.
    isos = _isos(deadlines) if isinstance(deadlines, tuple) else _iso_times(deadlines)
    # The set on the table is one tuple for every viewer while it lies there: its faces are
    # drawn once, not per socket and push.
    last_set = _hand_infos(view.last_set or (), marked)
    language = page_language()
    seats = []
    turn_seat, throne, last_player = view.turn, view.throne_holder, view.last_player
    for s in drawing_order(me):
        sv = view.seats[s]
        occupant = occupants[s]
        deadline = deadlines[s]
        shown = last_set if last_player == s else ()
        # Everything the seat is drawn from: the engine's seat view (interned, so one object
        # while the seat does not change, for every viewer who knows the same of it), who
        # sits there (one object for every viewer, ``lobby.table_state``), the set it lies
        # there and its clock (one object per snapshot), by identity; the rest by value.
        # Most seats do not change in a move, and then their SeatInfo is found, not built.
        held = (sv, occupant, shown, deadline)
        plain = (s in owes, turn_seat == s, away[s], throne == s, s in view.peek_targets, language)
        known = _seats_drawn.get(held, plain)
        if known is not None:
            seats.append(known)
            continue
        if occupant is not None and sv.role is None and occupant.title:
            # RULES §7.6: a title is shown only for a role the viewer may know.
            occupant = replace(occupant, title="")
        # Positional, in SeatInfo's field order (``_seat_info``); the comments name them.
        seats.append(
            _seats_drawn.put(
                held,
                plain,
                _seat_info(
                    (
                        s,  # index
                        occupant,  # occupant
                        sv.card_count,  # card_count
                        _role_label(sv.role, language),  # role
                        sv.role.value if sv.role is not None else "",  # role_code
                        sv.place,  # place
                        place_label(sv.place) if sv.place else "",  # place_label
                        sv.auto_play,  # auto_play
                        away[s],  # away
                        sv.fled,  # fled
                        sv.failed_rebel,  # failed_rebel
                        sv.passed,  # passed
                        view.turn == s,  # is_turn
                        # In the declarations every seat owes an answer at once; showing who
                        # still owes one is fine, as everyone is asked exactly one question
                        # (RULES §3.3).
                        s in owes,  # owes_decision
                        isos[s],  # deadline
                        view.throne_holder == s,  # holds_throne
                        sv.mark.value,  # mark
                        GUESS_LABELS[sv.mark],  # mark_label
                        s in view.peek_targets,  # can_peek
                        shown,  # last_set
                    )
                ),
            )
        )
    return _table_context(
        table_id=table_id,
        hand_id=hand_id,
        version=view.version,
        me=me,
        phase=view.phase.value,
        seats=tuple(seats),
        hand=_hand_infos(view.hand or (), marked),
        last_set=last_set,
        last_player=view.last_player,
        leading=view.leading,
        choices=role_choices(
            view.choices, abdicate_note=_abdicate_note(view, events), scoring=view.rules.scoring
        ),
        can_play="play" in view.choices,
        can_pass="pass" in view.choices,
        my_turn=me is not None and view.turn == me,
        question=view.question.value if view.question is not None else "",
        mode_label=_mode_label(view.mode, language) if view.mode is not None else "",
        rebellion=view.rebellion,
        open_hand=view.open,
        auto_play=me is not None and view.seats[me].auto_play,
        auto_locked=view.auto_locked,
        flight_penalty=view.rules.quit_penalty * view.rules.stake,
        gone_out=me is not None and view.seats[me].place is not None,
        keep_six=view.rules.keep_six,
        previous_strengths=_strengths(view.last_set) if view.last_set else (),
        my_deadline=isos[me] if me is not None else "",
        turn_deadline=isos[view.turn] if view.turn is not None else "",
        peek_seat=view.peek_seat,
        peek_cards=tuple(info(c) for c in view.peek_cards or ()),
        results=tuple(results),
        finished=view.phase is engine.Phase.FINISHED,
        is_guest_table=is_guest_table,
        trick=lines.trick,
        trick_done=view.leading and bool(lines.trick),
        log=lines.log,
        counter=counter_cells(
            events, view.hand or (), full_deck=view.rules.deck == 216, played=lines.played
        )
        if view.phase is engine.Phase.PLAY
        else (),
        auto_reason=auto_reason,
        auto_first_timeout=auto_first_timeout,
        summary=summary,
        balance=balance,
        calls=_call_options(view, marked),
        called=info(parse_card(view.called, full_deck=True)) if view.called else None,
        attached=tuple(info(c) for c in view.attached),
        void=view.void,
        redealt=redealt and view.phase is engine.Phase.THRONE,
        tribute=tuple(
            TributeLine(
                gave=giver == me, other=names[taker if giver == me else giver], card=info(c)
            )
            for giver, taker, c in view.tribute
        ),
        can_request="request" in view.choices,
        jiefeng_claim=names[view.jiefeng_claim] if view.jiefeng_claim is not None else "",
    )


def _iso_times(deadlines: Sequence[datetime | None]) -> tuple[str, ...]:
    return tuple(d.isoformat() if d is not None else "" for d in deadlines)


# Each seat's deadline as an ISO time ("" if none), by the seats' deadlines: the table's
# snapshot hands the same tuple to each of its viewers (``lobby.table_state``).
_isos = memo_by_identity(_iso_times, size=1024)


# The seats drawn lately (``hand_context``), by what they are drawn from.
_seats_drawn: IdentityMemo[SeatInfo] = IdentityMemo(8192)


# Equal seats are one object (the engine's interner): a seat that did not change between two
# moves, or that two viewers see alike, is the same value, so comparing it with the seat a
# page shows (lobby/consumers/render.py) is an identity test, and building it costs a look-up.
_seat_info = interner(slot_builder(SeatInfo))


# Python's frozen ``__init__`` costs more than the rest of a context (forty-odd fields), and
# a push builds one per socket: the same value, written through the slots (engine._speed).
_table_context = keyword_builder(TableContext)


def _descending(cards: tuple[engine.Card, ...]) -> tuple[int, ...]:
    return tuple(sorted((c.strength for c in cards), reverse=True))


# The strengths of the set on the table, strongest first, for the set's lifetime (the view
# hands out the same tuple while it lies there).
_strengths = memo_by_identity(_descending, size=1024)


def _role_label(role: engine.Role | None, language: str | None) -> str:
    """A role's name in the active ``language`` ("" when the viewer does not know it)."""
    return "" if role is None else _label(ROLE_LABELS, role, language)


def _mode_label(mode: engine.Mode, language: str | None) -> str:
    """The mode's name in the active ``language``."""
    return _label(MODE_LABELS, mode, language)


def _label(labels: Mapping[Any, object], value: object, language: str | None) -> str:
    """``labels[value]`` (a lazy string) in ``language``, resolved once: a role's or a
    mode's name is asked for by every socket on every push."""
    key = (id(labels), language, value)
    label = _labels.get(key)
    if label is None:
        label = _labels[key] = str(labels[value])
    return label


# By the labels' table (module constants, which live as long as the process), the language
# and the value: a role and a mode may share a value's string, never a table.
_labels: dict[tuple[int, str | None, object], str] = {}


# The faces of the hands (and of the sets on the table) drawn lately, by the cards' identity
# and the room's guard card, with the cards themselves (so a reused ``id`` cannot match):
# ``engine.view_for`` hands out the same tuple while a seat's cards, or the set on the
# table, do not change, and the faces depend on nothing else.
_hand_faces: dict[tuple[int, bool], tuple[tuple[engine.Card, ...], tuple[CardInfo, ...]]] = {}


def _hand_infos(hand: tuple[engine.Card, ...], marked: bool) -> tuple[CardInfo, ...]:
    key = (id(hand), marked)
    hit = _hand_faces.get(key)
    if hit is not None and hit[0] is hand:
        return hit[1]
    faces = tuple(card_info(c, guard_card=marked) for c in hand)
    if len(_hand_faces) >= 4096:  # five hands a table: a busy process holds a thousand
        _hand_faces.clear()  # atomic, unlike evicting one while a view thread may read
    _hand_faces[key] = (hand, faces)
    return faces


def _call_options(view: engine.View, marked: bool) -> tuple[CallOption, ...]:
    """RULES §10.1: the identities the viewer may call, with how many copies he holds."""
    if not view.calls:
        return ()
    options = []
    for code in view.calls:
        card = parse_card(code, full_deck=True)
        copies = sum(1 for c in view.hand or () if c.index // 4 == card.index // 4)
        options.append(
            CallOption(code=code, card=card_info(card, guard_card=marked), copies=copies)
        )
    return tuple(options)


def _abdicate_note(view: engine.View, events: Sequence[PublicEvent]) -> str:
    """RULES §10.3: which of the viewer's cards a pass would add to the emperor card (it is
    shown to everyone once passed, so the passer is told before he clicks)."""
    if "abdicate" not in view.choices or view.hand is None:
        return ""
    if view.rules.throne == "boke":
        return ""
    passes = sum(1 for e in events if e.kind == "abdicate")
    index = attached_card(view.rules, [c.index for c in view.hand], passes)
    text = str(
        _(
            "Pass the emperor card to the player before you (上家); everyone sees that you "
            "passed it."
        )
    )
    if index is None:
        return text
    card = card_info(engine.Card.from_index(index), guard_card=not view.rules.called_guard)
    note = _("Your %(card)s goes with it, for everyone to see.") % {
        "card": f"{card.suit}{card.rank}"
    }
    return f"{text} {note}"
