"""Bots and self-play: the Bot interface, the sensible bot, the auto-play policy of §6.2,
and the referee's ``selfplay`` subcommand.

Bots decide only from ``view_for(state, seat)``; positions below are built as States only to
produce the View a player in that seat would see.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game.engine import (
    Action,
    Mode,
    NotYourTurn,
    Phase,
    Play,
    Rules,
    State,
    apply,
    autoplay_action,
    legal_actions,
    new_hand,
    to_act,
    view_for,
)
from game.engine.actions import PASS
from game.engine.bots import AutoPlayBot, SensibleBot, Temper, hand_power, seen_from_view
from game.engine.cards import parse_cards
from game.engine.cli import main as referee
from game.engine.selfplay import MAX_ACTIONS, play_hand, role_letters

PRESETS = ("standard", "quick", "keep_six")


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in parse_cards(text)))


def position(
    hands: list[str],
    *,
    emperor: int = 0,
    guard: int = 1,
    mode: Mode = Mode.DARK_GUARD,
    last: tuple[int, str] | None = None,
    turn: int,
    rules: Rules | None = None,
) -> State:
    """A play-phase position with the given hands and, optionally, ``last`` = (seat, set)
    on the table. Cards need not add up to 168: each test looks at one decision."""
    base = new_hand(0, rules or Rules.preset("standard"))
    return replace(
        base,
        phase=Phase.PLAY,
        hands=tuple(ids(h) for h in hands),
        throne_first=emperor,
        throne_holder=emperor,
        emperor=emperor,
        guard=guard,
        mode=mode,
        turn=turn,
        last_set=None if last is None else ids(last[1]),
        last_player=None if last is None else last[0],
    )


def choose(state: State, seat: int) -> Action:
    return SensibleBot(random.Random(0)).choose(view_for(state, seat))


# Long enough that nobody is close to going out (the bot's "urgent" test).
FILLER = "6S 6H 7S 7H 8S 8H 9C 9D TS TH JS JH QS QH KS"


# --- the sensible bot's play ----------------------------------------------------------------


def test_it_beats_with_the_cheapest_plain_set_and_keeps_its_jokers() -> None:
    # RULES §4.3: 9 9, A A, SJ SJ, 9 SJ ... all beat 8 8; the bot plays 9 9, keeps the jokers.
    hand = "6S 7S 7H 9C1 9D1 JS QS QH KS AS AH SJ1 SJ2 BJ1"
    state = position(
        [FILLER, FILLER, hand, FILLER, FILLER],
        last=(1, "8C1 8D1"),
        turn=2,
    )
    action = choose(state, 2)
    assert isinstance(action, Play)
    assert sorted(c.strength for c in action.cards) == [3, 3]  # 9 9, no joker
    assert action in legal_actions(state, 2)


def test_it_passes_rather_than_spend_a_joker_on_a_cheap_early_trick() -> None:
    # Only joker sets beat this pair of 2s; nobody is close to going out: keep the jokers.
    state = position(
        [FILLER, FILLER, f"{FILLER} SJ1 SJ2 BJ1", FILLER, FILLER], last=(1, "2C 2D"), turn=2
    )
    assert choose(state, 2) == PASS


def test_it_spends_a_joker_when_an_opponent_is_about_to_go_out() -> None:
    # The same decision, but the rebel who played has three cards left: now it matters.
    state = position(
        [FILLER, "7D 7C 8D", f"{FILLER} SJ1 SJ2 BJ1", FILLER, FILLER],
        emperor=2,
        guard=4,
        last=(1, "2C 2D"),
        turn=2,
    )
    action = choose(state, 2)
    assert isinstance(action, Play)
    # The fewest jokers, small before big (RULES §4.9 order).
    assert sorted(c.strength for c in action.cards) == [10, 10]


def test_it_does_not_beat_a_known_partners_strong_set() -> None:
    # RULES §3.4: the guard (seat 1) knows the emperor (seat 0) and lets his aces run.
    state = position(
        [FILLER, f"{FILLER} 2S 2H", FILLER, FILLER, FILLER], last=(0, "AS1 AH1"), turn=1
    )
    assert choose(state, 1) == PASS


def test_it_beats_the_same_set_from_an_opponent() -> None:
    # The same cards in a rebel's seat (seat 1; the guard is seat 3): the emperor's aces are
    # an opponent's, so the rebel beats them.
    state = position(
        [FILLER, f"{FILLER} 2S 2H", FILLER, FILLER, FILLER], guard=3, last=(0, "AS1 AH1"), turn=1
    )
    action = choose(state, 1)
    assert isinstance(action, Play) and len(action.cards) == 2


def test_a_dark_emperor_does_not_know_his_guard() -> None:
    # RULES §3.4: in a dark hand the emperor does not know the guard, so the guard's strong
    # set is just another player's set for him; once the guard is open he lets it run.
    hands = [f"{FILLER} 2S 2H", FILLER, FILLER, FILLER, FILLER]
    dark = position(hands, guard=4, last=(4, "AS1 AH1"), turn=0)
    assert isinstance(choose(dark, 0), Play)
    opened = replace(dark, mode=Mode.OPEN_GUARD)
    assert choose(opened, 0) == PASS


def test_it_leads_its_weakest_rank_whole() -> None:
    state = position(["7S 7H 9S QS QH KD 2S BJ1", FILLER, FILLER, FILLER, FILLER], turn=0)
    action = choose(state, 0)
    assert isinstance(action, Play)
    assert sorted(c.strength for c in action.cards) == [1, 1]  # both 7s, no joker


def test_it_goes_out_when_its_hand_is_one_set() -> None:
    state = position(
        [FILLER, FILLER, "KS KH SJ1", FILLER, FILLER], emperor=2, last=(1, "9S1 9H1 9C1"), turn=2
    )
    action = choose(state, 2)
    assert isinstance(action, Play) and len(action.cards) == 3


def test_keep_six_it_never_leads_sixes_before_the_end() -> None:
    # RULES §4.8: with 6s and other cards, a lead never contains a 6.
    state = position(
        ["6S 6H 6C 8S KD", FILLER, FILLER, FILLER, FILLER],
        turn=0,
        rules=Rules.preset("keep_six"),
    )
    action = choose(state, 0)
    assert isinstance(action, Play) and all(c.strength != 0 for c in action.cards)
    assert action in legal_actions(state, 0)


def test_pass_lock_a_locked_seat_passes() -> None:
    # RULES §4.7: the seat passed earlier in this trick; the View offers no play.
    state = position(
        [FILLER, FILLER, f"{FILLER} 2S 2H", FILLER, FILLER],
        last=(1, "8C1 8D1"),
        turn=2,
        rules=Rules.preset("standard", pass_lock=True),
    )
    state = replace(state, passed_in_trick=1 << 2)
    assert seen_from_view(view_for(state, 2)).pass_locked
    assert choose(state, 2) == PASS


def test_a_bot_asked_out_of_turn_says_so() -> None:
    state = position([FILLER] * 5, turn=0)
    with pytest.raises(NotYourTurn):
        choose(state, 3)
    with pytest.raises(NotYourTurn):
        AutoPlayBot().choose(view_for(state, 3))


# --- role decisions (RULES §3) -----------------------------------------------------------


def test_declarations_follow_hand_strength() -> None:
    # RULES §3.3: open guard / rebellion only with a strong hand. hand_power counts jokers
    # and 2s; the default threshold is far above an average hand (~8.8).
    assert hand_power(ids("BJ1 BJ2 SJ1 2S 2H 2C AS")) == 3 * 2 + 2 + 3 + 0.5
    strong = SensibleBot(temper=Temper(open_guard=-10.0, rebel=-10.0))
    shy = SensibleBot(temper=Temper(open_guard=50.0, rebel=50.0))
    rules = Rules.preset("standard")
    for seed in range(5):
        state = _to_declarations(seed, rules)
        for seat in to_act(state):
            view = view_for(state, seat)
            assert strong.choose(view).kind in ("open_guard", "rebel")
            assert shy.choose(view).kind in ("dark_guard", "no_rebel")


def _to_declarations(seed: int, rules: Rules) -> State:
    state = new_hand(seed, rules)
    while state.phase is Phase.THRONE:
        seat = to_act(state)[0]
        state = apply(state, seat, autoplay_action(state, seat))
    return state


def test_it_abdicates_only_a_very_weak_hand_and_otherwise_ascends() -> None:
    # RULES §3.1. Over many deals the throne is almost always taken at once.
    bot = SensibleBot()
    kinds = []
    for seed in range(300):
        state = new_hand(seed, Rules.preset("standard"))
        kinds.append(bot.choose(view_for(state, state.throne_holder)).kind)
    assert kinds.count("abdicate") < 15
    assert kinds.count("ascend") > 200
    assert kinds.count("open_solo") < kinds.count("dark_solo")  # RULES §3.2: dark usually


def test_quick_rooms_offer_no_open_choices() -> None:
    # RULES §9.2 quick: no abdication, dark guard only, no rebellion. The bot never asks
    # for what the room forbids, however bold it is.
    bold = Temper(open_guard=0.0, rebel=0.0, open_solo=0.0, abdicate=100.0)
    bots = [SensibleBot(random.Random(i), temper=bold) for i in range(5)]
    for seed in range(20):
        _, log = play_hand(seed, Rules.preset("quick"), bots)
        kinds = {a.kind for _, a in log.events}
        assert not kinds & {"abdicate", "open_guard", "rebel"}


# --- whole hands --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("pass_lock", [False, True], ids=["", "pass_lock"])
def test_every_bot_action_is_legal(preset: str, pass_lock: bool) -> None:
    # Each decision, checked against the engine's own legal_actions before it is applied.
    rules = Rules.preset(preset, pass_lock=pass_lock)
    for seed in range(15):
        bots = [SensibleBot(random.Random(seed * 5 + i)) for i in range(5)]
        state = new_hand(seed, rules)
        steps = 0
        while state.phase is not Phase.FINISHED:
            seat = to_act(state)[0]
            action = bots[seat].choose(view_for(state, seat))
            assert action in legal_actions(state, seat), (seed, steps, action)
            state = apply(state, seat, action)
            steps += 1
            assert steps < MAX_ACTIONS


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_five_bot_hands_complete_for_200_seeds(preset: str) -> None:
    rules = Rules.preset(preset)
    modes = set()
    for seed in range(200):
        state, _ = play_hand(seed, rules)
        assert state.phase is Phase.FINISHED
        assert sorted(state.finishing_order) == [0, 1, 2, 3, 4]  # RULES §5.1
        assert state.mode is not None
        modes.add(state.mode)
    assert Mode.DARK_GUARD in modes and Mode.DARK_SOLO in modes


def test_self_play_is_reproducible_and_replayable() -> None:
    from game.engine import HandLog, replay

    rules = Rules.preset("standard", pass_lock=True)
    first, log = play_hand(123, rules)
    again, log2 = play_hand(123, rules)
    assert log == log2 and first == again
    assert replay(HandLog.from_text(log.to_text())) == first


def test_autoplay_bot_matches_the_engines_autoplay_action() -> None:
    # RULES §6.2: the View-based policy and the engine's State-based one agree everywhere.
    for preset in PRESETS:
        rules = Rules.preset(preset)
        for seed in range(10):
            state = new_hand(seed, rules)
            bot = AutoPlayBot()
            while state.phase is not Phase.FINISHED:
                seat = to_act(state)[0]
                action = bot.choose(view_for(state, seat))
                assert action == autoplay_action(state, seat)
                state = apply(state, seat, action)


def test_autoplay_bot_plays_whole_hands() -> None:
    bots = [AutoPlayBot() for _ in range(5)]
    state, log = play_hand(7, Rules.preset("keep_six"), bots)
    assert state.phase is Phase.FINISHED
    assert not {a.kind for _, a in log.events} & {"abdicate", "rebel", "open_guard"}


# --- the referee's selfplay subcommand -------------------------------------------------------


def test_referee_selfplay_prints_one_line_per_hand_and_a_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert referee(["selfplay", "--hands", "3", "--seed", "40", "--preset", "keep_six"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    hands, summary = lines[:-1], lines[-1]
    assert [h["seed"] for h in hands] == [40, 41, 42]
    for h in hands:
        assert set(h) == {"seed", "mode", "rebellion", "places", "payouts"}
        assert sorted(h["places"]) in (sorted("EGRRR"), sorted("ERRRR"))
        assert len(h["payouts"]) == 5 and sum(h["payouts"]) == 0  # RULES §5.4
        state, _ = play_hand(h["seed"], Rules.preset("keep_six"))
        assert h["places"] == role_letters(state)
    assert summary["hands"] == 3 and sum(summary["modes"].values()) == 3
    assert summary["hands_per_second"] > 0
