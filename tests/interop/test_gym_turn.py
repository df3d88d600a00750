"""Farkle's single turn as a Gymnasium env (wuerfel/interop/gym_turn.py): Gymnasium's own checker, and the turn
solver's exact labels, which an agent acting on them must realise on average."""

from __future__ import annotations

import math

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from tests.interop.test_gymnasium import checked  # noqa: E402
from wuerfel.games.zehntausend.solvers.turn import solve_turn_result  # noqa: E402
from wuerfel.interop.gym_turn import WuerfelTurnEnv  # noqa: E402
from wuerfel.interop.gymnasium import TURN_ENVS  # noqa: E402

ENV_ID = "wuerfel/FarkleTurn-v0"


@pytest.fixture(scope="module")
def env() -> WuerfelTurnEnv:
    made = gymnasium.make(ENV_ID).unwrapped
    assert isinstance(made, WuerfelTurnEnv)
    return made


def test_registered_and_checked_by_gymnasium() -> None:
    assert ENV_ID in gymnasium.registry and (ENV_ID, "zehntausend", "farkle") in TURN_ENVS
    checked(gymnasium.make(ENV_ID, labels=False, render_mode="ansi").unwrapped)
    checked(gymnasium.make(ENV_ID).unwrapped)


def test_the_start_is_the_solvers_own_figure(env: WuerfelTurnEnv) -> None:
    """Before the first throw the one legal action is the throw, worth what ``wuerfel solve zehntausend --rules
    farkle --objective turn`` prints."""
    obs, info = env.reset(seed=0)
    figure = solve_turn_result(env.game.rules, "farkle").value
    assert np.flatnonzero(obs["action_mask"]).tolist() == [env.throw_id]
    assert info["action_values"] == {env.throw_id: pytest.approx(figure, abs=1e-9)}
    assert info["optimal_value"] == pytest.approx(figure, abs=1e-9)
    assert 400 < figure < 500  # a turn of Farkle is worth some 450 points


def test_labels_hold_at_every_decision(env: WuerfelTurnEnv) -> None:
    """Taking the worst action: the labels still cover every legal id, the best one is the position's value, and
    the regret is exactly what the step gave away."""
    steps = 0
    for seed in range(20):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = set(np.flatnonzero(info["action_mask"]).tolist())
            assert legal == set(np.flatnonzero(obs["action_mask"]).tolist()) == set(info["action_values"])
            values = info["action_values"]
            assert info["optimal_value"] == max(values.values())
            worst = min(values, key=values.__getitem__)
            obs, reward, done, _, info = env.step(worst)
            assert info["regret"] == max(values.values()) - values[worst] >= 0.0
            assert reward == 0.0 or done  # points come only with the bank that ends the turn
            steps += 1
        assert "optimal_value" not in info and not info["action_mask"].any()
    assert steps > 40


def test_greedy_on_the_labels_earns_the_optimal_value(env: WuerfelTurnEnv) -> None:
    """Acting greedily on ``action_values`` over 1000 seeded turns: no regret at any step, and a mean return within
    four standard errors of the exact value of a turn."""
    value = env.reset(seed=0)[1]["optimal_value"]
    returns = []
    for seed in range(1000):
        _, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            values = info["action_values"]
            _, reward, done, _, info = env.step(max(values, key=values.__getitem__))
            assert info["regret"] == 0.0
            total += reward
        assert total == info["score"] >= 0.0
        returns.append(total)
    mean, std = float(np.mean(returns)), float(np.std(returns, ddof=1))
    assert 0.0 in returns and min(r for r in returns if r) >= 50  # busts bank nothing, a bank at least a 5
    assert abs(mean - value) < 4 * std / math.sqrt(len(returns)), (mean, value, std)


def test_illegal_ids_change_nothing_and_episodes_end_with_the_turn() -> None:
    env = WuerfelTurnEnv(labels=False)
    first, info = env.reset(seed=3)
    other = (env.throw_id + 1) % env.action_space.n
    obs, reward, terminated, _, info = env.step(other)
    assert reward == 0.0 and not terminated and info["illegal_action"]
    assert np.array_equal(obs["observation"], first["observation"])
    strict = WuerfelTurnEnv(labels=False, strict=True)
    strict.reset(seed=3)
    with pytest.raises(ValueError):
        strict.step(other)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
    assert env.state.turns[0] == 1 and env.state.player == 1  # the other seat's turn is never played
    with pytest.raises(RuntimeError):
        env.step(env.throw_id)


def test_rules_it_cannot_label_are_refused() -> None:
    with pytest.raises(ValueError, match="no single-turn env"):
        WuerfelTurnEnv(rules="einfach+uebernehmen")
    with pytest.raises(ValueError, match="no single turn to play alone"):
        WuerfelTurnEnv(game="kniffel")
