"""The optimal bot and the hint advisor: legal under every preset, and rating actions as the tables say."""

from __future__ import annotations

import random

import pytest

from wuerfel.bots import make_bot
from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend.actions import Bank, Continue
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.options import library, load_rules
from wuerfel.games.zehntausend.solvers.play import (
    MEASURE_POINTS,
    MEASURE_WIN,
    Evaluator,
    ZehntausendAdvisor,
    state_key,
)
from wuerfel.games.zehntausend.solvers.turn import solve_turn
from wuerfel.games.zehntausend.state import ZehntausendState


def _play(game: ZehntausendGame, bots: list, seed: int, max_steps: int = 4000) -> ZehntausendState:  # type: ignore[type-arg]
    rng = random.Random(seed)
    s: ZehntausendState = game.new_initial_state()
    for _ in range(max_steps):
        if s.is_terminal():
            break
        if s.is_chance():
            outs = s.chance_outcomes()
            s = s.apply_outcome(rng.choices([o for o, _ in outs], [float(p) for _, p in outs])[0])
        else:
            p = s.to_move()
            s = s.apply_action(bots[p].choose(s, p), p)  # apply_action refuses anything illegal
    return s


def test_registered_everywhere() -> None:
    info = get_game("zehntausend")
    assert "optimal" in info.bots
    assert set(info.solvers) >= {"turn", "duel", "solo"}
    assert info.advisor is not None


@pytest.mark.parametrize("name", library().names())
def test_optimal_bot_plays_every_rule_set(name: str) -> None:
    rules = load_rules(name, {"game": {"target": 1500}})
    n = rules.game.min_players if rules.game.mode == "solo" else 2
    game = ZehntausendGame(rules, n)
    bots = [make_bot("zehntausend", "optimal", game, 1), make_bot("zehntausend", "heuristic", game, 2)][:n]
    s = _play(game, bots, 3)
    assert s.is_terminal() or s.turns[0] > 3


def test_advice_matches_the_turn_solution() -> None:
    rules = load_rules("zehntausend-350")
    game = ZehntausendGame(rules, 3)  # three players: the single-turn optimum rates the moves
    adv = ZehntausendAdvisor(game)
    s: ZehntausendState = game.new_initial_state()
    from wuerfel.engine.game import Roll

    s = s.apply_outcome(Roll((1, 1, 5, 2, 3, 6)))
    advice = adv.advise(s, 0)
    assert [a.action for a in advice] and all(a.measure == MEASURE_POINTS for a in advice)
    values = [a.value for a in advice]
    assert values == sorted(values, reverse=True)
    sol = solve_turn(rules)
    best = dict(((m.dice, m.turn_fives), v) for m, v in sol.move_values(0, state_key(s), s.throw or ()))
    for a in advice:
        assert a.value == pytest.approx(best[(a.action.dice, a.action.turn_fives)])
    # after setting aside the best move the decision values are bank/roll of the solution
    s2 = s.apply_action(advice[0].action, 0)
    rated = dict((type(a.action), a.value) for a in adv.advise(s2, 0))
    assert rated[Continue] == pytest.approx(sol.roll_value(s2.turn.total, state_key(s2)))
    if Bank in rated:
        assert rated[Bank] == s2.turn.total


def test_duel_advice_gives_winning_chances() -> None:
    rules = load_rules("farkle", {"game": {"target": 1000}})
    game = ZehntausendGame(rules, 2)
    ev = Evaluator(game)
    assert ev.use_duel
    adv = ZehntausendAdvisor(game)
    from wuerfel.engine.game import Roll

    s: ZehntausendState = game.new_initial_state().apply_outcome(Roll((1, 5, 5, 2, 3, 4)))
    advice = adv.advise(s, 0)
    assert advice and all(a.measure == MEASURE_WIN and 0.0 <= a.value <= 1.0 for a in advice)
    # the bot's table (from disk through the light path, or solved here) is the duel solver's
    from wuerfel.games.zehntausend.solvers.duel import solve_duel

    assert ev.duel().value == solve_duel(rules).value


def test_optimal_beats_heuristic_in_a_short_farkle_duel() -> None:
    """Not a strength measurement (see bench/zehntausend_solve.py), only that the duel tables steer the bot."""
    rules = load_rules("farkle", {"game": {"target": 1000}})
    game = ZehntausendGame(rules, 2)
    wins = 0.0
    n = 60
    for k in range(n):
        opt = make_bot("zehntausend", "optimal", game, k)
        heu = make_bot("zehntausend", "heuristic", game, k)
        seat = k % 2
        bots = [opt, heu] if seat == 0 else [heu, opt]
        wins += _play(game, bots, 1000 + k).returns()[seat]
    assert wins / n > 0.4


def test_solo_advice_counts_turns() -> None:
    from wuerfel.engine.game import Roll
    from wuerfel.games.zehntausend.solvers.play import MEASURE_TURNS
    from wuerfel.games.zehntausend.solvers.solo import solve_solo

    rules = load_rules("zehntausend-350-solo", {"game": {"target": 1000}})
    game = ZehntausendGame(rules, 1)
    ev = Evaluator(game)
    assert ev.use_solo
    s: ZehntausendState = game.new_initial_state().apply_outcome(Roll((1, 1, 1, 5, 2, 3)))
    advice = ZehntausendAdvisor(game).advise(s, 0)
    assert advice and all(a.measure == MEASURE_TURNS for a in advice)
    values = [a.value for a in advice]
    assert values == sorted(values)  # fewest turns first
    # the expected turns of the whole game equal the expectation over the first throw of the best move + 1
    sol = solve_solo(rules)
    assert 1.0 < sol.value < values[-1] + 2
    bot = make_bot("zehntausend", "optimal", game, 0)
    assert bot.choose(s, 0) == advice[0].action
    end = _play(game, [bot], 5)
    assert end.is_terminal()


def test_endgame_layer_banks_at_the_target_and_not_when_it_cannot_win() -> None:
    import dataclasses

    from wuerfel.games.zehntausend.solvers.play import NOTE_BANK_ENDS, OptimalBot, endgame_bank

    rules = load_rules("macke-klassisch")
    game = ZehntausendGame(rules, 3)
    s: ZehntausendState = game.new_initial_state()
    from wuerfel.engine.game import Roll

    s = s.apply_outcome(Roll((1, 1, 1, 2, 3)))
    sel = next(a for a in s.legal_actions(0) if a.dice == (1, 1, 1))
    s = s.apply_action(sel, 0)  # 1000 points aside, 2 dice left: the turn values say "throw on" at a low total
    near = dataclasses.replace(s, scores_=(9_200, 500, 700))
    assert endgame_bank(near, 0) is True
    assert OptimalBot(game, 0).choose(near, 0) == Bank()
    advice = ZehntausendAdvisor(game).advise(near, 0)
    assert advice[0].action == Bank() and advice[0].note == NOTE_BANK_ENDS
    behind = dataclasses.replace(s, scores_=(8_000, 10_400, 700), end_triggered=True)
    assert endgame_bank(behind, 0) is False
    assert OptimalBot(game, 0).choose(behind, 0) != Bank()
    assert endgame_bank(dataclasses.replace(s, scores_=(100, 500, 700)), 0) is None
