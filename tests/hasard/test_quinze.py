"""Quinze (Hasard 5): the text's rules and the spec's resolutions, payments, the solo value and the two-player duel
against the generic exact solver, bots and hints."""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction

import pytest

from tests.hasard.kit_helpers import check_decisions_against_strategy, check_results, new, play_bots, seeded, throw
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, State
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.quinze import (
    BUST,
    QuinzeAdvisor,
    QuinzeGame,
    QuinzeHeuristicBot,
    QuinzeOptimalBot,
    decision_values,
    duel_value,
    round_robin_value,
    solo_table,
    throws_cap,
)
from wuerfel.games.kit.hands import Stop, ThrowOn
from wuerfel.games.kit.hints import LOSS_CHANCE
from wuerfel.solvers.exact import solve_game

ON, STOP = ThrowOn(), Stop()


def turn(s, *faces: int, stop: bool = True):  # type: ignore[no-untyped-def]
    """Throw the faces one by one (throwing on in between), then stop (unless bust or ``stop`` is off)."""
    for i, f in enumerate(faces):
        s = throw(s, f)
        if i + 1 < len(faces):
            s = s.apply_action(ON, s.to_move())
    if stop and not s.is_chance() and not s.is_terminal() and STOP in s.legal_actions():
        s = s.apply_action(STOP, s.to_move())
    return s


def test_highest_sum_up_to_15_wins_and_the_winner_collects() -> None:
    s = new("quinze", 3)
    s = turn(s, 6, 6, 2)  # 14 in 3 throws
    assert s.results[0] == (1, 14, -3) and s.seat == 1
    s = turn(s, 6, 5, 6)  # 17: out
    assert s.results[1] == BUST and s.seat == 2
    s = turn(s, 5, 5)  # 10
    assert s.is_terminal() and s.winners() == (0,) and s.losers() == (1,)
    assert s.payoffs() == (10 + 4, -10, -4)  # 10 from the busted player, the difference from the other
    check_results(s)


def test_equal_sums_fewer_throws_win_and_pay_nothing() -> None:
    s = new("quinze", 2)
    s = turn(s, 3, 6, 6)  # 15 in three
    s = turn(s, 1, 1, 1, 6, 6)  # 15 in five
    assert s.is_terminal() and s.winners() == (0,) and s.payoffs() == (0, 0)


def test_an_exact_tie_is_thrown_off_and_payments_stay_those_of_the_round() -> None:
    s = new("quinze", 3, lot=0)
    s = turn(s, 6, 6)  # 12 in two
    s = turn(s, 6, 6)  # 12 in two
    s = turn(s, 4)  # 4
    assert s.playoffs and s.order == (0, 1) and s.seat == 0 and s.results[2] == (1, 4, -1)
    s = turn(s, 6, 6, 5)  # bust in the throw-off
    s = turn(s, 2)
    assert s.is_terminal() and s.winners() == (1,)
    assert s.payoffs() == (0, 8, -8)  # 12 − 12 from the tied one, 12 − 4 from the third
    check_results(s)


def test_at_least_one_throw_and_no_move_before_it() -> None:
    s = new("quinze", 2)
    assert s.is_chance() and s.legal_actions() == ()
    with pytest.raises(IllegalAction):
        s.apply_action(STOP, 0)
    s = throw(s, 3)
    assert set(s.legal_actions(0)) == {ON, STOP} and s.legal_actions(1) == ()
    with pytest.raises(IllegalAction):
        s.apply_action(STOP, 1)


def test_everybody_bust_replays_the_round_without_payment() -> None:
    s = new("quinze", 2)
    s = turn(s, 6, 6, 6)
    s = turn(s, 5, 5, 6)
    assert not s.is_terminal() and s.replays == 1 and s.results == (None, None) and s.seat == 0
    s = turn(s, 4)
    s = turn(s, 6, 6, 4)
    assert s.is_terminal() and s.winners() == (0,) and s.payoffs() == (10, -10)


def test_typed_moves() -> None:
    s = throw(new("quinze", 2), 4)
    assert s.parse_action_text("weiter", 0) == ON and s.parse_action_text("stop", 0) == STOP
    with pytest.raises(IllegalAction):
        s.parse_action_text("vielleicht", 0)


def test_solo_value_by_hand_and_by_the_generic_solver() -> None:
    """Alone the best play stops at 11 or more (hand computation: at 11 throwing on gives 4/6 × … < 11), and the
    generic exact solver over the real game's positions agrees to the fraction."""
    table = solo_table(15)
    for total in range(1, 16):
        stop, on = table[(total, 1)] if total <= 6 else table[(total, 2)]
        assert (stop >= on) == (total >= 11), total
    # at 15 nothing but a bust follows
    assert table[(15, 3)][1] == 0
    res = solve_game(QuinzeGame(get_game("quinze").load_rules(None, {"start": "first_seat"}), 1), "solo")
    assert res.value == table[(0, 0)][0]
    assert float(res.value) == pytest.approx(11.874001769738728)


def test_duel_bot_plays_the_generic_solvers_strategy() -> None:
    """Two players to 8 (a small table): the duel's fixed point is the generic exact solver's first-seat share and
    every decision's chances are the solver's."""
    info = get_game("quinze")
    game = info.new_game(info.load_rules(None, {"target": 8, "start": "first_seat"}), 2)
    res = solve_game(game, "win", keep_strategy=True)
    assert duel_value(8) == pytest.approx(float(res.seats[0].win), abs=1e-12)
    strategy = res.strategy
    assert strategy is not None
    check_decisions_against_strategy(game, strategy, decision_values, random.Random(2), range(60))


def test_round_robin_duel_is_the_generic_solvers_strategy() -> None:
    """The round-robin variant with two players to 8 (a small table): the game's own duel (both running turns and
    whose move it is, the tie as a fixed point) gives the generic exact solver's first-seat share, and every
    decision's chances are the solver's; the bot takes the best of them and the hint rates them as chances."""
    info = get_game("quinze")
    game = info.new_game(info.load_rules("quinze-reihum", {"target": 8, "start": "first_seat"}), 2)
    res = solve_game(game, "win", keep_strategy=True)
    assert round_robin_value(8) == pytest.approx(float(res.seats[0].win), abs=1e-12)
    strategy = res.strategy
    assert strategy is not None
    bot = QuinzeOptimalBot(game)

    def bot_takes_the_best(s: State, p: int, mine: Mapping[Action, float]) -> None:
        assert mine[bot.choose(s, p)] == max(mine.values())

    decisions = check_decisions_against_strategy(
        game, strategy, decision_values, random.Random(3), range(40), also=bot_takes_the_best
    )
    assert decisions > 40
    s = throw(new("quinze", 2, order="round_robin"), 6, 6)
    advice = QuinzeAdvisor(game).advise(s, 0)
    assert advice[1].note == LOSS_CHANCE


def test_throws_cap() -> None:
    assert throws_cap(10, [(1, 12, -3)]) == 3 and throws_cap(12, [(1, 12, -3)]) == 4
    assert throws_cap(13, [(1, 12, -3), BUST]) == 0 and throws_cap(5, [None]) == 0


def test_bots_and_hints() -> None:
    info = get_game("quinze")
    for n in (2, 3):
        game = info.new_game(info.load_rules(), n)
        bots = [QuinzeOptimalBot(game), QuinzeHeuristicBot(game)]
        for seed in range(10):
            s = play_bots(game.new_initial_state(), bots, seeded(seed))
            check_results(s)
            assert sum(s.payoffs()) == 0
    game = info.new_game(info.load_rules(), 2)
    s = throw(new("quinze", 2), 6)
    advice = QuinzeAdvisor(game).advise(s, 0)
    assert advice[0].action == ON and advice[0].note == ""
    assert advice[1].note == LOSS_CHANCE and advice[0].value > advice[1].value
    assert QuinzeAdvisor(game).advise(s, 1) == []
    assert Fraction(1) > Fraction(str(round(duel_value(15), 6))) > Fraction(2, 5)  # the first to throw is behind


def test_round_robin_one_throw_each_and_who_stops_or_busts_leaves() -> None:
    """The spec's option: one throw each in turn; before a later throw a player may stop; the round ends when
    everybody has stopped or gone bust; equal sums, fewer throws win; payments as in the book."""
    s = new("quinze", 3, order="round_robin")
    s = throw(s, 6, 5, 4)  # everybody's first throw, no decision before it
    assert s.seat == 0 and set(s.legal_actions(0)) == {ON, STOP}
    s = throw(s.apply_action(ON, 0), 6)  # 12
    s = s.apply_action(STOP, 1)  # stops at 5
    s = throw(s.apply_action(ON, 2), 6)  # 10
    assert s.seat == 0
    s = s.apply_action(STOP, 0)
    assert s.seat == 2  # seat 1 has left the rotation
    s = throw(s.apply_action(ON, 2), 6)  # 16: out
    assert s.is_terminal() and s.results == ((1, 12, -2), (1, 5, -1), BUST)
    assert s.winners() == (0,) and s.payoffs() == (7 + 10, -7, -10)
    check_results(s)


def test_round_robin_tie_is_thrown_off_the_same_way_and_bots_play_it() -> None:
    s = new("quinze", 2, order="round_robin")
    s = throw(s, 6, 6)
    s = s.apply_action(STOP, 0)
    s = s.apply_action(STOP, 1)
    assert s.playoffs and s.order == (0, 1) and s.is_chance()
    s = throw(s, 3, 4)
    s = s.apply_action(STOP, 0)
    s = s.apply_action(STOP, 1)
    assert s.is_terminal() and s.winners() == (1,)
    info = get_game("quinze")
    game = info.new_game(info.load_rules("quinze-reihum"), 3)
    bots = [QuinzeOptimalBot(game), QuinzeHeuristicBot(game), QuinzeOptimalBot(game)]
    for seed in range(5):
        check_results(play_bots(game.new_initial_state(), bots, seeded(seed)))
    advice = QuinzeAdvisor(game).advise(throw(new("quinze", 3, order="round_robin"), 6, 6, 6), 0)
    assert advice[0].measure == "expected final sum (optimal play)"
