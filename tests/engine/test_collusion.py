"""The fair-play signals of one hand (game.engine.collusion) and the pair score
(game.engine.collusion_score): what they count, and that the score moves the right way."""

from __future__ import annotations

from bench.colluders import COLLUDERS, play
from game.engine import Rules, View
from game.engine.collusion import Tally, hand_signals
from game.engine.collusion_score import (
    FLAG_SCORE,
    MIN_SHARED_HANDS,
    PairFacts,
    Results,
    hidden_roles_z,
    holding_back_z,
    score,
)
from game.engine.selfplay import play_hand

RULES = Rules.preset("standard")


def test_colluders_always_spare_each_other() -> None:
    spared = 0
    for seed in range(6):
        played = play(seed, (0, 1, 2, 3, 4), RULES)
        signals = hand_signals(played.log)
        a, b = (played.players.index(c) for c in COLLUDERS)
        for x, y in ((a, b), (b, a)):
            t = signals.tally(x, y)
            assert t.held == t.chances
            spared += t.held
    assert spared > 0


def test_honest_counts_add_up_and_payouts_are_zero_sum() -> None:
    for seed in range(4):
        _, log = play_hand(seed, RULES)
        signals = hand_signals(log)
        chances = 0
        for x in range(5):
            assert signals.tally(x, x) == Tally()
            for y in range(5):
                t = signals.tally(x, y)
                assert 0 <= t.held <= t.chances
                assert t.hidden_same_chances + t.hidden_opp_chances <= t.chances
                assert t.gift_checked == 0  # no judge, no gifts counted
                chances += t.chances
        assert chances > 0
        assert signals.payouts is not None and abs(sum(signals.payouts)) < 1e-9


def test_a_judge_values_only_passes() -> None:
    asked: list[int | None] = []

    def judge(view: View) -> float:
        asked.append(view.seat)
        return 1.0  # every pass costs the passer a stake: a gift

    _, log = play_hand(3, RULES)
    signals = hand_signals(log, judge=judge)
    held = sum(signals.tally(x, y).held for x in range(5) for y in range(5))
    gifts = sum(signals.tally(x, y).gifts for x in range(5) for y in range(5))
    assert len(asked) == held == gifts > 0


def _facts(a_on_b: Tally, everyone: Tally) -> PairFacts:
    nothing = Results()
    return PairFacts(a_on_b, a_on_b, everyone, everyone, *(nothing,) * 5)


def test_holding_back_stands_out_only_above_the_players_own_rate() -> None:
    usual = Tally(chances=400, held=100)
    assert abs(holding_back_z(_facts(Tally(chances=40, held=10), usual))) < 1.0
    spared = holding_back_z(_facts(Tally(chances=40, held=40), usual))
    assert spared > 8.0
    assert score(_facts(Tally(chances=40, held=40), usual)).flagged(MIN_SHARED_HANDS)
    assert not score(_facts(Tally(chances=40, held=40), usual)).flagged(MIN_SHARED_HANDS - 1)
    assert FLAG_SCORE > 3.0


def _hidden_passes(*, same_side_held: int, other_side_held: int) -> Tally:
    """Forty chances to beat the partner while his role was hidden, half on each side."""
    return Tally(
        chances=40,
        held=same_side_held + other_side_held,
        hidden_same_chances=20,
        hidden_same_held=same_side_held,
        hidden_opp_chances=20,
        hidden_opp_held=other_side_held,
    )


def test_sparing_a_hidden_partner_only_on_ones_own_side_is_acting_on_his_role() -> None:
    told = _hidden_passes(same_side_held=18, other_side_held=2)
    blind = _hidden_passes(same_side_held=10, other_side_held=10)
    usual = Tally(chances=400, held=200)
    assert hidden_roles_z(_facts(told, usual)) > 5.0
    assert abs(hidden_roles_z(_facts(blind, usual))) < 1e-9
