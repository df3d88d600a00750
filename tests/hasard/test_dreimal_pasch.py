"""Dreimal Pasch (Hasard 24): counting pairs, the keep range, equal pairs decided by the pips and then thrown off,
the solo value by brute force and by the generic solver, the duel's last decision by hand, bots and hints."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_bots, seeded, throw
from wuerfel.engine.dice import roll_distribution, sort_dice, sub_multisets
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.dreimal_pasch import (
    DreimalPaschAdvisor,
    DreimalPaschGame,
    DreimalPaschHeuristicBot,
    DreimalPaschOptimalBot,
    decision_values,
    duel_value,
    pairs,
    result_of,
    solo_tables,
)
from wuerfel.games.kit.hands import Stop
from wuerfel.games.kit.keeps import Keep
from wuerfel.solvers.exact import solve_game

STOP = Stop()


def test_pairs_four_alike_are_two_a_triple_one_six_alike_three() -> None:
    assert pairs((1, 1, 2, 2, 3, 3)) == 3 and pairs((5, 5, 5, 5, 2, 2)) == 3 and pairs((6,) * 6) == 3
    assert pairs((4, 4, 4, 1, 2, 3)) == 1 and pairs((4, 4, 4, 4, 1, 2)) == 2 and pairs((1, 2, 3, 4, 5, 6)) == 0
    assert result_of((6, 6, 5, 5, 1, 2)) == (2, 25)


def test_keeps_two_to_five_or_none_and_stopping_early() -> None:
    s = throw(new("dreimal-pasch", 2), (1, 1, 2, 3, 4, 5))
    legal = s.legal_actions(0)
    assert STOP in legal and Keep(()) in legal and Keep((1, 1)) in legal and Keep((1, 1, 2, 3, 4)) in legal
    assert Keep((1,)) not in legal and Keep((1, 1, 2, 3, 4, 5)) not in legal
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Keep((1,)), 0)
    assert exc.value.msgid == "Leave between {lo} and {hi} dice standing, or throw all again."
    with pytest.raises(IllegalAction):
        s.apply_action(Keep((6, 6)), 0)
    s = s.apply_action(Keep((1, 1)), 0)
    assert s.dice_to_throw() == 4 and s.dice_standing() == (1, 1)
    s = throw(s, (2, 2, 3, 6))
    assert s.turn.keep.dice == (1, 1, 2, 2, 3, 6)
    s = s.apply_action(STOP, 0)  # stops after two throws
    assert s.results[0] == (2, 15) and s.seat == 1 and s.turn.keep.limit == 3  # no inherited limit


def test_the_third_throw_ends_the_turn_and_most_pairs_win() -> None:
    s = new("dreimal-pasch", 2)
    s = throw(s, (1, 2, 3, 4, 5, 6))
    s = s.apply_action(Keep(()), 0)
    s = throw(s, (1, 1, 3, 4, 5, 6))
    s = s.apply_action(Keep((1, 1)), 0)
    s = throw(s, (3, 3, 5, 6))
    assert s.results[0] == (2, 19) and s.seat == 1
    s = throw(s, (6, 6, 6, 6, 6, 6))
    s = s.apply_action(STOP, 1)
    assert s.is_terminal() and s.winners() == (1,) and s.losers() == (0,)
    check_results(s)


def test_equal_pairs_the_pips_decide_then_a_throw_off() -> None:
    s = new("dreimal-pasch", 2, max_throws=1)
    s = throw(s, (6, 6, 1, 2, 3, 4), (5, 5, 1, 2, 3, 4))
    assert s.is_terminal() and s.winners() == (0,)
    s = new("dreimal-pasch", 2, max_throws=1)
    s = throw(s, (6, 6, 1, 2, 3, 4), (6, 6, 1, 2, 3, 4))
    assert not s.is_terminal() and s.playoffs and s.seat == 0
    s = throw(s, (1, 2, 3, 4, 5, 6), (1, 1, 3, 4, 5, 6))
    assert s.is_terminal() and s.winners() == (1,) and s.results[0] == s.results[1]
    check_results(s)


def test_typed_moves() -> None:
    s = throw(new("dreimal-pasch", 2), (1, 1, 2, 3, 4, 5))
    assert s.parse_action_text("stop", 0) == STOP and s.parse_action_text("1 1", 0) == Keep((1, 1))
    assert s.parse_action_text("alle", 0) == Keep(())
    with pytest.raises(IllegalAction):
        s.parse_action_text("nanu", 0)
    assert s.describe_action(STOP, "de") == "aufhören: 1 Paar, 16 Augen"


def test_one_throw_by_brute_force_and_two_by_plain_recursion() -> None:
    expected = Fraction(sum(pairs(r) for r in itertools.product(range(1, 7), repeat=6)), 6**6)
    assert solo_tables(1, 2, 5).start[0] == pytest.approx(float(expected), abs=1e-12)
    keep_value: dict[tuple[int, ...], Fraction] = {}

    def after_keep(keep: tuple[int, ...]) -> Fraction:
        if keep not in keep_value:
            keep_value[keep] = sum(
                (p * pairs(keep + rest) for rest, p in roll_distribution(6 - len(keep))), Fraction(0)
            )
        return keep_value[keep]

    two = Fraction(0)
    for roll, p in roll_distribution(6):
        keeps = [k for k in sub_multisets(roll) if len(k) in (0, 2, 3, 4, 5)]
        two += p * max([Fraction(pairs(roll)), *(after_keep(k) for k in keeps)])
    assert solo_tables(2, 2, 5).start[0] == pytest.approx(float(two), abs=1e-12)
    assert float(solo_tables(3, 2, 5).start[0]) == pytest.approx(2.265820331733281, abs=1e-9)


@pytest.mark.slow
def test_two_throws_by_the_generic_solver() -> None:
    rules = get_game("dreimal-pasch").load_rules(None, {"max_throws": 2, "start": "first_seat"})
    res = solve_game(DreimalPaschGame(rules, 1), "solo")
    assert float(res.value) == pytest.approx(float(solo_tables(2, 2, 5).start[0]), abs=1e-9)


def test_the_second_players_last_decision_by_hand() -> None:
    """Before his last throw the second player's chance of each keep is a plain sum over the throws of the other
    dice (a tie worth the first player's losing the throw-off, 1 − W)."""
    s = new("dreimal-pasch", 2)
    s = throw(s, (1, 1, 2, 2, 3, 4))
    s = s.apply_action(STOP, 0)
    first = s.results[0]
    s = throw(s, (5, 5, 6, 6, 1, 2))
    s = s.apply_action(Keep((5, 5, 6, 6)), 1)
    s = throw(s, (1, 3))
    assert s.turn.keep.throws == 2 and s.to_move() == 1
    w = duel_value(3, 2, 5)
    mine = decision_values(s, 1)
    dice = s.turn.keep.dice

    def chance(keep: tuple[int, ...]) -> float:
        total = 0.0
        for rest, p in roll_distribution(6 - len(keep)):
            r = result_of(sort_dice(keep + rest))
            total += float(p) * (1.0 if r > first else (1 - w) if r == first else 0.0)
        return total

    assert mine[STOP] == pytest.approx(1.0 if result_of(dice) > first else 0.0)
    for a, v in mine.items():
        if isinstance(a, Keep):
            assert v == pytest.approx(chance(a.dice), abs=1e-12)
    assert 0.4 < w < 0.5


def test_bots_and_hints() -> None:
    info = get_game("dreimal-pasch")
    for n in (2, 3):
        game = info.new_game(info.load_rules(), n)
        bots = [DreimalPaschOptimalBot(game), DreimalPaschHeuristicBot(game)]
        for seed in range(3):
            check_results(play_bots(game.new_initial_state(), bots, seeded(seed)))
    game = info.new_game(info.load_rules(), 2)
    s = throw(new("dreimal-pasch", 2), (1, 1, 2, 2, 3, 4))
    advice = DreimalPaschAdvisor(game).advise(s, 0)
    assert len(advice) == len(s.legal_actions(0)) and advice[0].note == ""
    assert all(a.value >= b.value for a, b in itertools.pairwise(advice))
    assert Counter(type(a.action) for a in advice)[Stop] == 1


@given(st.lists(st.integers(1, 6), min_size=6, max_size=6))
@settings(max_examples=200, deadline=None)
def test_pairs_never_exceed_three_and_ignore_the_order(dice: list[int]) -> None:
    assert 0 <= pairs(dice) <= 3 and pairs(dice) == pairs(sorted(dice, reverse=True))
    assert result_of(dice)[1] == sum(dice)
