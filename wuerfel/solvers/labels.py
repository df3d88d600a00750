"""Exact labels of a solitaire objective: the optimal value of a position and of every legal action in it.

A learning agent's regret is only exact when someone can say what the best play is worth; this module says it
for every game the project solves alone (issue 27 §3): the expected *final* score of the one seat under optimal
play from here on, in the game's own points. It knows no game. It reads the exact tables the project already
has, through two doors, so nothing is solved again per step and the tables stay cached on disk as they are:

* the game's **advisor** (``GameInfo.advisor``, the one that gives hints and rates the post-game analysis) where
  it rates the whole game exactly — its measure is one of :data:`wuerfel.engine.analysis.SCALES` in points over
  the whole game (Kniffel, Yahtzee, Escalero, Ohio, Sechzerspiel …) and its factory does not declare these rules
  estimated (``exact_for``: the 3-column Würfelspiel's planner);
* else, for a game without an advisor of its own, the **generic exact solver**
  (:func:`wuerfel.solvers.exact.solve_game`, objective ``solo``) over the engine API, where the one-seat game is
  small enough to solve in memory (kept per game and rules for the process). A game whose own advisor only
  estimates (the 3-column Würfelspiel) is too large for it: trying would cost seconds to end in a refusal.

Values at a throw are the exact expectation over its outcomes of the values after it; at the end the seat's
score. So ``optimal_value(state) == max(action_values(state).values())`` at every decision (``min`` where the
game's lower score is better), and ``optimal_value`` of the first throw is what ``wuerfel solve`` prints.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Hashable
from typing import Any

from wuerfel.engine.analysis import SCALES
from wuerfel.engine.errors import N_, Words, WuerfelError
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.solvers import exact


class NoExactLabels(WuerfelError):
    """The game and rules have no exact solitaire solver to label positions with."""


NOT_SOLITAIRE = N_("Exact labels are for a game of one player; this one has {players}.")
NO_SOLVER = N_("There are no exact labels for {game} with these rules: no exact solver values its positions.")


def _whole_game_points(measure: str) -> bool:
    """Whether an advisor's measure is an exact expected total of the whole game, in points."""
    scale = SCALES.get(measure)
    return scale is not None and scale.unit == "points" and scale.whole_game and not scale.duel


@dataclasses.dataclass
class ExactLabels:
    """The exact values of one solitaire game (one seat, given rules): ``optimal_value`` and ``action_values``.

    Values are the expected final score of the seat when it plays optimally from the position on (after the action,
    for ``action_values``). ``measure`` names the quantity as the advisors do (an English msgid); ``source`` says
    which tables it comes from (``"advisor"`` or ``"exact"``)."""

    game: Game
    measure: str
    source: str
    _rate: Callable[[State], dict[Action, float] | None]
    """The source's values of the legal actions at a decision (None: it cannot rate this position)."""
    _position: Callable[[State], float | None] | None = None
    """The source's value of any position, where it has one at hand (the generic solver's table)."""
    _memo: dict[Hashable, float] = dataclasses.field(default_factory=dict)

    @functools.cached_property
    def lower_is_better(self) -> bool:
        """The game's score direction: the best action is the one of the lowest value where it is True."""
        return bool(self.game.new_initial_state().lower_is_better())

    def _best(self, values: list[float]) -> float:
        return min(values) if self.lower_is_better else max(values)

    def optimal_value(self, state: State) -> float:
        """The expected final score from ``state`` on under optimal play: the best action's value at a decision,
        the exact expectation at a throw, the score at the end."""
        if state.is_terminal():
            return float(state.scores()[0])
        if self._position is not None:
            value = self._position(state)
            if value is not None:
                return value
        if state.is_chance():
            key = state.solver_key()
            if key not in self._memo:
                self._memo[key] = sum(
                    float(p) * self.optimal_value(state.apply_outcome(o)) for o, p in state.chance_outcomes() if p
                )
            return self._memo[key]
        return self._best(list(self.action_values(state).values()))

    def decision(self, state: State) -> tuple[float, dict[Action, float]]:
        """``optimal_value`` and ``action_values`` of a decision at once, from one rating of its actions (an env
        gives both at every step)."""
        values = self.action_values(state)
        return self._best(list(values.values())), values

    def action_values(self, state: State) -> dict[Action, float]:
        """Every legal action at the decision ``state`` with the expected final score of taking it and playing
        optimally afterwards. Actions the source does not list itself are valued by the position they lead to."""
        player = state.to_move()
        legal = list(state.legal_actions(player))
        rated = self._rate(state) or {}
        return {a: rated[a] if a in rated else self.optimal_value(state.apply_action(a, player)) for a in legal}


def _advisor_labels(info: GameInfo, game: Game) -> ExactLabels | None:
    """Labels from the game's advisor where it rates these rules exactly in whole-game points, else None."""
    factory = info.advisor
    if factory is None:
        return None
    exact_for = getattr(factory, "exact_for", None)
    if exact_for is not None and not exact_for(game):
        return None
    advisor = factory(game)
    measure = _probe_measure(advisor, game)
    if measure is None or not _whole_game_points(measure):
        return None

    def rate(state: State) -> dict[Action, float] | None:
        advice = [a for a in advisor.advise(state, state.to_move()) if a.action is not None]
        if any(a.measure != measure for a in advice):
            raise NoExactLabels(NO_SOLVER, game=Words(info.name_en, info.name_de))
        return {a.action: float(a.value) for a in advice}

    return ExactLabels(game, measure, "advisor", rate)


def _probe_measure(advisor: Any, game: Game) -> str | None:
    """The measure the advisor rates the first decision of a game in (outcomes taken in order: any will do)."""
    state = game.new_initial_state()
    for _ in range(1000):
        if state.is_terminal():
            return None
        if state.is_chance():
            state = state.apply_outcome(next(o for o, p in state.chance_outcomes() if p))
            continue
        advice = [a for a in advisor.advise(state, state.to_move()) if a.action is not None]
        if advice:
            return str(advice[0].measure)
        state = state.apply_action(state.legal_actions(state.to_move())[0], state.to_move())
    return None


def _exact_labels(info: GameInfo, game: Game, max_states: int) -> ExactLabels | None:
    """Labels from the generic exact solver's table (objective ``solo``), None where it refuses the game."""
    try:
        result = exact.solve_game(
            game,
            "solo",
            game_id=info.id,
            max_states=max_states,
            hidden_information=info.hidden_information,
            keep_strategy=True,
        )
    except exact.ExactSolveError:
        return None
    strategy = result.strategy
    assert strategy is not None

    def position(state: State) -> float | None:
        chances = strategy.chances(state)
        return None if chances is None or chances[0].score is None else float(chances[0].score)

    return ExactLabels(game, N_("expected score (optimal play)"), "exact", lambda state: None, position)


def solitaire_game(info: GameInfo, rules: Any) -> Game:
    """The game one seat plays alone under ``rules`` (an option tree): the registry's one-seat game where the rules
    allow one player; else, for a game whose own solvers have a ``solo`` objective and whose advisor rates a table
    of one exactly in whole-game points — the hand games (Quinze, Dreimal Pasch, Die böse Sieben), whose solo
    objective is one turn played alone — that game made for one seat, which the lobby never offers (a table needs
    two). Other games keep the registry's refusal: Chicago alone plays for a Bierdeckel nobody else can get and
    never ends, Sequenzen alone scores the round it always wins, not the rank its solo objective means."""
    try:
        return info.new_game(rules, 1)
    except WuerfelError as refusal:
        if "solo" not in info.solvers:
            raise
        try:
            game = info.make(rules, 1)
            if _advisor_labels(info, game) is not None:
                return game
        except Exception:  # a game that cannot even be set up for one seat: the registry's refusal stands
            pass
        raise refusal from None


_CACHE: dict[tuple[str, Hashable], ExactLabels | None] = {}


def exact_labels(game: Game, game_id: str | None = None, *, max_states: int = exact.DEFAULT_MAX_STATES) -> ExactLabels:
    """The exact labels of the one-seat ``game`` (its registry id: ``game_id``, default ``game.id``), built once
    per game and rules in this process. Raises :class:`NoExactLabels` where no exact solver values it."""
    info = get_game(game_id or game.id)
    if game.num_players != 1:
        raise NoExactLabels(NOT_SOLITAIRE, players=game.num_players)
    try:
        key: tuple[str, Hashable] = (info.id, game.rules)
        hash(key)
    except TypeError:
        key = (info.id, repr(game.rules))
    if key not in _CACHE:
        labels = _advisor_labels(info, game)
        _CACHE[key] = labels if labels is not None or info.advisor else _exact_labels(info, game, max_states)
    labels = _CACHE[key]
    if labels is None:
        raise NoExactLabels(NO_SOLVER, game=Words(info.name_en, info.name_de))
    if labels.game is not game:  # same rules, another Game object: its states apply its own moves
        labels = dataclasses.replace(labels, game=game, _memo={})
    return labels
