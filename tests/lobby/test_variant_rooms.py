"""The sources' other systems as rooms (RULES §10): the rooms a fresh site gets,
admins' presets and switches, what each card says, and the new controls, each drawn only
for the player who must take it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from baohuang_site.devtools.table_players import hand_state, seat_five
from game import engine
from game.engine.bots import SensibleBot
from game.engine.throne import callable_identities
from game.hands import submit_action
from game.models import Hand, HandStatus, Room, SeatResult
from game.room_rules import room_rules
from game.selectors import state_of
from lobby import tables
from lobby.presenters import Occupant, controls_view, hand_context
from lobby.services import ensure_default_rooms
from lobby.templatetags.memoized import controls

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Pages asked for in English leave English active in this thread; give the next test
    the site's default language back (tests elsewhere read refusals in Chinese)."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


NEW_ROOMS = {
    "lianzhong-classic": ("联众经典场", "lianzhong_classic"),
    "lianzhong-simple": ("联众简明场", "lianzhong_simple"),
    "duole": ("多乐场", "duole"),
}


def test_ensure_rooms_creates_the_three_new_rooms_with_their_presets() -> None:
    call_command("ensure_rooms")
    call_command("ensure_rooms")  # idempotent
    for slug, (name, preset) in NEW_ROOMS.items():
        room = Room.objects.get(slug=slug)
        assert room.name == name
        # RULES §10 table: the room deals exactly the named preset (with its stake and fee).
        assert room_rules(room) == engine.Rules.preset(
            preset, stake=room.base_stake, fee=room.table_fee
        )
    html = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(reverse("home")).content.decode()
    for name, _ in NEW_ROOMS.values():
        assert html.count(f">{name}</a></h3>") == 1
    # Each card says in a player's words what it plays.
    assert "叫一张自己有三张的牌" in html  # 联众经典: the called guard
    assert "烤王" in html  # 联众简明: toasting
    assert "进贡" in html and "216 张牌" in html  # 多乐


def test_the_min_balance_follows_the_rooms_scoring_and_quit_penalty() -> None:
    ensure_default_rooms()
    classic = Room.objects.get(slug="lianzhong-classic")
    # §10.5: the formula's worst (open solo under a standing rebellion) 48·S, plus §10.8's 40.
    assert classic.effective_min_balance == (48 + 40) * classic.base_stake + classic.table_fee
    standard = Room.objects.get(slug="standard")
    assert standard.effective_min_balance == 35 * standard.base_stake + standard.table_fee


@pytest.fixture
def staff_client(staff: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff)
    return client


def _post_room(client: Client, room: Room, **changes: object) -> tuple[int, str]:
    url = reverse("admin:game_room_change", args=[room.pk])
    form = client.get(url).context["adminform"].form
    data = {name: form.initial.get(name, field.initial) for name, field in form.fields.items()}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data["rule_overrides"] = json.dumps(room.rule_overrides)
    data["pass_lock"] = "on" if room.pass_lock else ""
    data["is_open"] = "on"
    data.update(changes)
    response = client.post(url, data)
    return response.status_code, response.content.decode()


def test_admins_give_a_room_any_preset_and_switch_single_rules(staff_client: Client) -> None:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    status, _ = _post_room(
        staff_client, room, preset="lianzhong_simple", rule_overrides='{"toasting": false}'
    )
    assert status == 302
    room.refresh_from_db()
    rules = room_rules(room)
    assert rules.name == "lianzhong_simple" and rules.scoring == "formula"
    assert rules.toasting is False  # the single switch, the rest as the preset
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("home")).content.decode()
    assert "No toasting." in html  # the card says it


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ('{"deck": 216}', "216-card deck"),  # §10.2 needs a called guard
        ('{"toasting": "yes"}', "takes a bool"),
        ('{"tributes": true}', "unknown rule fields: tributes"),
        ('{"stake": 5}', "own fields"),
    ],
)
def test_a_switch_the_engine_cannot_play_is_refused_and_changes_nothing(
    staff_client: Client, overrides: str, reason: str
) -> None:
    ensure_default_rooms()
    room = Room.objects.get(slug="standard")
    status, html = _post_room(staff_client, room, rule_overrides=overrides)
    assert status == 200  # the form again, with the reason
    assert reason in html
    room.refresh_from_db()
    assert room.rule_overrides == {}


# --- controls, only for the player who must take them -----------------------------------


def _seed_with_calls(preset: str) -> int:
    rules = engine.Rules.preset(preset)
    for seed in range(1000):
        state = engine.new_hand(seed, rules)
        if engine.view_for(state, state.throne_holder).calls:
            return seed
    raise AssertionError("no deal with a callable triple")


def _pages(table_id: int, users: list[User]) -> list[str]:
    pages = []
    for user in users:
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(user)
        pages.append(client.get(reverse("table", args=[table_id])).content.decode())
    return pages


def test_only_the_emperor_card_holder_is_offered_the_calls_then_only_the_asked_seat_may_grab(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from types import SimpleNamespace

    import game.hands

    seed = _seed_with_calls("lianzhong_classic")
    monkeypatch.setattr(game.hands, "secrets", SimpleNamespace(randbits=lambda _n: seed))
    table, users = seat_five("lianzhong-classic", [f"c{i}" for i in range(5)])
    hand, state = hand_state(table)
    holder = state.throne_holder
    assert holder is not None
    calls = engine.view_for(state, holder).calls
    pages = _pages(table.pk, users)
    for seat, html in enumerate(pages):
        # RULES §10.1: the identities among the holder's triples, as buttons, his alone.
        offered = {c for c in calls if f'data-call="{c}"' in html}
        assert offered == (set(calls) if seat == holder else set()), seat
    submit_action(
        hand_id=hand.pk, seat=holder, action=engine.Call.of(calls[0]), expected_version=None
    )
    hand, state = hand_state(table)
    assert state.phase is engine.Phase.GRAB  # RULES §10.7: the others are asked in turn
    asked = engine.to_act(state)
    assert len(asked) == 1
    pages = _pages(table.pk, users)
    for seat, html in enumerate(pages):
        assert ('data-choice="grab_solo"' in html) == (seat == asked[0]), seat
        # The call is public: every page names the called card.
        assert 'id="called-card"' in html, seat


def test_the_holders_calls_say_once_what_a_guard_call_and_a_dark_solo_call_do() -> None:
    """RULES §10.1: three copies call a guard, four are dark solo. The calls are one row of
    buttons; each kind's help line is shown once, and each button is described by its own."""
    rules = engine.Rules.preset("lianzhong_classic")
    both, triples_only = frozenset({3, 4}), frozenset({3})
    deals: dict[frozenset[int], engine.State] = {}
    for seed in range(3000):
        state = engine.new_hand(seed, rules)
        held = callable_identities(state.hands[state.throne_holder])
        deals.setdefault(frozenset(copies for _, copies in held), state)
        if both in deals and triples_only in deals:
            break
    occupants = [Occupant(f"p{i}") for i in range(5)]
    for kinds in (both, triples_only):
        view = engine.view_for(deals[kinds], deals[kinds].throne_holder)
        ctx = hand_context(
            table_id=1, hand_id=1, view=view, occupants=occupants, deadlines=[None] * 5
        )
        with translation.override("en"):
            html = str(controls(ctx))
        assert html.count("You hold three: everyone sees the card you call") == 1
        solo_lines = html.count("You hold all four: you play alone against four in secret.")
        assert solo_lines == (1 if 4 in kinds else 0)
        assert html.count('class="call-button"') == len(view.calls) >= 2
        for option in controls_view(ctx).calls:
            described = f'data-call="{option.code}" aria-describedby="call-help-{option.copies}"'
            assert described in html
        # The take-or-pass question stands beside the calls, in one group of two.
        assert 'class="decisions two"' in html


def _duole_after_one_hand() -> tuple[object, list[User], Hand, engine.State]:
    """A Duole table whose first hand was played by the bots' choices through the services,
    then the same five confirmed the next hand: it is dealt with tribute (RULES §10.4)."""
    table, users = seat_five("duole", [f"d{i}" for i in range(5)])
    bot = SensibleBot()
    for _ in range(10):  # a void hand is dealt again; a drawn one pays no tribute (§10.4)
        hand, state = hand_state(table)
        while state.phase is not engine.Phase.FINISHED:
            seat = engine.to_act(state)[0]
            action = bot.choose(engine.view_for(state, seat))
            submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=None)
            hand, state = hand_state(table)
        if state.void:
            continue
        result = engine.previous_result(state)
        if result is not None and result.winner != "draw":
            break
        for user in users:  # a draw: play on until a hand is decided
            tables.set_ready(table=table, user=user)
    for user in users:
        tables.set_ready(table=table, user=user)
    hand, state = hand_state(table)
    return table, users, hand, state


@pytest.mark.slow
def test_tribute_is_shown_to_giver_and_taker_only() -> None:
    table, users, hand, state = _duole_after_one_hand()
    assert hand.previous  # the same five sat on: the last result was passed to the deal
    assert state.tribute, "a decided Duole hand is followed by tribute"
    pages = _pages(table.pk, users)  # type: ignore[attr-defined]
    for seat, html in enumerate(pages):
        mine = [t for t in state.tribute if seat in (t[0], t[1])]
        assert html.count('class="tribute-given"') == sum(1 for g, _, _ in mine if g == seat)
        assert html.count('class="tribute-taken"') == sum(1 for _, t, _ in mine if t == seat)


def test_the_jiefeng_request_is_offered_only_to_the_seat_that_may_ask() -> None:
    # RULES §10.10: found by playing a Duole hand with the bots until a seat may ask.
    rules = engine.Rules.preset("duole")
    bot = SensibleBot()
    state = engine.new_hand(3, rules)
    while state.phase is not engine.Phase.FINISHED:
        seat = engine.to_act(state)[0]
        if "request" in engine.view_for(state, seat).choices:
            break
        state = engine.apply(state, seat, bot.choose(engine.view_for(state, seat)))
    else:
        raise AssertionError("nobody could ask for jiefeng in this hand")
    occupants = [Occupant(f"p{i}") for i in range(5)]
    for viewer in range(5):
        ctx = hand_context(
            table_id=1,
            hand_id=1,
            view=engine.view_for(state, viewer),
            occupants=occupants,
            deadlines=[None] * 5,
        )
        html = str(controls(ctx))
        assert ('id="request-button"' in html) == (viewer == seat), viewer
        assert controls_view(ctx).can_request == (viewer == seat)


def test_a_void_hand_is_recorded_without_settlement_and_the_table_deals_again(
    django_capture_on_commit_callbacks: object,
) -> None:
    table, _users = seat_five("lianzhong-simple", [f"v{i}" for i in range(5)])
    hand, state = hand_state(table)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        while state.phase is engine.Phase.THRONE:  # RULES §10.3: two rounds of passes
            submit_action(
                hand_id=hand.pk,
                seat=state.throne_holder,
                action=engine.Abdicate(),
                expected_version=None,
            )
            state = state_of(Hand.objects.get(pk=hand.pk))
    hand.refresh_from_db()
    assert state.void and hand.void and hand.status == HandStatus.FINISHED
    assert not SeatResult.objects.filter(hand=hand).exists()  # nobody pays, no titles move
    table.refresh_from_db()
    assert table.current_hand_id != hand.pk  # the same five were dealt again at once
    assert table.current_hand_id is not None
    following = Hand.objects.get(pk=table.current_hand_id)
    assert following.status == HandStatus.RUNNING and following.number == hand.number + 1
    assert User.objects.filter(username__startswith="v", beans=10_000).count() == 5


@pytest.mark.slow
def test_the_replay_shows_the_tribute_the_call_and_the_grab_answers() -> None:
    table, _users, hand, state = _duole_after_one_hand()
    bot = SensibleBot()
    while state.phase is not engine.Phase.FINISHED:
        seat = engine.to_act(state)[0]
        action = bot.choose(engine.view_for(state, seat))
        submit_action(hand_id=hand.pk, seat=seat, action=action, expected_version=None)
        hand, state = hand_state(table)  # type: ignore[arg-type]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    html = client.get(reverse("replay", args=[hand.pk])).content.decode()
    # RULES §10.4: the deal's tribute, one line per transfer.
    assert html.count("Tribute (进贡):") >= len(state.tribute) > 0
    if state.called is not None:  # §10.1: the call, with its card
        assert "calls" in html and "(叫保)" in html
