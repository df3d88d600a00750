"""Gymnasium environments for every solitaire game the project plays alone, with exact labels (issue 27 §3).

Importing this module registers ``wuerfel/<RuleSet>-v0`` for every rule set of every game that one seat can play
and that leaves it decisions (Kniffel, Yahtzee, the 3-column Würfelspiel, Escalero, Ohio, Sechzerspiel, Zehntausend
solo …: :func:`solitaire_rule_sets`), so ``gymnasium.make("wuerfel/Kniffel-v0")`` works like any registered env;
and ``wuerfel/FarkleTurn-v0``, Farkle's single turn played alone (:data:`TURN_ENVS`, :mod:`.gym_turn`).

* **Actions** are the game's dense action codec (:mod:`wuerfel.interop.codec`): ``Discrete(num_distinct_actions)``.
  The legal ones are the 1s of ``action_mask``, given both in ``info`` and in the observation. An id that is not
  legal changes nothing (reward 0, ``info["illegal_action"]``) — an agent that reads the mask never sends one; with
  ``strict=True`` it raises instead.
* **Chance** is resolved inside ``step`` and ``reset`` from the env's seeded ``np_random``, by the engine's exact
  probabilities: one seed, one game.
* **Reward** is the score gained by the step (lowered where the game counts lower as better), so an episode's
  return is the final score.
* **Exact labels** (where the project has an exact solver: :mod:`wuerfel.solvers.labels`): ``info`` carries
  ``optimal_value`` (the expected final score under optimal play from the position) and ``action_values`` (legal
  action id → the same after that action). An agent's regret at a step is ``optimal_value - action_values[a]``,
  exactly; ``step`` gives it as ``info["regret"]`` of the action just taken. ``labels=False`` leaves them out
  (no tables are loaded).
* **Render**: ``render_mode="ansi"`` gives the table as the terminal draws it for the seat, as text.
* **Observation** ``observation`` is the float32 vector of what the seat sees (:mod:`wuerfel.interop.tensor`, the
  same as PettingZoo's and OpenSpiel's ``observation_tensor``: only the seat's components, a fixed length per game
  and rules, ``env.encoder.describe()`` naming each slot). ``info["view"]`` has the view itself for an agent with
  its own encoding.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from wuerfel.engine.errors import WuerfelError
from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import GameInfo, all_games, get_game
from wuerfel.engine.sampling import ChanceTable, chance_table, draw_slot
from wuerfel.interop.codec import ActionCodec, CodecError, codec_for
from wuerfel.interop.tensor import Encoder, encoder_for
from wuerfel.solvers.labels import ExactLabels, NoExactLabels, exact_labels, solitaire_game

MAX_SKIPPED = 1000
"""Games in a row that may end before the seat's first decision at a reset (an env exists only for games with
decisions, so reaching it means a broken game)."""


class WuerfelSoloEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat playing a game of the project alone (module text for actions, chance, reward, labels)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium.Env declares it per instance

    def __init__(
        self,
        game: str,
        rules: str | None = None,
        labels: bool = True,
        strict: bool = False,
        render_mode: str | None = None,
    ) -> None:
        info = get_game(game)
        resolved = info.resolve(rules if rules is not None else _own_rule_set(info, game))
        self.info_ = info
        self.rules_id = resolved.id
        self.game = solitaire_game(info, info.rules_from_dict(resolved.data))
        self._setup(labels, strict, render_mode)

    def _setup(self, labels: bool, strict: bool, render_mode: str | None) -> None:
        """Spaces, codec and encoder of ``self.game`` (shared with the single-turn env of :mod:`.gym_turn`)."""
        self.codec: ActionCodec = codec_for(self.game)
        self.want_labels = labels
        self.strict = strict
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' or None")
        self.render_mode = render_mode
        self.encoder: Encoder = encoder_for(self.game)
        n = self.codec.num_distinct_actions
        self.action_space = spaces.Discrete(n)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=self.encoder.shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            }
        )
        self.state: State = self.game.new_initial_state()
        self._labels: ExactLabels | bool | None = None if labels else False
        self._tables: dict[int, ChanceTable] = {}
        self._now: tuple[dict[str, Any], np.ndarray] | None = None
        self._rated: tuple[float, dict[int, float]] | None = None
        """The position's optimal value and action values, for the regret of the step taken from it."""

    @property
    def labels(self) -> ExactLabels | None:
        """The exact labels of this game and rules, loaded at first use; None where there is no exact solver."""
        if self._labels is None:
            try:
                self._labels = exact_labels(self.game, self.info_.id)
            except NoExactLabels:
                self._labels = False
        return self._labels if isinstance(self._labels, ExactLabels) else None

    # --- the Gymnasium API -------------------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        # An episode starts at the seat's first decision. Where chance alone can end the game before it (Die böse
        # Sieben's first throw), that game is over before the agent acts: it is drawn again, and its score is told
        # in info["skipped_scores"] so that a mean over episodes can count it (the start value does).
        skipped: list[float] = []
        self.state = self._start()
        while self._episode_over(self.state):
            if len(skipped) >= MAX_SKIPPED:
                raise RuntimeError(
                    f"{self.info_.id}: {MAX_SKIPPED} games in a row ended before the seat's first choice"
                )
            skipped.append(self._score(self.state))
            self.state = self._start()
        self._now = None
        info = self._info()
        if skipped:
            info["skipped_scores"] = skipped
        return self._observation(), info

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._episode_over(self.state):
            raise RuntimeError("step() after the episode ended: call reset()")
        before = self._score(self.state)
        rated = self._rated
        after = self._advance(int(action))
        if after is None:
            self._now = None  # a new view for this call's info: a caller keeps what it was given
            return self._observation(), 0.0, False, False, {**self._info(), "illegal_action": True}
        self.state = after
        reward = self._score(self.state) - before
        info = self._info()
        if rated is not None:  # what the step cost against optimal play, exactly
            info["regret"] = rated[0] - rated[1][int(action)]
        return self._observation(), reward, self._episode_over(self.state), False, info

    def render(self) -> str | None:
        """``"ansi"``: the table as the terminal draws it for the seat (its view or components), as plain text."""
        if self.render_mode != "ansi":
            return None
        import io

        from rich.console import Console

        from wuerfel.cli.components import render_components
        from wuerfel.cli.render import generic_renderer

        if self.info_.terminal_renderer is not None:
            drawing = self.info_.terminal_renderer(self.state.view(0), "en")
        elif type(self.state).components is not State.components:
            drawing = render_components(self.state.components(0), "en", viewer=0)
        else:
            drawing = generic_renderer(self.state.view(0), "en")
        console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
        console.print(drawing)
        return console.export_text()

    # --- inside: what a subclass may change (the single-turn env of :mod:`.gym_turn` does) ------------------------

    def _start(self) -> State:
        """The position an episode starts from: the game's first decision of the seat (its throws made)."""
        return self._throw(self.game.new_initial_state())

    def _advance(self, action_id: int) -> State | None:
        """The position after the seat's action ``action_id`` and the chance that follows it; None for an id that
        is not legal now (``strict``: the decoder's error instead)."""
        player = self.state.to_move()
        try:
            chosen = self.codec.decode(action_id, self.state, player)
        except CodecError:
            if self.strict:
                raise
            return None
        return self._throw(self.state.apply_action(chosen, player))

    def _legal_ids(self) -> list[int]:
        """The ids legal now (none once the episode is over)."""
        if self._episode_over(self.state):
            return []
        return self.codec.legal_ids(self.state, self.state.to_move())

    def _labelled(self) -> tuple[float, dict[int, float]] | None:
        """The position's optimal value and legal id → value after it, exactly; None without labels."""
        labels = self.labels if self.want_labels and not self.state.is_terminal() else None
        if labels is None:
            return None
        optimal, values = labels.decision(self.state)
        return optimal, {self.codec.encode(a): v for a, v in values.items()}

    # --- inside ------------------------------------------------------------------------------------------------

    def _throw(self, state: State) -> State:
        """Resolve chance nodes from the seeded generator until the seat decides or the game is over: one
        ``random()`` per throw in the cumulative table the simulations use (:mod:`wuerfel.engine.sampling`), kept
        per list of outcomes (a game hands out the same list for the same throw)."""
        while state.is_chance() and not self._episode_over(state):
            outcomes = state.chance_outcomes()
            table = self._tables.get(id(outcomes))
            if table is None or table[0] is not outcomes:
                if len(self._tables) > 4096:
                    self._tables.clear()
                table = self._tables[id(outcomes)] = chance_table(outcomes)
            _, cum, outs = table
            state = state.apply_outcome(outs[draw_slot(cum, float(self.np_random.random()))])
        self._now = None
        return state

    def _episode_over(self, state: State) -> bool:
        """Whether the episode ends at ``state``: at the end of the game here (a turn env ends earlier)."""
        return state.is_terminal()

    def _score(self, state: State) -> float:
        score = float(state.scores()[0])
        return -score if state.lower_is_better() else score

    def _current(self) -> tuple[dict[str, Any], np.ndarray]:
        """The seat's view and the action mask of the position, built once per position (both the observation and
        ``info`` carry them)."""
        if self._now is None:
            mask = np.zeros(self.codec.num_distinct_actions, dtype=np.int8)
            mask[self._legal_ids()] = 1
            self._now = (self.state.view(0), mask)
        return self._now

    def _observation(self) -> dict[str, Any]:
        _, mask = self._current()
        return {"observation": self.encoder.encode(self.state, 0), "action_mask": mask.copy()}

    def _info(self) -> dict[str, Any]:
        view, mask = self._current()
        out: dict[str, Any] = {"action_mask": mask.copy(), "score": self._score(self.state), "view": view}
        self._rated = None
        rated = self._labelled()
        if rated is not None:
            out["optimal_value"], out["action_values"] = rated
            self._rated = (rated[0], dict(rated[1]))
        return out


def _own_rule_set(info: GameInfo, typed: str) -> str | None:
    """A game name that is also one of its rule sets means that rule set (``kniffel``), as ``wuerfel solve`` has it."""
    typed = typed.strip().lower()
    return typed if typed != info.id and typed in info.rule_sets() else None


def _has_decisions(game: Game) -> bool:
    """Whether seeded random games of ``game`` ever ask the seat to choose (Jule never does: no env)."""
    for view_state in _states(game):
        if not view_state.is_chance() and not view_state.is_terminal() and len(view_state.legal_actions(0)) > 1:
            return True
    return False


def _states(game: Game, games: int = 3, seed: int = 0) -> Iterator[State]:
    """Every position of a few seeded random games, their ends included."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            yield state
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = [(o, float(p)) for o, p in state.chance_outcomes() if p]
                state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                player = state.to_move()
                state = state.apply_action(rng.choice(list(state.legal_actions(player))), player)


def env_name(rule_set: str) -> str:
    """``zehntausend-350-solo`` → ``Zehntausend350Solo``: a rule set's id as a Gymnasium env name."""
    return "".join(part[:1].upper() + part[1:] for part in rule_set.replace("+", "-").split("-"))


@functools.cache
def solitaire_rule_sets() -> tuple[tuple[str, str, str], ...]:
    """(env id, game id, rule set) for every rule set one seat can play with at least one choice to make."""
    out = []
    for info in all_games():
        if info.min_players > 1 and "solo" not in info.solvers:
            continue
        for rule_set in info.public_rule_sets():
            try:
                game = solitaire_game(info, info.load_rules(rule_set))
                codec_for(game)
            except (WuerfelError, CodecError):
                continue
            if _has_decisions(game):  # the game's own rule set is named as the game (Wuerfelspiel: 3 columns)
                name = env_name(info.id if rule_set == info.default_preset else rule_set)
                out.append((f"wuerfel/{name}-v0", info.id, rule_set))
    return tuple(out)


ENTRY_POINT = "wuerfel.interop.gymnasium:WuerfelSoloEnv"
"""As a string, as Gymnasium's own envs are registered: ``make`` imports it when asked."""


TURN_ENVS = (("wuerfel/FarkleTurn-v0", "zehntausend", "farkle"),)
"""(env id, game id, rule set) of the single-turn envs (:mod:`wuerfel.interop.gym_turn`): one turn played alone,
the objective ``wuerfel solve --objective turn`` solves."""
TURN_ENTRY_POINT = "wuerfel.interop.gym_turn:WuerfelTurnEnv"


def register_all() -> list[str]:
    """Register every solitaire env and single-turn env with Gymnasium (idempotent); returns their ids."""
    ids = []
    for entry_point, envs in ((ENTRY_POINT, solitaire_rule_sets()), (TURN_ENTRY_POINT, TURN_ENVS)):
        for env_id, game, rule_set in envs:
            if env_id not in gymnasium.registry:
                gymnasium.register(env_id, entry_point=entry_point, kwargs={"game": game, "rules": rule_set})
            ids.append(env_id)
    return ids


register_all()

__all__ = ["TURN_ENVS", "WuerfelSoloEnv", "env_name", "register_all", "solitaire_rule_sets"]
