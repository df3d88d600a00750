"""Ohio's optimal solitaire policy on the shared fill-the-boxes solver: ``wuerfel solve ohio``, the bots, the hints.

Ohio is a fill-the-boxes game (:mod:`wuerfel.solvers.fillgame`): seven boxes, six dice, up to six throws with free
keeps of 0–5 dice, box points that depend only on the final dice, no bonus: a *plain* sheet, so the NumPy solver
:mod:`wuerfel.solvers.fillplain` (the numba solver's recursion without numba, whose loading alone took 1–2 s of a
fresh process) computes the optimal expected future points of every sheet (128 states) with the scores of
:func:`~wuerfel.games.hasard.ohio.row_value`. The table is kept in memory per rule set. :func:`spec_from_rules` is
the same sheet for the numba solver, which the tests hold to the same values.

With several players the ``optimal`` bot plays this solitaire policy (spec D: "optimal solitaire DP"): the
two-player game's exact win strategy needs both sheets and the score difference in every position — far beyond the
generic exact solver (docs/hasard.md, "Ohio").
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

import numpy as np

from wuerfel.engine.advice import Advice
from wuerfel.engine.dice import multisets
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.ohio import (
    EMPTY,
    N_DICE,
    N_ROWS,
    OHIO_ROW,
    ROWS_DE,
    Enter,
    Keep,
    OhioRules,
    OhioState,
    row_value,
)
from wuerfel.games.kit.hints import rated
from wuerfel.solvers.api import SolveResult
from wuerfel.solvers.fillplain import plain_space, plain_turn_tables, solve_plain


def score_table(rules: OhioRules) -> np.ndarray:
    """scores[row, t, r]: the points of row ``row`` written after throw t with roll r (``FillSpec.scores``)."""
    rolls = multisets(N_DICE, 6)
    per_roll = [[row_value(roll, b, rules.ohio_points) for roll in rolls] for b in range(N_ROWS)]
    return np.array([[per_roll[b]] * rules.max_throws for b in range(N_ROWS)], dtype=np.float64)


def spec_from_rules(rules: OhioRules) -> Any:
    """The same sheet as a ``fillgame.FillSpec`` for the numba solver (the tests hold both solvers to each other;
    imported here only, so that playing and solving Ohio never loads numba)."""
    from wuerfel.solvers.fillgame import FillSpec

    return FillSpec(
        name="ohio",
        n_dice=N_DICE,
        sides=6,
        throws=rules.max_throws,
        min_keep=rules.min_keep,
        max_keep=rules.max_keep,
        box_names=ROWS_DE,
        scores=score_table(rules),
        bonus_box=np.zeros(N_ROWS, dtype=np.bool_),
    )


@lru_cache(maxsize=8)
def solved(rules: OhioRules) -> tuple[np.ndarray, np.ndarray]:
    """(scores, E) with E[mask] the optimal expected future points of a sheet whose filled rows are ``mask``.

    NumPy alone (:mod:`wuerfel.solvers.fillplain`): a fresh process answers in a fraction of a second, where the
    numba solver first spent 1–2 s importing numba and loading its kernels (issue 13)."""
    scores = score_table(rules)
    return scores, solve_plain(scores, N_DICE, 6, rules.min_keep, rules.max_keep)


def solo_value(rules: OhioRules) -> float:
    return float(solved(rules)[1][0])


def solve_solo(rules: OhioRules, rules_id: str, fresh: bool = False) -> SolveResult:
    """``wuerfel solve ohio``: the optimal solitaire expected sum of the whole sheet."""
    if fresh:
        solved.cache_clear()
        keep_table.cache_clear()
    t0 = time.perf_counter()
    value = solo_value(rules)
    return SolveResult(
        game="ohio",
        rules=rules_id,
        objective="solo",
        value=value,
        seconds=time.perf_counter() - t0,
        extra={"sheets": 1 << N_ROWS},
        value_of=N_("the expected total of a sheet played alone with the best strategy"),
    )


@lru_cache(maxsize=1024)
def keep_table(rules: OhioRules, mask: int) -> np.ndarray:
    """keep[t, k] of the turn of sheet ``mask``: built once per sheet and rule set for every bot and hint of the
    process (it was once per bot, so every new game's turns rebuilt them: issue 13). Read-only: it is shared."""
    scores, E = solved(rules)
    keep = plain_turn_tables(scores, E, mask, N_DICE, 6, rules.min_keep, rules.max_keep)[1]
    keep.flags.writeable = False
    return keep


def sheet_mask(sheet: tuple[int, ...]) -> int:
    return sum(1 << r for r, v in enumerate(sheet) if v != EMPTY)


class OhioOptimalBot:
    """Maximises the expected own sum (the solitaire policy; module text)."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rules: OhioRules = game.rules
        self.scores, self.E = solved(self.rules)
        self.space = plain_space(N_DICE, 6)

    def _keep_table(self, mask: int) -> np.ndarray:
        return keep_table(self.rules, mask)

    def values(self, state: OhioState, player: int) -> dict[Action, float]:
        """Expected own future points (this entry included) of every legal action."""
        mask = sheet_mask(state.sheets[player])
        t = state.turn.throws - 1
        out: dict[Action, float] = {}
        for a in state.legal_actions(player):
            if isinstance(a, Enter):
                points = row_value(tuple(sorted(state.turn.dice)), a.row, self.rules.ohio_points)
                out[a] = float(points + self.E[mask | (1 << a.row)])
            elif isinstance(a, Keep):
                out[a] = float(self._keep_table(mask)[t, self.space.index[a.dice]])
        return out

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, OhioState)
        vals = self.values(state, player)
        # ties: write rather than throw again, then the lower row
        return max(vals, key=lambda a: (round(vals[a], 9), isinstance(a, Enter), -getattr(a, "row", 0)))


class OhioHeuristicBot:
    """A rule of thumb: go for "Ohio" while it is free and four or more faces differ, else for the most frequent
    face of the free rows (high faces first); write the row that scores most (ties: the lowest row)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, OhioState)
        legal = state.legal_actions(player)
        dice = state.turn.dice
        free = state.free_rows(player)
        pts = state.options()
        keeps = {a.dice for a in legal if isinstance(a, Keep)}
        if pts.get(OHIO_ROW, 0) > 0 or not keeps:
            return Enter(max(free, key=lambda r: (pts[r], -r)))
        if OHIO_ROW in free and len(set(dice)) >= 4:
            want = tuple(sorted(set(dice)))
        else:
            faces = [r + 1 for r in free if r < OHIO_ROW]
            if not faces:
                want = tuple(sorted(set(dice)))
            else:
                face = max(faces, key=lambda f: (dice.count(f) * f, f))
                want = tuple(d for d in dice if d == face)
                if len(want) == N_DICE:
                    return Enter(face - 1)
        if want in keeps:
            return Keep(want)
        return Keep(()) if () in keeps else Enter(max(free, key=lambda r: (pts[r], -r)))


class OhioAdvisor:
    """Every legal move with the expected final own sum if one takes it and then plays optimally, best first."""

    def __init__(self, game: Game) -> None:
        self.bot = OhioOptimalBot(game)

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, OhioState)
        if player != state.to_move():
            return []
        own = sum(v for v in state.sheets[player] if v != EMPTY)
        values = self.bot.values(state, player)
        return rated(values, N_("expected final total (optimal play)"), "points", offset=own)


def make_bot(game: Game, seed: int = 0) -> Any:
    return OhioOptimalBot(game, seed)
