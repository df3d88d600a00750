"""PettingZoo's own checks on every game (issue 27 §2): ``api_test`` and ``seed_test``, bounded in cycles."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install 'wuerfel[research]'")

from pettingzoo.test import api_test, seed_test

from tests.interop import declared_games
from wuerfel.engine.registry import GameInfo
from wuerfel.interop.pettingzoo import env

GAMES = declared_games()


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_api_and_seed(info: GameInfo) -> None:
    """PettingZoo's API test (a few cycles: every kind of node of a game comes early) and its determinism test."""
    api_test(env(info.id, render_mode="ansi"), num_cycles=15)
    seed_test(lambda: env(info.id), num_cycles=10)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("info", "preset"),
    [(i, p) for i in GAMES for p in i.rule_sets()],
    ids=[f"{i.id}/{p}" for i in GAMES for p in i.rule_sets()],
)
def test_api_every_preset(info: GameInfo, preset: str) -> None:
    rules = info.load_rules(preset)
    for n in sorted({info.player_counts(rules)[0], info.player_counts(rules)[-1]}):
        api_test(env(info.id, preset, n), num_cycles=100)


def test_a_whole_game_ends_with_the_results() -> None:
    """Played to the end with masked random actions: chip games pay chips that sum to zero, the others win shares."""
    for game_id, chips in (("verdecktes-wuerfelpoker", True), ("sequenzen", False)):
        e = env(game_id, players=2)
        e.reset(seed=3)
        rng = np.random.default_rng(3)
        totals = {a: 0.0 for a in e.possible_agents}
        for agent in e.agent_iter(max_iter=20_000):
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            assert obs["observation"].shape == e.unwrapped.encoder.shape
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not e.agents, f"{game_id} did not end"
        if chips:
            assert sum(totals.values()) == 0 and any(totals.values())
        else:
            assert sum(totals.values()) in (0.0, 1.0) and all(0 <= v <= 1 for v in totals.values())


def test_the_observation_is_the_seats_vector_only() -> None:
    """What each seat is given is the observation vector of its own components, in the declared space."""
    e = env("verdecktes-wuerfelpoker", players=2)
    e.reset(seed=0)
    raw = e.unwrapped
    for _ in range(200):
        if raw.position.is_terminal():
            break
        for seat, agent in enumerate(e.possible_agents):
            got = e.observe(agent)
            assert got["observation"].dtype == np.float32
            assert e.observation_space(agent).contains(got)
            assert np.array_equal(got["observation"], raw.encoder.encode(raw.position, seat))
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_max_cycles_truncates_an_unfinished_game_for_every_agent() -> None:
    """PettingZoo's ``max_cycles`` (its ``max_cycles_test`` needs a parallel env; a game of turns has none): after
    that many decisions every agent is truncated, the loop ends, and nobody is paid for a game that did not end."""
    api_test(env("zehntausend", max_cycles=5), num_cycles=50)
    e = env("zehntausend", max_cycles=5)
    e.reset(seed=3)
    steps, truncated = 0, set()
    for agent in e.agent_iter():
        _, reward, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not term and reward == 0.0
            truncated.add(agent)
            e.step(None)
            continue
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
        steps += 1
    assert steps == 5 and truncated == {"player_0", "player_1"}
    with pytest.raises(ValueError, match="max_cycles"):
        env("zehntausend", max_cycles=0)
