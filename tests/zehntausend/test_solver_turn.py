"""The single-turn optimum against a naive expectimax, against the game engine's own transitions, and its API."""

from __future__ import annotations

import random

import pytest

from tests.zehntausend.naive_solvers import expected_turn_points
from wuerfel.bots.base import RandomBot
from wuerfel.engine.errors import RuleError
from wuerfel.games.zehntausend.actions import Select
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.options import load_rules
from wuerfel.games.zehntausend.solvers.play import state_key
from wuerfel.games.zehntausend.solvers.turn import (
    TurnKey,
    exact_model,
    moves,
    solve_turn,
    solve_turn_result,
    threshold,
    turn_graph,
    turn_refusal,
)
from wuerfel.games.zehntausend.state import ZehntausendState

WITHIN_CYCLE = {"extension": {"across_hot_dice": False}}
"""Ergänzen within one cycle of the dice: the form the solvers solve exactly."""

# (rule set, max throws that keep the naive expectimax small, number to beat or None)
NAIVE_CASES = [
    ("farkle", 2, None),
    ("macke-klassisch", 3, None),  # bust = negate
    ("zehntausend-einfach", 3, None),  # proof pending
    ("zehntausend-350", 2, None),  # 350, confirmation, Ergänzen, 5er drehen any_time
    ("zehntausend-350", 2, 1000),  # beat the predecessor's 1,000
    ("einfach-6+verdoppeln+bestaetigen", 2, None),  # confirmation triggered by a fully scoring throw
    ("einfach+verschaerft", 3, None),  # at most 2 dice left to bank
    ("macke-klassisch+350", 3, None),  # stopping below 350 counts as a bust
    ("einfach+5er-drehen", 2, None),
    ("einfach+nix", 3, None),
    ("einfach+minus", 3, None),
    ("macke-6", 2, None),
    ("zehntausend-rueckwaerts", 1, None),
]


@pytest.mark.parametrize(("name", "max_throws", "beat"), NAIVE_CASES)
def test_turn_value_matches_naive_expectimax(name: str, max_throws: int, beat: int | None) -> None:
    rules = load_rules(name, {"turn": {"max_throws": max_throws}})
    sol = solve_turn(rules, beat=beat)
    naive = expected_turn_points(rules, threshold(rules, beat))
    assert sol.value == pytest.approx(naive, abs=1e-9)
    assert sol.tail_ok


def test_more_throws_never_hurt_and_unlimited_is_the_limit() -> None:
    vals = [solve_turn(load_rules("farkle", {"turn": {"max_throws": k}})).value for k in (1, 2, 3, 5, 8)]
    assert vals == sorted(vals)
    unlimited = solve_turn(load_rules("farkle")).value
    assert vals[-1] < unlimited
    assert unlimited - vals[-1] < 0.05 * unlimited


def test_threshold_lowers_the_value_and_beat_is_strict() -> None:
    rules = load_rules("zehntausend-350")
    assert threshold(rules, None) == 350
    assert threshold(rules, 3100) == 3101
    v = [solve_turn(rules, beat=b).value for b in (None, 1000, 3000)]
    assert v[0] > v[1] > v[2]


def test_bust_extra_is_subtracted_exactly_when_busting() -> None:
    rules = load_rules("farkle", {"turn": {"max_throws": 1}})
    base = solve_turn(rules)
    worse = solve_turn(rules, bust_extra=1000)
    p_bust = turn_graph(rules).p_bust[turn_graph(rules).start]
    assert worse.value == pytest.approx(base.value - 1000 * p_bust)


def test_positions_and_moves_api() -> None:
    rules = load_rules("zehntausend-einfach")
    sol = solve_turn(rules)
    key = TurnKey(cup=5)
    mv = sol.move_values(0, key, (1, 1, 1, 5, 2))
    assert mv, "a scoring throw has moves"
    values = [v for _, v in mv]
    assert values == sorted(values, reverse=True)
    for m, v in mv:
        assert v == pytest.approx(sol.decision_value(m.points, m.key))
        if m.key.proof:
            assert not sol.can_bank(m.points, m.key)
    assert sol.move_values(0, key, (2, 3, 4, 6, 6)) == []  # a Niete
    # after 1-1-1 (proof pending) the player must throw: the decision value is the roll value
    ones = next(m for m, _ in mv if m.dice == (1, 1, 1))
    assert ones.key.proof
    assert sol.decision_value(1000, ones.key) == pytest.approx(sol.roll_value(1000, ones.key))
    # a proven position with 100 points banks (expected value of throwing 4 dice on 100 is lower)
    k4 = TurnKey(cup=4)
    assert sol.decision_value(100, k4) == pytest.approx(max(100.0, sol.roll_value(100, k4)))
    with pytest.raises(ValueError):
        sol.decision_value(125, k4)


def test_open_set_approximation_is_declared() -> None:
    assert exact_model(load_rules("zehntausend-350"))
    assert exact_model(load_rules("einfach+ergaenzen", WITHIN_CYCLE))
    assert not exact_model(load_rules("einfach+ergaenzen"))
    assert not exact_model(load_rules("macke-klassisch+beweisen-literal"))


def test_ergaenzen_within_a_cycle_matches_naive_expectimax() -> None:
    """The fixed four-of-a-kind table with Ergänzen: the running value of a set (5-5-5, +5, +5 = 2000, not the
    table's 5000 + …) is part of the position, and the solver agrees with the naive expectimax."""
    rules = load_rules("einfach+ergaenzen", {**WITHIN_CYCLE, "turn": {"max_throws": 3}})
    key = TurnKey(cup=2, throws=1, proof=True, open=((5, 3, 500),))
    one = next(m for m in moves(rules, key, (5, 3)) if m.dice == (5,))
    assert (one.points, one.key.open) == (500, ((5, 4, 1000),))
    two = next(m for m in moves(rules, one.key, (5,)) if m.dice == (5,))
    assert (two.points, two.key.open, two.key.cup) == (1000, (), 5)  # hot dice close the set here
    sol = solve_turn(rules)
    assert sol.value == pytest.approx(expected_turn_points(rules, threshold(rules)), abs=1e-9)
    assert sol.tail_ok


@pytest.mark.parametrize("name", ["einfach+ergaenzen", "einfach+verdoppeln+ergaenzen"])
def test_ergaenzen_across_hot_dice_is_refused_by_every_solver(name: str) -> None:
    """Open sets that survive refills grow without bound: no solver may hand out a value for them."""
    from wuerfel.engine.registry import get_game

    rules = load_rules(name)
    reason = turn_refusal(rules)
    assert "Ergänzen across hot dice" in reason
    solvers = get_game("zehntausend").solvers
    for objective in ("turn", "duel", "solo"):
        with pytest.raises(RuleError) as exc:
            solvers[objective](rules, name)
        assert exc.value.msgid == reason
        assert "Anschluss" in exc.value.translated("de")
    with pytest.raises(RuleError):
        solve_turn(rules)


def test_solve_result_contract() -> None:
    res = solve_turn_result(load_rules("macke-klassisch"), "macke-klassisch")
    js = res.to_json()
    assert set(js) == {"game", "rules", "objective", "value", "seconds", "value_of"}
    assert js["objective"] == "turn" and js["rules"] == "macke-klassisch"
    assert 250 < js["value"] < 350


@pytest.mark.parametrize(
    "name",
    [
        "zehntausend-350",
        "zehntausend-einfach",
        "einfach-6+verdoppeln+bestaetigen",
        "einfach+verschaerft",
        "macke-klassisch+max3",
        "einfach+5er-drehen",
        "einfach+ergaenzen",
    ],
)
def test_solver_transitions_agree_with_the_game_engine(name: str) -> None:
    """Every Select the engine offers is a solver move with the same points and the same next position."""
    rules = load_rules(name, WITHIN_CYCLE if name == "einfach+ergaenzen" else None)
    game = ZehntausendGame(rules, 2)
    bot = RandomBot(7)
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        s: ZehntausendState = game.new_initial_state()
        steps = 0
        while not s.is_terminal() and steps < 300:
            steps += 1
            if s.is_chance():
                outs = s.chance_outcomes()
                s = s.apply_outcome(rng.choices([o for o, _ in outs], [float(p) for _, p in outs])[0])
                continue
            p = s.to_move()
            if s.node == "select":
                key = state_key(s)
                table = {(m.dice, m.turn_fives): m for m in moves(rules, key, s.throw or ())}
                for a in s.legal_actions(p):
                    assert isinstance(a, Select)
                    m = table[(a.dice, a.turn_fives)]
                    nxt = s.apply_action(a, p)
                    if nxt.node == "decide" and nxt.player == p:
                        assert nxt.turn.total == s.turn.total + m.points
                        assert state_key(nxt) == m.key
                        checked += 1
                assert len(table) == len(s.legal_actions(p))
            s = s.apply_action(bot.choose(s, p), p)
    assert checked > 50
