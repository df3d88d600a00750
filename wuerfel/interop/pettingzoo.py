"""Every game as a PettingZoo AEC environment: ``env("escalero", players=2)``.

Needs the optional extra ``pip install 'wuerfel[research]'`` (pettingzoo, gymnasium). The mapping (docs/research.md):

* agents ``player_0 … player_{n-1}`` are the seats; the agent selected is the (lowest) seat that may act, so a
  simultaneous node (stakes placed in any order) is played in seat order;
* actions are the dense ids of :mod:`wuerfel.interop.codec` (``Discrete(num_distinct_actions)``); a game of pure
  chance (or rules under which a game plays itself: Würfelpoker with one throw and no raising) has one more move,
  action 0 at a chance node, "throw": the thrower (or seat 0 for a lot) takes it and the dice fall — such a game
  has nothing else to offer an agent, and PettingZoo wants somebody to act after ``reset``;
* chance is resolved inside :meth:`WuerfelEnv.step` (and ``reset``) from the environment's own generator, seeded by
  ``reset(seed=…)``: one ``random()`` per chance node, like the engine's sampling;
* the observation is a dict of ``observation`` — the float32 vector of what the seat sees
  (:mod:`wuerfel.interop.tensor`: only the seat's own components, a fixed length per game, rules and seats,
  ``describe()`` naming each slot) — and ``action_mask`` (1 where an id is legal for this agent now);
* rewards come at the end: the chips won or lost where the game plays for chips, else the win share (1/k for each
  of k winners), as in :mod:`wuerfel.interop.openspiel`;
* ``render_mode="ansi"`` returns the table as the terminal draws it (spectator's view), as text.
"""

from __future__ import annotations

import functools
import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from wuerfel.engine.game import State
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.interop.codec import ActionCodec, codec_for
from wuerfel.interop.tensor import Encoder, encoder_for

METADATA: dict[str, Any] = {"render_modes": ["ansi"], "name": "wuerfel_v0", "is_parallelizable": False}
"""What every environment's ``metadata`` starts from (its own names its game)."""

THROW = 0
"""The one action of a game of pure chance: throw the dice."""


class WuerfelEnv(AECEnv):  # type: ignore[misc]
    """One game with fixed rules and seats as an AEC environment."""

    metadata: dict[str, Any]
    """An instance attribute as PettingZoo declares it: each environment names its game in its own copy."""

    def __init__(
        self,
        game: str,
        rules: str | None = None,
        players: int | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.max_cycles = max_cycles
        """Decisions (steps of any agent) after which an unfinished game is truncated for every agent (None: none);
        a game of the book may last long (Zehntausend to 10,000), an episode of training need not."""
        self._steps = 0
        self.info: GameInfo = get_game(game)
        loaded = self.info.load_rules(rules)
        n = self.info.player_counts(loaded)[0] if players is None else players
        self.game = self.info.new_game(loaded, n)
        self.codec: ActionCodec = codec_for(self.game)
        self.encoder: Encoder = encoder_for(self.game)
        self.chance_only = self.codec.num_distinct_actions == 0 or _ends_without_decision(self.game)
        self.num_actions = max(1, self.codec.num_distinct_actions)
        self.metadata = {**METADATA, "name": f"wuerfel_{self.info.id.replace('-', '_')}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng = random.Random()
        self.position: State = self.game.new_initial_state()

    # --- spaces -----------------------------------------------------------------------------------------------
    @functools.cache  # noqa: B019 - PettingZoo wants the same space object every time
    def observation_space(self, agent: str) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(self.num_actions)

    # --- the loop ---------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self.position = self._settle(self.game.new_initial_state())
        self._after_move()

    def _settle(self, state: State) -> State:
        """Throw the dice until somebody must decide or the game is over (a game of pure chance waits at each
        throw for its thrower's action instead)."""
        while state.is_chance() and not self.chance_only:
            state = self._throw(state)
        return state

    def _throw(self, state: State) -> State:
        outcomes = [(o, float(p)) for o, p in state.chance_outcomes() if p > 0]
        u, acc = self._rng.random(), 0.0
        for outcome, p in outcomes:
            acc += p
            if u < acc:
                return state.apply_outcome(outcome)
        return state.apply_outcome(outcomes[-1][0])

    def _acting_seat(self) -> int:
        s = self.position
        if s.is_chance():  # only in a game of pure chance: the thrower throws
            t = s.thrower()
            return 0 if t is None else t
        return min(s.actors())

    def _after_move(self) -> None:
        if self.position.is_terminal():
            results = self._results()
            for a in self.agents:
                self.rewards[a] = results[self._seat[a]]
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self._acting_seat()]
        self._accumulate_rewards()

    def _results(self) -> list[float]:
        n = self.game.num_players
        if self.info.chips:
            return [float(x) for x in (self.position.payoffs() or (0,) * n)]
        return [float(x) for x in self.position.returns()]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.position.is_chance():  # only where the players throw by hand (see chance_only)
            if int(action) != THROW:  # type: ignore[arg-type]
                raise ValueError(f"{self.info.id}: the only action now is {THROW}, throw the dice")
            self.position = self._throw(self.position)
        else:
            move = self.codec.decode(int(action), self.position, seat)  # type: ignore[arg-type]
            self.position = self._settle(self.position.apply_action(move, seat))
        self._steps += 1
        if self.max_cycles is not None and self._steps >= self.max_cycles and not self.position.is_terminal():
            for a in self.agents:
                self.truncations[a] = True  # no result: the game did not end (rewards stay 0)
        self._after_move()

    # --- what an agent sees -----------------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.encoder.encode(self.position, seat), "action_mask": self._mask(seat)}

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_actions, np.int8)
        s = self.position
        if s.is_terminal() or self._acting_seat() != seat:
            return mask
        if s.is_chance():
            mask[THROW] = 1
        else:
            mask[self.codec.legal_ids(s, seat)] = 1
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from rich.console import Console

        from wuerfel.cli.render import generic_renderer

        s = self.position
        if self.info.terminal_renderer is not None:
            drawing = self.info.terminal_renderer(s.view(None), "en")
        elif type(s).components is not State.components:
            from wuerfel.cli.components import render_components

            drawing = render_components(s.components(None), "en")
        else:
            drawing = generic_renderer(s.view(None), "en")
        console = Console(
            width=100,
            record=True,
            file=io.StringIO(),  # recorded, printed nowhere
            color_system=None,
        )
        console.print(drawing)
        return console.export_text()

    def close(self) -> None:
        return None


def _ends_without_decision(game: Any) -> bool:
    """Does a game under these rules play itself? One fixed random playout that meets no decision says so (rules
    with decisions at all offer them in every game: a throw to keep, a stake to place)."""
    rng = random.Random(0)
    state = game.new_initial_state()
    for _ in range(100_000):
        if state.is_terminal():
            return True
        if not state.is_chance():
            return False
        outcomes = [(o, float(p)) for o, p in state.chance_outcomes() if p > 0]
        state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
    return False


def raw_env(
    game: str,
    rules: str | None = None,
    players: int | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> WuerfelEnv:
    """The environment without PettingZoo's checking wrappers."""
    return WuerfelEnv(game, rules, players, render_mode, max_cycles)


def env(
    game: str,
    rules: str | None = None,
    players: int | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> AECEnv:
    """The AEC environment of ``game`` under ``rules`` (preset id or rule file; default the game's default) with
    ``players`` seats (default the fewest the rules allow), wrapped as PettingZoo's classic games are: an illegal
    or out-of-range action is an error, never silently applied. ``max_cycles``: decisions after which an unfinished
    game is truncated for every agent."""
    e: AECEnv = raw_env(game, rules, players, render_mode, max_cycles)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
