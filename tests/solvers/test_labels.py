"""Exact labels of solitaire games (issue 27 §3): the values a learning agent's regret is measured in must be the
solvers' own figures, and the best action must be worth exactly the position."""

from __future__ import annotations

import random

import pytest

from wuerfel.engine.errors import WuerfelError
from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import get_game
from wuerfel.solvers.labels import ExactLabels, NoExactLabels, _exact_labels, exact_labels, solitaire_game


def solo_game(game_id: str, rules: str | None = None, players: int = 1) -> Game:
    info = get_game(game_id)
    return info.new_game(info.load_rules(rules), players)


def decisions(game: Game, seed: int, count: int) -> list[State]:
    """The first ``count`` decisions of a seeded random game (random outcomes by probability, random moves)."""
    rng = random.Random(seed)
    state, out = game.new_initial_state(), []
    while len(out) < count and not state.is_terminal():
        if state.is_chance():
            outcomes = [(o, float(p)) for o, p in state.chance_outcomes()]
            state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        out.append(state)
        player = state.to_move()
        state = state.apply_action(rng.choice(list(state.legal_actions(player))), player)
    return out


@pytest.mark.parametrize("game_id", ["sechzerspiel", "quinze", "dreimal-pasch", "die-boese-sieben"])
def test_value_of_the_first_throw_is_the_solvers_figure(game_id: str) -> None:
    """The labels read the advisor's tables, the solve command its own result: both must say the same. The hand
    games' solo objective (one turn played alone) is their game made for one seat (``solitaire_game``)."""
    info = get_game(game_id)
    game = solitaire_game(info, info.load_rules(None))
    labels = exact_labels(game)
    assert labels.source == "advisor"
    solved = info.solvers["solo"](game.rules, game_id, False)
    assert labels.optimal_value(game.new_initial_state()) == pytest.approx(solved.value, abs=1e-9)


def test_games_that_mean_something_else_alone_stay_refused() -> None:
    """Chicago alone never ends, Sequenzen alone scores the round it always wins: no one-seat game for them."""
    for game_id in ("chicago", "sequenzen", "craps", "va-banque"):
        info = get_game(game_id)
        with pytest.raises(WuerfelError):
            solitaire_game(info, info.load_rules(None))


def test_yahtzee_is_worth_verhoeffs_figure() -> None:
    """Optimal solitaire Yahtzee scores 254.5877 on average (Verhoeff's published optimum), read from the tables
    that Kniffel's solver caches on disk."""
    game = solo_game("wuerfelspiel", "yahtzee")
    assert exact_labels(game).optimal_value(game.new_initial_state()) == pytest.approx(254.5877, abs=5e-5)


@pytest.mark.parametrize(("game_id", "rules"), [("sechzerspiel", None), ("ohio", None), ("wuerfelspiel", "kniffel")])
def test_best_action_is_worth_the_position(game_id: str, rules: str | None) -> None:
    """At every decision the legal actions are all valued, and the best of them is the position's value."""
    game = solo_game(game_id, rules)
    labels = exact_labels(game)
    for state in decisions(game, seed=7, count=12):
        values = labels.action_values(state)
        assert set(values) == set(state.legal_actions(state.to_move()))
        assert labels.optimal_value(state) == pytest.approx(max(values.values()), abs=1e-9)


def test_an_action_is_worth_the_expectation_of_the_throw_after_it() -> None:
    """Bellman's equation across a throw: an action's value is the expectation, over the next throw's outcomes, of
    the best values there — a label is the value of optimal play afterwards, not a heuristic."""
    game = solo_game("ohio")
    labels = exact_labels(game)
    checked = 0
    for state in decisions(game, seed=3, count=20):
        player = state.to_move()
        for action, value in labels.action_values(state).items():
            after = state.apply_action(action, player)
            if not after.is_chance():
                continue
            expected = sum(
                float(p) * labels.optimal_value(after.apply_outcome(o)) for o, p in after.chance_outcomes() if p
            )
            assert value == pytest.approx(expected, abs=1e-6), (state, action)
            checked += 1
            break
    assert checked >= 10


@pytest.mark.slow
def test_generic_solver_agrees_with_the_advisor() -> None:
    """Two independent sources: the generic exact solver over the engine and the Sechzerspiel's own tables."""
    game = solo_game("sechzerspiel")
    generic = _exact_labels(get_game("sechzerspiel"), game, 300_000)
    assert isinstance(generic, ExactLabels) and generic.source == "exact"
    advisor = exact_labels(game)
    assert generic.optimal_value(game.new_initial_state()) == pytest.approx(85.890432, abs=1e-6)
    for state in decisions(game, seed=5, count=6):
        own, other = generic.action_values(state), advisor.action_values(state)
        assert own.keys() == other.keys()
        for action in own:
            assert own[action] == pytest.approx(other[action], abs=1e-9)


def test_no_labels_without_an_exact_solver() -> None:
    """Several seats, or the 3-column Würfelspiel's planner (an estimate), give no exact labels."""
    with pytest.raises(NoExactLabels):
        exact_labels(solo_game("ohio", players=2))
    with pytest.raises(NoExactLabels):
        exact_labels(solo_game("wuerfelspiel", "brettspielnetz"))


def _solitaire_rule_sets() -> list[tuple[str, str]]:
    """(game, rule set) of every rule set one seat plays whose game has a solver of its own objective."""
    from wuerfel.engine.registry import all_games

    out = []
    for info in all_games():
        if not any(o in info.solvers for o in ("solo", "score")):
            continue
        for rule_set in info.public_rule_sets():
            try:
                solitaire_game(info, info.load_rules(rule_set))
            except WuerfelError:
                continue
            out.append((info.id, rule_set))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "rules"), _solitaire_rule_sets())
def test_every_labelled_rule_set_starts_at_its_solvers_value(game_id: str, rules: str) -> None:
    """Every solitaire rule set with exact labels: the first throw is worth what the game's own solver says (a
    fresh machine builds Escalero's tables here: minutes)."""
    info = get_game(game_id)
    game = solitaire_game(info, info.load_rules(rules))
    try:
        labels = exact_labels(game)
    except NoExactLabels:
        pytest.skip("no exact labels (its solver rates another quantity)")
    objective = "solo" if "solo" in info.solvers else "score"
    solved = info.solvers[objective](game.rules, rules, False)
    assert labels.optimal_value(game.new_initial_state()) == pytest.approx(solved.value, rel=1e-9)
