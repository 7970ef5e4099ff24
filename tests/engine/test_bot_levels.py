"""Bot levels 新手 / 普通 / 高手: legal play in every preset, decisions from the
seat's view only, the expert's sampled worlds, role judgement in self-play.

Positions are built as States only to produce the View a player in that seat would see.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from game.engine import Phase, Rules, State, apply, legal_actions, new_hand, to_act, view_for
from game.engine import bots as bots_module
from game.engine.bot_levels import LEVEL_NAMES, LEVELS, NoviceBot, make_bot
from game.engine.bots import Bot, SensibleBot, seen_from_view
from game.engine.cards import EMPEROR_CARD, GUARD_CARD, N_CARDS
from game.engine.cli import main as referee
from game.engine.expert import (
    Budget,
    ExpertBot,
    _key,
    candidates,
    determinize,
    general_candidates,
)
from game.engine.roles import Role
from game.engine.rules import PRESETS as ENGINE_PRESETS
from game.engine.selfplay import play_hand
from game.engine.state import N_SEATS
from game.engine.tournament import run_tournament
from tests.engine.play_helpers import ids

PRESETS = ENGINE_PRESETS  # every rule set, the sources' other systems included (RULES §10)
# A small search keeps the whole-hand tests quick; the decision logic is the same.
QUICK = Budget(playout_cards=300, min_worlds=2, max_worlds=3, max_candidates=3)


def level_bot(level: str, seed: int) -> Bot:
    if level == "expert":
        return ExpertBot(seed=seed, budget=QUICK)
    return make_bot(level, random.Random(seed))


def play_checked(seed: int, rules: Rules, levels: list[str]) -> State:
    state = new_hand(seed, rules)
    bots = [level_bot(level, seed * N_SEATS + s) for s, level in enumerate(levels)]
    while state.phase is not Phase.FINISHED:
        seat = to_act(state)[0]
        action = bots[seat].choose(view_for(state, seat))
        assert action in legal_actions(state, seat), (seed, seat, action)
        state = apply(state, seat, action)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("pass_lock", [False, True])
def test_every_level_plays_legal_hands_in_every_preset(preset: str, pass_lock: bool) -> None:
    # RULES §4, §9.2, §4.7: each level finishes hands with only legal decisions, seated
    # together (the expert in two seats, so it meets partners and opponents of each level).
    rules = Rules.preset(preset, pass_lock=pass_lock)
    for seed in range(2):
        final = play_checked(seed, rules, ["expert", "novice", "normal", "expert", "novice"])
        if final.void:  # RULES §10.2/§10.3: nobody took the throne; nothing was played
            continue
        assert sorted(p for p in final.places if p is not None) == [1, 2, 3, 4, 5]


def test_levels_have_ids_and_chinese_names() -> None:
    assert LEVELS == ("novice", "normal", "expert")
    assert LEVEL_NAMES == {"novice": "新手", "normal": "普通", "expert": "高手"}
    assert isinstance(make_bot("normal", random.Random(0)), SensibleBot)
    with pytest.raises(ValueError, match="unknown bot level 'master'"):
        make_bot("master", random.Random(0))


# --- no peeking: the same view gives the same decision -----------------------------------


def mid_play_states(seed: int, rules: Rules) -> list[State]:
    """Every play-phase state of a self-play hand where the seat to act has a choice."""
    _, log = play_hand(seed, rules)
    s = new_hand(seed, rules)
    out = []
    for seat, action in log.events:
        if s.phase is Phase.PLAY and s.last_set is not None and len(s.played) > 10:
            out.append(s)
        s = apply(s, seat, action)
    return out


def reshuffle_hidden(state: State, viewer: int, rng: random.Random) -> State:
    """The same position for ``viewer``, with every card it cannot see dealt afresh among
    the other seats (each keeps its count; the marked jokers stay with their holders, as
    the roles follow from them, and so do the copies of a called identity, RULES §10.1)."""
    fixed = {EMPEROR_CARD, GUARD_CARD}
    if state.called is not None:
        fixed |= {i for i in range(state.rules.deck) if i // 4 == state.called}
    pool = [c for s in range(N_SEATS) if s != viewer for c in state.hands[s] if c not in fixed]
    rng.shuffle(pool)
    hands = []
    at = 0
    for s in range(N_SEATS):
        if s == viewer:
            hands.append(state.hands[s])
            continue
        keep = [c for c in state.hands[s] if c in fixed]
        n = len(state.hands[s]) - len(keep)
        hands.append(tuple(sorted(keep + pool[at : at + n])))
        at += n
    return replace(state, hands=tuple(hands), seed=state.seed + 1)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", ["standard", "lianzhong_classic", "lianzhong_simple", "duole"])
def test_two_states_with_the_same_view_get_the_same_decision(level: str, preset: str) -> None:
    # RULES §3.4, §8: a bot may know only what its seat sees. Two states that differ only in
    # the other seats' hidden cards look the same to the seat and must get the same action,
    # from every level (the expert's search included), in Boke City's rooms and the other
    # systems' (§10.1 called guard, §10.2 the 216-card deck, §10.6 toasting).
    rules = Rules.preset(preset)
    rng = random.Random(7)
    checked = 0
    differs = 0
    states = [s for seed in (3, 4) for s in mid_play_states(seed, rules)]
    for state in states[:: max(1, len(states) // 6)]:
        seat = state.turn
        assert seat is not None
        other = reshuffle_hidden(state, seat, rng)
        if other.hands == state.hands:
            continue  # too few hidden cards left to tell two states apart
        assert view_for(other, seat) == view_for(state, seat)
        first = level_bot(level, 11).choose(view_for(state, seat))
        again = level_bot(level, 11).choose(view_for(other, seat))
        assert first == again
        checked += 1
        differs += sum(a != b for a, b in zip(other.hands, state.hands, strict=True))
    assert checked >= 3 and differs > 0


def test_the_expert_decision_is_a_function_of_the_view() -> None:
    # Asked twice about the same view (with other views in between), the expert answers the
    # same: its search is seeded from the view, not from a stream that moves on.
    rules = Rules.preset("standard")
    states = mid_play_states(5, rules)[:6]
    bot = ExpertBot(seed=3, budget=QUICK)
    views = [view_for(s, s.turn) for s in states]
    first = [bot.choose(v) for v in views]
    assert [bot.choose(v) for v in reversed(views)] == list(reversed(first))


# --- the expert's sampled worlds -----------------------------------------------------------


def test_sampled_worlds_agree_with_everything_the_seat_has_seen() -> None:
    # The expert's worlds keep its own hand, every seat's count, every played card out of
    # the hands, the crown joker with the emperor and a known guard's sword joker with him
    # (RULES §1.2, §3.3, §3.4), and the public position (turn, last set, places).
    rules = Rules.preset("standard")
    for state in mid_play_states(8, rules)[::9]:
        seat = state.turn
        assert seat is not None
        view = view_for(state, seat)
        seen = seen_from_view(view)
        world = determinize(view, seen, random.Random(1))
        assert world.hands[seat] == state.hands[seat]
        assert tuple(map(len, world.hands)) == tuple(map(len, state.hands))
        played = {c for _, cards in state.played for c in cards}
        held = [c for h in world.hands for c in h]
        assert len(held) == len(set(held)) and not played & set(held)
        assert len(held) + len(played) == N_CARDS
        if EMPEROR_CARD not in played:
            assert EMPEROR_CARD in world.hands[state.emperor]  # type: ignore[index]
        guard = [s for s, sv in enumerate(view.seats) if sv.role is Role.GUARD]
        if guard and GUARD_CARD not in played:
            assert GUARD_CARD in world.hands[guard[0]]
        assert (world.turn, world.last_set, world.places) == (
            state.turn,
            state.last_set,
            state.places,
        )
        assert world.emperor == state.emperor


def test_a_rebel_in_a_dark_hand_does_not_know_where_the_sword_joker_is() -> None:
    # RULES §3.4: a rebel cannot tell the guard; across samples the sword joker lands with
    # different seats, never with the rebel or a seat known to be a rebel.
    rules = Rules.preset("standard")
    for seed in range(40):
        states = [
            s
            for s in mid_play_states(seed, rules)
            if not s.roles_public and s.role_of(s.turn) is Role.REBEL  # type: ignore[arg-type]
        ]
        if states:
            break
    state = states[0]
    seat = state.turn
    assert seat is not None
    view = view_for(state, seat)
    seen = seen_from_view(view)
    holders: Counter[int] = Counter()
    for k in range(60):
        world = determinize(view, seen, random.Random(k))
        holder = next(s for s in range(N_SEATS) if GUARD_CARD in world.hands[s])
        holders[holder] += 1
        assert world.guard == holder or (world.guard == world.emperor == holder)
    assert seat not in holders and len(holders) >= 2


def test_expert_candidates_start_with_the_normal_choice_and_are_distinct() -> None:
    rules = Rules.preset("standard")
    state = mid_play_states(2, rules)[4]
    seat = state.turn
    assert seat is not None
    seen = seen_from_view(view_for(state, seat))
    normal = SensibleBot(random.Random(0)).decide(seen)
    options = candidates(seen, normal, 5)
    assert options[0] == normal and len(options) == len(set(options)) <= 5
    assert all(o in legal_actions(state, seat) for o in options)


def test_novice_wastes_its_jokers_where_normal_keeps_them() -> None:
    # 新手 beats with the cheapest legal set, jokers included; 普通 keeps jokers for tricks
    # that matter. The seat to act holds ten cards; only its small joker beats a single 2,
    # and nobody is close to going out.
    rules = Rules.preset("standard")
    base = mid_play_states(1, rules)[0]
    seat = base.turn
    assert seat is not None
    hand = ids("6S 7S 8S 9S TS JS QS KS AS SJ0")
    others = [c for s in range(N_SEATS) if s != seat for c in base.hands[s]]
    pool = [c for c in others if c not in hand] + [c for c in base.hands[seat] if c not in hand]
    hands = []
    at = 0
    for s in range(N_SEATS):
        if s == seat:
            hands.append(tuple(sorted(hand)))
        else:
            n = len(base.hands[s])
            hands.append(tuple(sorted(pool[at : at + n])))
            at += n
    two = ids("2S")
    position = replace(base, hands=tuple(hands), last_set=two)
    view = view_for(position, seat)
    assert NoviceBot(random.Random(0)).choose(view).to_notation().startswith("play SJ")
    assert SensibleBot(random.Random(0)).choose(view).kind == "pass"


# --- role judgement in self-play ----------------------------------------------------------


@pytest.mark.slow
def test_a_thousand_normal_hands_have_rebellions_and_open_solos() -> None:
    # RULES §3.2, §3.3: the bots judge their hands, so the rarer roads happen: rebellions
    # stand and emperors go open solo, both within 1 000 self-play hands.
    out = _referee_lines(["selfplay", "--hands", "1000", "--seed", "1"])
    summary = out[-1]
    assert summary["rebellions"] > 0
    assert summary["modes"].get("open_solo", 0) > 0
    assert summary["modes"].get("open_guard", 0) > 0


def test_selfplay_chooses_the_level_of_its_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert referee(["selfplay", "--hands", "5", "--seed", "4", "--bots", "novice"]) == 0
    novice = capsys.readouterr().out.splitlines()
    assert referee(["selfplay", "--hands", "5", "--seed", "4"]) == 0
    default = capsys.readouterr().out.splitlines()
    assert referee(["selfplay", "--hands", "5", "--seed", "4", "--bots", "normal"]) == 0
    normal = capsys.readouterr().out.splitlines()
    assert default[:-1] == normal[:-1]  # the default stays normal
    assert novice[:-1] != normal[:-1]
    with pytest.raises(SystemExit) as exit_info:
        referee(["selfplay", "--bots", "master"])
    assert exit_info.value.code == 2


def _referee_lines(argv: list[str]) -> list[dict[str, Any]]:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert referee(argv) == 0
    return [json.loads(line) for line in buffer.getvalue().splitlines()]


# --- the expert's sampled worlds in a called-guard room (RULES §10.1) ---------------------


def _copies(hand: tuple[int, ...], identity: int) -> int:
    return sum(1 for i in hand if i // 4 == identity)


@pytest.mark.parametrize("preset", ["lianzhong_classic", "duole"])
def test_sampled_worlds_in_a_called_guard_room_follow_the_called_card(preset: str) -> None:
    # RULES §10.1: no guard card; the called identity is public and the emperor held three
    # of its copies (four: dark solo), the fourth copy's holder being the guard, hidden
    # until he plays it. A sampled world keeps every count (the 216-card deck too, §10.2),
    # gives the emperor his unplayed copies, the world's guard the fourth, and never hands
    # a copy to a seat that cannot hold one.
    rules = Rules.preset(preset)
    checked = 0
    guards: Counter[int] = Counter()
    for seed in range(30):
        for state in mid_play_states(seed, rules)[::7]:
            seat = state.turn
            assert seat is not None and state.emperor is not None
            if state.called is None:
                continue  # open solo declared without a call
            view = view_for(state, seat)
            seen = seen_from_view(view)
            world = determinize(view, seen, random.Random(seed))
            identity = state.called
            assert world.called == identity
            assert world.hands[seat] == state.hands[seat]
            assert tuple(map(len, world.hands)) == tuple(map(len, state.hands))
            played = {c for _, cards in state.played for c in cards}
            held = [c for h in world.hands for c in h]
            assert len(held) == len(set(held)) and not played & set(held)
            assert len(held) + len(played) == rules.deck
            emperor = state.emperor
            by_emperor = sum(
                1 for s, cards in state.played if s == emperor for i in cards if i // 4 == identity
            )
            solo = world.guard == emperor
            assert _copies(world.hands[emperor], identity) == (4 if solo else 3) - by_emperor
            for s in range(N_SEATS):
                if s not in (emperor, world.guard):
                    assert _copies(world.hands[s], identity) == 0
            if not solo:
                by_guard = sum(
                    1
                    for s, cards in state.played
                    if s == world.guard
                    for i in cards
                    if i // 4 == identity
                )
                assert _copies(world.hands[world.guard], identity) + by_guard == 1  # type: ignore[index]
            assert world.guard_card_shown == state.guard_card_shown
            if state.role_of(seat) is Role.REBEL and not state.roles_public:
                guards[world.guard] += 1  # type: ignore[index]
                assert world.guard != seat
            checked += 1
    assert checked >= 10
    assert len(guards) >= 2  # a rebel cannot tell the guard: the samples disagree


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
def test_the_expert_plays_called_guard_hands_to_the_end(seed: int) -> None:
    # Every decision of a 高手 seat in a called-guard room is legal (its sampled worlds are
    # states the engine plays on) and the hand ends with five places (RULES §10.1, §5.1).
    rules = Rules.preset("lianzhong_classic")
    final = play_checked(seed, rules, ["expert", "normal", "expert", "normal", "expert"])
    assert sorted(p for p in final.places if p is not None) == [1, 2, 3, 4, 5]


# --- the other systems' rooms (RULES §10) ------------------------------------------------


def follow_states(preset: str, seeds: range) -> list[State]:
    return [s for seed in seeds for s in mid_play_states(seed, Rules.preset(preset))]


@pytest.mark.parametrize("preset", ["duole", "lianzhong_simple"])
def test_expert_candidates_on_the_general_rules_are_legal_distinct_and_few(preset: str) -> None:
    # RULES §10.2 (216 cards, 3 4 5), §10.6 (toasting): 高手 weighs real alternatives there
    # too — the normal choice first, then passing (or asking to lead, §10.10) and legal
    # sets — each one legal, none twice, never more than the budget's limit.
    limit = 5
    richer = 0
    for state in follow_states(preset, range(3))[::5]:
        seat = state.turn
        assert seat is not None
        view = view_for(state, seat)
        seen = seen_from_view(view)
        default = SensibleBot(random.Random(0)).decide(seen)
        options = general_candidates(seen, default, limit)
        assert options[0] == default
        assert len({_key(o) for o in options}) == len(options) <= limit
        legal = legal_actions(state, seat)
        assert all(o in legal for o in options), (seat, options)
        richer += len(options) > 2
    assert richer  # more than "normal's play or pass"


@pytest.mark.parametrize("preset", ["duole", "lianzhong_simple"])
def test_the_quick_plain_follow_answers_as_the_full_list_does(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The normal bot's general follow finds a joker-free beat without listing every set; its
    # answer is the one the full list of legal sets gives (RULES §4.3, §4.9, §10.6).
    views = [view_for(s, s.turn) for s in follow_states(preset, range(4))]
    quick = [bots_module.general_play(seen_from_view(v)) for v in views]
    monkeypatch.setattr(bots_module, "_plain_follow", lambda seen, last: None)
    assert [bots_module.general_play(seen_from_view(v)) for v in views] == quick
    assert len(views) > 100


@pytest.mark.parametrize("preset", ["lianzhong_classic", "lianzhong_simple", "duole"])
def test_novice_plays_like_a_beginner_in_the_other_systems_rooms(preset: str) -> None:
    # 新手 is a level of its own in RULES §10 rooms too: it beats whatever it can (never
    # passes, never asks to lead, §10.10, while it holds a legal set), where 普通 often
    # passes to keep its strength.
    novice_played = 0
    normal_passed = 0
    for state in follow_states(preset, range(3)):
        seat = state.turn
        assert seat is not None
        view = view_for(state, seat)
        if "play" not in view.choices:
            continue  # pass-locked or nothing to play
        beats = [a for a in legal_actions(state, seat) if a.kind == "play"]
        if not beats:
            continue
        mine = NoviceBot(seed=1).choose(view)
        assert mine.kind == "play" and mine in beats
        novice_played += 1
        normal_passed += SensibleBot(random.Random(1)).choose(view).kind != "play"
    assert novice_played > 20 and normal_passed > 5


@pytest.mark.slow
def test_novice_loses_to_normal_in_a_duole_tournament() -> None:
    # The duplicate-deal tournament on RULES §10.2's deck: 普通 earns more per
    # hand than 新手 at the same deals.
    out = run_tournament(["normal", "novice"], deals=6, seed=3, rules=Rules.preset("duole"))
    normal, novice = out["normal"]["mean"], out["novice"]["mean"]
    assert isinstance(normal, float) and isinstance(novice, float)
    assert normal > novice
