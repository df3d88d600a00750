"""Hints of the three games: rated moves, best first, from what the player may know."""

from __future__ import annotations

import math

from wuerfel.engine.clocks import Pass
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.escalero_solver import solo_value
from wuerfel.games.hasard.lustige_sieben import Done, Stake
from wuerfel.games.hasard.poker import DRILLING, VIERLING
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge

P = parse_poker_dice


def test_escalero_advice_is_the_optimal_expectation() -> None:
    info = get_game("escalero")
    game = info.new_game(None, 1)
    s = game.new_initial_state().apply_outcome(Roll(P("A A A A A")))
    advice = info.advisor(game).advise(s, 0)
    assert advice[0].action.row == 10 and advice[0].value > solo_value(game.rules)
    values = [a.value for a in advice]
    assert values == sorted(values, reverse=True) and len(advice) == len(s.legal_actions())
    # Before any throw the expectation of the best move of a mean throw is the solver's value (sanity bound).
    assert all(math.isfinite(v) for v in values)


def test_lustige_sieben_advice_gives_exact_edges() -> None:
    info = get_game("lustige-sieben")
    game = info.new_game(None, 3)
    s = game.new_initial_state().apply_outcome(Lot(0))  # the lot gives seat 0 the bank
    advice = info.advisor(game).advise(s, 1)
    by = {a.action: a.value for a in advice}
    assert by[Done()] == 0.0 and by[Stake(7, 1)] == -1 / 7 and by[Stake(6, 1)] == -1 / 6
    assert info.advisor(game).advise(s, 0) == []  # the banker does not stake


def test_verdecktes_advice_shows_the_mixed_strategy() -> None:
    info = get_game("verdecktes-wuerfelpoker")
    game = info.new_game(None, 2)
    s = game.new_initial_state().apply_outcome(Lot(0)).apply_outcome(Roll(P("K K K 9 10")))
    s = s.apply_action(Announce((DRILLING, 5, 2, 1))).apply_action(Pass(), 1).apply_outcome(Roll(P("9 9 10 B D")))
    adv = info.advisor(game).advise(s, 1)
    assert abs(sum(a.value for a in adv) - 1) < 1e-9 and len(adv) == 2
    assert all(a.action in s.legal_actions() for a in adv)
    s2 = game.new_initial_state().apply_outcome(Lot(0)).apply_outcome(Roll(P("9 10 B D A")))
    s2 = s2.apply_action(Announce((VIERLING, 6)))
    adv = info.advisor(game).advise(s2, 1)
    assert {a.action for a in adv} == {Challenge(), Pass()}
