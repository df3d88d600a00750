"""Gymnasium environments of the solitaire games (issue 27 §3), checked by Gymnasium's own env checker, with exact
labels an optimal agent must realise on average."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from wuerfel.interop.gymnasium import WuerfelSoloEnv, solitaire_rule_sets  # noqa: E402

ENVS = solitaire_rule_sets()
EXPECTED_WARNINGS = ("infinity", "render fps")
"""What the checker may say: the observation's numbers have no declared bound (a score has none), and a text
render has no frame rate."""


def checked(env: WuerfelSoloEnv) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    unexpected = [str(w.message) for w in caught if not any(x in str(w.message) for x in EXPECTED_WARNINGS)]
    assert not unexpected, unexpected


def test_every_solitaire_game_is_registered() -> None:
    ids = {env_id for env_id, _, _ in ENVS}
    for name in (
        "Kniffel",
        "Yahtzee",
        "Wuerfelspiel",
        "Escalero",
        "Ohio",
        "Sechzerspiel",
        "Zehntausend350Solo",
        "Quinze",
        "DreimalPasch",
        "DieBoeseSieben",
    ):
        assert f"wuerfel/{name}-v0" in ids
        assert f"wuerfel/{name}-v0" in gymnasium.registry
    assert not any("Jule" in env_id for env_id in ids)  # one seat of Jule never chooses: nothing to learn
    assert not any("Chicago" in env_id for env_id in ids)  # alone it never ends


@pytest.mark.parametrize("env_id", [e for e, _, _ in ENVS])
def test_env_checker_passes(env_id: str) -> None:
    checked(gymnasium.make(env_id, labels=False, render_mode="ansi").unwrapped)


@pytest.mark.parametrize(
    "env_id",
    [
        "wuerfel/Kniffel-v0",
        "wuerfel/Ohio-v0",
        "wuerfel/Sechzerspiel-v0",
        "wuerfel/Quinze-v0",
        "wuerfel/DieBoeseSieben-v0",
    ],
)
def test_exact_labels_in_info(env_id: str) -> None:
    env = gymnasium.make(env_id).unwrapped
    checked(env)
    obs, info = env.reset(seed=4)
    for _ in range(8):
        legal = set(np.flatnonzero(info["action_mask"]).tolist())
        assert legal == set(np.flatnonzero(obs["action_mask"]).tolist())
        assert set(info["action_values"]) == legal
        assert info["optimal_value"] == pytest.approx(max(info["action_values"].values()), abs=1e-9)
        chosen = min(legal)
        expected_regret = info["optimal_value"] - info["action_values"][chosen]
        obs, _, terminated, _, info = env.step(chosen)
        assert info["regret"] == expected_regret >= 0.0
        if terminated:
            break


def test_an_optimal_agent_earns_the_optimal_value() -> None:
    """Following the best action value, the mean return over many seeded games is the exact value of the game
    within sampling error, and the agent's regret is 0 at every step."""
    env = WuerfelSoloEnv("sechzerspiel")
    assert env.labels is not None
    value = env.labels.optimal_value(env.game.new_initial_state())
    returns = []
    for seed in range(300):
        _, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            values = info["action_values"]
            action = max(values, key=values.__getitem__)
            _, reward, done, _, info = env.step(action)
            assert info["regret"] == 0.0
            total += reward
        assert total == info["score"]
        returns.append(total)
    mean, std = float(np.mean(returns)), float(np.std(returns, ddof=1))
    assert abs(mean - value) < 4 * std / math.sqrt(len(returns)), (mean, value, std)


def test_seeds_fix_the_game_and_illegal_ids_change_nothing() -> None:
    env = WuerfelSoloEnv("wuerfelspiel", "kniffel", labels=False)
    first, _ = env.reset(seed=11)
    again, info = env.reset(seed=11)
    assert np.array_equal(first["observation"], again["observation"])
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, _, info = env.step(illegal)
    assert reward == 0.0 and not terminated and info["illegal_action"]
    assert np.array_equal(obs["observation"], again["observation"])
    strict = WuerfelSoloEnv("wuerfelspiel", "kniffel", labels=False, strict=True)
    strict.reset(seed=11)
    with pytest.raises(ValueError):
        strict.step(illegal)


def test_the_observation_is_the_shared_vector() -> None:
    """The same vector as PettingZoo's and OpenSpiel's (wuerfel/interop/tensor.py), of the seat's position."""
    env = WuerfelSoloEnv("escalero", labels=False)
    obs, _ = env.reset(seed=2)
    assert env.observation_space["observation"].shape == env.encoder.shape
    assert np.array_equal(obs["observation"], env.encoder.encode(env.state, 0))
    assert "seat 0 free dice showing 6" in env.encoder.describe()


def test_an_episode_never_starts_at_the_end_of_the_game() -> None:
    """Die böse Sieben's first throw can end a solitaire game before the seat chooses anything (seed 33 did): reset
    returned a finished game with an empty mask, and an agent had no legal action. Such a game is drawn again, and
    its score is told in ``info["skipped_scores"]``."""
    env = gymnasium.make("wuerfel/DieBoeseSieben-v0", labels=False).unwrapped
    skipped: list[float] = []
    for seed in range(60):
        obs, info = env.reset(seed=seed)
        assert obs["action_mask"].any() and not env.state.is_terminal()
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        skipped += info.get("skipped_scores", [])
    assert skipped and all(isinstance(s, float) for s in skipped)
    again, info = env.reset(seed=33)  # the same seed, the same draws
    assert "skipped_scores" in info and np.array_equal(again["observation"], env.reset(seed=33)[0]["observation"])
